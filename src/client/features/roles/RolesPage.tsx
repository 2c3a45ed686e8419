import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { UNDELETABLE_ROLE_KEYS, type Role } from '../../../shared/schemas/role';
import { ActionsHeading, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { ApiError } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { rolesQuery } from './api';
import { RoleDeleteModal } from './RoleDeleteModal';
import { RoleFormModal } from './RoleFormModal';

const SHOWN_NAMES = 6;

function UserNames({ role }: { role: Role }) {
  if (role.users.length === 0)
    return (
      <Text c="dimmed" size="sm">
        —
      </Text>
    );
  const names = role.users
    .slice(0, SHOWN_NAMES)
    .map((u) => `${u.first_name} ${u.last_name}`)
    .join(', ');
  const more = role.users.length - SHOWN_NAMES;
  return (
    <Text size="sm">
      {names}
      {more > 0 ? ` and ${more} more` : ''}
    </Text>
  );
}

/** A row's icon button; while the role cannot be changed, it is disabled and its tooltip says why. */
function RoleAction({
  label,
  blocked,
  color,
  onClick,
  children,
}: {
  label: string;
  blocked: string | null;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={blocked ?? label}>
      <ActionIcon variant="subtle" color={color} size="lg" aria-label={label} disabled={!!blocked} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** /app/roles (user management write): the roles, their users, and the add/edit/delete modals. */
export default function RolesPage() {
  const { data: me } = useMe();
  const roles = useQuery(rolesQuery);
  const [editing, setEditing] = useState<Role | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Role | null>(null);

  if (roles.error instanceof ApiError && roles.error.status === 403) return <Navigate to="/app/unauthorized" replace />;
  if (!me) return null;
  const superadmin = me.roleKey === 'superadmin';
  // Mirrors the server's rules so people only see the actions they may take.
  const editBlock = (role: Role): string | null => {
    if (role.id === me.role) return 'You cannot change your own role';
    if (role.key === 'superadmin' || (role.admin && !superadmin)) return 'Only a Superadmin can change admin roles';
    return null;
  };
  const deletable = (role: Role) => !role.key || !(UNDELETABLE_ROLE_KEYS as readonly string[]).includes(role.key);

  return (
    <>
      <PageHeader title="Roles and Permissions">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add Role
        </Button>
      </PageHeader>
      <QueryView query={roles} isEmpty={(data) => data.length === 0}>
        {(data) => (
          <DataTable
            minWidth={300}
            striped
            highlightOnHover
            verticalSpacing="sm"
            columns={['Title', 'Users', <Table.Th visibleFrom="sm">Members</Table.Th>, <ActionsHeading />]}
          >
            {data.map((role) => {
              const blocked = editBlock(role);
              return (
                <Table.Tr key={role.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600}>{role.title}</Text>
                      {role.admin ? (
                        <Badge size="sm" variant="light">
                          Admin
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{role.userCount}</Table.Td>
                  <Table.Td maw={420} visibleFrom="sm">
                    <UserNames role={role} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <RoleAction label={`Edit ${role.title}`} blocked={blocked} onClick={() => setEditing(role)}>
                        <IconPencil size={18} />
                      </RoleAction>
                      {deletable(role) ? (
                        <RoleAction label={`Delete ${role.title}`} blocked={blocked} color="red" onClick={() => setDeleting(role)}>
                          <IconTrash size={18} />
                        </RoleAction>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        )}
      </QueryView>
      <RoleFormModal opened={adding || !!editing} role={editing} onClose={() => (setAdding(false), setEditing(null))} />
      <RoleDeleteModal role={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
