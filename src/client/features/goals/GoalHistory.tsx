import { Button, Collapse, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { GOAL_STATE_WORDS, type Goal, type GoalEvent } from '../../../shared/schemas/goal';
import { scoreLabel } from '../../../shared/schemas/evaluation';

const FIELD_WORDS: Record<string, string> = {
  target: 'target',
  due_on: 'due date',
  description: 'description',
  visible_to_family: 'visible to family',
};

function eventText(g: Goal, e: GoalEvent): string {
  const score = e.score === null ? null : g.levelKind ? scoreLabel(g.levelKind, e.score) : String(e.score);
  switch (e.kind) {
    case 'created':
      return score ? `Set at ${score}` : 'Set';
    case 'state':
      return `${e.fromState ? GOAL_STATE_WORDS[e.fromState] : ''} → ${e.toState ? GOAL_STATE_WORDS[e.toState] : ''}${e.note ? `: ${e.note}` : ''}`;
    case 'edited':
      return `Edited ${e.note
        .split(', ')
        .map((f) => FIELD_WORDS[f] ?? f)
        .join(', ')}`;
    case 'progress':
      return `${e.note}${score ? `: ${score}` : ''}`;
  }
}

/** A goal's history, newest first: each change dated and by whom (docs/product.md#goals). */
export function GoalHistory({ goal: g }: { goal: Goal }) {
  const [open, setOpen] = useState(false);
  const listId = `goal-${g.id}-history`;
  const events = [...g.events].reverse();
  return (
    <Stack gap={2}>
      <Button
        variant="subtle"
        size="sm"
        h={44}
        px={4}
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        History ({events.length})
      </Button>
      <Collapse in={open}>
        <Stack gap={2} component="ul" id={listId} aria-label={`History of ${g.title}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {events.map((e) => (
            <Text key={e.id} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {e.at.slice(0, 10)} · {e.by}: {eventText(g, e)}
            </Text>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
