/**
 * Who reaches a self-assessment (docs/product.md#self-assessment, ADR 0029). The player and staff reach
 * a player's by the players rule (policies/players.ts: coaches through the teams they coach, the player
 * themself); only the player writes it. Guardians read the compared cycles of a child they have
 * standing for (policies/standing.ts, the `self-assessment` purpose: an active link, the player's
 * sharing after the hand-over, and the reports consent). The public never sees one.
 */
import type { Kysely } from 'kysely';
import { selfAssessmentMessages } from '../../shared/schemas/self-assessment.js';
import type { Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { HttpError } from '../lib/errors.js';
import { guardianStanding } from './standing.js';

/** Staff read a self-assessment but never write the player's own view of themself. */
export const decideSelfWrite = (actor: Pick<Actor, 'playerId'>): 'allow' | 403 => (actor.playerId === null ? 403 : 'allow');

export function authorizeSelfWrite(actor: Actor): void {
  if (decideSelfWrite(actor) === 403) throw new HttpError(403, selfAssessmentMessages.onlyPlayer);
}

/** What a guardian, already allowed on the child's page (authorizeChild), sees: the comparisons with the reports consent, none without it. */
export async function familySelfAssessmentScope(db: Kysely<DB>, guardianId: number, playerId: number): Promise<'visible' | 'noConsent'> {
  const { decision } = await guardianStanding(db, guardianId, playerId, 'self-assessment');
  return decision === 'allow' ? 'visible' : 'noConsent';
}
