import { Badge, Button, Collapse, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { outboxQuery } from './api';

const STATUS_LABEL = { stored: 'Not sent (no SMTP)', sent: 'Sent', failed: 'Failed' } as const;
const STATUS_COLOR = { stored: 'gray', sent: 'green', failed: 'red' } as const;

/** Settings → Mail outbox (Superadmin): every e-mail the app produced; without SMTP, the only copy. */
export default function OutboxTab() {
  const [status, setStatus] = useState('');
  const [to, setTo] = useState('');
  const [debouncedTo] = useDebouncedValue(to.trim(), 300);
  const pager = useCursorPages();
  const [open, setOpen] = useState<number | null>(null);
  const params = new URLSearchParams({
    ...(pager.after ? { after: pager.after } : {}),
    ...(status ? { status } : {}),
    ...(debouncedTo ? { to: debouncedTo } : {}),
  });
  const outbox = useQuery({ ...outboxQuery(params.toString()), placeholderData: keepPreviousData });

  const pages = outbox.data ? Math.max(1, Math.ceil(outbox.data.total / outbox.data.pageSize)) : 1;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Messages with a password or sign-in link are kept here only while they are undelivered.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Status"
          data={[
            { value: '', label: 'All' },
            ...(['stored', 'sent', 'failed'] as const).map((s) => ({ value: s, label: STATUS_LABEL[s] })),
          ]}
          value={status}
          onChange={(v) => (setStatus(v ?? ''), pager.reset())}
          allowDeselect={false}
          w={200}
        />
        <TextInput
          label="Recipient"
          placeholder="Part of an address"
          value={to}
          onChange={(e) => (setTo(e.currentTarget.value), pager.reset())}
          w={240}
        />
      </Group>
      <QueryView query={outbox} isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <>
            <DataTable minWidth={600} verticalSpacing="sm" columns={['Date', 'To', 'Subject', 'Status', 'Message']}>
              {data.items.map((m) => (
                <Fragment key={m.id}>
                  <Table.Tr>
                    <Table.Td>
                      <Text size="sm">{dayjs(m.created_at).format('YYYY-MM-DD HH:mm')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {m.to_address}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.subject}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[m.status]} variant="light">
                        {STATUS_LABEL[m.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-expanded={open === m.id}
                        aria-label={`${open === m.id ? 'Hide' : 'Show'} the message to ${m.to_address}`}
                        onClick={() => setOpen(open === m.id ? null : m.id)}
                      >
                        {open === m.id ? 'Hide' : 'Show'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                  {open === m.id ? (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Collapse in>
                          {m.error ? (
                            <Text size="sm" c="red" mb="xs">
                              {m.error}
                            </Text>
                          ) : null}
                          <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                            {m.text}
                          </Text>
                        </Collapse>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              ))}
            </DataTable>
            <CursorPager page={pager.page} pages={pages} next={outbox.data?.next} onNext={pager.next} onPrevious={pager.previous} />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
