import { Checkbox, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { GoalTargetField } from './GoalTargetField';
import { useQuery } from '@tanstack/react-query';
import { dayOffset } from '../../../shared/clock.js';
import type { TeamGoalResult, TeamGoals } from '../../../shared/schemas/goal';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { goalCriteriaQuery, useAddTeamGoal } from './api';

interface Values {
  criterion_id: string;
  title: string;
  target: number | string;
  due_on: string;
  description: string;
  visible_to_family: boolean;
  player_ids: string[];
}

const FREE = '';

/**
 * One goal for many players of the team (docs/product.md#goals): every player is chosen at first;
 * each gets their own copy with their own baseline. Players already at the target are named after.
 */
export function TeamGoalModal({
  team,
  opened,
  onClose,
  onDone,
}: {
  team: TeamGoals;
  opened: boolean;
  onClose: () => void;
  onDone: (r: TeamGoalResult) => void;
}) {
  const initial = (): Values => ({
    criterion_id: FREE,
    title: '',
    target: '',
    due_on: dayOffset(56),
    description: '',
    visible_to_family: true,
    player_ids: team.players.map((p) => String(p.id)),
  });
  const form = useForm<Values>({ initialValues: initial() });
  useFormOnOpen(form, opened, initial, [team]);
  const criteria = useQuery({ ...goalCriteriaQuery, enabled: opened });
  const add = useAddTeamGoal(team.team.id);
  const chosen = criteria.data?.find((c) => String(c.id) === form.values.criterion_id) ?? null;
  const all = form.values.player_ids.length === team.players.length;
  const submit = form.onSubmit(async (v) => {
    try {
      const res = await add.mutateAsync({
        criterion_id: v.criterion_id === FREE ? null : Number(v.criterion_id),
        title: v.title,
        target: v.criterion_id === FREE || v.target === '' ? null : Number(v.target),
        due_on: v.due_on,
        description: v.description,
        visible_to_family: v.visible_to_family,
        // None named: the whole team (as it is when the server reads it).
        ...(all ? {} : { player_ids: v.player_ids.map(Number) }),
      });
      notifySuccess(`Goal set for ${res.data.created} ${res.data.created === 1 ? 'player' : 'players'}`);
      onDone(res.data);
      onClose();
    } catch (e) {
      const field = e instanceof ApiError && e.field && e.field in v ? e.field : 'title';
      form.setErrors({ [field]: failureMessage(e) });
    }
  });
  return (
    <FormModal opened={opened} onClose={onClose} title={`Team goal: ${team.team.name}`} size="lg" onSubmit={submit}>
      <Select
        label="Criterion"
        data={[
          { value: FREE, label: 'None (describe the goal)' },
          ...(criteria.data ?? []).map((c) => ({ value: String(c.id), label: c.criteria })),
        ]}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('criterion_id')}
      />
      {chosen ? (
        <GoalTargetField
          yesNo={chosen.level_kind === 'yes_no'}
          input={form.getInputProps('target')}
          value={form.values.target}
          onYes={(v) => form.setFieldValue('target', v)}
        />
      ) : (
        <TextInput label="Goal" withAsterisk placeholder="e.g. Lead the warm-up once a week" {...form.getInputProps('title')} />
      )}
      <TextInput type="date" label="Due date" withAsterisk {...form.getInputProps('due_on')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
      <Checkbox label="Visible to family" {...form.getInputProps('visible_to_family', { type: 'checkbox' })} />
      <Checkbox
        label="Whole team"
        checked={all}
        indeterminate={!all && form.values.player_ids.length > 0}
        onChange={() => form.setFieldValue('player_ids', all ? [] : team.players.map((p) => String(p.id)))}
      />
      <Checkbox.Group
        label={`Players (${form.values.player_ids.length} of ${team.players.length})`}
        withAsterisk
        {...form.getInputProps('player_ids')}
      >
        <Stack gap={4} mt={6}>
          {team.players.map((p) => (
            <Checkbox key={p.id} value={String(p.id)} label={`${p.first_name} ${p.last_name}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <FormActions onCancel={onClose} busy={add.isPending} />
    </FormModal>
  );
}
