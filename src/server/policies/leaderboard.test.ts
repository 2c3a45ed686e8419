import { describe, expect, it } from 'vitest';
import { decideBoard, reachedTeams, type BoardAction, type BoardFacts, type Decision } from './leaderboard.js';

describe('leaderboard board policy', () => {
  const staff: BoardFacts = { player: false, teamFilter: false, member: false };
  /** [action, facts that differ from a staff caller without a team filter, decision] */
  const table: [BoardAction, Partial<BoardFacts>, Decision][] = [
    ['players', {}, 'allow'],
    ['players', { teamFilter: true }, 'allow'],
    ['teams', {}, 'allow'],
    // A player never sees the whole club, only a team they play on.
    ['players', { player: true }, 403],
    ['players', { player: true, teamFilter: true }, 403],
    ['players', { player: true, teamFilter: true, member: true }, 'allow'],
    ['teams', { player: true }, 403],
    ['teams', { player: true, teamFilter: true, member: true }, 403],
  ];
  it.each(table)('%s with %o → %s', (action, facts, decision) => {
    expect(decideBoard(action, { ...staff, ...facts })).toBe(decision);
  });
});

describe('teams a player analysis may compare with', () => {
  const teams = [{ id: 1 }, { id: 2 }];
  /** [teams the caller reaches (null = all), team ids offered] */
  const table: [number[] | null, number[]][] = [
    [null, [1, 2]],
    [[2, 9], [2]],
    // A coach of none of the player's teams gets no comparison team at all.
    [[9], []],
  ];
  it.each(table)('reach %o → %o', (reachable, expected) => {
    expect(reachedTeams(teams, reachable).map((t) => t.id)).toEqual(expected);
  });
});
