import type { Kysely } from 'kysely';
import type { FamilyInbox } from '../../../shared/schemas/family.js';
import type { DB, OfferState } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import type { Mailer } from '../../mail/mailer.js';
import { inboxScope } from '../../policies/family-inbox.js';
import { answerAsGuardian } from '../offers/answers.service.js';
import * as repo from './inbox.repository.js';

type Db = Kysely<DB>;

/**
 * A child's inbox on _My players_ (docs/product.md#families): what an e-mailed offer or report link
 * would have brought, reached through the family sign-in instead. Only what the standing rule lets
 * this guardian see of this child now (policies/family-inbox.ts).
 */
export async function childInbox(db: Db, guardianId: number, playerId: number): Promise<FamilyInbox> {
  const scope = await inboxScope(db, guardianId, playerId);
  const [offers, reports] = await Promise.all([
    scope.offers ? repo.openOffersOf(db, playerId, nowIso()) : Promise.resolve([]),
    scope.reports ? repo.unreadReportsOf(db, playerId, guardianId) : Promise.resolve([]),
  ]);
  return { offers, reports };
}

/** Accept or Decline from the portal, through the offers' own answer; answers the inbox after it. */
export async function answerOffer(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  guardianId: number,
  offer: { id: number; player_id: number; state: OfferState; deadline: string },
  choice: 'accept' | 'decline',
): Promise<FamilyInbox> {
  await answerAsGuardian(db, mailer, publicUrl, offer, guardianId, choice);
  return childInbox(db, guardianId, offer.player_id);
}
