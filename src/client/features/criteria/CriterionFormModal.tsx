import classes from './criteria.module.css';
import { NumberInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { criterionCreateSchema, WEIGHT_MAX, WEIGHT_MIN, type Criterion } from '../../../shared/schemas/criterion';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { LevelSelect } from '../../components/LevelSelect';
import { VideoLinksField } from '../../components/VideoLinksField';
import { ApiError, failureMessage } from '../../lib/api';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { levelsQuery, useCreateCriterion, useEditCriterion } from './api';
import { MeasureFields } from './MeasureFields';
import { blankMeasure, measureValuesOf, toMeasureInput, type MeasureValues } from './measure-form';

type FormValues = {
  criteria: string;
  level: string;
  score: number | string;
  description: string;
  video_links: string[];
  /** Read only on a measured level. */
  measure: MeasureValues;
};

const valuesOf = (c: Criterion | null): FormValues =>
  c
    ? {
        criteria: c.criteria,
        level: String(c.level),
        score: c.score,
        description: c.description,
        video_links: c.video_links.length ? c.video_links : [''],
        measure: measureValuesOf(c),
      }
    : { criteria: '', level: '', score: '', description: '', video_links: [''], measure: blankMeasure() };

const resolve = zod4Resolver(criterionCreateSchema);
/** The schema's input: the test only on a measured level (other levels ignore it). */
const toInput = (v: FormValues, measured: boolean) => ({ ...v, measure: measured ? toMeasureInput(v.measure) : null });
const FIELDS = ['criteria', 'level', 'score', 'description', 'video_links'] as const;

/** Add and Edit criterion. On edit the score (weight) is shown but cannot change (docs/product.md#validation). */
export function CriterionFormModal({ opened, onClose, criterion }: { opened: boolean; onClose: () => void; criterion: Criterion | null }) {
  const levels = useQuery({ ...levelsQuery, enabled: opened });
  const create = useCreateCriterion();
  const edit = useEditCriterion(criterion?.id ?? 0);
  const [failure, setFailure] = useState<string | null>(null);
  // An out-of-range weight is explained as soon as the field is left, never rewritten (issue 31).
  const kindOf = (levelId: string) => levels.data?.find((l) => String(l.id) === levelId)?.kind;
  const form = useForm<FormValues>({
    initialValues: valuesOf(criterion),
    validate: (v) => resolve(toInput(v, kindOf(v.level) === 'measured')),
    validateInputOnBlur: ['score'],
  });
  useTimedErrors(form);

  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(criterion));
    form.clearErrors();
    setFailure(null);
  }, [opened, criterion]); // eslint-disable-line react-hooks/exhaustive-deps

  const field = (name: 'criteria' | 'level' | 'score' | 'description') => {
    const { error: _shownAsTooltip, ...props } = form.getInputProps(name);
    return { ...props, error: !!form.errors[name] };
  };
  const linkErrors = form.values.video_links.map((_, i) => form.errors[`video_links.${i}`] as string | undefined);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const measured = kindOf(values.level) === 'measured';
    const body = {
      ...values,
      level: Number(values.level),
      video_links: values.video_links.filter((l) => l.trim() !== ''),
      measure: measured ? toMeasureInput(values.measure) : undefined,
    };
    try {
      if (criterion) await edit.mutateAsync({ ...body, score: undefined });
      else await create.mutateAsync(body);
      onClose();
    } catch (e) {
      // The test's problems name their field ('measure.rule.bandSets.0.bands'); a bare 'measure' has none to point at.
      if (e instanceof ApiError && e.field?.startsWith('measure.')) form.setFieldError(e.field, e.message);
      else if (e instanceof ApiError && e.field && (FIELDS as readonly string[]).includes(e.field))
        form.setFieldError(e.field === 'video_links' ? 'video_links.0' : e.field, e.message);
      else setFailure(failureMessage(e));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={criterion ? 'Edit Criteria' : 'Add Criteria'}
      size={kindOf(form.values.level) === 'measured' ? 'lg' : undefined}
      onSubmit={submit}
      failure={failure}
    >
      <ErrorTip error={form.errors.criteria}>
        <TextInput label="Criteria" placeholder="e.g. Shooting form" withAsterisk data-autofocus {...field('criteria')} />
      </ErrorTip>
      <ErrorTip error={form.errors.level}>
        <LevelSelect levels={levels.data} nothingFoundMessage="No levels yet" {...field('level')} />
      </ErrorTip>
      <ErrorTip error={form.errors.score}>
        <NumberInput
          label="Score (%)"
          classNames={{ description: classes.muted }}
          description={
            criterion
              ? 'The score cannot be changed after the criterion is created.'
              : 'The weight of this criterion in the total, 0 to 100.'
          }
          withAsterisk={!criterion}
          disabled={!!criterion}
          min={WEIGHT_MIN}
          max={WEIGHT_MAX}
          clampBehavior="none"
          decimalScale={2}
          {...field('score')}
        />
      </ErrorTip>
      {kindOf(form.values.level) === 'measured' ? (
        <MeasureFields form={form as unknown as Parameters<typeof MeasureFields>[0]['form']} locked={!!criterion?.evaluationCount} />
      ) : null}
      <Textarea label="Description" autosize minRows={2} maxRows={8} {...field('description')} />
      <VideoLinksField values={form.values.video_links} errors={linkErrors} onChange={(v) => form.setFieldValue('video_links', v)} />
      <FormActions onCancel={onClose} busy={create.isPending || edit.isPending} />
    </FormModal>
  );
}
