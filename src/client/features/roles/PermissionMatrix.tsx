import { Checkbox, Group, Table, Text } from '@mantine/core';
import { permissionsAt, SECTIONS, type Level, type Permissions, type Section } from '../../../shared/permissions';
import { SECTION_LABELS } from '../../../shared/schemas/role';
import { DataTable } from '../../components/DataTable';

export interface MatrixValue {
  admin: boolean;
  permissions: Permissions;
}

interface Props {
  value: MatrixValue;
  onChange: (next: MatrixValue) => void;
  /** The signed-in user's own levels: nobody grants more than they have (the server checks too). */
  ceiling: Permissions;
  /** Only Superadmin may set the Admin option. */
  canSetAdmin: boolean;
  invalid?: boolean;
}

/**
 * docs/product.md#validation permissions matrix: per section none / read / write as two checkboxes. Write needs read
 * (turning read off turns write off and disables it); Select All toggles everything the user may
 * grant; the Admin option under user management gives user management level 1.
 */
export function PermissionMatrix({ value, onChange, ceiling, canSetAdmin, invalid }: Props) {
  const { permissions, admin } = value;
  const grantable = (s: Section, level: Level) => ceiling[s] >= level;
  const full = SECTIONS.every((s) => permissions[s] === ceiling[s]) && (!canSetAdmin || admin);

  const set = (section: Section, level: Level) => {
    const next = { ...permissions, [section]: level };
    // Admin needs user management read: taking read away takes admin away too.
    onChange({ permissions: next, admin: section === 'user_management' && level === 0 ? false : admin });
  };

  const selectAll = (on: boolean) =>
    onChange({
      permissions: on ? (Object.fromEntries(SECTIONS.map((s) => [s, ceiling[s]])) as Permissions) : permissionsAt(0),
      admin: on ? canSetAdmin : false,
    });

  const setAdmin = (on: boolean) =>
    onChange({
      admin: on,
      permissions: on && permissions.user_management === 0 ? { ...permissions, user_management: 1 } : permissions,
    });

  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm" id="permissions-label">
          Permissions
        </Text>
        <Checkbox
          label="Select All"
          checked={full}
          indeterminate={!full && SECTIONS.some((s) => permissions[s] > 0)}
          onChange={(e) => selectAll(e.currentTarget.checked)}
        />
      </Group>
      <DataTable
        aria-labelledby="permissions-label"
        withTableBorder
        verticalSpacing={6}
        style={invalid ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
        columns={['Section', <Table.Th ta="center">Read</Table.Th>, <Table.Th ta="center">Write</Table.Th>]}
      >
        {SECTIONS.map((s) => {
          const level = permissions[s];
          return (
            <Table.Tr key={s}>
              <Table.Td>
                <Text size="sm">{SECTION_LABELS[s]}</Text>
                {s === 'user_management' ? (
                  <>
                    <Checkbox
                      mt={4}
                      size="xs"
                      label="Admin"
                      aria-describedby="admin-option-help"
                      checked={admin}
                      disabled={!canSetAdmin}
                      onChange={(e) => setAdmin(e.currentTarget.checked)}
                    />
                    <Text id="admin-option-help" size="xs" mt={2}>
                      {canSetAdmin ? 'Admin role (gives read)' : 'Only a Superadmin can set this'}
                    </Text>
                  </>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group justify="center">
                  <Checkbox
                    aria-label={`${SECTION_LABELS[s]} read`}
                    checked={level >= 1}
                    disabled={!grantable(s, 1)}
                    onChange={(e) => set(s, e.currentTarget.checked ? 1 : 0)}
                    size="md"
                  />
                </Group>
              </Table.Td>
              <Table.Td>
                <Group justify="center">
                  <Checkbox
                    aria-label={`${SECTION_LABELS[s]} write`}
                    checked={level === 2}
                    disabled={level < 1 || !grantable(s, 2)}
                    onChange={(e) => set(s, e.currentTarget.checked ? 2 : 1)}
                    size="md"
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>
    </div>
  );
}
