import { Button, Group, MultiSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { Criterion } from '../../../shared/schemas/criterion';
import { sessionSaveSchema, type EvalSession, type SessionSaveInput } from '../../../shared/schemas/eval-session';
import { SESSION_MIN_EVALUATORS } from '../../../shared/scoring';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ClubSelect, SeasonSelect } from '../../components/ReferenceSelect';
import { failureMessage } from '../../lib/api';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { criteriaCatalogueQuery, useSaveSession } from './api';
import { todayDate } from '../../../shared/clock.js';

interface Values {
  name: string;
  categoryId: string | null;
  seasonId: string | null;
  startDate: string;
  endDate: string;
  minEvaluators: number | string;
  criteria: { criterionId: number; weight: number | string }[];
}

const today = todayDate;
const valuesOf = (s: EvalSession | null): Values =>
  s
    ? {
        name: s.name,
        categoryId: s.categoryId === null ? null : String(s.categoryId),
        seasonId: s.seasonId === null ? null : String(s.seasonId),
        startDate: s.startDate,
        endDate: s.endDate,
        minEvaluators: s.minEvaluators,
        criteria: s.criteria.map((c) => ({ criterionId: c.criterionId, weight: c.weight })),
      }
    : {
        name: '',
        categoryId: null,
        seasonId: null,
        startDate: today(),
        endDate: today(),
        minEvaluators: SESSION_MIN_EVALUATORS,
        criteria: [],
      };

const toInput = (v: Values): SessionSaveInput => ({
  ...v,
  categoryId: v.categoryId === null ? null : Number(v.categoryId),
  seasonId: v.seasonId === null ? null : Number(v.seasonId),
  minEvaluators: Number(v.minEvaluators),
  criteria: v.criteria.map((c) => ({ criterionId: c.criterionId, weight: Number(c.weight) })),
});

const resolve = zod4Resolver(sessionSaveSchema);

/** Weights in proportion to the catalogue's, rounded to 2 decimals and summing to exactly 100. */
function catalogueWeights(chosen: number[], catalogue: Criterion[]): { criterionId: number; weight: number }[] {
  const weights = chosen.map((id) => catalogue.find((c) => c.id === id)?.score ?? 1);
  const sum = weights.reduce((a, b) => a + b, 0) || chosen.length;
  const list = chosen.map((criterionId, i) => ({ criterionId, weight: Math.round(((weights[i] || 1) / sum) * 10000) / 100 }));
  const rest = Math.round((100 - list.reduce((a, c) => a + c.weight, 0)) * 100) / 100;
  if (list.length) list[0]!.weight = Math.round((list[0]!.weight + rest) * 100) / 100;
  return list;
}

/** New session and Edit session: name, days, club and season, minimum evaluators, criteria and weights. */
export function SessionFormModal({
  opened,
  onClose,
  session,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  session: EvalSession | null;
  onSaved?: (id: number) => void;
}) {
  const catalogue = useQuery({ ...criteriaCatalogueQuery, enabled: opened });
  const save = useSaveSession(session?.id ?? null);
  const form = useForm<Values>({ initialValues: valuesOf(session), validate: (v) => resolve(toInput(v)) });
  const criteriaLocked = !!session && session.state !== 'draft';

  useFormOnOpen(form, opened, () => valuesOf(session), [session], { dirty: true });

  const list = catalogue.data ?? [];
  const byLevel = [...new Set(list.map((c) => c.level_name))].map((group) => ({
    group,
    items: list.filter((c) => c.level_name === group).map((c) => ({ value: String(c.id), label: c.criteria })),
  }));
  const total = form.values.criteria.reduce((a, c) => a + (Number(c.weight) || 0), 0);

  const submit = form.onSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(toInput(values));
      onClose();
      onSaved?.(res.data.session.id);
    } catch (e) {
      form.setErrors({ name: failureMessage(e) });
    }
  });

  return (
    <FormModal opened={opened} onClose={onClose} title={session ? 'Edit session' : 'New session'} size="lg" onSubmit={submit}>
      <TextInput label="Name" placeholder="e.g. U14 tryouts, day 1" withAsterisk data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput type="date" label="First day" withAsterisk {...form.getInputProps('startDate')} />
        <TextInput type="date" label="Last day" withAsterisk {...form.getInputProps('endDate')} />
        <ClubSelect placeholder="Any" clearable {...form.getInputProps('categoryId')} />
        <SeasonSelect placeholder="Any" clearable {...form.getInputProps('seasonId')} />
      </SimpleGrid>
      <NumberInput
        label="Evaluators per player"
        description="A player scored by fewer evaluators is incomplete: not ranked, not published."
        min={1}
        max={20}
        allowDecimal={false}
        withAsterisk
        {...form.getInputProps('minEvaluators')}
      />
      <MultiSelect
        label="Criteria"
        placeholder={criteriaLocked ? undefined : 'Choose criteria'}
        description={criteriaLocked ? 'Criteria and weights change only while the session is a draft.' : undefined}
        data={byLevel}
        searchable
        disabled={criteriaLocked}
        value={form.values.criteria.map((c) => String(c.criterionId))}
        error={form.errors.criteria}
        onChange={(ids) => form.setFieldValue('criteria', catalogueWeights(ids.map(Number), list))}
      />
      {form.values.criteria.length ? (
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Weights (%)
            </Text>
            <Text size="sm" c={Math.abs(total - 100) < 0.01 ? 'dimmed' : 'red'} aria-live="polite">
              Total {Math.round(total * 100) / 100} of 100
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {form.values.criteria.map((c, i) => (
              <NumberInput
                key={c.criterionId}
                label={list.find((k) => k.id === c.criterionId)?.criteria ?? `Criterion ${c.criterionId}`}
                min={0}
                max={100}
                decimalScale={2}
                disabled={criteriaLocked}
                {...form.getInputProps(`criteria.${i}.weight`)}
              />
            ))}
          </SimpleGrid>
          {!criteriaLocked ? (
            <Button
              variant="subtle"
              size="compact-sm"
              w="fit-content"
              onClick={() =>
                form.setFieldValue(
                  'criteria',
                  catalogueWeights(
                    form.values.criteria.map((c) => c.criterionId),
                    list,
                  ),
                )
              }
            >
              Use the catalogue's weights
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <FormActions onCancel={onClose} busy={save.isPending} label={session ? 'Save session' : 'Create session'} mt="sm" />
    </FormModal>
  );
}
