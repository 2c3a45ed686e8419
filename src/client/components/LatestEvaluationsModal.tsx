import { Anchor, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EVALUATION_MODAL_ITEMS } from '../../shared/constants';
import { formatPercent } from '../../shared/scoring';
import { currentEvaluationsQuery } from './api';
import { DataTable } from './DataTable';
import { QueryView } from './QueryView';

/**
 * The evaluation modal of a player card (docs/product.md#players-list, #limits): the latest 5 evaluations and
 * 'See more' (to the evaluation page) when there are more than 4.
 */
export function LatestEvaluationsModal({
  playerId,
  playerName,
  opened,
  onClose,
}: {
  playerId: number;
  playerName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const query = useQuery({ ...currentEvaluationsQuery(playerId), enabled: opened });
  const all = query.data?.evaluations ?? [];
  const latest = all.slice(0, EVALUATION_MODAL_ITEMS);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${playerName} – Evaluation`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <QueryView query={query} isEmpty={() => latest.length === 0}>
        {(data) => (
          <Stack gap="sm">
            <Text size="sm">
              Total score:{' '}
              <Text component="span" fw={700}>
                {formatPercent(data.totalScore)}%
              </Text>
            </Text>
            <DataTable minWidth={320} striped verticalSpacing="xs" columns={['Criteria', 'Score', 'Date']}>
              {latest.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{e.criteria}</Table.Td>
                  <Table.Td>{e.scoreLabel}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.date}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            {all.length > EVALUATION_MODAL_ITEMS - 1 ? (
              <Group justify="flex-end">
                <Anchor component={Link} to={`/app/player/${playerId}/evaluation`} onClick={onClose}>
                  See more
                </Anchor>
              </Group>
            ) : null}
          </Stack>
        )}
      </QueryView>
    </Modal>
  );
}
