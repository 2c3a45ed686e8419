/**
 * Staff's reach over guardians (ADR 0019): a guardian link is reached through its player (the
 * players rules), a guardian through any of their players the caller reaches.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { conflict, notFound } from '../lib/errors.js';
import { claimedAt } from '../modules/handover/handover.repository.js';
import { findGuardian, findLink, guardianLinkedInTeams } from '../modules/guardians/guardians.repository.js';
import { denied } from './access.js';
import { reachablePlayer } from './players.js';
import { guardianStanding, type StandingDecision } from './standing.js';
import { reachableTeamIds } from './teams.js';

export const guardianPolicyMessages = {
  linkNotFound: 'This guardian link does not exist.',
  guardianNotFound: 'This guardian does not exist.',
  reportsPlayerChoice: 'This player has claimed their own account: whether a guardian receives reports is their choice now.',
  noStanding: 'This guardian may not sign in for this player now (the link was revoked or declined): no sign-in can be handed out.',
  ownAccount: 'This player manages their own account and does not share with this guardian: no sign-in can be handed out.',
} as const;

/** After the hand-over, whether a guardian receives reports is the player's choice (ADR 0019), not staff's. */
export function decideReportsChange(f: { claimed: boolean; changes: boolean }): 'allow' | 409 {
  return f.claimed && f.changes ? 409 : 'allow';
}

/**
 * The player (players rules), then a link of that player: another player's link id is 404. A change
 * of the link's flags (`receivesReports` given) may not change `receives_reports` once the player has
 * claimed their account (409).
 */
export async function authorizePlayerLink(
  db: Kysely<DB>,
  actor: Actor,
  playerId: number,
  linkId: number,
  receivesReports?: boolean,
): Promise<void> {
  await reachablePlayer(db, actor, playerId);
  const link = await findLink(db, linkId);
  if (!link || link.player_id !== playerId) throw notFound(guardianPolicyMessages.linkNotFound);
  if (receivesReports === undefined) return;
  const changes = (link.receives_reports === 1) !== receivesReports;
  if (decideReportsChange({ claimed: changes && (await claimedAt(db, playerId)) !== null, changes }) === 409)
    throw conflict(guardianPolicyMessages.reportsPlayerChoice, 'receives_reports');
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

/** Why a hand-out is refused: the standing rule's answer for this guardian, this player, signing in. */
export function decideHandOut(standing: StandingDecision): 'allow' | 'ownAccount' | 'noStanding' {
  if (standing === 'allow') return 'allow';
  return standing === 'ownAccount' ? 'ownAccount' : 'noStanding';
}

/**
 * A one-time sign-in handed to a guardian in person (docs/product.md#families): the player and the
 * link as for the panel's other actions, then the standing rule (policies/standing.ts) for this
 * guardian and player: a revoked or declined link, an erased player, or a claimed player who does not
 * share with them is 409. Answers the guardian's id.
 */
export async function authorizeSignInHandOut(db: Kysely<DB>, actor: Actor, playerId: number, linkId: number): Promise<number> {
  await authorizePlayerLink(db, actor, playerId, linkId);
  const guardianId = (await findLink(db, linkId))!.guardian_id;
  const d = decideHandOut((await guardianStanding(db, guardianId, playerId, 'sign-in')).decision);
  if (d !== 'allow') throw conflict(guardianPolicyMessages[d]);
  return guardianId;
}
