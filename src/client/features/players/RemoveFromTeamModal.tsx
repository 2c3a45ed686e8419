import { Text } from '@mantine/core';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useRemoveFromTeam } from './api';
import classes from './players.module.css';

interface Props {
  player: { id: number; name: string } | null;
  team: { id: number; name: string };
  onClose: () => void;
}

/** Remove from Team (team route only): only the membership goes; the player stays in the club. */
export function RemoveFromTeamModal({ player, team, onClose }: Props) {
  const remove = useRemoveFromTeam(team.id);
  const confirm = async () => {
    if (!player) return;
    await remove.mutateAsync(player.id);
  };
  return (
    <ConfirmModal opened={!!player} title="Remove from Team" confirmLabel="Remove" onClose={onClose} onConfirm={confirm}>
      <Text>
        Remove {player?.name} from {team.name}?
      </Text>
      <Text size="sm" className={classes.muted}>
        The player stays in the club with their evaluations, notes and achievements.
      </Text>
    </ConfirmModal>
  );
}
