import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '../../../shared/messages';
import type { Resource } from '../../../shared/schemas/resource';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteResource } from './api';

export function DeleteResourceModal({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const del = useDeleteResource();
  const confirm = () => {
    if (!resource) return;
    del.mutate(resource, {
      onSuccess: () => {
        notifySuccess();
        onClose();
      },
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete the resource.'),
    });
  };
  return (
    <Modal opened={!!resource} onClose={onClose} title="Delete Resource" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text>{MSG.deleteResource}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={del.isPending}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
