import { ActionIcon, Badge, Button, Card, Checkbox, Group, Menu, NativeSelect, Stack, Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconAlertTriangle, IconArrowsMove, IconGripVertical, IconHistory, IconPin, IconPinnedOff } from '@tabler/icons-react';
import { formatPercent } from '../../../shared/scoring';
import {
  DECISION_LABELS,
  DECISIONS,
  type BoardCandidate,
  type BoardTeam,
  type Decision,
  type TotalBasis,
} from '../../../shared/schemas/draft';
import { rangeText, TOO_CLOSE } from './CutLines';
import classes from './drafts.module.css';

interface Props {
  c: BoardCandidate;
  teams: BoardTeam[];
  /** Controls are off: a write is running, or a finalised draft has no reason for a revision yet. */
  disabled: boolean;
  /** Drag and pin belong to the open board; after Finalise only moves and decisions, as a revision. */
  finalised: boolean;
  onMove: (teamId: number | null) => void;
  onPin: (pinned: boolean) => void;
  onDecision: (d: Decision) => void;
  onHistory: () => void;
  /** In the selection a bulk decision applies to. */
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** The totals the board orders by, and whether the player is too close to call at a cut line on them. */
  basis: TotalBasis;
  tooClose: boolean;
}

/** A selection box whose wrapping label is the tap area (drafts.module.css). */
export function PickBox({
  label,
  ...props
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={classes.pick}>
      <Checkbox
        aria-label={label}
        checked={props.checked}
        indeterminate={props.indeterminate}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
    </label>
  );
}

/** One candidate: name, scores, flags, decision, pin, history, and the Move menu (the keyboard and screen-reader way to move). */
export function CandidateCard({
  c,
  teams,
  disabled,
  finalised,
  onMove,
  onPin,
  onDecision,
  onHistory,
  selected,
  onSelect,
  basis,
  tooClose,
}: Props) {
  const drag = useDraggable({ id: c.player_id, disabled: disabled || finalised || c.pinned });
  const style = drag.transform ? { transform: `translate3d(${drag.transform.x}px, ${drag.transform.y}px, 0)`, zIndex: 10 } : undefined;
  return (
    <Card ref={drag.setNodeRef} withBorder padding="xs" style={style} data-testid="candidate" aria-label={c.name} component="article">
      <Group gap={6} wrap="nowrap" align="flex-start">
        {finalised ? null : (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Drag ${c.name}`}
            disabled={disabled || c.pinned}
            {...drag.listeners}
            {...drag.attributes}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Group gap={2} wrap="nowrap" style={{ minWidth: 0 }}>
              <PickBox label={`Select ${c.name}`} checked={selected} onChange={onSelect} />
              <Text fw={600} size="sm" truncate>
                {c.name}
              </Text>
            </Group>
            {/* A session published on fair scores: its total is the fair one, and says so. */}
            <Text
              size="sm"
              fw={600}
              style={{ whiteSpace: 'nowrap' }}
              aria-label={`Total ${c.total ?? 'none'}${c.total_basis === 'fair' ? ', fair as published' : ''}`}
            >
              {c.total !== null && c.total_basis === 'fair' ? (
                <Text span size="xs" fw={500}>
                  Fair{' '}
                </Text>
              ) : null}
              {c.total === null ? '–' : `${c.total}%`}
            </Text>
          </Group>
          {c.interval ? (
            <Text size="xs" c="dimmed" data-testid="range">
              {basis === 'fair' && c.fair_total !== null && c.fair_interval
                ? `Fair ${formatPercent(c.fair_total)}%, range ${rangeText(c.fair_interval)}`
                : c.total_basis === 'fair' && c.raw_total !== null && c.raw_interval
                  ? `Raw ${formatPercent(c.raw_total)}%, range ${rangeText(c.raw_interval)}`
                  : `Range ${rangeText(c.interval)}`}
            </Text>
          ) : null}
          <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
            <Group gap={4}>
              {c.age_group ? <Badge variant="light">{c.age_group}</Badge> : null}
              {c.evaluators !== null ? (
                <Badge variant="light" color="gray">
                  {c.evaluators} evaluator{c.evaluators === 1 ? '' : 's'}
                </Badge>
              ) : null}
              {tooClose ? (
                <Badge variant="filled" color="violet.9">
                  {TOO_CLOSE}
                </Badge>
              ) : null}
              {c.outlier ? (
                <Badge variant="filled" color="red.9">
                  Outlier
                </Badge>
              ) : null}
              {c.position ? (
                <Badge variant="outline" color="gray">
                  {c.position}
                </Badge>
              ) : null}
            </Group>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`History of ${c.name}`} onClick={onHistory}>
              <IconHistory size={16} aria-hidden />
            </ActionIcon>
          </Group>
          {c.age_note ? (
            <Group gap={4} wrap="nowrap" align="flex-start" data-testid="age-note">
              <IconAlertTriangle size={14} aria-hidden color="var(--mantine-color-red-9)" style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="xs" c="red.9">
                {c.age_note}
              </Text>
            </Group>
          ) : null}
          {/* The select keeps room for its longest word ("Waitlisted"); Pin and Move wrap below in a narrow column. */}
          <Group gap={4} wrap="wrap">
            <NativeSelect
              size="xs"
              aria-label={`Decision for ${c.name}`}
              data={DECISIONS.map((d) => ({ value: d, label: DECISION_LABELS[d] }))}
              value={c.decision}
              disabled={disabled}
              onChange={(e) => onDecision(e.currentTarget.value as Decision)}
              style={{ flex: '1 1 8.5rem' }}
            />
            {finalised ? null : (
              <ActionIcon
                variant={c.pinned ? 'filled' : 'default'}
                aria-label={c.pinned ? `Unpin ${c.name}` : `Pin ${c.name}`}
                aria-pressed={c.pinned}
                disabled={disabled}
                onClick={() => onPin(!c.pinned)}
              >
                {c.pinned ? <IconPin size={16} aria-hidden /> : <IconPinnedOff size={16} aria-hidden />}
              </ActionIcon>
            )}
            <Menu withinPortal position="bottom-end">
              <Menu.Target>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconArrowsMove size={14} aria-hidden />}
                  disabled={disabled || c.pinned}
                  aria-label={`Move ${c.name} to…`}
                >
                  Move
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Move to…</Menu.Label>
                {c.team_id !== null ? <Menu.Item onClick={() => onMove(null)}>Pool</Menu.Item> : null}
                {teams
                  .filter((t) => t.team_id !== c.team_id)
                  .map((t) => (
                    <Menu.Item key={t.team_id} onClick={() => onMove(t.team_id)}>
                      {t.name}
                    </Menu.Item>
                  ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
