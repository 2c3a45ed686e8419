/** Which players a caller reaches (docs/product.md#permissions). */
import type { Kysely } from 'kysely';
import { isScopedToOwnTeams, type Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { denied } from './access.js';
import * as scope from './scope.repository.js';

/**
 * A player is reachable by staff with teams ≥ 2, by the coach of one of their teams, and by the
 * player themself (player area). Refusals name unknown ids 404 and real players 403, for staff and
 * players alike (docs/product.md#errors: the player area sends them to /player/not-found and /player/unauthorized).
 */
export async function assertPlayerReachable(db: Kysely<DB>, actor: Actor, playerId: number): Promise<void> {
  const reachable =
    actor.playerId !== null ? actor.playerId === playerId : !isScopedToOwnTeams(actor) || (await scope.isCoachOfPlayer(db, actor.id, playerId));
  if (reachable) return;
  if (!(await scope.playerExists(db, playerId))) throw notFound();
  throw denied();
}


export const playerMessages = {
  playerNotFound: 'This player does not exist.',
} as const;

/** Unknown ids are 404 before the reach check (403), for staff and players alike (docs/product.md#errors). */
export async function reachablePlayer(db: Kysely<DB>, actor: Actor, id: number): Promise<void> {
  if (!(await scope.playerExists(db, id))) throw notFound(playerMessages.playerNotFound);
  await assertPlayerReachable(db, actor, id);
}
