import { Text } from '@mantine/core';
import type { User } from '../../../shared/schemas/user';
import { ConfirmModal } from '../../components/ConfirmModal';
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
  const copy = target ? COPY[target.action] : null;
  return (
    <ConfirmModal
      opened={!!target}
      title={copy?.title ?? ''}
      confirmLabel={copy?.confirm ?? ''}
      color={copy?.color ?? 'blue'}
      onClose={onClose}
      onConfirm={() => (target ? run.mutateAsync(target) : Promise.resolve())}
    >
      <Text>{target && copy ? copy.text(`${target.user.first_name} ${target.user.last_name}`) : null}</Text>
    </ConfirmModal>
  );
}
