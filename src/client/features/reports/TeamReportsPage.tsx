import { Alert, Anchor, Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { BulkApproveResult } from '../../../shared/schemas/report';
import { REPORT_STATES, type ReportState } from '../../../shared/schemas/report-snapshot';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { notifyError, notifySuccess } from '../../lib/notify';
import { approveTeam, createDrafts, teamReportsQuery } from './api';
import { StateBadge } from './StateBadge';

/** /app/reports/:cycleId/team/:teamId: the team's players and their reports in the cycle. */
export default function TeamReportsPage() {
  const cycleId = Number(useParams().cycleId);
  const teamId = Number(useParams().teamId);
  const canWrite = useCan()('reports', 2);
  const query = useQuery(teamReportsQuery(cycleId, teamId));
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [approval, setApproval] = useState<BulkApproveResult | null>(null);
  // ?state=viewed: the dashboard's count of one state opens exactly those reports.
  const [search, setSearch] = useSearchParams();
  const stateParam = search.get('state');
  const only = REPORT_STATES.includes(stateParam as ReportState) ? (stateParam as ReportState) : null;

  const run = async (what: string, call: () => Promise<{ message: string }>) => {
    setBusy(what);
    try {
      notifySuccess((await call()).message);
      await client.invalidateQueries({ queryKey: ['reports'] });
    } catch (e) {
      notifyError(failureMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <QueryView query={query} noun="reports" isEmpty={() => false}>
      {(data) => {
        const missing = data.rows.filter((r) => !r.report).length;
        const drafts = data.rows.filter((r) => r.report?.state === 'draft').length;
        const shown = only ? data.rows.filter((r) => r.report?.state === only) : data.rows;
        return (
          <Stack gap="md">
            <Anchor component={Link} to="/app/reports" size="sm">
              ← All cycles
            </Anchor>
            <PageHeader title={`${data.team.name}: ${data.cycle.name}`}>
              {canWrite && missing > 0 ? (
                <Button loading={busy === 'drafts'} onClick={() => run('drafts', () => createDrafts(cycleId, teamId))}>
                  Create {missing} draft{missing === 1 ? '' : 's'}
                </Button>
              ) : null}
              {canWrite && drafts > 0 ? (
                <Button
                  variant="light"
                  loading={busy === 'approve'}
                  onClick={() =>
                    run('approve', async () => {
                      const res = await approveTeam(cycleId, teamId);
                      setApproval(res.data);
                      return res;
                    })
                  }
                >
                  Approve drafts with a comment
                </Button>
              ) : null}
            </PageHeader>
            <Text size="sm" c="dimmed">
              Evaluations current on {data.cycle.closes_on} make the report. {data.rows.length} players.
            </Text>
            {only ? (
              <Group gap={6}>
                <Badge variant="light" size="lg" tt="none">
                  Only {only} reports: {shown.length}
                </Badge>
                <Button variant="subtle" onClick={() => setSearch({})}>
                  Show all
                </Button>
              </Group>
            ) : null}
            {only && shown.length === 0 ? <Text>No {only} reports.</Text> : null}
            {approval ? (
              <Alert
                color={approval.skipped.length ? 'yellow' : 'green'}
                withCloseButton
                onClose={() => setApproval(null)}
                title={`${approval.approved} approved`}
              >
                {approval.skipped.length ? (
                  <List size="sm">
                    {approval.skipped.map((s) => (
                      <List.Item key={s.report_id}>
                        {s.player}: {s.reason}
                      </List.Item>
                    ))}
                  </List>
                ) : (
                  'Every draft was approved.'
                )}
              </Alert>
            ) : null}
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {shown.map((row) => {
                const name = `${row.player.first_name} ${row.player.last_name}`;
                return (
                  <Card key={row.player.id} withBorder padding="sm" component="li">
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <div style={{ minWidth: 0 }}>
                        {row.report ? (
                          <Anchor
                            component={Link}
                            to={`/app/reports/${cycleId}/team/${teamId}/report/${row.report.id}`}
                            fw={600}
                            style={{ overflowWrap: 'anywhere' }}
                          >
                            {name}
                          </Anchor>
                        ) : (
                          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {name}
                          </Text>
                        )}
                        {row.report ? (
                          <Text size="xs" c="dimmed">
                            Version {row.report.version} · {row.report.has_comment ? 'comment written' : 'no comment yet'}
                          </Text>
                        ) : null}
                      </div>
                      <Group gap={4}>
                        {row.report?.undelivered ? (
                          <Badge
                            component={Link}
                            to={`/app/player/${row.player.id}`}
                            color="red"
                            size="sm"
                            title="Failed or bounced e-mails: see the player's profile"
                          >
                            {row.report.undelivered} not delivered
                          </Badge>
                        ) : null}
                        <StateBadge state={row.report?.state ?? null} />
                      </Group>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          </Stack>
        );
      }}
    </QueryView>
  );
}
