import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EvalSession } from '../../../shared/schemas/eval-session';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { progressQuery } from './api';

/** Who has been scored by how many evaluators: the director's view while scores stay blind. */
export function ProgressPanel({ session }: { session: EvalSession }) {
  const progress = useQuery(progressQuery(session.id, session.state === 'open'));
  if (progress.isPending) return <Loading label="Loading progress" />;
  if (progress.isError) {
    return (
      <Text c="red" role="alert">
        Progress could not be loaded. Please reload the page.
      </Text>
    );
  }
  const p = progress.data;
  if (!p.rows.length) return <EmptyState text="No players in this session yet." />;
  // Missing players first: they are the ones to send evaluators to.
  const rows = [...p.rows].sort(
    (a, b) => Number(a.complete) - Number(b.complete) || a.evaluatorsDone - b.evaluatorsDone || (a.bib ?? Infinity) - (b.bib ?? Infinity),
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={500}>
          {p.complete} of {p.total} players complete ({p.minEvaluators} evaluators each)
        </Text>
      </Group>
      <Progress value={p.total ? (p.complete / p.total) * 100 : 0} aria-label="Players complete" />
      <DataTable minWidth={320} striped columns={['#', 'Player', 'Evaluators', 'State']}>
        {rows.map((r) => (
          <Table.Tr key={r.playerId}>
            <Table.Td>{r.bib ?? '–'}</Table.Td>
            <Table.Td>
              {r.firstName} {r.lastName}
              {!r.present ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (not checked in)
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {r.evaluatorsDone} / {p.minEvaluators}
            </Table.Td>
            <Table.Td>
              {r.complete ? (
                <Badge color="green" variant="light">
                  Complete
                </Badge>
              ) : (
                <Badge color="red" variant="light">
                  Missing {p.minEvaluators - r.evaluatorsDone}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
