/**
 * The family side (ADR 0019): a guardian's session is its own kind, read from its own cookie only on
 * routes declared `access.family`, and a guardian reaches only the players of their active links,
 * each child on its own. Staff sessions never reach these routes, nor guardians staff routes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MSG } from '../../shared/messages.js';
import type { DB, LinkStatus } from '../db/types.js';
import { HttpError, notFound } from '../lib/errors.js';
import * as auth from '../modules/family/family-auth.repository.js';
import { findLinkOf } from '../modules/guardians/guardians.repository.js';
import { claimedAt, playerForHandover } from '../modules/handover/handover.repository.js';
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
 * A child's page: no link at all is 404 (another family's child is not confirmed to exist); a link
 * that is not active (invited, declined, revoked) is 403.
 */
export function decideChild(status: LinkStatus | null): 'allow' | 403 | 404 {
  if (status === null) return 404;
  return status === 'active' ? 'allow' : 403;
}

/** The guardian's active link to this player, or the refusal. */
export async function authorizeChild(db: Kysely<DB>, guardian: Guardian, playerId: number) {
  const link = await findLinkOf(db, guardian.id, playerId);
  const d = decideChild(link?.status ?? null);
  if (d === 404) throw notFound(MSG.notFoundApi);
  if (d === 403) throw denied();
  // After the hand-over the player decides: by default a guardian sees nothing new (ADR 0019).
  if ((await claimedAt(db, playerId)) !== null && link!.shares_after_handover !== 1)
    throw new HttpError(403, await ownAccountMessage(db, playerId));
  return link!;
}

async function ownAccountMessage(db: Kysely<DB>, playerId: number): Promise<string> {
  const player = await playerForHandover(db, playerId);
  return familyMessages.ownAccount(player?.first_name ?? 'The player');
}

/** A guardian answers "this isn't my child" only for a link of theirs that is still invited or active. */
export async function authorizeOwnLink(db: Kysely<DB>, guardian: Guardian, playerId: number) {
  const link = await findLinkOf(db, guardian.id, playerId);
  if (!link) throw notFound(MSG.notFoundApi);
  if (link.status !== 'active' && link.status !== 'invited') throw new HttpError(403, MSG.forbidden);
  return link;
}

export const familyMessages = {
  noResponsibility: 'Only a guardian with parental responsibility can grant or withdraw consent.',
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
