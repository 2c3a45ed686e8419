/**
 * The family side (ADR 0019): a guardian's session is its own kind, read from its own cookie only on
 * routes declared `access.family`, and a guardian reaches only the players of their active links,
 * each child on its own. Staff sessions never reach these routes, nor guardians staff routes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MSG } from '../../shared/messages.js';
import type { DB } from '../db/types.js';
import { HttpError, notFound } from '../lib/errors.js';
import * as auth from '../modules/family/family-auth.repository.js';
import { findLinkOf } from '../modules/guardians/guardians.repository.js';
import { claimedAt, playerForHandover } from '../modules/handover/handover.repository.js';
import { guardianStanding, type StandingDecision } from './standing.js';
import { sha256 } from '../modules/auth/tokens.js';
import { denied, unauthenticated } from './access.js';
import { nowMs } from '../lib/time.js';

export interface Guardian {
  id: number;
  email: string;
  name: string;
  sessionId: number;
  csrfToken: string;
}

export function familyCookieName(secure: boolean): string {
  return secure ? '__Host-gsid' : 'gsid';
}

const TOUCH_EVERY_MS = 60_000;

/** Loads the guardian's session from its cookie (no cache: a revoked link or ended session counts at once). */
export async function loadFamily(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  req.family = null;
  const token = req.cookies[familyCookieName(app.config.SECURE_COOKIES)];
  if (!token) return;
  const found = await auth.findSession(app.db, sha256(token));
  if (!found) return;
  const now = nowMs();
  if (now > Date.parse(found.expires_at) || now > Date.parse(found.last_seen_at) + app.config.SESSION_IDLE_MINUTES * 60_000) {
    await auth.deleteSession(app.db, found.id);
    return;
  }
  if (now - Date.parse(found.last_seen_at) > TOUCH_EVERY_MS) await auth.touchSession(app.db, found.id, new Date(now).toISOString());
  req.family = { id: found.guardian_id, email: found.email, name: found.name, sessionId: found.id, csrfToken: found.csrf_token };
}

export function requireGuardian(req: FastifyRequest): Guardian {
  if (!req.family) throw unauthenticated();
  return req.family;
}

/**
 * The guardian's active link to this player, or the refusal, asked of the standing rule on every
 * request (policies/standing.ts): no link (or an erased player) 404, a link not active 403, and after
 * the hand-over a guardian the player does not share with 403 "… now manages their own account".
 */
export async function authorizeChild(db: Kysely<DB>, guardian: Guardian, playerId: number) {
  const { decision } = await guardianStanding(db, guardian.id, playerId, 'family-session');
  await enforceStanding(db, decision, playerId);
  return (await findLinkOf(db, guardian.id, playerId))!;
}

async function enforceStanding(db: Kysely<DB>, decision: StandingDecision, playerId: number): Promise<void> {
  if (decision === 'allow') return;
  if (decision === 'ownAccount') throw new HttpError(403, await ownAccountMessage(db, playerId));
  if (decision === 'noLink' || decision === 'erased') throw notFound(MSG.notFoundApi);
  throw denied();
}

async function ownAccountMessage(db: Kysely<DB>, playerId: number): Promise<string> {
  const player = await playerForHandover(db, playerId);
  return familyMessages.ownAccount(player?.first_name ?? 'The player');
}

/**
 * A guardian answers "this isn't my child" only for a link of theirs that is still invited or active,
 * and only while they have standing (after the hand-over the player decides).
 */
export async function authorizeOwnLink(db: Kysely<DB>, guardian: Guardian, playerId: number) {
  const { decision } = await guardianStanding(db, guardian.id, playerId, 'sign-in');
  if (decision === 'notActive') throw new HttpError(403, MSG.forbidden);
  await enforceStanding(db, decision, playerId);
  return (await findLinkOf(db, guardian.id, playerId))!;
}

export const familyMessages = {
  noResponsibility: 'Only a guardian with parental responsibility can grant or withdraw consent.',
  noResponsibilityBirthDate: 'Only a guardian with parental responsibility can change the birth date.',
  ownAccount: (firstName: string) => `${firstName} now manages their own account.`,
  playerConsents: (firstName: string) => `${firstName} now manages their own account and decides the consents.`,
} as const;

/** Consents: an active link with parental responsibility, for a player who has not claimed their account. */
export async function authorizeConsent(db: Kysely<DB>, guardian: Guardian, playerId: number) {
  const link = await authorizeChild(db, guardian, playerId);
  if (link.parental_responsibility !== 1) throw new HttpError(403, familyMessages.noResponsibility);
  if ((await claimedAt(db, playerId)) !== null)
    throw new HttpError(403, familyMessages.playerConsents((await playerForHandover(db, playerId))?.first_name ?? 'The player'));
  return link;
}

/**
 * The child's record (the birth date): an active link with parental responsibility. After the claim
 * the guardian may still correct it (a date is not a consent); after the hand-over authorizeChild refuses.
 */
export async function authorizeChildRecord(db: Kysely<DB>, guardian: Guardian, playerId: number) {
  const link = await authorizeChild(db, guardian, playerId);
  if (link.parental_responsibility !== 1) throw new HttpError(403, familyMessages.noResponsibilityBirthDate);
  return link;
}
