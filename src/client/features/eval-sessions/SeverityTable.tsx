import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { SessionFair } from '../../../shared/schemas/session-fair';
import { DataTable } from '../../components/DataTable';
import { signed } from './fairFormat';

/** A Yes/No criterion's severity is a share of Yes: shown in percentage points. */
const points = (kind: string, v: number | null) => (kind === 'yes_no' ? (v === null ? '–' : `${signed(v * 100, 0)} pts Yes`) : signed(v));

/** Each evaluator's severity against the others, spread and shared players; separate groups named. */
export function SeverityTable({ fair }: { fair: SessionFair }) {
  const name = new Map(fair.evaluators.map((e) => [e.id, e.name]));
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Evaluators' severity
      </Title>
      <Text size="xs" c="dimmed">
        How much higher (+) or lower (−) each evaluator scores than the other evaluators on the same players, in points of the scale and in
        points of the total. Spread: how much their scores wander once that shift is taken out. The fewer players they share with others,
        the less the figure means.
      </Text>
      {!fair.connected ? (
        <Alert color="yellow" title={`${fair.groups.length} groups of evaluators share no player`} data-testid="fair-groups">
          {fair.groups.map((g, i) => `Group ${i + 1}: ${g.map((id) => name.get(id)).join(', ')}`).join('. ')}. Severity is corrected within
          each group only, and fair totals of different groups are not comparable.
        </Alert>
      ) : null}
      <DataTable
        minWidth={320}
        striped
        data-testid="severity-table"
        columns={['Evaluator', 'Against the others', 'Total', <Table.Th visibleFrom="sm">Spread</Table.Th>, 'Players shared']}
      >
        {fair.evaluators.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>
              {e.name}
              {e.guest ? (
                <Badge ml={6} size="xs" color="grape" variant="light">
                  Guest
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>
              {e.criteria.map((c) => {
                const criterion = fair.criteria.find((k) => k.criterionId === c.criterionId)!;
                return (
                  <Text key={c.criterionId} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {fair.criteria.length > 1 ? `${criterion.name} ` : ''}
                    <Text span size="sm" fw={600} c={c.versusOthers !== null && Math.abs(c.versusOthers) >= 1 ? 'red.9' : undefined}>
                      {points(criterion.kind, c.versusOthers)}
                    </Text>
                  </Text>
                );
              })}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{signed(e.versusOthers)} pts</Table.Td>
            <Table.Td visibleFrom="sm">{e.spread === null ? '–' : `${e.spread.toFixed(1)} pts`}</Table.Td>
            <Table.Td>{e.sharedPlayers}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
