/**
 * Age and hand-over (ADR 0019): who sends a claim link, and who decides what guardians still see
 * after the claim. The `decide…` functions are the rules; the async ones gather the facts.
 */
import type { Kysely } from 'kysely';
import { can, type Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { HttpError } from '../lib/errors.js';
import { claimedAt } from '../modules/handover/handover.repository.js';
import { reachablePlayer } from './players.js';

export const handoverPolicyMessages = {
  claimLinkManagers: 'Only a user manager who edits players can send a claim link.',
  playerDecides: 'Only the player decides what their guardians see.',
  notClaimed: 'You decide this once you have claimed your account at the hand-over.',
} as const;

/** A claim link hands an account to whoever reads the inbox: players write and user management write. */
export const maySendClaimLink = (actor: Actor): boolean => can(actor, 'players', 2) && can(actor, 'user_management', 2);

export async function authorizeClaimLink(db: Kysely<DB>, actor: Actor, playerId: number): Promise<void> {
  await reachablePlayer(db, actor, playerId);
  if (!maySendClaimLink(actor)) throw new HttpError(403, handoverPolicyMessages.claimLinkManagers);
}

export function decideOwnChoice(f: { self: boolean; claimed: boolean }): 'allow' | 'notSelf' | 'notClaimed' {
  if (!f.self) return 'notSelf';
  return f.claimed ? 'allow' : 'notClaimed';
}

/** The player themself, once they have claimed their account; staff read the choices but never make them. */
export async function authorizeOwnChoice(db: Kysely<DB>, actor: Actor, playerId: number): Promise<void> {
  await reachablePlayer(db, actor, playerId);
  const d = decideOwnChoice({ self: actor.playerId === playerId, claimed: (await claimedAt(db, playerId)) !== null });
  if (d === 'notSelf') throw new HttpError(403, handoverPolicyMessages.playerDecides);
  if (d === 'notClaimed') throw new HttpError(403, handoverPolicyMessages.notClaimed);
}
