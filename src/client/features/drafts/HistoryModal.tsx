import { Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { BoardCandidate } from '../../../shared/schemas/draft';
import { QueryView } from '../../components/QueryView';
import { historyQuery } from './api';

/**
 * One candidate's decision history (docs/product.md#draft-board): the draft's append-only events that
 * name this player, oldest first, with who made them and a revision's reason. Events about the whole
 * board (Suggest, an added session) name nobody and are left out here.
 */
export function HistoryModal({ draftId, candidate, onClose }: { draftId: number; candidate: BoardCandidate; onClose: () => void }) {
  const history = useQuery(historyQuery(draftId));
  return (
    <Modal opened onClose={onClose} title={`History of ${candidate.name}`} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <QueryView query={history} noun="history" isEmpty={() => false}>
        {(events) => {
          const mine = events.filter((e) => e.player_id === candidate.player_id);
          if (!mine.length)
            return (
              <Text c="dimmed">No change has been made to {candidate.name} on this draft yet: the history starts with the first one.</Text>
            );
          return (
            <Table.ScrollContainer minWidth={420}>
              <Table striped aria-label={`History of ${candidate.name}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Change</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {mine.map((e, i) => (
                    <Table.Tr key={`${e.version}-${i}`}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <time dateTime={e.created_at}>{dayjs(e.created_at).format('D MMM YYYY, HH:mm')}</time>
                        <Text size="xs" c="dimmed">
                          Version {e.version}
                        </Text>
                      </Table.Td>
                      <Table.Td>{e.text}</Table.Td>
                      <Table.Td>
                        {e.reason ?? (
                          <Text span c="dimmed">
                            –
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          );
        }}
      </QueryView>
    </Modal>
  );
}
