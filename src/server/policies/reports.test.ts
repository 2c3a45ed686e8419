import { describe, expect, it } from 'vitest';
import { evaluatedBy } from '../modules/reports/snapshot.js';
import { cycleReach } from './reports.js';

describe('cycle reach (the rule as a table)', () => {
  it.each([
    { reachable: null, teams: [1, 2], reached: [1, 2], whole: true },
    { reachable: [1], teams: [1, 2], reached: [1], whole: false },
    { reachable: [1, 2, 3], teams: [1, 2], reached: [1, 2], whole: true },
    { reachable: [3], teams: [1, 2], reached: [], whole: false },
    { reachable: [], teams: [1], reached: [], whole: false },
  ])('reachable $reachable, cycle teams $teams → reads $reached, edits $whole', ({ reachable, teams, reached, whole }) => {
    expect(cycleReach(reachable, teams)).toEqual({ reachable, teamIds: reached, whole });
  });
});

describe('evaluated by (never a name)', () => {
  it.each([
    [true, null, 'Coach'],
    [false, 3, 'Tryout panel, 3 evaluators'],
    [false, 1, 'Tryout panel, 1 evaluator'],
    [true, 4, 'Coach and tryout panel, 4 evaluators'],
  ] as const)('coach %s, panel %s → %s', (coach, panel, label) => {
    expect(evaluatedBy(coach, panel)).toBe(label);
  });
});
