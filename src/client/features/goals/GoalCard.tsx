import { Anchor, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconInfoCircle } from '@tabler/icons-react';
import { PROGRESS_WORDS } from '../../../shared/scoring';
import { GOAL_STATE_WORDS, type Goal } from '../../../shared/schemas/goal';
import { scoreLabel } from '../../../shared/schemas/evaluation';
import { GoalHistory } from './GoalHistory';

const STATE_COLOR: Record<Goal['state'], string> = {
  active: 'blue',
  achieved: 'green',
  not_achieved: 'orange',
  dropped: 'gray',
  proposed: 'grape',
  declined: 'gray',
};
const PROGRESS_MARK = { improved: '▲', no_change: '●', declined: '▼' } as const;

const label = (g: Goal, v: number | null) => (v === null ? '–' : g.levelKind ? scoreLabel(g.levelKind, v) : String(v));

/** docs/product.md#goals: the rule behind "improved / no clear change / declined", in the tooltip. */
export function progressExplanation(g: Goal): string {
  const swc = g.swc === null ? null : Math.round(g.swc * 100) / 100;
  return swc === null
    ? 'Too few players are scored on this criterion to tell noise from progress, so any change counts as it is.'
    : `A change counts as real when it is at least ${swc} points: 0.2 × the spread (standard deviation) of the club's current scores on this criterion. Smaller changes are "No clear change".`;
}

/** One goal: where the player was, is and aims to be, by when, its state, check-ins and resources. */
export function GoalCard({ goal: g, actions }: { goal: Goal; actions?: ReactNode }) {
  const headingId = `goal-${g.id}-title`;
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-labelledby={headingId} data-testid={`goal-${g.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Text fw={600} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {g.title}
          </Text>
          <Badge color={STATE_COLOR[g.state]} variant="light">
            {GOAL_STATE_WORDS[g.state]}
          </Badge>
        </Group>
        {g.criterionId !== null ? (
          <Text size="sm">
            Now {label(g, g.latest ?? g.baseline)} · Target {label(g, g.target)}
            {g.baseline !== null && g.latest !== null ? ` · Was ${label(g, g.baseline)}` : ''}
          </Text>
        ) : null}
        {g.progress ? (
          <Group gap={4}>
            {/* Plain text: coloured badges fail contrast on the light theme (axe). */}
            <Text size="sm" fw={700}>
              <span aria-hidden="true">{PROGRESS_MARK[g.progress]} </span>
              {PROGRESS_WORDS[g.progress]}
            </Text>
            <Tooltip label={progressExplanation(g)} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
              <Button
                variant="subtle"
                size="compact-sm"
                h={44}
                miw={44}
                px={8}
                aria-label={`How progress is judged: ${progressExplanation(g)}`}
              >
                <IconInfoCircle size={18} />
              </Button>
            </Tooltip>
          </Group>
        ) : null}
        <Text size="sm" c="dimmed">
          Due {g.dueOn}
          {g.state !== 'active' && g.state !== 'proposed' ? ` · ${GOAL_STATE_WORDS[g.state]} on ${g.stateChangedAt.slice(0, 10)}` : ''}
        </Text>
        {g.state === 'proposed' ? (
          <Text size="sm" c="dimmed">
            Proposed by the player on {g.createdAt.slice(0, 10)}, waiting for the coach.
          </Text>
        ) : g.proposedByPlayer ? (
          <Text size="sm" c="dimmed">
            Proposed by the player
          </Text>
        ) : null}
        {g.state === 'declined' && g.declineReason ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <b>Coach's reason:</b> {g.declineReason}
          </Text>
        ) : null}
        {g.source ? (
          <Text size="sm" c="dimmed">
            {g.source.kind === 'report' ? `From the report: ${g.source.label}` : `Team goal: ${g.source.label}`}
          </Text>
        ) : null}
        {g.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {g.description}
          </Text>
        ) : null}
        {g.resources.length ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Resources
            </Text>
            {g.resources.map((r) =>
              r.links[0] ? (
                <Anchor key={r.id} href={r.links[0]} target="_blank" rel="noreferrer" size="sm">
                  {r.title}
                </Anchor>
              ) : (
                <Text key={r.id} size="sm">
                  {r.title}
                </Text>
              ),
            )}
          </Stack>
        ) : null}
        {g.checkIns.length ? (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Check-ins">
            {g.checkIns.slice(0, 3).map((c) => (
              <Text key={c.id} component="li" size="sm">
                {c.date} · {c.byPlayer ? 'Player' : c.by}: {c.note}
                {c.practiceCount !== null ? ` (practised ${c.practiceCount}×)` : ''}
              </Text>
            ))}
          </Stack>
        ) : null}
        {g.events.length ? <GoalHistory goal={g} /> : null}
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
