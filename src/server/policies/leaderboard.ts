/**
 * Who sees which board, analysis and team evaluation read (docs/product.md#permissions). The route
 * declares the section level (signed in for boards, reports 1 for analysis, evaluation 1 for the team
 * evaluation reads); this decides the object level, with the team and player reach of teams.ts and
 * players.ts (a team's analysis is teams.ts authorizeTeam). decideBoard is the boards' rule, pure and
 * tested as a table; the async functions gather facts.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { denied } from './access.js';
import { assertPlayerReachable, authorizePlayerList } from './players.js';
import * as scope from './scope.repository.js';
import { reaches } from './teams.js';

export type Decision = 'allow' | 403;

export type BoardAction =
  /** The players board, club-wide or of one team. */
  | 'players'
  /** The teams board. */
  | 'teams';

export interface BoardFacts {
  /** A player-area account (not staff). */
  player: boolean;
  /** The board is narrowed to one team. */
  teamFilter: boolean;
  /** The caller plays on that team. */
  member: boolean;
}

/**
 * Staff see the club-wide boards (names, photos and scores only, so coaches with teams < 2 too); a
 * player sees only the players board of a team they belong to, never the whole club or the teams board.
 */
export function decideBoard(action: BoardAction, f: BoardFacts): Decision {
  if (!f.player) return 'allow';
  if (action === 'teams') return 403;
  return f.teamFilter && f.member ? 'allow' : 403;
}

/** The teams a comparison may use: only those the caller reaches (null = all), never another coach's averages. */
export function reachedTeams<T extends { id: number }>(teams: readonly T[], reachable: readonly number[] | null): T[] {
  return teams.filter((t) => reaches(reachable, t.id));
}

export async function authorizeBoard(db: Kysely<DB>, actor: Actor, action: BoardAction, teamId?: number): Promise<void> {
  const player = actor.playerId !== null;
  const member = player && teamId !== undefined && action === 'players' ? await scope.isPlayerInTeam(db, actor.playerId!, teamId) : false;
  if (decideBoard(action, { player, teamFilter: teamId !== undefined, member }) === 403) throw denied();
}

/**
 * A list narrowed to one team (analysis landing, team evaluation reads) follows the players lists'
 * team filter (players.ts): a team the caller does not reach is 403, an unknown team only an empty
 * list for staff. Answers the teams the caller reaches (null = all), which scope the list.
 */
export async function authorizeTeamScope(db: Kysely<DB>, actor: Actor, teamId: number | undefined): Promise<readonly number[] | null> {
  return authorizePlayerList(db, actor, teamId);
}

/**
 * A player's analysis: an unknown id is 404 (before players.ts decides the reach, 403), optionally
 * compared with one team the caller reaches; answers the teams the caller reaches, the only ones the
 * comparison may use.
 */
export async function authorizePlayerAnalysis(db: Kysely<DB>, actor: Actor, playerId: number, teamId: number | undefined) {
  if (!(await scope.playerExists(db, playerId))) throw notFound();
  await assertPlayerReachable(db, actor, playerId);
  return authorizeTeamScope(db, actor, teamId);
}
