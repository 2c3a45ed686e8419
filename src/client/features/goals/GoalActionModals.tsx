import { NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { todayDate } from '../../../shared/clock.js';
import { GOAL_CLOSING_STATES, GOAL_STATE_WORDS, type GoalSummary } from '../../../shared/schemas/goal';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { useChangeGoalState, useCheckIn, useDeclineGoal } from './api';

/** A check-in: a short dated note and, optionally, how many times the player practised. */
export function CheckInModal({ playerId, goal, onClose }: { playerId: number; goal: GoalSummary | null; onClose: () => void }) {
  const initial = { note: '', practice_count: '' as number | string, date: todayDate() };
  const form = useForm({ initialValues: initial });
  useFormOnOpen(form, !!goal, () => initial, [goal]);
  const save = useCheckIn(playerId);
  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({
        goalId: goal!.id,
        note: v.note,
        practice_count: v.practice_count === '' ? null : Number(v.practice_count),
        date: v.date,
      });
      onClose();
    } catch (e) {
      const field = e instanceof ApiError && e.field && e.field in v ? e.field : 'note';
      form.setErrors({ [field]: failureMessage(e) });
    }
  });
  return (
    <FormModal opened={!!goal} onClose={onClose} title={`Check in: ${goal?.title ?? ''}`} onSubmit={submit}>
      <Textarea label="Note" withAsterisk autosize minRows={2} data-autofocus {...form.getInputProps('note')} />
      <NumberInput label="Practice count" min={0} allowDecimal={false} hideControls {...form.getInputProps('practice_count')} />
      <TextInput type="date" label="Date" {...form.getInputProps('date')} />
      <FormActions onCancel={onClose} busy={save.isPending} />
    </FormModal>
  );
}

/** Close an active goal: achieved, not achieved or dropped, with an optional note (the history keeps it). */
export function GoalStateModal({ playerId, goal, onClose }: { playerId: number; goal: GoalSummary | null; onClose: () => void }) {
  const initial = { state: 'achieved', note: '' };
  const form = useForm({ initialValues: initial });
  useFormOnOpen(form, !!goal, () => initial, [goal]);
  const move = useChangeGoalState(playerId);
  const submit = form.onSubmit(async (v) => {
    try {
      await move.mutateAsync({ goalId: goal!.id, ...v });
      onClose();
    } catch (e) {
      form.setErrors({ state: failureMessage(e) });
    }
  });
  return (
    <FormModal opened={!!goal} onClose={onClose} title={`Change state: ${goal?.title ?? ''}`} onSubmit={submit}>
      <Select
        label="New state"
        withAsterisk
        allowDeselect={false}
        data={GOAL_CLOSING_STATES.map((s) => ({ value: s, label: GOAL_STATE_WORDS[s] }))}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('state')}
      />
      <Textarea label="Note" autosize minRows={2} {...form.getInputProps('note')} />
      <FormActions onCancel={onClose} busy={move.isPending} />
    </FormModal>
  );
}

/** Decline a player's proposal: the reason is required and the player reads it on their goals. */
export function DeclineGoalModal({ playerId, goal, onClose }: { playerId: number; goal: GoalSummary | null; onClose: () => void }) {
  const initial = { reason: '' };
  const form = useForm({ initialValues: initial });
  useFormOnOpen(form, !!goal, () => initial, [goal]);
  const decline = useDeclineGoal(playerId);
  const submit = form.onSubmit(async (v) => {
    try {
      await decline.mutateAsync({ goalId: goal!.id, reason: v.reason });
      onClose();
    } catch (e) {
      form.setErrors({ reason: failureMessage(e) });
    }
  });
  return (
    <FormModal opened={!!goal} onClose={onClose} title={`Decline: ${goal?.title ?? ''}`} onSubmit={submit}>
      <Textarea
        label="Reason"
        description="The player sees this."
        withAsterisk
        autosize
        minRows={2}
        data-autofocus
        {...form.getInputProps('reason')}
      />
      <FormActions onCancel={onClose} busy={decline.isPending} label="Decline" />
    </FormModal>
  );
}
