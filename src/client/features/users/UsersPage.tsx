import { Button, Group, Menu, Select, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { USER_SUSPENDED, type User } from '../../../shared/schemas/user';
import { ActionsHeading, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { QueryView } from '../../components/QueryView';
import { ApiError } from '../../lib/api';
import { useCan, useMe } from '../../lib/auth';
import { rolesQuery, usersQuery, type UserAction } from './api';
import { UserActionModal } from './UserActionModal';
import { UserBulkModal } from './UserBulkModal';
import { UserFormModal } from './UserFormModal';
import { UserRowMenu } from './UserRowMenu';
import { useAssignableRoles } from './useAssignableRoles';

/** /app/users (user management ≥ 1): table, role filter, add single/bulk and the row actions. */
export default function UsersPage() {
  const { data: me } = useMe();
  const can = useCan();
  const [roleFilter, setRoleFilter] = useState<string | null>(null);
  const pager = useCursorPages();
  const users = useQuery(usersQuery(roleFilter, pager.after));
  const roles = useQuery(rolesQuery);
  // Users of these roles are the signed-in user's to manage (server rule: admin roles and higher levels are not).
  const manageable = new Set(useAssignableRoles(roles.data).map((r) => r.id));
  const [form, setForm] = useState<{ user: User | null } | null>(null);
  const [bulk, setBulk] = useState(false);
  const [action, setAction] = useState<{ user: User; action: UserAction } | null>(null);

  if (users.error instanceof ApiError && users.error.status === 403) return <Navigate to="/app/unauthorized" replace />;
  if (!me) return null;
  const list = users.data?.data ?? [];
  const shown = list;

  return (
    <>
      <PageHeader title="Users">
        <Select
          label="Filter by"
          aria-label="Filter by role"
          data={[{ value: '', label: 'All Roles' }, ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.title }))]}
          value={roleFilter ?? ''}
          onChange={(v) => (setRoleFilter(v || null), pager.reset())}
          allowDeselect={false}
          w={200}
        />
        {can('user_management', 2) ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button rightSection={<IconChevronDown size={16} />} mt={{ base: 0, xs: 24 }}>
                Add New User
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setForm({ user: null })}>Add Single</Menu.Item>
              <Menu.Item onClick={() => setBulk(true)}>Add Bulk</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </PageHeader>
      <QueryView query={users} isEmpty={() => list.length === 0}>
        {() => (
          <>
            <DataTable
              minWidth={300}
              striped
              highlightOnHover
              verticalSpacing="sm"
              columns={[
                'Name',
                <Table.Th visibleFrom="sm">Email Address</Table.Th>,
                <Table.Th visibleFrom="sm">Role</Table.Th>,
                <ActionsHeading />,
              ]}
            >
              {shown.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {u.first_name} {u.last_name}
                      </Text>
                      {u.status === USER_SUSPENDED ? (
                        <Tooltip label="Suspended">
                          <IconUserOff size={18} color="var(--mantine-color-orange-7)" role="img" aria-label="Suspended" />
                        </Tooltip>
                      ) : null}
                    </Group>
                    {/* Phones: the e-mail and role columns fold under the name. */}
                    <Text hiddenFrom="sm" size="xs" style={{ wordBreak: 'break-all' }}>
                      {u.email}
                    </Text>
                    <Text hiddenFrom="sm" size="xs">
                      {u.role_title}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {u.email}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{u.role_title}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <UserRowMenu
                        user={u}
                        me={me}
                        manageable={roles.data ? manageable.has(u.role) : !u.role_admin || me.roleKey === 'superadmin'}
                        onEdit={() => setForm({ user: u })}
                        onAction={(a) => setAction({ user: u, action: a })}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            <Group justify="center" mt="md">
              <CursorPager page={pager.page} next={users.data?.next} onNext={pager.next} onPrevious={pager.previous} />
            </Group>
          </>
        )}
      </QueryView>
      <UserFormModal opened={!!form} user={form?.user ?? null} onClose={() => setForm(null)} />
      <UserBulkModal opened={bulk} onClose={() => setBulk(false)} />
      <UserActionModal target={action} onClose={() => setAction(null)} />
    </>
  );
}
