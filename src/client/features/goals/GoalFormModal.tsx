import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { GoalTargetField } from './GoalTargetField';
import { dayOffset } from '../../../shared/clock.js';
import { scoreLabel } from '../../../shared/schemas/evaluation';
import type { GoalSuggestion, GoalSuggestions } from '../../../shared/schemas/goal';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { useAddGoal, useProposeGoal } from './api';

interface Values {
  criterion_id: string;
  title: string;
  target: number | string;
  due_on: string;
  description: string;
  visible_to_family: boolean;
}

const FREE = '';
const initial = (s: GoalSuggestion | null): Values => ({
  criterion_id: s ? String(s.criterionId) : FREE,
  title: '',
  target: s?.target ?? '',
  due_on: s?.dueOn ?? dayOffset(56),
  description: '',
  visible_to_family: true,
});

/**
 * Add a goal by hand or from a suggestion (docs/product.md#goals): the baseline is the player's current
 * score, shown here. `propose`: the player's own proposal, which the coach then accepts or declines
 * (the coach decides whether the family sees it).
 */
export function GoalFormModal({
  playerId,
  options,
  suggestion,
  opened,
  onClose,
  propose = false,
}: {
  playerId: number;
  options: GoalSuggestions['criteria'];
  suggestion: GoalSuggestion | null;
  opened: boolean;
  onClose: () => void;
  propose?: boolean;
}) {
  const form = useForm<Values>({ initialValues: initial(suggestion) });
  useFormOnOpen(form, opened, () => initial(suggestion), [suggestion]);
  const addGoal = useAddGoal(playerId);
  const proposeGoal = useProposeGoal(playerId);
  const add = propose ? proposeGoal : addGoal;
  const chosen = options.find((o) => String(o.id) === form.values.criterion_id) ?? null;
  const submit = form.onSubmit(async (v) => {
    try {
      await add.mutateAsync({
        criterion_id: v.criterion_id === FREE ? null : Number(v.criterion_id),
        title: v.title,
        target: v.criterion_id === FREE || v.target === '' ? null : Number(v.target),
        due_on: v.due_on,
        description: v.description,
        ...(propose ? {} : { visible_to_family: v.visible_to_family }),
      });
      onClose();
    } catch (e) {
      const field = e instanceof ApiError && e.field && e.field in v ? e.field : 'title';
      form.setErrors({ [field]: failureMessage(e) });
    }
  });
  return (
    <FormModal opened={opened} onClose={onClose} title={propose ? 'Propose a goal' : 'Add goal'} size="lg" onSubmit={submit}>
      <Select
        label="Criterion"
        data={[{ value: FREE, label: 'None (describe the goal)' }, ...options.map((o) => ({ value: String(o.id), label: o.name }))]}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('criterion_id')}
      />
      {chosen ? (
        <>
          <TextInput
            label="Now"
            readOnly
            value={chosen.score === null ? 'Not evaluated yet' : scoreLabel(chosen.levelKind, chosen.score)}
            description={propose ? 'From your current evaluation' : "From the player's current evaluation"}
          />
          <GoalTargetField
            yesNo={chosen.levelKind === 'yes_no'}
            input={form.getInputProps('target')}
            value={form.values.target}
            onYes={(v) => form.setFieldValue('target', v)}
          />
        </>
      ) : (
        <TextInput label="Goal" withAsterisk placeholder="e.g. Call for the ball every attack" {...form.getInputProps('title')} />
      )}
      <TextInput type="date" label="Due date" withAsterisk {...form.getInputProps('due_on')} />
      <Textarea label="Description" autosize minRows={2} maxRows={8} {...form.getInputProps('description')} />
      {propose ? null : <Checkbox label="Visible to family" {...form.getInputProps('visible_to_family', { type: 'checkbox' })} />}
      <FormActions onCancel={onClose} busy={add.isPending} label={propose ? 'Send to my coach' : 'Save'} />
    </FormModal>
  );
}
