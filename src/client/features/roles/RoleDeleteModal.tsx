import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Role } from '../../../shared/schemas/role';
import { ApiError } from '../../lib/api';
import { useDeleteRole } from './api';

/** Delete confirmation; the server's refusal (built-in role, role with users) shows in the modal. */
export function RoleDeleteModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const remove = useDeleteRole();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [role]);

  const confirm = async () => {
    if (!role) return;
    try {
      await remove.mutateAsync(role);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not reach the server. Please try again.');
    }
  };

  return (
    <Modal opened={!!role} onClose={onClose} title="Delete Role" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>Are you sure you want to delete the role {role?.title}?</Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
