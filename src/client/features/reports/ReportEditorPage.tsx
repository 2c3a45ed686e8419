import { Accordion, Alert, Anchor, Badge, Button, Card, Checkbox, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { REPORT_FOCUS_MAX, spreadOf } from '../../../shared/schemas/report-snapshot';
import { MeasuredNote, ProgressNote } from '../../components/ReportProgress';
import { OVERALL_COMMENT_MAX, type Report, type ReportSave } from '../../../shared/schemas/report';
import { ConfirmModal } from '../../components/ConfirmModal';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { notifyError, notifySuccess } from '../../lib/notify';
import { reportAction, reportQuery, saveReport, teamReportsQuery } from './api';
import { SnapshotView } from './SnapshotView';
import { ApproveGoalsModal } from './ApproveGoalsModal';
import type { ReportApprove } from '../../../shared/schemas/goal';
import { StateBadge } from './StateBadge';
import classes from './reports.module.css';

interface Draft {
  overall_comment: string;
  criterion_comments: Record<string, string>;
  focus: { criterion_id: string; text: string; resource_ids: string[] }[];
}

const draftOf = (r: Report): Draft => ({
  overall_comment: r.overall_comment,
  criterion_comments: { ...r.criterion_comments },
  focus: r.focus.map((f) => ({ criterion_id: String(f.criterion_id), text: f.text, resource_ids: f.resource_ids.map(String) })),
});

const bodyOf = (d: Draft): ReportSave => ({
  overall_comment: d.overall_comment,
  criterion_comments: d.criterion_comments,
  focus: d.focus.map((f) => ({ criterion_id: Number(f.criterion_id) || 0, text: f.text, resource_ids: f.resource_ids.map(Number) })),
});

/**
 * /app/reports/:cycleId/team/:teamId/report/:reportId: one player's report. Made for a phone at the
 * side of the pitch: the comment first, Previous/Save/Next always at hand, and moving to another
 * player saves first, so no text is lost. Ctrl+S (⌘S) saves; Alt+← and Alt+→ move between players.
 */
export default function ReportEditorPage() {
  const params = useParams();
  const cycleId = Number(params.cycleId);
  const teamId = Number(params.teamId);
  const reportId = Number(params.reportId);
  const query = useQuery(reportQuery(reportId));
  const team = useQuery(teamReportsQuery(cycleId, teamId));
  return (
    <QueryView query={query} noun="report" isEmpty={() => false}>
      {(report) => (
        <Editor
          key={`${report.id}:${report.state}`}
          report={report}
          cycleId={cycleId}
          teamId={teamId}
          order={(team.data?.rows ?? []).flatMap((r) => (r.report ? [r.report.id] : []))}
        />
      )}
    </QueryView>
  );
}

function Editor({ report, cycleId, teamId, order }: { report: Report; cycleId: number; teamId: number; order: number[] }) {
  const canWrite = useCan()('reports', 2);
  const editable = canWrite && report.state === 'draft';
  const [draft, setDraft] = useState<Draft>(() => draftOf(report));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const at = order.indexOf(report.id);
  const prev = at > 0 ? order[at - 1] : undefined;
  const next = at >= 0 && at < order.length - 1 ? order[at + 1] : undefined;
  const base = `/app/reports/${cycleId}/team/${teamId}`;

  // Read when a navigation starts, before React renders again.
  const dirtyRef = useRef(false);
  const change = (fn: (d: Draft) => Draft) => {
    setDraft(fn);
    setDirty(true);
    dirtyRef.current = true;
  };

  const save = useCallback(async (): Promise<boolean> => {
    if (!editable || !dirty) return true;
    setBusy('save');
    setFailure(null);
    try {
      const res = await saveReport(report.id, bodyOf(draft));
      setDirty(false);
      dirtyRef.current = false;
      client.setQueryData(reportQuery(report.id).queryKey, res.data);
      void client.invalidateQueries({ queryKey: ['reports', 'team', cycleId, teamId] });
      notifySuccess('Saved');
      return true;
    } catch (e) {
      setFailure(failureMessage(e));
      return false;
    } finally {
      setBusy(null);
    }
  }, [editable, dirty, draft, report.id, client, cycleId, teamId]);

  const go = useCallback(
    async (id: number | undefined) => {
      if (id === undefined) return;
      if (await save()) void navigate(`${base}/report/${id}`);
    },
    [save, navigate, base],
  );

  // Leaving by any link saves first; when the save fails the page stays, with the text and the error.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void save().then((saved) => (saved ? blocker.proceed() : blocker.reset()));
  }, [blocker, save]);

  // Unsaved text is kept when the tab is closed by mistake: the browser asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      } else if (e.altKey && e.key === 'ArrowLeft') {
        e.preventDefault();
        void go(prev);
      } else if (e.altKey && e.key === 'ArrowRight') {
        e.preventDefault();
        void go(next);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save, go, prev, next]);

  // With things to work on, Approve opens the modal that turns them into goals in the same step.
  const [confirming, setConfirming] = useState(false);
  const approveWithGoals = async (body: { goals: NonNullable<NonNullable<ReportApprove>['goals']> }) => {
    const res = await reportAction(report.id, 'approve', body);
    const n = body.goals.length;
    notifySuccess(n ? `Approved, ${n} ${n === 1 ? 'goal' : 'goals'} set` : res.message);
    await client.invalidateQueries({ queryKey: ['reports'] });
    void client.invalidateQueries({ queryKey: ['goals'] });
  };
  const approve = async () => {
    if (!draft.focus.some((f) => Number(f.criterion_id) > 0)) return act('approve');
    if (await save()) setConfirming(true);
  };

  const act = async (action: 'approve' | 'reissue' | 'revoke') => {
    if (!(await save())) return;
    setBusy(action);
    setFailure(null);
    try {
      const res = await reportAction(report.id, action);
      notifySuccess(res.message);
      await client.invalidateQueries({ queryKey: ['reports'] });
      if (res.data.id !== report.id) void navigate(`${base}/report/${res.data.id}`);
    } catch (e) {
      setFailure(failureMessage(e));
      notifyError(failureMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const name = `${report.player.first_name} ${report.player.last_name}`;
  const criterionOptions = report.criteria.map((c) => ({ value: String(c.id), label: c.label }));
  const scored = report.snapshot.criteria;

  return (
    <Stack gap="md" className={classes.page}>
      <Anchor component={Link} to={base} size="sm">
        ← {report.team.name}: {report.cycle.name}
      </Anchor>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {at >= 0 ? `Player ${at + 1} of ${order.length} · ` : ''}Version {report.version}
            {report.approved_at ? ` · approved ${report.approved_at.slice(0, 10)}` : ''}
            {report.sent_at ? ` · sent ${report.sent_at.slice(0, 10)}` : ''}
            {report.viewed_at ? ` · viewed ${report.viewed_at.slice(0, 10)}` : ''}
            {report.revoked_at ? ` · revoked ${report.revoked_at.slice(0, 10)}` : ''}
          </Text>
        </div>
        <StateBadge state={report.state} />
      </Group>
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}

      {editable ? (
        <>
          <Card withBorder padding="sm">
            <Text size="sm" fw={600}>
              Score at the close: {report.snapshot.total === null ? 'not evaluated in the cycle' : `${report.snapshot.total}%`}
              {report.snapshot.change !== null
                ? ` (${report.snapshot.change >= 0 ? '+' : ''}${report.snapshot.change} since the last report)`
                : ''}
            </Text>
            {report.snapshot.total_progress ? (
              <ProgressNote progress={report.snapshot.total_progress} of="total scores" prefix="Total since the last report" />
            ) : null}
            <Text size="xs" c="dimmed">
              Evaluated by: {report.snapshot.evaluated_by}
            </Text>
          </Card>
          <Textarea
            label="Overall comment"
            description="Required before approval. Seen by the player and their family."
            required
            autosize
            minRows={4}
            maxLength={OVERALL_COMMENT_MAX}
            value={draft.overall_comment}
            onChange={(e) => {
              const value = e.currentTarget.value;
              change((d) => ({ ...d, overall_comment: value }));
            }}
          />
          <Stack gap="xs">
            <Title order={2} size="h4">
              Things to work on ({draft.focus.length}/{REPORT_FOCUS_MAX})
            </Title>
            {draft.focus.map((f, i) => {
              const resources = report.criteria.find((c) => String(c.id) === f.criterion_id)?.resources ?? [];
              const update = (patch: Partial<Draft['focus'][number]>) =>
                change((d) => ({ ...d, focus: d.focus.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));
              return (
                <Card key={i} withBorder padding="sm" component="fieldset" className={classes.fieldset}>
                  <legend className={classes.legend}>Thing to work on {i + 1}</legend>
                  <Stack gap="xs">
                    <Select
                      label="Criterion"
                      data={criterionOptions}
                      value={f.criterion_id || null}
                      onChange={(v) => update({ criterion_id: v ?? '', resource_ids: [] })}
                      searchable
                    />
                    <Textarea
                      label="What to work on"
                      autosize
                      minRows={2}
                      value={f.text}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        update({ text: value });
                      }}
                    />
                    {f.criterion_id ? (
                      resources.length ? (
                        <Checkbox.Group
                          label="Resources for this criterion"
                          value={f.resource_ids}
                          onChange={(v) => update({ resource_ids: v })}
                        >
                          <Stack gap={4} mt={4}>
                            {resources.map((r) => (
                              <Checkbox key={r.id} value={String(r.id)} label={r.title} />
                            ))}
                          </Stack>
                        </Checkbox.Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          No resource is tagged for this criterion yet.
                        </Text>
                      )
                    ) : null}
                    <Group justify="flex-end">
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        onClick={() => change((d) => ({ ...d, focus: d.focus.filter((_, j) => j !== i) }))}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              );
            })}
            {draft.focus.length < REPORT_FOCUS_MAX ? (
              <Button
                variant="light"
                onClick={() => change((d) => ({ ...d, focus: [...d.focus, { criterion_id: '', text: '', resource_ids: [] }] }))}
              >
                Add a thing to work on
              </Button>
            ) : null}
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Comments per criterion (optional)
            </Title>
            {scored.length === 0 ? (
              <Text size="sm" c="dimmed">
                No criterion was evaluated in this cycle.
              </Text>
            ) : (
              <Accordion variant="separated" multiple>
                {scored.map((c) => {
                  const key = String(c.criterion_id);
                  const comment = draft.criterion_comments[key] ?? '';
                  return (
                    <Accordion.Item key={key} value={key}>
                      <Accordion.Control>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <div style={{ minWidth: 0 }}>
                            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                              {c.label}
                            </Text>
                            {c.measured || c.progress ? (
                              <Text size="xs" c="dimmed">
                                {[c.measured?.label, c.progress ? `since the last report: ${c.progress.words}` : null]
                                  .filter(Boolean)
                                  .join(' · ')}
                              </Text>
                            ) : null}
                          </div>
                          <Group gap={4} wrap="nowrap">
                            {comment ? (
                              <Badge size="xs" variant="light">
                                comment
                              </Badge>
                            ) : null}
                            <Text size="sm" fw={600}>
                              {c.percent === null ? '–' : `${c.percent}%`}
                            </Text>
                          </Group>
                        </Group>
                      </Accordion.Control>
                      <Accordion.Panel>
                        {c.measured ? <MeasuredNote measured={c.measured} /> : null}
                        {c.progress ? <ProgressNote progress={c.progress} of={spreadOf(c)} prefix="Since the last report" /> : null}
                        <Textarea
                          label={`Comment on ${c.label}`}
                          autosize
                          minRows={2}
                          value={comment}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            change((d) => ({ ...d, criterion_comments: { ...d.criterion_comments, [key]: value } }));
                          }}
                        />
                      </Accordion.Panel>
                    </Accordion.Item>
                  );
                })}
              </Accordion>
            )}
          </Stack>
        </>
      ) : (
        <SnapshotView snapshot={report.snapshot} />
      )}

      {canWrite ? (
        <Group gap="xs" wrap="wrap">
          {['approved', 'sent', 'viewed', 'revoked'].includes(report.state) ? (
            <Button variant="default" loading={busy === 'reissue'} onClick={() => void act('reissue')}>
              Re-issue as version {report.versions.length + 1}
            </Button>
          ) : null}
          {report.state === 'sent' || report.state === 'viewed' ? (
            <Button color="red" variant="light" loading={busy === 'revoke'} onClick={() => setRevoking(true)}>
              Revoke
            </Button>
          ) : null}
        </Group>
      ) : null}
      {report.versions.length > 1 ? (
        <Text size="sm" c="dimmed">
          Versions:{' '}
          {report.versions.map((v, i) => (
            <span key={v.id}>
              {i ? ', ' : ''}
              {v.id === report.id ? (
                `v${v.version} (${v.state})`
              ) : (
                <Anchor component={Link} to={`${base}/report/${v.id}`} size="sm">{`v${v.version} (${v.state})`}</Anchor>
              )}
            </span>
          ))}
        </Text>
      ) : null}

      {canWrite && report.state === 'draft' ? (
        <ApproveGoalsModal
          reportId={report.id}
          player={name}
          opened={confirming}
          onClose={() => setConfirming(false)}
          onApprove={approveWithGoals}
        />
      ) : null}
      <ConfirmModal
        opened={revoking}
        title="Revoke this report?"
        confirmLabel="Revoke"
        onClose={() => setRevoking(false)}
        onConfirm={() => act('revoke')}
      >
        <Text size="sm">
          {name}&apos;s family and the player can no longer open version {report.version}; their links say the club withdrew it. You can
          re-issue it as a new version.
        </Text>
      </ConfirmModal>

      <div className={classes.bar} role="toolbar" aria-label="Players">
        {/* Approve stays at hand on a phone, above the criterion panels' end (its own row of the bar). */}
        {canWrite && report.state === 'draft' ? (
          <Button
            className={classes.wide}
            loading={busy === 'approve'}
            onClick={() => void approve()}
            disabled={!draft.overall_comment.trim()}
          >
            Approve
          </Button>
        ) : null}
        <Button variant="default" disabled={prev === undefined} onClick={() => void go(prev)} aria-keyshortcuts="Alt+ArrowLeft">
          Previous
        </Button>
        {editable ? (
          <Button loading={busy === 'save'} onClick={() => void save()} disabled={!dirty} aria-keyshortcuts="Control+S">
            {dirty ? 'Save' : 'Saved'}
          </Button>
        ) : null}
        <Button variant="default" disabled={next === undefined} onClick={() => void go(next)} aria-keyshortcuts="Alt+ArrowRight">
          Next
        </Button>
      </div>
    </Stack>
  );
}
