import { Alert, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../shared/messages';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useCan } from '../../lib/auth';
import { teamOptionsQuery, useDeletePlayer } from './api';

interface Props {
  player: { id: number; name: string; player_email: string | null; teams: { id: number; name: string }[] } | null;
  onClose: () => void;
  /** May return the navigation away from the deleted player, awaited before the lists refresh. */
  onDeleted?: () => unknown;
}

/** Delete Player: the confirmation says everything that goes with the player (issue 3 item 6). */
export function DeletePlayerModal({ player, onClose, onDeleted }: Props) {
  const remove = useDeletePlayer(onDeleted);
  const can = useCan();
  // Coaches (teams < 2) delete only players all of whose teams they coach (the server refuses others).
  const scoped = !can('teams', 2);
  const own = useQuery({ ...teamOptionsQuery, enabled: !!player && scoped });
  const ownIds = new Set((own.data ?? []).map((t) => t.id));
  const foreign = player && scoped && own.data ? player.teams.filter((t) => !ownIds.has(t.id)) : [];
  const confirm = async () => {
    if (!player) return;
    await remove.mutateAsync(player.id);
  };
  return (
    <ConfirmModal
      opened={!!player}
      title="Delete Player"
      onClose={onClose}
      onConfirm={confirm}
      blocked={foreign.length > 0}
      disabled={scoped && !own.data}
    >
      {foreign.length ? (
        <Alert color="yellow" variant="light" title="Cannot delete this player">
          <Text size="sm">{MSG.playerSharedDelete}</Text>
          <Text size="sm" mt={4}>
            Also in: {foreign.map((t) => t.name).join(', ')}
          </Text>
        </Alert>
      ) : (
        <>
          <Text>Are you sure you want to delete {player?.name}?</Text>
          <Alert color="red" variant="light" title="This cannot be undone">
            <Text size="sm">Deleting the player also deletes, for every team:</Text>
            <List size="sm" mt={4}>
              <List.Item>all their evaluations and evaluation history</List.Item>
              <List.Item>all notes and achievements</List.Item>
              <List.Item>their analysis videos, PDF and photo</List.Item>
              {player?.player_email ? <List.Item>their sign-in account ({player.player_email})</List.Item> : null}
            </List>
          </Alert>
        </>
      )}
    </ConfirmModal>
  );
}
