import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outsideAgeGroup } from '../../../shared/age-groups.js';
import { suggest, type SuggestCandidate, type SuggestTeam } from './suggest.js';

const c = (player_id: number, total: number | null, over: Partial<SuggestCandidate> = {}): SuggestCandidate => ({
  player_id,
  team_id: null,
  pinned: false,
  decision: 'undecided',
  total,
  birth_year: null,
  ...over,
});
const team = (team_id: number, target_size: number | null, age_group: number | null = null): SuggestTeam => ({
  team_id,
  target_size,
  age_group,
});

describe('suggest (snake draft on totals)', () => {
  it('snakes the best first, weakest team picking first, and turns each round', () => {
    const plan = suggest([team(1, 3), team(2, 3)], [c(1, 90), c(2, 80), c(3, 70), c(4, 60), c(5, 50), c(6, 40), c(7, 30)]);
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
      [team(1, 2), team(2, 2)],
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
    const plan = suggest([team(1, null)], [c(1, null), c(2, 10)]);
    expect([...plan]).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('full teams leave the rest in the pool', () => {
    expect([...suggest([team(1, 0)], [c(1, 10)])]).toEqual([[1, null]]);
  });
});

describe('suggest by age group (a 2026 season)', () => {
  const YEAR = 2026;
  // Born 2013: U14; 2009: U18; 2008: U19; 2014: U13 (goes with the U14s, the youngest group they fit).
  it.each([
    { born: 2013, teams: [14, 18], to: 14 },
    { born: 2014, teams: [14, 18], to: 14 },
    { born: 2009, teams: [14, 18], to: 18 },
    { born: 2011, teams: [14, 18], to: 18 },
    { born: 2008, teams: [14, 18], to: null },
    { born: null, teams: [14, 18], to: null },
    { born: 2008, teams: [14, null], to: null as number | null, any: true },
  ])('born $born into teams $teams: $to', ({ born, teams, to, any }) => {
    const list = teams.map((g, i) => team(i + 1, null, g));
    const plan = suggest(list, [c(1, 50, { birth_year: born })], YEAR);
    const placed = plan.get(1)!;
    if (any) expect(list.find((t) => t.team_id === placed)?.age_group).toBeNull();
    else expect(placed === null ? null : list.find((t) => t.team_id === placed)!.age_group).toBe(to);
  });

  it('the U14 team picks its best U14 while a better U18 waits for the U18 team', () => {
    const plan = suggest(
      [team(1, 1, 14), team(2, 1, 18)],
      [c(1, 95, { birth_year: 2009 }), c(2, 90, { birth_year: 2009 }), c(3, 40, { birth_year: 2013 })],
      YEAR,
    );
    expect([...plan]).toEqual([
      [1, 2],
      [2, null],
      [3, 1],
    ]);
  });

  it('without a season year the ages are not read: totals alone', () => {
    const plan = suggest([team(1, null, 14)], [c(1, 50, { birth_year: 2000 })], null);
    expect(plan.get(1)).toBe(1);
  });

  it('property: never places a player outside their age group, never over a target, never moves a pin, and fills what fits', () => {
    const groups = fc.constantFrom<number | null>(12, 14, 16, 18, null);
    fc.assert(
      fc.property(
        fc.array(fc.record({ target: fc.option(fc.integer({ min: 0, max: 5 })), group: groups }), { minLength: 1, maxLength: 5 }),
        fc.array(
          fc.record({
            total: fc.option(fc.integer({ min: 0, max: 100 })),
            born: fc.option(fc.integer({ min: 2005, max: 2018 })),
            pinned: fc.boolean(),
            team: fc.nat(5),
            decision: fc.constantFrom('undecided', 'selected', 'released', 'withdrawn'),
          }),
          { maxLength: 30 },
        ),
        fc.option(fc.constantFrom(2025, 2026)),
        (ts, cs, year) => {
          const teams = ts.map((x, i) => team(i + 1, x.target, x.group));
          const candidates = cs.map((x, i) =>
            c(i + 1, x.total, {
              birth_year: x.born,
              pinned: x.pinned,
              team_id: x.pinned && x.team <= teams.length && x.team > 0 ? x.team : null,
              decision: x.decision,
            }),
          );
          const plan = suggest(teams, candidates, year);
          const all = teams.map((t) => t.age_group).filter((g): g is number => g !== null);
          const fits = (p: SuggestCandidate, t: SuggestTeam) => outsideAgeGroup(p.birth_year, t.age_group, all, year) === null;
          const count = new Map(teams.map((t) => [t.team_id, 0]));
          for (const p of candidates) {
            if (p.pinned) {
              expect(plan.has(p.player_id)).toBe(false);
              if (p.team_id !== null) count.set(p.team_id, count.get(p.team_id)! + 1);
              continue;
            }
            const to = plan.get(p.player_id);
            expect(to).not.toBeUndefined();
            if (to === null || to === undefined) continue;
            expect(['released', 'withdrawn']).not.toContain(p.decision);
            expect(
              fits(
                p,
                teams.find((t) => t.team_id === to)!,
              ),
            ).toBe(true);
            count.set(to, count.get(to)! + 1);
          }
          // A team with room left means nobody fitting it was left in the pool.
          for (const t of teams) {
            const placedHere = candidates.filter((p) => !p.pinned && plan.get(p.player_id) === t.team_id).length;
            if (t.target_size !== null && placedHere > 0) expect(count.get(t.team_id)!).toBeLessThanOrEqual(t.target_size);
            const room = t.target_size === null || count.get(t.team_id)! < t.target_size;
            if (room)
              expect(
                candidates.filter(
                  (p) => !p.pinned && !['released', 'withdrawn'].includes(p.decision) && plan.get(p.player_id) === null && fits(p, t),
                ),
              ).toEqual([]);
          }
        },
      ),
    );
  });
});
