import { NumberInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BIB_MAX, walkUpSchema } from '../../../shared/schemas/eval-session';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { teamOptionsQuery, useWalkUp } from './api';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  bib: number | string;
  teamId: string | null;
}
const blank: Values = { first_name: '', last_name: '', email: '', bib: '', teamId: null };
const toInput = (v: Values) => ({ ...v, bib: v.bib === '' ? null : Number(v.bib), teamId: v.teamId === null ? null : Number(v.teamId) });
const fieldOf = (e: unknown) => (e instanceof ApiError && (e.field === 'bib' || e.field === 'teamId') ? e.field : 'first_name');
const resolve = zod4Resolver(walkUpSchema);

/** A player who turns up on the day: created (or found, same names and e-mail) and checked in. */
export function WalkUpModal({ sessionId, opened, onClose }: { sessionId: number; opened: boolean; onClose: () => void }) {
  const save = useWalkUp(sessionId);
  // The teams the caller reaches: a director of their own teams must put a new player into one of them.
  const teams = useQuery({ ...teamOptionsQuery, enabled: opened });
  const form = useForm<Values>({ initialValues: blank, validate: (v) => resolve(toInput(v)) });
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toInput(values));
      onClose();
    } catch (e) {
      form.setErrors({ [fieldOf(e)]: failureMessage(e) });
    }
  });

  return (
    <FormModal opened={opened} onClose={onClose} title="Add a walk-up" onSubmit={submit}>
      <TextInput label="First name" withAsterisk data-autofocus {...form.getInputProps('first_name')} />
      <TextInput label="Last name" withAsterisk {...form.getInputProps('last_name')} />
      <TextInput label="Parent's email" type="email" withAsterisk {...form.getInputProps('email')} />
      <Select
        label="Team"
        description="A new player joins this team."
        placeholder="No team"
        clearable
        searchable
        data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        {...form.getInputProps('teamId')}
      />
      <NumberInput
        label="Number"
        min={1}
        max={BIB_MAX}
        allowDecimal={false}
        hideControls
        inputMode="numeric"
        {...form.getInputProps('bib')}
      />
      <FormActions onCancel={onClose} busy={save.isPending} label="Add and check in" mt="sm" />
    </FormModal>
  );
}
