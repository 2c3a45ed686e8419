import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { removeEntries, type OutboxEntry } from './store';

/**
 * Refused scores this sheet has no row for (another team or criterion, or a player who left the
 * team): they stay on the device, listed here, until the coach discards them.
 */
export function NeedsAttention({ entries }: { entries: OutboxEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={`${entries.length} score${entries.length === 1 ? ' needs' : 's need'} attention`}
    >
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((e) => (
          <Group component="li" key={e.client_id} justify="space-between" gap="xs">
            <Text size="sm">
              {e.message ?? 'The server refused this score.'} (score {String(e.score)}, {e.date})
            </Text>
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => void removeEntries([e.client_id])}>
              Discard
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
