import { describe, expect, it } from 'vitest';
import { suggest, type SuggestCandidate } from './suggest.js';

const c = (player_id: number, total: number | null, over: Partial<SuggestCandidate> = {}): SuggestCandidate => ({
  player_id,
  team_id: null,
  pinned: false,
  decision: 'undecided',
  total,
  ...over,
});

describe('suggest (snake draft on totals)', () => {
  it('snakes the best first, weakest team picking first, and turns each round', () => {
    const plan = suggest(
      [
        { team_id: 1, target_size: 3 },
        { team_id: 2, target_size: 3 },
      ],
      [c(1, 90), c(2, 80), c(3, 70), c(4, 60), c(5, 50), c(6, 40), c(7, 30)],
    );
    // Round 1: team 1 takes 90, team 2 80; round 2 (reversed): team 2 70, team 1 60; round 3: team 1 50, team 2 40.
    expect([...plan]).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 1],
      [5, 1],
      [6, 2],
      [7, null],
    ]);
  });

  it('never moves a pinned player, counts them towards size and strength, and skips released and withdrawn', () => {
    const plan = suggest(
      [
        { team_id: 1, target_size: 2 },
        { team_id: 2, target_size: 2 },
      ],
      [
        c(1, 95, { pinned: true, team_id: 1 }),
        c(2, 10, { pinned: true, team_id: null }),
        c(3, 80),
        c(4, 70, { decision: 'withdrawn', team_id: 2 }),
        c(5, 60, { decision: 'released' }),
        c(6, 50),
        c(7, 40),
      ],
    );
    expect(plan.has(1)).toBe(false);
    expect(plan.has(2)).toBe(false);
    // Team 2 is weaker (0 vs 95), so it picks first: 80; team 1 has one place left: 50; team 2: 40.
    expect(plan.get(3)).toBe(2);
    expect(plan.get(6)).toBe(1);
    expect(plan.get(7)).toBe(2);
    expect(plan.get(4)).toBeNull();
    expect(plan.get(5)).toBeNull();
  });

  it('without a target places everyone; unscored players come last', () => {
    const plan = suggest([{ team_id: 1, target_size: null }], [c(1, null), c(2, 10)]);
    expect([...plan]).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('full teams leave the rest in the pool', () => {
    expect([...suggest([{ team_id: 1, target_size: 0 }], [c(1, 10)])]).toEqual([[1, null]]);
  });
});
