import { describe, expect, it } from 'vitest';
import { bulkCandidates, decideEvaluation, decideSyncEntry, type Decision, type SyncAccess, type SyncFacts } from './evaluations.js';

describe('evaluation under a player', () => {
  const table: [boolean, boolean, Decision][] = [
    [true, true, 'allow'],
    // Another player's evaluation reads as unknown, not as forbidden.
    [true, false, 404],
    [false, false, 404],
  ];
  it.each(table)('exists %s, of the player %s → %s', (exists, ofPlayer, decision) => {
    expect(decideEvaluation({ exists, ofPlayer })).toBe(decision);
  });
});

describe('bulk file candidates', () => {
  const own = { id: 1 };
  const other = { id: 2 };
  /** [players matching the row, players the caller reaches (null = all), players the row may name] */
  const table: [{ id: number }[], Set<number> | null, { id: number }[]][] = [
    [[own, other], null, [own, other]],
    [[own, other], new Set([1]), [own]],
    // Another team's player reads as unknown: nothing tells the coach they exist.
    [[other], new Set([1]), []],
    [[other], new Set(), []],
  ];
  it.each(table)('matches %o, reach %o → %o', (matches, reachable, expected) => {
    expect(bulkCandidates(matches, reachable)).toEqual(expected);
  });
});

describe('offline sync entry policy', () => {
  const base: SyncFacts = { callerId: 5, teamExists: true, teamReachable: true, playerExists: true, member: true };
  const table: [Partial<SyncFacts>, SyncAccess][] = [
    [{}, 'allow'],
    [{ savedBy: 5 }, 'saved'],
    // A saved device id answers before anything else, even when the team is gone meanwhile.
    [{ savedBy: 5, teamExists: false, teamReachable: false }, 'saved'],
    [{ savedBy: 6 }, 'notYourEntry'],
    [{ savedBy: null }, 'notYourEntry'],
    [{ teamExists: false, teamReachable: false, playerExists: false }, 'teamDeleted'],
    [{ teamReachable: false, playerExists: false, member: false }, 'notYourTeam'],
    [{ playerExists: false, member: false }, 'playerDeleted'],
    [{ member: false }, 'notOnTeam'],
  ];
  it.each(table)('%o → %s', (facts, expected) => {
    expect(decideSyncEntry({ ...base, ...facts })).toBe(expected);
  });
});
