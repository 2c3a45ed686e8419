import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { QueryView } from '../../components/QueryView';
import { reportDeliveriesQuery } from './api';
import { Panel } from './Panel';

const COLOR = { queued: 'gray', sent: 'green', failed: 'red', bounced: 'red', cancelled: 'gray' } as const;
const LABEL = { queued: 'queued', sent: 'sent', failed: 'e-mail failed', bounced: 'bounced', cancelled: 'cancelled' } as const;

/** REPORTS on the staff player profile: each report past the draft and where it went; a failed or bounced e-mail stands out. */
export function ReportsPanel({ playerId }: { playerId: number }) {
  const query = useQuery(reportDeliveriesQuery(playerId));
  return (
    <Panel title="REPORTS">
      <QueryView query={query} noun="reports" isEmpty={(d) => d.length === 0} emptyText="No report approved yet.">
        {(rows) => (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((r) => (
              <li key={r.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {r.cycle} · {r.team}
                    {r.version > 1 ? ` · v${r.version}` : ''}
                  </Text>
                  <Badge size="xs" variant="light">
                    {r.state}
                  </Badge>
                  {r.state === 'sent' || r.state === 'viewed' ? (
                    <Anchor size="xs" href={`/api/player-area/${playerId}/report/${r.id}/pdf`} download>
                      PDF
                    </Anchor>
                  ) : null}
                </Group>
                {r.deliveries.map((d) => (
                  <Text key={d.id} size="xs" style={{ overflowWrap: 'anywhere' }}>
                    <Badge
                      size="xs"
                      color={COLOR[d.status]}
                      variant={d.status === 'failed' || d.status === 'bounced' ? 'filled' : 'light'}
                      mr={4}
                    >
                      {LABEL[d.status]}
                    </Badge>
                    {d.email}
                    {d.kind === 'player' ? ' (player)' : ''}
                    {d.viewed_at ? ` · opened ${dayjs(d.viewed_at).format('D MMM')}` : ''}
                    {d.error ? ` · ${d.error}` : ''}
                  </Text>
                ))}
              </li>
            ))}
          </Stack>
        )}
      </QueryView>
    </Panel>
  );
}
