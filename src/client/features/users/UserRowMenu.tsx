import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEye, IconKey, IconPencil, IconPlayerPause, IconPlayerPlay, IconShirtSport, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Me } from '../../../shared/schemas/auth';
import { can } from '../../../shared/permissions';
import { USER_SUSPENDED, type User } from '../../../shared/schemas/user';
import type { UserAction } from './api';

interface Props {
  user: User;
  me: Me;
  /** The user's role is within the signed-in user's own levels (not admin, unless Superadmin). */
  manageable: boolean;
  onEdit: () => void;
  onAction: (action: UserAction) => void;
}

/** docs/product.md#screens row menu; each item only when the signed-in user may use it (the server checks again). */
export function UserRowMenu({ user, me, manageable, onEdit, onAction }: Props) {
  const write = can(me, 'user_management', 2) && manageable;
  const self = user.id === me.id;
  const viewTeams = user.isCoach && can(me, 'teams', 2);
  const viewProfile = user.isPlayer && user.player !== null && can(me, 'players', 1);
  if (!write && !viewTeams && !viewProfile) return null;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {write ? (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Menu.Item>
        ) : null}
        {viewTeams ? (
          <Menu.Item leftSection={<IconShirtSport size={16} />} component={Link} to={`/app/coach/${user.id}/teams`}>
            View Teams
          </Menu.Item>
        ) : null}
        {viewProfile ? (
          <Menu.Item leftSection={<IconEye size={16} />} component={Link} to={`/app/player/${user.player}`}>
            View Profile
          </Menu.Item>
        ) : null}
        {write && !self ? (
          user.status === USER_SUSPENDED ? (
            <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => onAction('reactivate')}>
              Reactivate user
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => onAction('suspend')}>
              Suspend user
            </Menu.Item>
          )
        ) : null}
        {write && !self && !user.isPlayer ? (
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onAction('reset-password')}>
            Reset Password
          </Menu.Item>
        ) : null}
        {write && !self ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onAction('delete')}>
            Delete
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
