import { describe, expect, it } from 'vitest';
import { decide, reaches, type TeamDecision, type TeamFacts } from './teams.js';

/** [facts, decision]: staff (not scoped) reach every team, a coach only their own; unknown ids are 404 first. */
const table: [TeamFacts, TeamDecision][] = [
  [{ exists: true, scoped: false, coach: false }, 'allow'],
  [{ exists: true, scoped: true, coach: true }, 'allow'],
  [{ exists: true, scoped: true, coach: false }, 403],
  [{ exists: false, scoped: false, coach: false }, 404],
  [{ exists: false, scoped: true, coach: false }, 404],
  // Not looked up (assertTeamReachable): a coach is refused any team not theirs, known or not.
  [{ scoped: true, coach: false }, 403],
  [{ scoped: true, coach: true }, 'allow'],
  [{ scoped: false, coach: false }, 'allow'],
];

describe('team policy', () => {
  it.each(table)('%o → %s', (facts, decision) => {
    expect(decide(facts)).toBe(decision);
  });
});

describe('team reach', () => {
  const table: [number[] | null, number, boolean][] = [
    [null, 7, true],
    [[7, 8], 7, true],
    [[8], 7, false],
    [[], 7, false],
  ];
  it.each(table)('reachable %o, team %s → %s', (reachable, teamId, expected) => {
    expect(reaches(reachable, teamId)).toBe(expected);
  });
});
