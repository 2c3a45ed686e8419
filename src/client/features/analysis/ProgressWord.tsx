import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PROGRESS_WORDS, type Progress } from '../../../shared/scoring';
import type { ChangeProgress } from '../../../shared/schemas/leaderboard';
import { progressExplanation, type MeasureUnitFace } from './progress-text';

const MARK: Record<Progress, string> = { improved: '▲', no_change: '●', declined: '▼' };

/** Improved / No clear change / Declined, with the rule and its number behind a focusable 44 px info button. */
export function ProgressWord({
  progress,
  measure,
}: {
  progress: Pick<ChangeProgress, 'progress' | 'swc' | 'swcSource'>;
  measure: MeasureUnitFace | null;
}) {
  const why = progressExplanation(progress, measure);
  return (
    <Group gap={2} wrap="wrap" justify="flex-end">
      {/* Plain text: coloured badges fail contrast on the light theme (axe). */}
      <Text size="sm" fw={700} ta="right" data-testid="progress-word">
        <span aria-hidden="true">{MARK[progress.progress]} </span>
        {PROGRESS_WORDS[progress.progress]}
      </Text>
      <Tooltip label={why} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
        <Button variant="subtle" size="compact-sm" h={44} miw={44} px={8} aria-label={`How progress is judged: ${why}`}>
          <IconInfoCircle size={18} />
        </Button>
      </Tooltip>
    </Group>
  );
}
