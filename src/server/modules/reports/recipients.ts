import type { Kysely } from 'kysely';
import type { UndeliverableReason } from '../../../shared/schemas/report-delivery.js';
import type { DB } from '../../db/types.js';
import { consentedPlayerIds } from '../family/consents.repository.js';
import * as repo from './delivery.repository.js';

/**
 * Who receives a player's report (ADR 0020): each guardian whose active link receives reports, when
 * the player's `reports` consent counts (every guardian with parental responsibility granted, ADR
 * 0019), and the player themself when they have their own active sign-in (past the hand-over; a
 * player's own copy needs no family consent). A player nobody can receive for gets the reason.
 */
export interface Recipient {
  kind: 'guardian' | 'player';
  email: string;
  guardian_id: number | null;
  user_id: number | null;
}

export interface Recipients {
  to: Recipient[];
  reason: Exclude<UndeliverableReason, 'not_approved'> | null;
}

export async function recipientsOf(db: Kysely<DB>, playerIds: readonly number[]): Promise<Map<number, Recipients>> {
  const [guardians, linked, consented, own] = await Promise.all([
    repo.receivingGuardians(db, playerIds),
    repo.playersWithLinks(db, playerIds),
    consentedPlayerIds(db, 'reports', playerIds),
    repo.ownSignIns(db, playerIds),
  ]);
  const result = new Map<number, Recipients>();
  for (const id of playerIds) {
    const receiving = guardians.filter((g) => g.player_id === id);
    const to: Recipient[] = consented.has(id)
      ? receiving.map((g) => ({ kind: 'guardian', email: g.email, guardian_id: g.guardian_id, user_id: null }))
      : [];
    for (const u of own.filter((u) => u.player_id === id))
      to.push({ kind: 'player', email: u.email, guardian_id: null, user_id: u.user_id });
    result.set(id, { to, reason: to.length ? null : reasonOf(receiving.length > 0, linked.has(id)) });
  }
  return result;
}

/** Why nobody receives: guardians who would receive but lack consent, links not active or not receiving, or no address at all. */
export function reasonOf(hasReceivingGuardian: boolean, hasLink: boolean): Recipients['reason'] {
  if (hasReceivingGuardian) return 'no_consent';
  return hasLink ? 'no_guardian' : 'no_email';
}
