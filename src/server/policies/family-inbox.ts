/**
 * What the family portal lists and answers for a child without any e-mailed link (docs/product.md#families):
 * asked of the standing rule (policies/standing.ts) for this guardian and child on every request — the
 * open offers under the `offer` purpose, the reports sent to them under the `report` purpose (which
 * holds the reports consent and "receives reports").
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { findOffer } from '../modules/offers/offers.repository.js';
import { denied } from './access.js';
import { guardianStanding, type StandingDecision } from './standing.js';

export async function inboxScope(db: Kysely<DB>, guardianId: number, playerId: number): Promise<{ offers: boolean; reports: boolean }> {
  const [offer, report] = await Promise.all([
    guardianStanding(db, guardianId, playerId, 'offer'),
    guardianStanding(db, guardianId, playerId, 'report'),
  ]);
  return { offers: offer.decision === 'allow', reports: report.decision === 'allow' };
}

export function decideChildOffer(f: { exists: boolean; ofPlayer: boolean; standing: StandingDecision }): 'allow' | 403 | 404 {
  if (!f.exists || !f.ofPlayer) return 404;
  return f.standing === 'allow' ? 'allow' : 403;
}

export const childOfferMessages = { notFound: 'This offer does not exist.' } as const;

/** An offer of this child that this guardian may answer now (the offer's own state is the answer's to check). */
export async function authorizeChildOffer(db: Kysely<DB>, guardianId: number, playerId: number, offerId: number) {
  const offer = await findOffer(db, offerId);
  const { decision } = await guardianStanding(db, guardianId, playerId, 'offer');
  const d = decideChildOffer({ exists: !!offer, ofPlayer: offer?.player_id === playerId, standing: decision });
  if (d === 404) throw notFound(childOfferMessages.notFound);
  if (d === 403) throw denied();
  return offer!;
}
