import { Alert, Badge, Button, Group, List, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ImportHistoryItem, ImportKind } from '../../../shared/schemas/import';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { importHistoryQuery, undoImport } from './api';

/** The query key of the data each kind writes (refreshed after an undo). */
export const KIND_DATA: Record<ImportKind, string> = { players: 'players', evaluations: 'players', teams: 'teams', users: 'users' };

const when = (iso: string) => new Date(iso).toLocaleString();

const result = (h: ImportHistoryItem) =>
  `${h.counts.created} created, ${h.counts.updated} updated, ${h.counts.linked} linked, ${h.counts.skipped} skipped`;

function Errors({ errors }: { errors: string[] }) {
  if (!errors.length) return <Text size="sm">No errors</Text>;
  return (
    <List size="xs">
      {errors.slice(0, 5).map((e) => (
        <List.Item key={e}>{e}</List.Item>
      ))}
      {errors.length > 5 ? <List.Item>… and {errors.length - 5} more</List.Item> : null}
    </List>
  );
}

/** The import history: who, when, the file, the counts and the errors; Undo within 24 hours. */
export function ImportHistory({ kind }: { kind: ImportKind }) {
  const query = useQuery(importHistoryQuery(kind));
  const client = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [kept, setKept] = useState<{ id: number; list: string[] } | null>(null);
  const phone = useMediaQuery('(max-width: 36em)');

  const undo = async (id: number) => {
    setBusy(id);
    try {
      const res = await undoImport(id);
      setKept(res.data.kept.length ? { id, list: res.data.kept } : null);
      notifySuccess(res.message);
      await client.invalidateQueries({ queryKey: ['imports'] });
      await client.invalidateQueries({ queryKey: [KIND_DATA[kind]] });
    } catch (e) {
      notifyError(failureMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Import history
      </Title>
      {kept ? (
        <Alert color="orange" title={`Import ${kept.id} undone, except:`}>
          <List size="sm">
            {kept.list.map((k) => (
              <List.Item key={k}>{k}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <QueryView query={query} isEmpty={(d) => d.length === 0} noun="import history" emptyText="No imports yet.">
        {(items) =>
          phone ? (
            <Stack gap="xs" role="list" aria-label="Import history">
              {items.map((h) => (
                <Paper key={h.id} withBorder p="sm" role="listitem" data-import={h.id}>
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {h.file_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {when(h.committed_at)} by {h.by}
                    </Text>
                    <Text size="sm">{result(h)}</Text>
                    {h.status === 'undone' ? (
                      <Badge color="gray" variant="light">
                        Undone {h.undone_at ? when(h.undone_at) : ''}
                      </Badge>
                    ) : null}
                    <Errors errors={h.errors} />
                    {h.can_undo ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        loading={busy === h.id}
                        onClick={() => void undo(h.id)}
                        aria-label={`Undo import of ${h.file_name}`}
                      >
                        Undo
                      </Button>
                    ) : null}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table withTableBorder aria-label="Import history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>By</Table.Th>
                    <Table.Th>File</Table.Th>
                    <Table.Th>Result</Table.Th>
                    <Table.Th>Errors</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Undo</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((h) => (
                    <Table.Tr key={h.id} data-import={h.id}>
                      <Table.Td>{when(h.committed_at)}</Table.Td>
                      <Table.Td>{h.by}</Table.Td>
                      <Table.Td>{h.file_name}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{result(h)}</Text>
                        {h.status === 'undone' ? (
                          <Badge color="gray" variant="light">
                            Undone {h.undone_at ? when(h.undone_at) : ''}
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Errors errors={h.errors} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {h.can_undo ? (
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              loading={busy === h.id}
                              onClick={() => void undo(h.id)}
                              aria-label={`Undo import of ${h.file_name}`}
                            >
                              Undo
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryView>
    </Stack>
  );
}
