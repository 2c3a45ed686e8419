import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, type Actor } from '../../shared/permissions.js';
import { HttpError } from '../lib/errors.js';
import {
  authorizeAddPlayers,
  decide,
  decideTeamFilter,
  decideTeams,
  mayLearnTakenEmails,
  maySignIn,
  decideOwnLogin,
  type PlayerAction,
  type PlayerDecision,
  type PlayerFacts,
  type TeamsDecision,
} from './players.js';

/** A coach (teams < 2) of one of the player's teams, not of all of them. */
const base: PlayerFacts = { exists: true, playerArea: false, self: false, allTeams: false, coachOf: true, coachOfAll: false };

/** [action, facts that differ from base, decision] */
const table: [PlayerAction, Partial<PlayerFacts>, PlayerDecision][] = [
  ['open', {}, 'allow'],
  ['reach', {}, 'allow'],
  ['open', { coachOf: false }, 403],
  ['reach', { coachOf: false }, 403],
  // Unknown ids: named before the reach check when opening, generic and only once refused when reaching.
  ['open', { exists: false }, 'unknown'],
  ['open', { exists: false, allTeams: true }, 'unknown'],
  ['reach', { exists: false, coachOf: false }, 404],
  ['delete', { exists: false, allTeams: true }, 'unknown'],
  // Staff reaching every team reach and delete every player.
  ['open', { coachOf: false, allTeams: true }, 'allow'],
  ['delete', { coachOf: false, allTeams: true }, 'allow'],
  // A coach deletes only a player all of whose teams they coach.
  ['delete', {}, 'shared'],
  ['delete', { coachOfAll: true }, 'allow'],
  ['delete', { coachOf: false }, 403],
  ['delete', { coachOf: false, exists: false }, 'unknown'],
  // The player area reaches only the player themself, whatever the role's team levels.
  ['open', { playerArea: true, coachOf: false }, 403],
  ['open', { playerArea: true, self: true, coachOf: false }, 'allow'],
  ['open', { playerArea: true, allTeams: true, coachOf: false }, 403],
  ['reach', { playerArea: true, self: true }, 'allow'],
  ['reach', { playerArea: true, exists: false }, 404],
  ['open', { playerArea: true, exists: false, self: true }, 'unknown'],
];

describe('player policy', () => {
  it.each(table)('%s with %o → %s', (action, facts, decision) => {
    expect(decide(action, { ...base, ...facts })).toBe(decision);
  });
});

const actor = (key: 'superadmin' | 'admin' | 'coach' | 'player', levels: Partial<Actor['permissions']> = {}): Actor => {
  const role = BUILT_IN_ROLES.find((r) => r.key === key)!;
  return {
    id: 1,
    roleId: 1,
    roleKey: key,
    roleAdmin: role.admin,
    permissions: { ...role.permissions, ...levels },
    playerId: key === 'player' ? 9 : null,
  };
};

/** docs/product.md#permissions canAddPlayers, applied on the server by authorizeAddPlayers only. */
const adders: [string, Actor, boolean][] = [
  ['superadmin', actor('superadmin'), true],
  ['admin', actor('admin'), true],
  ['coach', actor('coach'), true],
  ['coach with players 1', actor('coach', { players: 1 }), false],
  ['player', actor('player'), false],
  ['player with players 2', actor('player', { players: 2 }), false],
];

describe('who adds players', () => {
  it.each(adders)('%s → %s', (_, who, allowed) => {
    if (allowed) expect(() => authorizeAddPlayers(who)).not.toThrow();
    else expect(() => authorizeAddPlayers(who)).toThrow(HttpError);
  });
});

/** [who, may create a player's sign-in] */
const signIns: [string, Actor, boolean][] = [
  ['coach', actor('coach'), false],
  ['coach with user management 1', actor('coach', { user_management: 1 }), false],
  ['coach with user management 2', actor('coach', { user_management: 2 }), true],
  ['admin', actor('admin'), true],
];

describe("who creates a player's sign-in", () => {
  it.each(signIns)('%s → %s', (_, who, allowed) => {
    expect(maySignIn(who)).toBe(allowed);
  });
});

/** [who, may learn that an address already signs in] */
const learners: [string, Actor, boolean][] = [
  ['admin', actor('admin'), true],
  ['coach', actor('coach'), false],
  ['coach with user management 1', actor('coach', { user_management: 1 }), true],
  ['player', actor('player'), false],
];

describe('who learns that an address is taken', () => {
  it.each(learners)('%s → %s', (_, who, allowed) => expect(mayLearnTakenEmails(who)).toBe(allowed));
});

/** [scope (null = every team), team filter, decision] */
const filters: [readonly number[] | null, number | undefined, 'allow' | 403][] = [
  [null, undefined, 'allow'],
  [null, 7, 'allow'],
  [[1, 2], undefined, 'allow'],
  [[1, 2], 2, 'allow'],
  [[1, 2], 7, 403],
  [[], 7, 403],
];

describe('players list and export team filter', () => {
  it.each(filters)('scope %o, team %s → %s', (scope, teamId, decision) => {
    expect(decideTeamFilter(scope, teamId)).toBe(decision);
  });
});

/** [scope, submitted, current, decision]: a coach's scope is [1, 2]; team 3 is another coach's. */
const saves: [readonly number[] | null, number[], number[], TeamsDecision][] = [
  [null, [], [3], { teams: [] }],
  [null, [3, 1], [], { teams: [3, 1] }],
  [[1, 2], [1], [], { teams: [1] }],
  [[1, 2], [], [], { refuse: 'chooseOwnTeam' }],
  [[1, 2], [3], [], { refuse: 'notOwnTeam' }],
  [[1, 2], [1, 3], [], { refuse: 'notOwnTeam' }],
  // Another coach's membership sent back unchanged is kept, but does not count as an own team.
  [[1, 2], [3], [3], { refuse: 'chooseOwnTeam' }],
  [[1, 2], [2, 3], [1, 3], { teams: [3, 2] }],
  // Dropping it from the form does not remove the player from a roster the coach cannot see.
  [[1, 2], [2], [1, 3], { teams: [3, 2] }],
];

describe('teams of a saved player', () => {
  it.each(saves)('scope %o, submitted %o, current %o → %o', (scope, submitted, current, decision) => {
    expect(decideTeams(scope, submitted, current)).toEqual(decision);
  });
});

/** [birth year, own-login age, on, decision]: a player reaches age A on 1 January of birth year + A. */
const ownLogins: [number | null, number, string, 'allow' | 'tooYoung'][] = [
  [2013, 13, '2026-01-01', 'allow'],
  [2013, 13, '2025-12-31', 'tooYoung'],
  [2014, 13, '2026-11-26', 'tooYoung'],
  [2010, 16, '2026-06-01', 'allow'],
  [null, 13, '2026-06-01', 'allow'],
];

describe("own sign-in from the club's age", () => {
  it.each(ownLogins)('born %s, from %s, on %s → %s', (dob, age, on, want) => {
    expect(decideOwnLogin(dob, age, new Date(`${on}T12:00:00Z`))).toBe(want);
  });
});
