/**
 * Privacy requests (ADR 0022). Route level: user managers (user management write) export, list and
 * decide; the player themself or a user manager asks for an erasure; a guardian through the family
 * routes (policies/family.ts). Object level: the player rules (policies/players.ts) — a user manager
 * whose role reaches only their own teams handles only those teams' players, and decides an erasure
 * only for a player all of whose teams they reach, as for deleting one.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../shared/permissions.js';
import { privacyMessages, type PrivacyRequester } from '../../shared/schemas/privacy.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { findRequest } from '../modules/privacy/privacy.repository.js';
import { denied } from './access.js';
import { authorizePlayer, reachablePlayer } from './players.js';
import { reachableTeamIds } from './teams.js';

/** Who an erasure request made through the staff or player API is from: the player, or an admin for them. */
export function decideRequester(actor: Pick<Actor, 'playerId'>, playerId: number): Exclude<PrivacyRequester, 'guardian'> | 403 {
  if (actor.playerId === null) return 'admin';
  return actor.playerId === playerId ? 'player' : 403;
}

export async function authorizeErasureRequest(
  db: Kysely<DB>,
  actor: Actor,
  playerId: number,
): Promise<Exclude<PrivacyRequester, 'guardian'>> {
  await reachablePlayer(db, actor, playerId);
  const who = decideRequester(actor, playerId);
  if (who === 403) throw denied();
  return who;
}

/** A request by id: unknown is 404, then the player's rules as for a delete. */
export async function authorizePrivacyDecision(db: Kysely<DB>, actor: Actor, requestId: number) {
  const request = await findRequest(db, requestId);
  if (!request) throw notFound(privacyMessages.requestNotFound);
  await authorizePlayer(db, actor, request.player_id, 'delete');
  return request;
}

/** The players whose requests the caller lists (their teams; null = all). */
export async function authorizePrivacyList(db: Kysely<DB>, actor: Actor): Promise<readonly number[] | null> {
  if (actor.playerId !== null) throw denied();
  return reachableTeamIds(db, actor);
}
