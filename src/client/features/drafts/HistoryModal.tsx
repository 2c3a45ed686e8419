import { Modal, Paper, Stack, Text } from '@mantine/core';
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
          // A list, not a table: the change's words need the width on a phone.
          return (
            <Stack component="ol" gap="xs" p={0} m={0} aria-label={`History of ${candidate.name}`} style={{ listStyle: 'none' }}>
              {mine.map((e, i) => (
                <Paper component="li" key={`${e.version}-${i}`} withBorder p="xs">
                  <Text size="xs" c="dimmed">
                    <time dateTime={e.created_at}>{dayjs(e.created_at).format('D MMM YYYY, HH:mm')}</time> · version {e.version}
                  </Text>
                  <Text size="sm">{e.text}</Text>
                  {e.reason ? (
                    <Text size="sm" c="dimmed">
                      Reason: {e.reason}
                    </Text>
                  ) : null}
                </Paper>
              ))}
            </Stack>
          );
        }}
      </QueryView>
    </Modal>
  );
}
