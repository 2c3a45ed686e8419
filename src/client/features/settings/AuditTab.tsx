import { Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { auditQuery } from './api';

const ACTION_LABEL: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  bulk_upload: 'Bulk upload',
  suspend: 'Suspended',
  reactivate: 'Reactivated',
  password_reset: 'Password reset',
  role_change: 'Permissions changed',
  remove_from_team: 'Removed from team',
};
const ACTION_COLOR: Record<string, string> = {
  delete: 'red',
  suspend: 'orange',
  role_change: 'grape',
  password_reset: 'blue',
  create: 'green',
};

const EMPTY = { entity: '', user: '', from: '', to: '' };

/** Settings → Audit log (Superadmin): who did what to which record, when; filterable and paged. */
export default function AuditTab() {
  const [filters, setFilters] = useState(EMPTY);
  const pager = useCursorPages();
  const set = (key: keyof typeof EMPTY, value: string) => (setFilters((f) => ({ ...f, [key]: value })), pager.reset());
  const params = new URLSearchParams(pager.after ? { after: pager.after } : {});
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  const audit = useQuery({ ...auditQuery(params.toString()), placeholderData: keepPreviousData });

  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Record type"
          data={[{ value: '', label: 'All' }, ...(data?.entities ?? []).map((e) => ({ value: e, label: e }))]}
          value={filters.entity}
          onChange={(v) => set('entity', v ?? '')}
          allowDeselect={false}
          w={170}
        />
        <Select
          label="User"
          searchable
          data={[{ value: '', label: 'Everyone' }, ...(data?.users ?? []).map((u) => ({ value: String(u.id), label: u.name }))]}
          value={filters.user}
          onChange={(v) => set('user', v ?? '')}
          allowDeselect={false}
          w={200}
        />
        <TextInput label="From" type="date" value={filters.from} onChange={(e) => set('from', e.currentTarget.value)} w={160} />
        <TextInput label="To" type="date" value={filters.to} onChange={(e) => set('to', e.currentTarget.value)} w={160} />
        <Button variant="default" onClick={() => (setFilters(EMPTY), pager.reset())}>
          Clear filters
        </Button>
      </Group>
      <QueryView query={audit} isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <>
            <Text size="sm" c="dimmed">
              {data.total} entr{data.total === 1 ? 'y' : 'ies'}
            </Text>
            <DataTable minWidth={700} striped verticalSpacing="sm" columns={['When', 'Who', 'Action', 'Record', 'Summary']}>
              {data.items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {dayjs(a.created_at).format('YYYY-MM-DD HH:mm')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{a.user_name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={ACTION_COLOR[a.action] ?? 'gray'}>
                      {ACTION_LABEL[a.action] ?? a.action}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {a.entity}
                      {a.entity_id !== null ? ` #${a.entity_id}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={420}>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {a.summary}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            <CursorPager page={pager.page} pages={pages} next={data?.next} onNext={pager.next} onPrevious={pager.previous} />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
