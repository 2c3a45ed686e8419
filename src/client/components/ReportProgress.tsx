import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  measuredPercentileText,
  progressExplanation,
  type SnapshotMeasured,
  type SnapshotProgress,
} from '../../shared/schemas/report-snapshot';

const COLOR: Record<SnapshotProgress['progress'], string> = { improved: 'teal.8', no_change: 'dimmed', declined: 'orange.9' };

/**
 * A report's change since the last report by the real-progress rule (docs/product.md#reports): the
 * frozen words, and why they read so behind a 44 px info button that opens on hover, focus and touch.
 */
export function ProgressNote({ progress, of, prefix }: { progress: SnapshotProgress; of: string; prefix: string }) {
  const why = progressExplanation(progress, of);
  return (
    <Group gap={2} wrap="nowrap" align="center">
      <Text size="sm" c={COLOR[progress.progress]} fw={600}>
        {prefix}: {progress.words}
      </Text>
      <Tooltip label={why} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
        <Button variant="subtle" size="compact-sm" h={44} miw={44} px={8} aria-label={`How change is judged: ${why}`}>
          <IconInfoCircle size={18} aria-hidden />
        </Button>
      </Tooltip>
    </Group>
  );
}

/** A measured test's line: the player's own value, points and basis, and their own percentile when there is one. */
export function MeasuredNote({ measured }: { measured: SnapshotMeasured }) {
  return (
    <>
      <Text size="sm">{measured.label}</Text>
      {measured.percentile ? (
        <Text size="sm" c="dimmed">
          {measuredPercentileText(measured.percentile)}
        </Text>
      ) : null}
    </>
  );
}
