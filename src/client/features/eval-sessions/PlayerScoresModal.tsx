import { Badge, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SessionResultRow, SessionResults } from '../../../shared/schemas/eval-session';
import { DataTable } from '../../components/DataTable';
import { Loading } from '../../components/Loading';
import { playerScoresQuery } from './api';

/** The results' drill-down: one player's scores by evaluator and criterion; guests, excluded and flagged scores marked. */
export function PlayerScoresModal({
  sessionId,
  opened,
  row,
  results,
  onClose,
}: {
  sessionId: number;
  opened: boolean;
  row: SessionResultRow | null;
  results: SessionResults;
  onClose: () => void;
}) {
  const scores = useQuery({ ...playerScoresQuery(sessionId, row?.playerId ?? 0), enabled: !!row });
  const score = (evaluatorId: number, criterionId: number) =>
    scores.data?.scores.find((s) => s.evaluatorId === evaluatorId && s.criterionId === criterionId);
  const evaluators = results.evaluators.filter((e) => scores.data?.scores.some((s) => s.evaluatorId === e.id));
  const label = (kind: string, v: number) => (kind === 'yes_no' ? (v === 1 ? 'Yes' : 'No') : String(v));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={row ? `${row.firstName} ${row.lastName}: scores by evaluator` : ''}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {scores.isPending ? (
        <Loading label="Loading scores" />
      ) : evaluators.length === 0 ? (
        <Text>No scores yet.</Text>
      ) : (
        <DataTable minWidth={360} columns={['Evaluator', results.criteria.map((c) => <Table.Th key={c.criterionId}>{c.name}</Table.Th>)]}>
          {evaluators.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                {e.name}
                {e.guest ? (
                  <Badge ml={6} size="xs" color="grape" variant="light">
                    Guest
                  </Badge>
                ) : null}
                {e.excluded ? (
                  <Badge ml={6} size="xs" color="red" variant="light">
                    Excluded
                  </Badge>
                ) : null}
              </Table.Td>
              {results.criteria.map((c) => {
                const s = score(e.id, c.criterionId);
                return (
                  <Table.Td key={c.criterionId} td={s?.excluded ? 'line-through' : undefined}>
                    {s ? label(c.kind, s.score) : '–'}
                    {s?.outlier ? (
                      <Badge ml={6} size="xs" color="orange" variant="light">
                        Review
                      </Badge>
                    ) : null}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Modal>
  );
}
