import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '../../../shared/messages';
import type { Team } from '../../../shared/schemas/team';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useDeleteTeam } from './api';

/** Delete Team confirmation (docs/product.md#screens): the players stay, only their membership of this team goes. */
export function TeamDeleteModal({ opened, team, onClose }: { opened: boolean; team: Team | null; onClose: () => void }) {
  const remove = useDeleteTeam();
  return (
    <ConfirmModal
      opened={opened && !!team}
      title="Delete Team"
      onClose={onClose}
      onConfirm={() => (team ? remove.mutateAsync(team) : Promise.resolve())}
    >
      <Text>{team ? MSG.deleteTeam(team.name) : null}</Text>
      {team ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {MSG.deleteTeamWarning(team.name)}
        </Alert>
      ) : null}
    </ConfirmModal>
  );
}
