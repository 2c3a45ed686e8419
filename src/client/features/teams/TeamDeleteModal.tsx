import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '../../../shared/messages';
import type { Team } from '../../../shared/schemas/team';
import { ApiError } from '../../lib/api';
import { useDeleteTeam } from './api';

/** Delete Team confirmation (SPEC §2): the players stay, only their membership of this team goes. */
export function TeamDeleteModal({ opened, team, onClose }: { opened: boolean; team: Team | null; onClose: () => void }) {
  const remove = useDeleteTeam();
  const confirm = async () => {
    if (!team) return;
    try {
      await remove.mutateAsync(team);
      onClose();
    } catch {
      // The error stays visible in the modal (remove.error) until the next try or close.
    }
  };
  const close = () => {
    remove.reset();
    onClose();
  };
  const error = remove.error ? (remove.error instanceof ApiError ? remove.error.message : 'Could not reach the server. Please try again.') : null;

  return (
    <Modal opened={opened} onClose={close} title="Delete Team" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {team ? (
        <Stack>
          <Text>{MSG.deleteTeam(team.name)}</Text>
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {MSG.deleteTeamWarning(team.name)}
          </Alert>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              Error: {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
