import classes from './ScoreEntry.module.css';
import { Button, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { Ref } from 'react';
import type { LevelKind } from '../../shared/scoring';

interface Props {
  kind: LevelKind;
  /** '' = not scored yet; '1'…'10', or 'Yes' / 'No'. */
  value: string;
  onChange: (value: string) => void;
  /** Moves to the next player (Enter on a laptop). */
  onNext: () => void;
  playerName: string;
  touch: boolean;
  error: boolean;
  inputRef: Ref<HTMLInputElement>;
}

const SCALE = Array.from({ length: 10 }, (_, i) => String(i + 1));

/**
 * One player's score courtside: big tap targets on a phone (1–10 buttons or Yes/No), and on a laptop
 * a field where you type the score and press Enter to move on (y/n or 1/0 on Yes/No levels).
 */
export function ScoreEntry({ kind, value, onChange, onNext, playerName, touch, error, inputRef }: Props) {
  const label = `Score for ${playerName}`;
  const toggle = (v: string) => onChange(value === v ? '' : v);

  if (touch) {
    const options = kind === 'yes_no' ? ['Yes', 'No'] : SCALE;
    return (
      <SimpleGrid cols={kind === 'yes_no' ? 2 : 5} spacing={6} role="group" aria-label={label}>
        {options.map((o) => (
          <Button
            key={o}
            h={44}
            px={0}
            variant={value === o ? 'filled' : 'default'}
            color={error ? 'red' : o === 'No' ? 'gray' : undefined}
            aria-pressed={value === o}
            aria-label={`${o} for ${playerName}`}
            onClick={() => toggle(o)}
          >
            {o}
          </Button>
        ))}
      </SimpleGrid>
    );
  }

  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onNext();
    }
  };

  const field = { ref: inputRef, 'aria-label': label, value, error, w: 120 };
  if (kind === 'yes_no') {
    return (
      <TextInput
        {...field}
        placeholder="Y / N"
        readOnly
        classNames={{ description: classes.muted }}
        description="Type Y or N"
        onKeyDown={(e) => {
          const k = e.key.toLowerCase();
          if (k === 'y' || k === '1') onChange('Yes');
          else if (k === 'n' || k === '0') onChange('No');
          else if (k === 'backspace' || k === 'delete') onChange('');
          else return onEnter(e);
          e.preventDefault();
        }}
      />
    );
  }
  return (
    <NumberInput
      {...field}
      placeholder="1–10"
      allowDecimal={false}
      allowNegative={false}
      min={1}
      max={10}
      clampBehavior="none"
      // Mantine otherwise clamps a typed string on blur: a 0 or 11 would be saved as 1 or 10.
      trimLeadingZeroesOnBlur={false}
      hideControls
      onChange={(v) => onChange(v === '' ? '' : String(v))}
      onKeyDown={onEnter}
    />
  );
}
