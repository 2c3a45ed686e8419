/**
 * Who works on a draft's offers (docs/product.md#offers): staff with teams write, who reach every team
 * (docs/product.md#permissions), so the object check is the draft's existence (404); a caller scoped
 * to their own teams is refused (403) even if a route ever let one through. The answer link needs no
 * session: its one-time token is the credential, checked in the offers service.
 */
import type { Kysely } from 'kysely';
import { isScopedToOwnTeams, type Actor } from '../../shared/permissions.js';
import type { DB, DraftState } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { findDraft } from '../modules/offers/offers.repository.js';
import { denied } from './access.js';

export const offerPolicyMessages = { draftNotFound: 'This draft does not exist.' } as const;

export interface OfferDraft {
  id: number;
  name: string;
  state: DraftState;
  version: number;
  created_by: number | null;
}

export type OfferDecision = 'allow' | 403 | 404;

export function decide(f: { exists: boolean; scoped: boolean }): OfferDecision {
  if (!f.exists) return 404;
  return f.scoped ? 403 : 'allow';
}

/** The draft whose offers the caller sends or reads: 404 unknown, 403 for a caller reaching only their own teams. */
export async function authorizeDraftOffers(db: Kysely<DB>, actor: Actor, draftId: number): Promise<OfferDraft> {
  const draft = await findDraft(db, draftId);
  const decision = decide({ exists: !!draft, scoped: isScopedToOwnTeams(actor) });
  if (decision === 404) throw notFound(offerPolicyMessages.draftNotFound);
  if (decision === 403) throw denied();
  return draft!;
}
