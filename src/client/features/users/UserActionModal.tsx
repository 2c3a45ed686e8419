import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { User } from '../../../shared/schemas/user';
import { ApiError } from '../../lib/api';
import { useUserAction, type UserAction } from './api';

const COPY: Record<UserAction, { title: string; confirm: string; color: string; text: (name: string) => string }> = {
  suspend: {
    title: 'Suspend user',
    confirm: 'Suspend',
    color: 'orange',
    text: (n) => `Suspend ${n}? They are signed out at once and cannot sign in until reactivated.`,
  },
  reactivate: { title: 'Reactivate user', confirm: 'Reactivate', color: 'green', text: (n) => `Reactivate ${n}? They can sign in again.` },
  delete: {
    title: 'Delete user',
    confirm: 'Delete',
    color: 'red',
    text: (n) => `Are you sure you want to delete ${n}? This cannot be undone.`,
  },
  'reset-password': {
    title: 'Reset Password',
    confirm: 'Reset Password',
    color: 'blue',
    text: (n) => `Reset the password of ${n}? They are signed out and receive a temporary password by e-mail, valid for 24 hours.`,
  },
};

/** Confirmation for a row action; the server's refusal (e.g. a coach with teams) shows here. */
export function UserActionModal({ target, onClose }: { target: { user: User; action: UserAction } | null; onClose: () => void }) {
  const run = useUserAction();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [target]);
  const copy = target ? COPY[target.action] : null;

  const confirm = async () => {
    if (!target) return;
    try {
      await run.mutateAsync(target);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not reach the server. Please try again.');
    }
  };

  return (
    <Modal opened={!!target} onClose={onClose} title={copy?.title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>{target && copy ? copy.text(`${target.user.first_name} ${target.user.last_name}`) : null}</Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={copy?.color} onClick={() => void confirm()} loading={run.isPending}>
            {copy?.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
