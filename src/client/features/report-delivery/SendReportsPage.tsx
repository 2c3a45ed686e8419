import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { UNDELIVERABLE_LABELS, type DeliverySendResult } from '../../../shared/schemas/report-delivery';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { notifyError } from '../../lib/notify';
import { deliveryCycles, deliveryPreview, reachableTeams, sendReports } from './api';

/**
 * /app/reports/send: a team × cycle's approved reports go out after a preview — "N reports to M
 * recipients", and every player who cannot be reached listed with why (nobody is skipped in silence).
 */
export default function SendReportsPage() {
  const can = useCan();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const teamId = Number(params.get('team')) || null;
  const cycleId = Number(params.get('cycle')) || null;
  const teams = useQuery({ queryKey: ['report-delivery', 'teams'], queryFn: reachableTeams });
  const cycles = useQuery({ queryKey: ['report-delivery', 'cycles', teamId], queryFn: () => deliveryCycles(teamId!), enabled: !!teamId });
  const preview = useQuery({
    queryKey: ['report-delivery', 'preview', teamId, cycleId],
    queryFn: () => deliveryPreview(teamId!, cycleId!),
    enabled: !!teamId && !!cycleId,
  });
  const send = useMutation({
    mutationFn: () => sendReports(teamId!, cycleId!),
    onSuccess: () => client.invalidateQueries({ queryKey: ['report-delivery'] }),
    onError: (e) => notifyError(failureMessage(e)),
  });
  const choose = (key: 'team' | 'cycle', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'team') next.delete('cycle');
    send.reset();
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <PageHeader title="Send reports" />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Team"
          placeholder="Choose a team"
          data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={teamId ? String(teamId) : null}
          onChange={(v) => choose('team', v)}
          searchable
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          label="Report cycle"
          placeholder={teamId ? 'Choose a cycle' : 'Choose a team first'}
          data={(cycles.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.approved} approved, ${c.sent} sent)` }))}
          value={cycleId ? String(cycleId) : null}
          onChange={(v) => choose('cycle', v)}
          disabled={!teamId}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      {teamId && cycles.data?.length === 0 ? <Text>No report cycle covers this team yet.</Text> : null}
      {send.data ? <SendResult result={send.data} /> : null}
      {teamId && cycleId ? (
        <QueryView query={preview} noun="preview" isEmpty={() => false}>
          {(p) => (
            <Card withBorder padding="md" component="section" aria-labelledby="preview-title">
              <Title order={2} size="h3" id="preview-title">
                {p.reports} {p.reports === 1 ? 'report' : 'reports'} to {p.recipients} {p.recipients === 1 ? 'recipient' : 'recipients'}
              </Title>
              {p.already_sent ? (
                <Text size="sm" c="dimmed">
                  {p.already_sent} already sent.
                </Text>
              ) : null}
              {p.items.length ? (
                <Table mt="sm" striped aria-label="Reports to send">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Player</Table.Th>
                      <Table.Th>Recipients</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {p.items.map((i) => (
                      <Table.Tr key={i.report_id}>
                        <Table.Td>{i.name}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          {i.to.map((r) => `${r.email}${r.kind === 'player' ? ' (player)' : ''}`).join(', ')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : null}
              {p.undeliverable.length ? (
                <>
                  <Title order={3} size="h4" mt="md">
                    Cannot be sent ({p.undeliverable.length})
                  </Title>
                  <Table mt="xs" aria-label="Players who cannot be reached">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Player</Table.Th>
                        <Table.Th>Why</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {p.undeliverable.map((u) => (
                        <Table.Tr key={u.player_id}>
                          <Table.Td>{u.name}</Table.Td>
                          <Table.Td>{UNDELIVERABLE_LABELS[u.reason]}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </>
              ) : null}
              {can('reports', 2) ? (
                <Button mt="md" onClick={() => send.mutate()} loading={send.isPending} disabled={p.reports === 0}>
                  Send {p.reports} {p.reports === 1 ? 'report' : 'reports'}
                </Button>
              ) : null}
            </Card>
          )}
        </QueryView>
      ) : null}
    </Stack>
  );
}

function SendResult({ result }: { result: DeliverySendResult }) {
  return (
    <Alert color={result.failed ? 'orange' : 'green'} role="status" title="Reports sent">
      {result.sent} {result.sent === 1 ? 'e-mail' : 'e-mails'} sent
      {result.failed ? (
        <>
          , <Badge color="red">{result.failed} failed</Badge> (see the players&apos; profiles)
        </>
      ) : null}
      .
    </Alert>
  );
}
