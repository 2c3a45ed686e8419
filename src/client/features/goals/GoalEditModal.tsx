import { Checkbox, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { GoalTargetField } from './GoalTargetField';
import type { GoalSummary } from '../../../shared/schemas/goal';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { useAcceptGoal, useEditGoal } from './api';

interface Values {
  target: number | string;
  due_on: string;
  description: string;
  visible_to_family: boolean;
}

const initial = (g: GoalSummary | null): Values => ({
  target: g?.target ?? '',
  due_on: g?.dueOn ?? '',
  description: g?.description ?? '',
  visible_to_family: g?.visibleToFamily ?? true,
});

/**
 * Edit an active goal: its criterion and baseline stay; target, due date, description and the family
 * flag change (the history says what). With `accept`, a player's proposal is edited and accepted in one step.
 */
export function GoalEditModal({
  playerId,
  goal,
  onClose,
  accept = false,
}: {
  playerId: number;
  goal: GoalSummary | null;
  onClose: () => void;
  accept?: boolean;
}) {
  const form = useForm<Values>({ initialValues: initial(goal) });
  useFormOnOpen(form, !!goal, () => initial(goal), [goal]);
  const editGoal = useEditGoal(playerId);
  const acceptGoal = useAcceptGoal(playerId);
  const edit = accept ? acceptGoal : editGoal;
  const submit = form.onSubmit(async (v) => {
    const g = goal!;
    // Only what changed is sent, so the history names exactly the edited fields.
    const body: Record<string, unknown> = {};
    if (g.criterionId !== null && Number(v.target) !== g.target) body.target = v.target === '' ? null : Number(v.target);
    if (v.due_on !== g.dueOn) body.due_on = v.due_on;
    if (v.description !== g.description) body.description = v.description;
    if (v.visible_to_family !== g.visibleToFamily) body.visible_to_family = v.visible_to_family;
    if (!accept && !Object.keys(body).length) return onClose();
    try {
      await edit.mutateAsync({ goalId: g.id, body });
      onClose();
    } catch (e) {
      const field = e instanceof ApiError && e.field && e.field in v ? e.field : 'description';
      form.setErrors({ [field]: failureMessage(e) });
    }
  });
  return (
    <FormModal
      opened={!!goal}
      onClose={onClose}
      title={`${accept ? 'Edit and accept' : 'Edit goal'}: ${goal?.title ?? ''}`}
      size="lg"
      onSubmit={submit}
    >
      {goal?.criterionId != null ? (
        <GoalTargetField
          yesNo={goal.levelKind === 'yes_no'}
          input={form.getInputProps('target')}
          value={form.values.target}
          onYes={(v) => form.setFieldValue('target', v)}
          autoFocus
        />
      ) : null}
      <TextInput type="date" label="Due date" withAsterisk {...form.getInputProps('due_on')} />
      <Textarea label="Description" autosize minRows={2} maxRows={8} {...form.getInputProps('description')} />
      <Checkbox label="Visible to family" {...form.getInputProps('visible_to_family', { type: 'checkbox' })} />
      <FormActions onCancel={onClose} busy={edit.isPending} {...(accept ? { label: 'Accept' } : {})} />
    </FormModal>
  );
}
