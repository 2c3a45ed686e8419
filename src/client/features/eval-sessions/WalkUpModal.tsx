import { NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { BIB_MAX, walkUpSchema } from '../../../shared/schemas/eval-session';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { useWalkUp } from './api';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  bib: number | string;
}
const blank: Values = { first_name: '', last_name: '', email: '', bib: '' };
const toInput = (v: Values) => ({ ...v, bib: v.bib === '' ? null : Number(v.bib) });
const resolve = zod4Resolver(walkUpSchema);

/** A player who turns up on the day: created (or found, same names and e-mail) and checked in. */
export function WalkUpModal({ sessionId, opened, onClose }: { sessionId: number; opened: boolean; onClose: () => void }) {
  const save = useWalkUp(sessionId);
  const form = useForm<Values>({ initialValues: blank, validate: (v) => resolve(toInput(v)) });
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toInput(values));
      onClose();
    } catch (e) {
      form.setErrors({ [e instanceof ApiError && e.field === 'bib' ? 'bib' : 'first_name']: failureMessage(e) });
    }
  });

  return (
    <FormModal opened={opened} onClose={onClose} title="Add a walk-up" onSubmit={submit}>
      <TextInput label="First name" withAsterisk data-autofocus {...form.getInputProps('first_name')} />
      <TextInput label="Last name" withAsterisk {...form.getInputProps('last_name')} />
      <TextInput label="Parent's email" type="email" withAsterisk {...form.getInputProps('email')} />
      <NumberInput label="Number" min={1} max={BIB_MAX} allowDecimal={false} hideControls inputMode="numeric" {...form.getInputProps('bib')} />
      <FormActions onCancel={onClose} busy={save.isPending} label="Add and check in" mt="sm" />
    </FormModal>
  );
}
