import { Badge, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SessionResultRow, SessionResults } from '../../../shared/schemas/eval-session';
import type { SessionFair } from '../../../shared/schemas/session-fair';
import { formatPercent } from '../../../shared/scoring';
import { DataTable } from '../../components/DataTable';
import { Loading } from '../../components/Loading';
import { playerScoresQuery } from './api';
import { signed } from './fairFormat';

/**
 * The results' drill-down: one player's scores by evaluator and criterion, each with that evaluator's
 * severity on the criterion; guests, excluded and flagged scores marked; the mean and the fair score below.
 */
export function PlayerScoresModal({
  sessionId,
  opened,
  row,
  results,
  fair,
  onClose,
}: {
  sessionId: number;
  opened: boolean;
  row: SessionResultRow | null;
  results: SessionResults;
  fair: SessionFair;
  onClose: () => void;
}) {
  const scores = useQuery({ ...playerScoresQuery(sessionId, row?.playerId ?? 0), enabled: !!row });
  const score = (evaluatorId: number, criterionId: number) =>
    scores.data?.scores.find((s) => s.evaluatorId === evaluatorId && s.criterionId === criterionId);
  const evaluators = results.evaluators.filter((e) => scores.data?.scores.some((s) => s.evaluatorId === e.id));
  const label = (kind: string, v: number) => (kind === 'yes_no' ? (v === 1 ? 'Yes' : 'No') : String(v));
  const severityOf = (evaluatorId: number, criterionId: number) =>
    fair.evaluators.find((e) => e.id === evaluatorId)?.criteria.find((c) => c.criterionId === criterionId)?.versusOthers ?? null;
  const mine = fair.players.find((p) => p.playerId === row?.playerId);
  const mean = (kind: string, v: number | null | undefined) =>
    v === null || v === undefined ? '–' : kind === 'yes_no' ? `${Math.round(v * 100)}% yes` : formatPercent(v);

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
        <>
          <Text size="xs" c="dimmed" mb="xs">
            In brackets: how much higher (+) or lower (−) that evaluator scores than the others on the same players (their severity on the
            criterion). The fair score takes those shifts out.
          </Text>
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
                      {s ? (s.measured ?? label(c.kind, s.score)) : '–'}
                      {s && !s.excluded ? (
                        <Text span size="xs" c="dimmed" ml={4} data-testid="score-severity">
                          (
                          {c.kind === 'yes_no'
                            ? signed((severityOf(e.id, c.criterionId) ?? 0) * 100, 0)
                            : signed(severityOf(e.id, c.criterionId))}
                          )
                        </Text>
                      ) : null}
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
            <Table.Tr>
              <Table.Th scope="row">Session mean</Table.Th>
              {results.criteria.map((c, i) => (
                <Table.Td key={c.criterionId}>{mean(c.kind, mine?.cells[i]?.raw)}</Table.Td>
              ))}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Fair score</Table.Th>
              {results.criteria.map((c, i) => (
                <Table.Td key={c.criterionId} fw={600}>
                  {mean(c.kind, mine?.cells[i]?.fair)}
                </Table.Td>
              ))}
            </Table.Tr>
          </DataTable>
        </>
      )}
    </Modal>
  );
}
