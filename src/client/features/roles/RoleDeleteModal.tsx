import { Text } from '@mantine/core';
import type { Role } from '../../../shared/schemas/role';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useDeleteRole } from './api';

/** Delete confirmation; the server's refusal (built-in role, role with users) shows in the modal. */
export function RoleDeleteModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const remove = useDeleteRole();
  return (
    <ConfirmModal
      opened={!!role}
      title="Delete Role"
      onClose={onClose}
      onConfirm={() => (role ? remove.mutateAsync(role) : Promise.resolve())}
    >
      <Text>Are you sure you want to delete the role {role?.title}?</Text>
    </ConfirmModal>
  );
}
