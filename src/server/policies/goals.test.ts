import { describe, expect, it } from 'vitest';
import { GOAL_STATES, mayDecideProposal, mayMoveGoal, type GoalStateName } from '../../shared/schemas/goal.js';
import { decideGoal } from './goals.js';

describe('decideGoal (once the player is reached)', () => {
  it.each([
    [{ exists: true, ofPlayer: true }, 'allow'],
    [{ exists: true, ofPlayer: false }, 404],
    [{ exists: false, ofPlayer: false }, 404],
  ] as const)('%o → %s', (facts, want) => expect(decideGoal(facts)).toBe(want));
});

describe('mayMoveGoal: only an active goal moves, never back to active', () => {
  const states: GoalStateName[] = ['active', 'achieved', 'not_achieved', 'dropped'];
  it.each(states.flatMap((from) => states.map((to) => [from, to] as const)))('%s → %s', (from, to) =>
    expect(mayMoveGoal(from, to)).toBe(from === 'active' && to !== 'active'),
  );
});

describe('mayDecideProposal: only a proposal is accepted or declined', () => {
  it.each(GOAL_STATES.map((s) => [s] as const))('%s', (from) => expect(mayDecideProposal(from)).toBe(from === 'proposed'));
  it('a proposal is not closed by the state route', () => expect(mayMoveGoal('proposed', 'dropped')).toBe(false));
});
