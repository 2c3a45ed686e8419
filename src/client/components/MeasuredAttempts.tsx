import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { nowMs } from '../../shared/clock.js';
import type { Measure } from '../../shared/schemas/criterion';
import { UNIT_SUFFIX } from '../../shared/scoring';
import classes from './MeasuredAttempts.module.css';
import { attemptsRule } from './measured-entry';

/** A running stopwatch: which player it times and when it started (the one clock's ms). */
export interface Watch {
  playerId: number;
  startedAt: number;
}

interface Props {
  def: Measure;
  playerName: string;
  /** One text per attempt field ('' = not taken yet). */
  typed: readonly string[];
  onType: (typed: string[]) => void;
  /** The fields are done (left, Enter, or a stopwatch time put in): keep them if they are valid. */
  onCommit: (typed: string[]) => void;
  /** "Kept: 11.04 s → 9 points, U14 bands". */
  preview: string | null;
  error: boolean;
  /** In place of the line below the fields while none is filled: the form's measurement kept as saved. */
  note?: string | null;
  disabled?: boolean;
  /** Courtside on a time test: the stopwatch for this player (one player at a time). */
  stopwatch?: { watch: Watch | null; playerId: number; onStart: () => void; onStop: () => void };
}

/** A made-of-attempts field's two numbers: "7/10" → ["7", "10"], a half-typed "7/" → ["7", ""]. */
const splitShots = (text: string): [string, string] => {
  const at = text.indexOf('/');
  return at < 0 ? [text.trim(), ''] : [text.slice(0, at).trim(), text.slice(at + 1).trim()];
};
// Mantine's md input is 42 px tall: held at 44 so a thumb hits it. Labels at sm: at md "Shots (attempt 1)"
// wraps beside its pair in a 375 px dialog.
const fieldStyles = { input: { height: 44, minHeight: 44 }, label: { fontSize: 'var(--mantine-font-size-sm)' } };
const numberField = { inputMode: 'numeric', autoComplete: 'off', size: 'md', styles: fieldStyles } as const;

/** The running stopwatch's time in tenths, redrawn ten times a second; Stop keeps the exact time. */
function Elapsed({ startedAt, decimals }: { startedAt: number; decimals: number }) {
  const [now, setNow] = useState(nowMs());
  useEffect(() => {
    const id = setInterval(() => setNow(nowMs()), 100);
    return () => clearInterval(id);
  }, []);
  return (
    <Text fw={700} ff="monospace" aria-label="Stopwatch time">
      {(Math.floor(Math.max(0, now - startedAt) / 100) / 10).toFixed(Math.min(decimals, 1))} s
    </Text>
  );
}

/**
 * A measured test's attempts: one field per attempt with the phone's number pad (two on made-of-attempts:
 * made, and shots taken), the value kept by the
 * test's rule and its points shown below; on a time test courtside, a stopwatch whose time becomes the
 * next attempt (editable before it is kept).
 */
export function MeasuredAttempts({ def, playerName, typed, onType, onCommit, preview, error, note, disabled, stopwatch }: Props) {
  const slots = Array.from({ length: def.attemptCount }, (_, i) => typed[i] ?? '');
  const shots = def.unit === 'made_of_attempts';
  const unit = shots ? '' : UNIT_SUFFIX[def.unit];
  const running = stopwatch?.watch?.playerId === stopwatch?.playerId ? stopwatch?.watch : null;
  const otherRunning = !!stopwatch?.watch && !running;
  const set = (i: number, text: string) => onType(slots.map((s, j) => (j === i ? text : s)));
  const enter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onCommit(slots);
    }
  };

  return (
    <Stack gap={6}>
      {shots ? (
        <Stack gap={6}>
          {slots.map((s, i) => {
            const [made, taken] = splitShots(s);
            const what = slots.length === 1 ? '' : ` (attempt ${i + 1})`;
            const put = (m: string, t: string) => set(i, m === '' && t === '' ? '' : `${m}/${t}`);
            return (
              // Made and shots are one attempt: it is kept when the pair is left, not between its two fields.
              <Group
                key={i}
                gap={6}
                wrap="nowrap"
                align="flex-end"
                onBlur={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onCommit(slots);
                }}
              >
                <TextInput
                  label={`Made${what}`}
                  aria-label={`Made${what} for ${playerName}`}
                  {...numberField}
                  value={made}
                  error={error}
                  disabled={disabled}
                  onChange={(e) => put(e.currentTarget.value, taken)}
                  onKeyDown={enter}
                  style={{ flex: 1 }}
                />
                <Text pb={10} aria-hidden>
                  of
                </Text>
                <TextInput
                  label={`Shots${what}`}
                  aria-label={`Shots${what} for ${playerName}`}
                  {...numberField}
                  value={taken}
                  error={error}
                  disabled={disabled}
                  onChange={(e) => put(made, e.currentTarget.value)}
                  onKeyDown={enter}
                  style={{ flex: 1 }}
                />
              </Group>
            );
          })}
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: Math.min(slots.length, 3), xs: Math.min(slots.length, 4) }} spacing={6}>
          {slots.map((s, i) => (
            <TextInput
              key={i}
              label={slots.length === 1 ? `Value${unit ? ` (${unit})` : ''}` : `Attempt ${i + 1}${unit ? ` (${unit})` : ''}`}
              aria-label={`${slots.length === 1 ? 'Value' : `Attempt ${i + 1}`} for ${playerName}`}
              inputMode="decimal"
              autoComplete="off"
              size="md"
              styles={fieldStyles}
              value={s}
              error={error}
              disabled={disabled}
              onChange={(e) => set(i, e.currentTarget.value)}
              onBlur={() => onCommit(slots)}
              onKeyDown={enter}
            />
          ))}
        </SimpleGrid>
      )}
      {stopwatch ? (
        <Group gap="sm" wrap="nowrap">
          {running ? (
            <>
              <Button h={44} color="red" leftSection={<IconPlayerStop size={18} />} onClick={stopwatch.onStop}>
                Stop
              </Button>
              <Elapsed startedAt={running.startedAt} decimals={def.decimals} />
            </>
          ) : (
            <Button
              h={44}
              variant="light"
              leftSection={<IconPlayerPlay size={18} />}
              disabled={disabled || otherRunning}
              aria-label={`Start the stopwatch for ${playerName}`}
              onClick={stopwatch.onStart}
            >
              Stopwatch
            </Button>
          )}
        </Group>
      ) : null}
      <Text size="sm" className={classes.muted} aria-live="polite" data-testid="measured-preview">
        {note && slots.every((t) => t.trim() === '')
          ? note
          : preview
            ? `Kept (${attemptsRule(def)}): ${preview}`
            : `Enter up to ${def.attemptCount} ${def.attemptCount === 1 ? 'value' : 'attempts'}; ${attemptsRule(def)} is kept.`}
      </Text>
    </Stack>
  );
}
