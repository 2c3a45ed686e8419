import { Alert, Checkbox, Fieldset, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SCALE_MAX } from '../../../shared/constants';
import { scoreLabel } from '../../../shared/schemas/evaluation';
import type { ReportApprove, ReportGoalDraft } from '../../../shared/schemas/goal';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { reportGoalDraftsQuery } from './api';

interface Row {
  draft: ReportGoalDraft;
  make: boolean;
  target: number | string;
  due_on: string;
}

const rowOf = (d: ReportGoalDraft): Row => ({
  draft: d,
  // A criterion already at the top of its scale has no level above to aim for.
  make: d.levelKind === 'yes_no' ? d.score !== 1 : (d.score ?? 0) < SCALE_MAX,
  target: d.target,
  due_on: d.dueOn,
});

/**
 * Approving a report whose things to work on become goals in the same step (docs/product.md#goals):
 * each one listed with the player's current level, a target and a due date to confirm or change.
 */
export function ApproveGoalsModal({
  reportId,
  player,
  opened,
  onClose,
  onApprove,
}: {
  reportId: number;
  player: string;
  opened: boolean;
  onClose: () => void;
  onApprove: (body: { goals: NonNullable<NonNullable<ReportApprove>['goals']> }) => Promise<void>;
}) {
  const drafts = useQuery({ ...reportGoalDraftsQuery(reportId), enabled: opened });
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened && drafts.data) {
      setRows(drafts.data.drafts.map(rowOf));
      setErrors({});
      setFailure(null);
    }
  }, [opened, drafts.data]);
  const change = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const chosen = rows.filter((r) => r.make);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    const made = rows.flatMap((r, i) => (r.make ? [{ r, i }] : []));
    try {
      await onApprove({
        goals: made.map(({ r }) => ({
          criterion_id: r.draft.criterionId,
          target: r.target === '' ? null : Number(r.target),
          due_on: r.due_on,
          description: r.draft.description,
        })),
      });
      onClose();
    } catch (err) {
      // goals.N.field names the Nth goal sent: map it back to its row.
      const m = err instanceof ApiError && err.field ? /^goals\.(\d+)\.(\w+)$/.exec(err.field) : null;
      const at = m ? made[Number(m[1])] : undefined;
      if (m && at) setErrors({ [`${at.i}.${m[2]}`]: failureMessage(err) });
      else setFailure(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal opened={opened} onClose={onClose} title={`Approve ${player}'s report`} size="lg" onSubmit={submit} failure={failure}>
      {drafts.isPending ? (
        <Text size="sm">Loading the things to work on…</Text>
      ) : drafts.isError ? (
        <Alert color="red" role="alert">
          The things to work on could not be loaded. You can still approve the report.
        </Alert>
      ) : (
        <>
          <Text size="sm">
            {rows.length
              ? 'Each thing to work on can become a goal for the player, starting from their current evaluation.'
              : drafts.data.existing
                ? 'The things to work on are goals already.'
                : 'No thing to work on names a criterion.'}
          </Text>
          <Stack gap="sm">
            {rows.map((r, i) => {
              const d = r.draft;
              const now = d.score === null ? 'Not evaluated yet' : scoreLabel(d.levelKind, d.score);
              return (
                <Fieldset key={d.criterionId} legend={d.criterion} variant="filled">
                  <Stack gap="xs">
                    <Checkbox
                      label={`Make "${d.criterion}" a goal`}
                      checked={r.make}
                      onChange={(e) => change(i, { make: e.currentTarget.checked })}
                    />
                    <Text size="sm">
                      Now: {now}
                      {d.description ? ` · ${d.description}` : ''}
                    </Text>
                    {r.make ? (
                      <>
                        {d.levelKind === 'yes_no' ? (
                          <Select
                            label={`Target for ${d.criterion}`}
                            data={[{ value: '1', label: 'Yes' }]}
                            value={String(r.target || '')}
                            onChange={(v) => change(i, { target: v ?? '' })}
                            error={errors[`${i}.target`]}
                            comboboxProps={{ withinPortal: true }}
                          />
                        ) : (
                          <NumberInput
                            label={`Target for ${d.criterion}`}
                            min={1}
                            max={10}
                            allowDecimal={false}
                            hideControls
                            value={r.target}
                            onChange={(v) => change(i, { target: v })}
                            error={errors[`${i}.target`]}
                          />
                        )}
                        <TextInput
                          type="date"
                          label={`Due date for ${d.criterion}`}
                          value={r.due_on}
                          onChange={(e) => change(i, { due_on: e.currentTarget.value })}
                          error={errors[`${i}.due_on`] ?? errors[`${i}.criterion_id`]}
                        />
                      </>
                    ) : null}
                  </Stack>
                </Fieldset>
              );
            })}
          </Stack>
        </>
      )}
      <FormActions
        onCancel={onClose}
        busy={busy}
        label={chosen.length ? `Approve and set ${chosen.length} ${chosen.length === 1 ? 'goal' : 'goals'}` : 'Approve'}
      />
    </FormModal>
  );
}
