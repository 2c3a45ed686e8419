import { Group, Progress, Text } from '@mantine/core';
import { formatPercent } from '../../../shared/scoring';
import { Panel } from './Panel';
import classes from './players.module.css';

/** SCORE: the player's total (Σ of current evaluations, shared scoring module) as a percent bar. */
export function ScorePanel({ total }: { total: number }) {
  const shown = formatPercent(total);
  return (
    <Panel title="SCORE">
      <Group justify="space-between" mb={6}>
        <Text size="xl" fw={700}>
          {shown}%
        </Text>
        {total === 0 ? (
          <Text size="sm" className={classes.muted}>
            No evaluations yet
          </Text>
        ) : null}
      </Group>
      <Progress value={Math.max(0, Math.min(100, Number(shown)))} size="lg" radius="xl" aria-label={`Score ${shown}%`} />
    </Panel>
  );
}
