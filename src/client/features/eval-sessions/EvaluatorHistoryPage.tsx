import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Anchor, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { EvaluatorHistory } from '../../../shared/schemas/evaluator-history';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { apiGet, type Envelope } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { signed } from './fairFormat';

const historyQuery = {
  queryKey: ['evaluator-history'],
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await apiGet<Envelope<EvaluatorHistory>>('/api/evaluator-history', signal)).data,
};

type Evaluator = EvaluatorHistory['evaluators'][number];

/**
 * /app/sessions/evaluators (docs/product.md#evaluator-history): each staff evaluator's severity and
 * agreement with the panel, session by session. Those who run sessions choose an evaluator; an
 * evaluator sees only themself.
 */
export default function EvaluatorHistoryPage() {
  const can = useCan();
  const query = useQuery(historyQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <>
      <PageHeader title="Evaluator history" />
      <Stack gap="md">
        <Text c="dimmed" size="sm" maw={720}>
          How far {can('sessions', 2) ? 'each evaluator' : 'you'} scored above or below the rest of the panel on the same players, and how
          well {can('sessions', 2) ? 'their' : 'your'} order of players agreed with the others&apos;, in every session whose results are
          unlocked.
        </Text>
        <QueryView
          query={query}
          noun="evaluator history"
          isEmpty={(data) => data.evaluators.length === 0}
          emptyText="No session with unlocked results has a staff evaluator yet."
        >
          {(data) => {
            const current = data.evaluators.find((e) => String(e.userId) === chosen) ?? data.evaluators[0]!;
            return (
              <Stack gap="md">
                {data.evaluators.length > 1 ? (
                  <Select
                    label="Evaluator"
                    data={data.evaluators.map((e) => ({ value: String(e.userId), label: e.name }))}
                    value={String(current.userId)}
                    onChange={setChosen}
                    allowDeselect={false}
                    searchable
                    maw={360}
                  />
                ) : null}
                <EvaluatorSessions evaluator={current} />
              </Stack>
            );
          }}
        </QueryView>
      </Stack>
    </>
  );
}

function EvaluatorSessions({ evaluator }: { evaluator: Evaluator }) {
  const points = evaluator.sessions
    .filter((s) => s.counted)
    .map((s) => ({ session: `${s.date} ${s.session}`, severity: s.versusOthers ?? s.severity ?? 0 }));
  return (
    <section aria-labelledby="evaluator-name">
      <Title order={2} size="h3" id="evaluator-name" mb="xs">
        {evaluator.name}
      </Title>
      {points.length > 1 ? (
        <LineChart
          h={200}
          data={points}
          dataKey="session"
          series={[{ name: 'severity', label: 'Against the others (points)', color: 'indigo.6' }]}
          valueFormatter={(v) => signed(v)}
          referenceLines={[{ y: 0, label: 'Panel', color: 'gray.6' }]}
          xAxisProps={{ tickFormatter: (v: string) => v.slice(0, 10), minTickGap: 24 }}
          // The axis always holds 0, the panel's line, so a harsh evaluator reads as below it.
          yAxisProps={{ width: 48, domain: [(min: number) => Math.min(0, Math.floor(min)), (max: number) => Math.max(0, Math.ceil(max))] }}
          role="img"
          aria-label={`${evaluator.name}: points against the other evaluators, session by session (the table below has the figures)`}
          mb="md"
        />
      ) : null}
      <Table.ScrollContainer minWidth={320}>
        <Table striped>
          <Table.Caption>
            Points of the total; + scored higher than the others on the same players. Agreement: 1 = the same order of players as the
            others.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Session</Table.Th>
              <Table.Th ta="right">Against the others</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                Severity
              </Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                Spread
              </Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                Players shared
              </Table.Th>
              <Table.Th ta="right">Agreement</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {evaluator.sessions.map((s) => (
              <Table.Tr key={s.sessionId}>
                <Table.Td>
                  <Anchor component={Link} to={`/app/sessions/${s.sessionId}`} size="sm">
                    {s.session}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {s.date}
                    {s.counted ? '' : ' · scores excluded'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{signed(s.versusOthers)}</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {signed(s.severity)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {s.spread === null ? '–' : s.spread.toFixed(1)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {s.sharedPlayers}
                </Table.Td>
                <Table.Td ta="right">{s.agreement === null ? '–' : s.agreement.toFixed(2)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
