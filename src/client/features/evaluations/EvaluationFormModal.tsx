import classes from './evaluations.module.css';
import { Alert, Group, NumberInput, Radio, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { parseScore, type Evaluation } from '../../../shared/schemas/evaluation';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { LevelSelect } from '../../components/LevelSelect';
import { VideoLinksField } from '../../components/VideoLinksField';
import { ApiError, failureMessage } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { allCriteriaQuery, levelsQuery, useSaveEvaluation } from './api';
import { MeasuredAttempts } from '../../components/MeasuredAttempts';
import { attemptsGiveValue, attemptText, previewLabel, readAttempts } from '../../components/measured-entry';
import { ageGroupLabel } from '../../../shared/age-groups';

type FormValues = {
  level: string;
  criteria_id: string;
  score: string | number;
  evaluator_name: string;
  date: string;
  notes: string;
  video_links: string[];
  /** A measured test's attempt fields ('' = not taken). */
  attempts: string[];
};

const FIELD_OF: Record<string, keyof FormValues> = {
  criteria_id: 'criteria_id',
  score: 'score',
  attempts: 'score',
  evaluator_name: 'evaluator_name',
  evaluator: 'evaluator_name',
  date: 'date',
  notes: 'notes',
};

const link = z.url({ protocol: /^https?$/ });
const LINK_ERROR = 'Please enter a valid http(s) link.';

interface Props {
  opened: boolean;
  onClose: () => void;
  playerId: number;
  /** null = Single Evaluation (new); an evaluation = Edit. */
  evaluation: Evaluation | null;
  /** The player's current evaluations: a new one dated before them is kept as history (ADR 0005). */
  current?: readonly Evaluation[];
  /** The player's birth year: a measured test's points are previewed for their age group in the form's year. */
  birthYear?: number | null;
}

/** docs/product.md#validation "Evaluation": level, then criteria, then the score its level allows; evaluator, notes, video optional. */
export function EvaluationFormModal({ opened, onClose, playerId, evaluation, current = [], birthYear = null }: Props) {
  const { data: me } = useMe();
  const levels = useQuery({ ...levelsQuery, enabled: opened });
  const criteria = useQuery({ ...allCriteriaQuery, enabled: opened });
  const save = useSaveEvaluation(playerId, evaluation?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);

  const initial = (): FormValues =>
    evaluation
      ? {
          level: String(evaluation.level),
          criteria_id: String(evaluation.criteria_id),
          score: evaluation.isFundamentalLevel ? evaluation.score : evaluation.scoreLabel,
          evaluator_name: evaluation.evaluator_name,
          date: evaluation.date,
          notes: evaluation.notes,
          // Every stored link (bulk CSV rows can hold several), plus an empty input when there is none.
          video_links: evaluation.video_links.length ? [...evaluation.video_links] : [''],
          attempts: (evaluation.measured?.attempts ?? []).map(attemptText),
        }
      : {
          level: '',
          criteria_id: '',
          score: '',
          evaluator_name: me ? `${me.first_name} ${me.last_name}` : '',
          date: dayjs().format('YYYY-MM-DD'),
          notes: '',
          video_links: [''],
          attempts: [],
        };

  const kindOf = (levelId: string) => levels.data?.find((l) => String(l.id) === levelId)?.kind;
  const criterionOf = (id: string) => criteria.data?.find((c) => String(c.id) === id);
  /** Editing a measurement with every attempt field empty keeps it as saved (the server re-reads its points). */
  const keepsStored = (v: FormValues) =>
    !!evaluation?.measured && String(evaluation.criteria_id) === v.criteria_id && v.attempts.every((t) => t.trim() === '');
  /** The attempts of a measured test as the scoring module reads them, or why they cannot be kept. */
  const measuredOf = (v: FormValues) => {
    const c = criterionOf(v.criteria_id);
    if (kindOf(v.level) !== 'measured' || !c?.measure) return null;
    if (keepsStored(v)) return { attempts: [] };
    const read = readAttempts(c.measure, c.criteria, v.attempts);
    return 'error' in read ? read : read.attempts.length ? read : { error: `Enter the ${c.criteria} measurement.` };
  };

  const form = useForm<FormValues>({
    initialValues: initial(),
    validate: (v) => {
      const errors: Partial<Record<string, string>> = {};
      if (!v.level) errors.level = MSG.required;
      if (!v.criteria_id) errors.criteria_id = MSG.required;
      const kind = kindOf(v.level);
      const measured = measuredOf(v);
      if (measured) {
        if ('error' in measured) errors.score = measured.error;
      } else if (kind === 'measured') {
        if (v.criteria_id) errors.score = MSG.measuredNeedsValue;
      } else if (kind) {
        const parsed = parseScore(kind, v.score);
        if ('error' in parsed) errors.score = parsed.error;
      } else if (v.score === '') errors.score = MSG.required;
      v.video_links.forEach((url, i) => {
        if (url.trim() && !link.safeParse(url.trim()).success) errors[`video_links.${i}`] = LINK_ERROR;
      });
      return errors;
    },
  });
  useTimedErrors(form);

  useEffect(() => {
    if (!opened) return;
    form.setValues(initial());
    form.clearErrors();
    setFailure(null);
  }, [opened, evaluation]); // eslint-disable-line react-hooks/exhaustive-deps

  // Stored attempts that would not give the stored value again (a session's mean) are not put in the fields.
  const storedTest = evaluation?.measured ? criterionOf(String(evaluation.criteria_id)) : undefined;
  useEffect(() => {
    if (!opened || !evaluation?.measured || !storedTest?.measure) return;
    const untouched = form.getValues().attempts.join('\n') === evaluation.measured.attempts.map(attemptText).join('\n');
    if (untouched && !attemptsGiveValue(storedTest.measure, storedTest.criteria, evaluation.measured)) form.setFieldValue('attempts', []);
  }, [opened, evaluation, storedTest]); // eslint-disable-line react-hooks/exhaustive-deps

  const kind = kindOf(form.values.level);
  // Only the newest-dated evaluation of a criterion counts: an earlier date goes to the history.
  const newer = evaluation
    ? undefined
    : current.find((e) => String(e.criteria_id) === form.values.criteria_id && form.values.date !== '' && e.date > form.values.date);
  const criteriaOptions = (criteria.data ?? [])
    .filter((c) => String(c.level) === form.values.level)
    .map((c) => ({ value: String(c.id), label: c.criteria }));
  const field = (name: keyof FormValues) => {
    const { error: _shownAsTooltip, ...props } = form.getInputProps(name);
    return { ...props, error: !!form.errors[name] };
  };

  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        criteria_id: Number(v.criteria_id),
        ...(() => {
          const measured = measuredOf(v);
          if (measured && 'attempts' in measured)
            return measured.attempts.length ? { score: null, attempts: measured.attempts } : { score: null };
          return { score: v.score };
        })(),
        evaluator: me?.id ?? null,
        evaluator_name: v.evaluator_name,
        notes: v.notes,
        video_links: v.video_links.map((u) => u.trim()).filter((u) => u !== ''),
        ...(v.date ? { date: v.date } : {}),
      });
      onClose();
    } catch (e) {
      const apiField = e instanceof ApiError ? e.field : undefined;
      const target = apiField?.startsWith('video_links')
        ? apiField === 'video_links'
          ? 'video_links.0'
          : apiField
        : apiField
          ? FIELD_OF[apiField]
          : undefined;
      if (target) form.setFieldError(target, (e as ApiError).message);
      else setFailure(failureMessage(e));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={evaluation ? 'Edit Evaluation' : 'Single Evaluation'}
      onSubmit={submit}
      failure={failure}
    >
      <ErrorTip error={form.errors.level}>
        <LevelSelect
          levels={levels.data}
          data-autofocus
          {...field('level')}
          onChange={(value) => {
            // The criteria and the kind of score both depend on the level.
            if (value !== form.values.level) form.setValues({ level: value ?? '', criteria_id: '', score: '', attempts: [] });
          }}
        />
      </ErrorTip>
      <ErrorTip error={form.errors.criteria_id}>
        <Select
          label="Criteria"
          placeholder={form.values.level ? 'Choose a criterion' : 'Choose a level first'}
          withAsterisk
          disabled={!form.values.level}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No criteria on this level"
          data={criteriaOptions}
          comboboxProps={{ withinPortal: true }}
          {...field('criteria_id')}
        />
      </ErrorTip>
      <ErrorTip error={form.errors.score}>
        {kind === 'measured' ? (
          (() => {
            const c = criterionOf(form.values.criteria_id);
            if (!c?.measure) return <Text className={classes.muted}>Choose a criterion to enter its measurement.</Text>;
            const read = readAttempts(c.measure, c.criteria, form.values.attempts);
            // The points as the sheet previews them: for the age group in the year of the form's date.
            const year = /^\d{4}/.test(form.values.date) ? Number(form.values.date.slice(0, 4)) : null;
            const kept = 'error' in read ? null : previewLabel(c.measure, read.attempts, ageGroupLabel(birthYear, year), 'when saved');
            return (
              <div role="group" aria-label="Measurement" data-score-field>
                <Text size="sm" fw={500} mb={4}>
                  Measurement
                </Text>
                <MeasuredAttempts
                  def={c.measure}
                  playerName="this player"
                  typed={form.values.attempts}
                  onType={(t) => form.setFieldValue('attempts', t)}
                  onCommit={() => form.clearFieldError('score')}
                  preview={kept}
                  note={
                    evaluation?.measured && String(evaluation.criteria_id) === form.values.criteria_id
                      ? `Kept as saved: ${evaluation.measured.label}. Enter attempts to replace it.`
                      : null
                  }
                  error={!!form.errors.score}
                />
              </div>
            );
          })()
        ) : kind === 'yes_no' ? (
          <Radio.Group label="Score" withAsterisk {...field('score')} value={String(form.values.score)}>
            <Group mt={6} gap="xl">
              <Radio value="Yes" label="Yes" size="md" />
              <Radio value="No" label="No" size="md" />
            </Group>
          </Radio.Group>
        ) : (
          <NumberInput
            label="Score"
            classNames={{ description: classes.muted }}
            description="A whole number from 1 to 10"
            placeholder="1–10"
            withAsterisk
            disabled={!kind}
            allowDecimal={false}
            allowNegative={false}
            min={1}
            max={10}
            clampBehavior="none"
            {...field('score')}
          />
        )}
      </ErrorTip>
      <TextInput label="Evaluator" {...field('evaluator_name')} />
      <ErrorTip error={form.errors.date}>
        <TextInput label="Date" type="date" max={dayjs().format('YYYY-MM-DD')} {...field('date')} />
      </ErrorTip>
      {newer ? (
        <Alert color="yellow" role="status">
          {MSG.evaluationBackdated(newer.date)}
        </Alert>
      ) : null}
      <Textarea label="Notes" autosize minRows={2} maxRows={8} {...field('notes')} />
      <VideoLinksField
        values={form.values.video_links}
        errors={form.values.video_links.map((_, i) => form.errors[`video_links.${i}`] as string | undefined)}
        onChange={(links) => {
          form.setFieldValue('video_links', links);
          // Indexes shift on Remove: a changed list clears every link's error (re-checked on Save).
          form.values.video_links.forEach((_, i) => form.clearFieldError(`video_links.${i}`));
        }}
      />
      <FormActions onCancel={onClose} busy={save.isPending} />
    </FormModal>
  );
}
