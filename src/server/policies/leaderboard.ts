import type { Kysely } from 'kysely';
import type { Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { denied } from './access.js';
import * as scope from './scope.repository.js';

/**
 * Leaderboards: staff see the club-wide boards (names, photos and scores only); a player sees only
 * the board of a team they belong to (player area), never the whole club or the teams board.
 */
export async function assertLeaderboardReachable(db: Kysely<DB>, actor: Actor, teamId: number | undefined): Promise<void> {
  if (actor.playerId === null) return;
  if (teamId === undefined || !(await scope.isPlayerInTeam(db, actor.playerId, teamId))) throw denied();
}

