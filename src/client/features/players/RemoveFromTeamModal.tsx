import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiPost } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useRefreshPlayers } from './api';
import classes from './players.module.css';

interface Props {
  player: { id: number; name: string } | null;
  team: { id: number; name: string };
  onClose: () => void;
}

/** Remove from Team (team route only): only the membership goes; the player stays in the club. */
export function RemoveFromTeamModal({ player, team, onClose }: Props) {
  const refresh = useRefreshPlayers();
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({ mutationFn: (id: number) => apiPost(`/api/team/${team.id}/player/${id}/remove`) });
  const confirm = async () => {
    if (!player) return;
    try {
      await remove.mutateAsync(player.id);
      notifySuccess();
      onClose();
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not reach the server. Please try again.');
    }
  };
  return (
    <Modal
      opened={!!player}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title="Remove from Team"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>
          Remove {player?.name} from {team.name}?
        </Text>
        <Text size="sm" className={classes.muted}>
          The player stays in the club with their evaluations, notes and achievements.
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            Error: {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
