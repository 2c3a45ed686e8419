/**
 * Staff's reach over guardians (ADR 0019): a guardian link is reached through its player (the
 * players rules), a guardian through any of their players the caller reaches.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { findGuardian, findLink, guardianLinkedInTeams } from '../modules/guardians/guardians.repository.js';
import { denied } from './access.js';
import { reachablePlayer } from './players.js';
import { reachableTeamIds } from './teams.js';

export const guardianPolicyMessages = {
  linkNotFound: 'This guardian link does not exist.',
  guardianNotFound: 'This guardian does not exist.',
} as const;

/** The player (players rules), then a link of that player: another player's link id is 404. */
export async function authorizePlayerLink(db: Kysely<DB>, actor: Actor, playerId: number, linkId: number): Promise<void> {
  await reachablePlayer(db, actor, playerId);
  const link = await findLink(db, linkId);
  if (!link || link.player_id !== playerId) throw notFound(guardianPolicyMessages.linkNotFound);
}

/** The players a caller's Guardians list covers: the teams they reach (null = all); never the player area. */
export async function authorizeGuardianList(db: Kysely<DB>, actor: Actor): Promise<readonly number[] | null> {
  if (actor.playerId !== null) throw denied();
  return reachableTeamIds(db, actor);
}

export function decideGuardian(f: {
  exists: boolean;
  playerArea: boolean;
  allTeams: boolean;
  linkedInOwnTeams: boolean;
}): 'allow' | 403 | 404 {
  if (!f.exists) return 404;
  if (f.playerArea) return 403;
  return f.allTeams || f.linkedInOwnTeams ? 'allow' : 403;
}

/** A guardian is reached by staff reaching every team, or a coach of one of the guardian's players. */
export async function authorizeGuardian(db: Kysely<DB>, actor: Actor, guardianId: number): Promise<void> {
  const exists = !!(await findGuardian(db, guardianId));
  const teams = exists && actor.playerId === null ? await reachableTeamIds(db, actor) : [];
  const d = decideGuardian({
    exists,
    playerArea: actor.playerId !== null,
    allTeams: teams === null,
    linkedInOwnTeams: teams !== null && teams.length > 0 && (await guardianLinkedInTeams(db, guardianId, teams)),
  });
  if (d === 404) throw notFound(guardianPolicyMessages.guardianNotFound);
  if (d === 403) throw denied();
}
