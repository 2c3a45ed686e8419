import classes from './evaluations.module.css';
import { ActionIcon, Avatar, Button, Group, Paper, Text, Textarea } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LevelKind } from '../../../shared/scoring';
import { EVALUATION_NOTES_MAX, parseScore, scoreLabel } from '../../../shared/schemas/evaluation';
import { photoUrl } from '../../../shared/paths';
import type { TeamEvaluationSheet } from '../../../shared/schemas/evaluation';
import type { EntryState, OutboxEntry } from './outbox/store';
import { SyncBadge } from './outbox/SyncBadge';
import { ScoreEntry } from '../../components/ScoreEntry';

type SheetPlayer = TeamEvaluationSheet['players'][number];

interface Props {
  player: SheetPlayer;
  kind: LevelKind;
  value: string;
  entry: OutboxEntry | undefined;
  /** 'saving' while this player's tap is being written to the device. */
  state: EntryState | undefined;
  error: string | undefined;
  note: string;
  noteOpen: boolean;
  touch: boolean;
  canWrite: boolean;
  onScore: (value: string) => void;
  onNote: (text: string) => void;
  onNoteDone: () => void;
  onToggleNote: () => void;
  onRetry: () => void;
  onDiscard: () => void;
  onNext: () => void;
  inputRef: (el: HTMLInputElement | null) => void;
  /** A measured test's attempt fields, in place of the score taps. */
  measured?: ReactNode;
  /** A measured test's last value and points, in place of the score's. */
  last?: string;
}

const initialsOf = (name: string) =>
  name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * The player's latest score on this criterion, its score and date always from one evaluation: this
 * sheet's tap once there is one (the server's current is the tap's after it syncs), unless the tap is
 * refused or dated before the current one, which then keeps counting (ADR 0005).
 */
function lastScore(player: SheetPlayer, entry: OutboxEntry | undefined, kind: LevelKind): string {
  const tap = entry && entry.state !== 'refused' ? parseScore(kind, entry.score) : undefined;
  if (entry && tap && 'score' in tap && (!player.current || entry.date >= player.current.date))
    return `Last: ${scoreLabel(kind, tap.score)} on ${entry.date}`;
  return player.current ? `Last: ${player.current.scoreLabel} on ${player.current.date}` : 'Not evaluated yet';
}

/** One player on the courtside sheet: score taps, an optional note, and where the score stands. */
export function CourtsidePlayerRow(p: Props) {
  const { player, entry } = p;
  const refused = entry?.state === 'refused';
  const problem = p.error ?? (refused ? (entry.message ?? 'The server refused this score.') : undefined);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-player={player.id}
      style={problem ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" wrap={p.touch ? 'wrap' : 'nowrap'} gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <Avatar src={photoUrl(player.profile_img)} alt="" radius="xl" color="blue">
            {initialsOf(player.name)}
          </Avatar>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} truncate>
              {player.name}
            </Text>
            <Text size="xs" className={classes.muted}>
              {p.last ?? lastScore(player, entry, p.kind)}
            </Text>
            {p.state ? <SyncBadge state={p.state} /> : null}
          </div>
          {p.canWrite ? (
            <ActionIcon
              variant={p.note.trim() ? 'light' : 'subtle'}
              color={p.note.trim() ? undefined : 'gray'}
              size={p.touch ? 44 : 'lg'}
              aria-label={`Note for ${player.name}`}
              aria-expanded={p.noteOpen}
              aria-controls={p.noteOpen ? `note-${player.id}` : undefined}
              onClick={p.onToggleNote}
            >
              <IconNote size={20} />
            </ActionIcon>
          ) : null}
        </Group>
        <div style={p.touch || p.measured ? { width: p.touch ? '100%' : undefined, flexShrink: 0 } : undefined}>
          {p.measured ?? (
            <ScoreEntry
              kind={p.kind}
              value={p.value}
              onChange={p.onScore}
              onNext={p.onNext}
              playerName={player.name}
              touch={p.touch}
              error={!!problem}
              inputRef={p.inputRef}
            />
          )}
        </div>
      </Group>
      {p.noteOpen ? (
        <Textarea
          id={`note-${player.id}`}
          mt="xs"
          aria-label={`Note on ${player.name}`}
          placeholder="Optional note, saved with the score"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={EVALUATION_NOTES_MAX}
          value={p.note}
          onChange={(e) => p.onNote(e.currentTarget.value)}
          onBlur={p.onNoteDone}
        />
      ) : null}
      {problem ? (
        <Group mt={6} gap="xs" justify="space-between">
          <Text c="red" size="sm" role="alert">
            {player.name}: {problem}
          </Text>
          {refused ? (
            <Group gap="xs">
              <Button size="compact-sm" variant="light" onClick={p.onRetry}>
                Try again
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={p.onDiscard}>
                Discard
              </Button>
            </Group>
          ) : null}
        </Group>
      ) : null}
    </Paper>
  );
}
