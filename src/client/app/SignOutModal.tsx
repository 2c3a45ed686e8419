import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

interface Props {
  pending: number;
  /** Sends every waiting score it can; answers how many still wait. */
  syncAll: () => Promise<number>;
  onSignOut: () => void;
  onClose: () => void;
}

/** Signing out with scores still on the device: send them first, or keep them for the next sign-in. */
export function SignOutModal({ pending, syncAll, onSignOut, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const syncFirst = async () => {
    setBusy(true);
    setFailed(false);
    const left = await syncAll();
    setBusy(false);
    if (left === 0) onSignOut();
    else setFailed(true);
  };
  return (
    <Modal opened onClose={onClose} title="Scores not synced yet" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text>
          {pending} score{pending === 1 ? ' has' : 's have'} not reached the server yet. They stay on this device for your next sign-in;
          nobody else who signs in here sees or sends them.
        </Text>
        {failed ? (
          <Text c="red" role="alert">
            Could not sync now. Check the connection, or keep the scores on this device.
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="light" onClick={onSignOut}>
            Keep on this device
          </Button>
          <Button loading={busy} onClick={() => void syncFirst()}>
            Sync now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
