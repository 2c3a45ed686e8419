import type { Kysely } from 'kysely';
import type { UndeliverableReason } from '../../../shared/schemas/report-delivery.js';
import type { DB } from '../../db/types.js';
import { withStanding } from '../../policies/standing.js';

/**
 * Who receives a player's report (ADR 0020) — and a place offer, which goes to the same people: each
 * guardian with standing for reports (policies/standing.ts: an active link that receives reports, the
 * player's `reports` consent, and after the hand-over only a guardian the player shares with), and the
 * player themself when they have their own active sign-in (a player's own copy needs no family
 * consent). An erased player has nobody. A player nobody can receive for gets the reason.
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
  const { links, guardians, players } = await withStanding(db, playerIds, 'report');
  const result = new Map<number, Recipients>();
  for (const id of playerIds) {
    const to: Recipient[] = guardians
      .filter((g) => g.player_id === id)
      .map((g) => ({ kind: 'guardian', email: g.email, guardian_id: g.guardian_id, user_id: null }));
    for (const u of players.filter((u) => u.player_id === id))
      to.push({ kind: 'player', email: u.email, guardian_id: null, user_id: u.user_id });
    const own = links.filter((l) => l.player_id === id);
    const reason = reasonOf(
      own.some((l) => l.decision === 'noConsent'),
      own.some((l) => l.status === 'invited' || l.status === 'active'),
    );
    result.set(id, { to, reason: to.length ? null : reason });
  }
  return result;
}

/** Why nobody receives: guardians who would receive but lack consent, links not active or not receiving, or no address at all. */
export function reasonOf(hasReceivingGuardian: boolean, hasLink: boolean): Recipients['reason'] {
  if (hasReceivingGuardian) return 'no_consent';
  return hasLink ? 'no_guardian' : 'no_email';
}
