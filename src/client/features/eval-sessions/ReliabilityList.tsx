import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { FairReliability, SessionFair } from '../../../shared/schemas/session-fair';

const COLOR = { good: 'green', moderate: 'yellow', poor: 'red', unknown: 'gray' } as const;

function Line({ r }: { r: FairReliability }) {
  const details = [
    r.block.players ? `on ${r.block.players} players all scored by the same ${r.block.evaluators} evaluators` : null,
    r.reliability !== null && r.meanEvaluators !== null
      ? `the mean of the ${r.meanEvaluators} evaluators a player had: reliability ${r.reliability.toFixed(2)}`
      : null,
    r.evaluatorsNeeded !== null
      ? `${r.evaluatorsNeeded} ${r.evaluatorsNeeded === 1 ? 'evaluator reaches' : 'evaluators would reach'} 0.8`
      : null,
  ].filter(Boolean);
  return (
    <div>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={COLOR[r.verdict.level]} variant="light" style={{ flexShrink: 0 }}>
          {r.verdict.level === 'unknown' ? '?' : r.verdict.icc?.toFixed(2)}
        </Badge>
        <Text size="sm" fw={600}>
          {r.sentence}
        </Text>
      </Group>
      {details.length ? (
        <Text size="xs" c="dimmed" ml={4}>
          {details.join(' · ')}
        </Text>
      ) : null}
    </div>
  );
}

/** Agreement per criterion and for the total, in words (ICC(2,1), Spearman–Brown: ADR 0027). */
export function ReliabilityList({ fair }: { fair: SessionFair }) {
  return (
    <Stack gap="xs" data-testid="agreement">
      <Title order={2} size="h4">
        Agreement
      </Title>
      <Text size="xs" c="dimmed">
        How far evaluators agree when they score the same players, from 0 to 1: 0.75 or more is good agreement, below 0.5 they disagree and
        the ranking on that criterion is largely chance. Reliability is that of the mean each player actually got.
      </Text>
      {fair.criteria.map((c) => (
        <Line key={c.criterionId} r={c} />
      ))}
      <Line r={fair.total} />
    </Stack>
  );
}
