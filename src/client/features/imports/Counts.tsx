import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ImportCounts } from '../../../shared/schemas/import';

const LABELS: [keyof ImportCounts, string][] = [
  ['created', 'Created'],
  ['updated', 'Updated'],
  ['linked', 'Linked'],
  ['skipped', 'Skipped'],
];

/** The four counts of a preview or a finished import, each labelled (read by screen readers as "Created 3"). */
export function Counts({ counts, label }: { counts: ImportCounts; label: string }) {
  return (
    <SimpleGrid cols={4} spacing="xs" maw={480} role="group" aria-label={label}>
      {LABELS.map(([key, text]) => (
        <Paper key={key} withBorder p="xs" data-count={key}>
          <Text size="xs" c="dimmed">
            {text}
          </Text>
          <Text fw={700} size="lg">
            {counts[key]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
