import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { FAMILY_HANDOUT_MINUTES, FAMILY_INVITE_MINUTES, FAMILY_LINK_MINUTES, type HandedSignIn } from '../../../shared/schemas/guardian.js';
import type { LimitsDB } from '../../db/limits.js';
import * as counters from '../../db/rate-limits.repository.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { addMinutes, nowIso, nowMs } from '../../lib/time.js';
import type { Mailer } from '../../mail/mailer.js';
import { familyCookieName, type Guardian } from '../../policies/family.js';
import { guardianMaySignIn } from '../../policies/standing.js';
import { recordAudit, recordGuardianAudit } from '../audit/audit.repository.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import * as repo from './family-auth.repository.js';

type Db = Kysely<DB>;

export const INVALID_FAMILY_LINK = 'This sign-in link is invalid, used or expired. Ask for a new one on the family sign-in page.';

const signInUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/family/sign-in?token=${encodeURIComponent(token)}`;

export function familyLinkMail(publicUrl: string, token: string, kind: 'invite' | 'signin') {
  const link = signInUrl(publicUrl, token);
  const invite = kind === 'invite';
  return {
    subject: invite ? 'Your club invites you to follow your child' : 'Your sign-in link',
    text: [
      'Hello,',
      '',
      invite
        ? 'Your club has added you as a parent or guardian. Open this link to see what the club shares about your child and to choose what it may show publicly.'
        : 'Someone (hopefully you) asked to sign in to the family page of your club.',
      `The link works once and is valid for ${invite ? '7 days' : `${FAMILY_LINK_MINUTES} minutes`}:`,
      '',
      link,
      '',
      'If this is not about your child, open the link and choose "This isn\'t my child", or ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * Issues a one-time link and mails it as sensitive: the outbox never shows it. A staff invitation
 * replaces every unused link of the guardian; a link asked for on the sign-in page replaces only
 * earlier asked-for ones, never a pending invitation (anyone may ask for a link to any address).
 */
export async function sendFamilyLink(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  guardian: { id: number; email: string },
  kind: 'invite' | 'signin',
): Promise<void> {
  const token = randomToken();
  const now = nowIso();
  await repo.replaceToken(
    db,
    {
      guardian_id: guardian.id,
      token_hash: sha256(token),
      expires_at: addMinutes(now, kind === 'invite' ? FAMILY_INVITE_MINUTES : FAMILY_LINK_MINUTES),
      created_at: now,
    },
    kind === 'invite' ? null : FAMILY_LINK_MINUTES,
  );
  await mailer.send({ to: guardian.email, ...familyLinkMail(publicUrl, token, kind), sensitive: true });
}

/**
 * A sign-in a user manager hands to the guardian in person (no e-mail server needed): a one-time link
 * of 15 minutes, answered once to the caller and never mailed, so never in the outbox. It replaces
 * only the guardian's earlier unused hand-outs (links of at most 15 minutes): a pending invitation and
 * a requested link keep working. Audited with who made it for whom, never the token. The caller asked
 * the standing rule first (policies/guardians.ts); the link asks it again when it is used.
 */
export async function handOutSignIn(db: Db, actor: Actor, publicUrl: string, guardianId: number, playerId: number): Promise<HandedSignIn> {
  const token = randomToken();
  const now = nowIso();
  const expiresAt = addMinutes(now, FAMILY_HANDOUT_MINUTES);
  await db.transaction().execute(async (trx) => {
    await repo.replaceToken(
      trx,
      { guardian_id: guardianId, token_hash: sha256(token), expires_at: expiresAt, created_at: now },
      FAMILY_HANDOUT_MINUTES,
    );
    await recordAudit(
      trx,
      actor,
      'sign_in_link',
      'guardian',
      guardianId,
      `one-time sign-in (${FAMILY_HANDOUT_MINUTES} minutes) handed to guardian ${guardianId} from player ${playerId}'s panel`,
    );
  });
  return { link: signInUrl(publicUrl, token), expiresAt };
}

// Long enough to cover the moments between the check and the new link; the minute is the check's.
const SAME_ASK_MS = 5_000;

/** "E-mail me a link": silent for unknown addresses and guardians without standing, at most one link a minute per guardian. */
export async function requestLink(db: Db, limits: Kysely<LimitsDB>, mailer: Mailer, publicUrl: string, email: string): Promise<void> {
  const guardian = await repo.findSignableGuardian(db, email);
  if (!guardian || !(await guardianMaySignIn(db, guardian.id))) return;
  if (await repo.hasRecentToken(db, guardian.id, addMinutes(nowIso(), -1))) return;
  // Two asks at once (a double tap, two processes) both pass the check above, which the answer does
  // not wait for: the shared counter lets one of them through. It is keyed by the guardian's newest
  // link as it stands, so an ask after that link was used (or after it went) is a new key.
  const mark = await repo.newestTokenMark(db, guardian.id);
  if ((await counters.hit(limits, `family-link:${guardian.id}:${mark}`, SAME_ASK_MS, nowMs())).hits > 1) return;
  await sendFamilyLink(db, mailer, publicUrl, guardian, 'signin');
}

/**
 * Signs in with a link, once: the token is claimed, invited links become active (the e-mail is
 * confirmed), and a new guardian session starts. The guardian must still have standing for a child
 * now (policies/standing.ts); one who lost it gets the expired link's answer. Answers the session's
 * token and CSRF token.
 */
export async function signInWithLink(db: Db, token: string, maxHours: number): Promise<{ token: string; csrf: string }> {
  const found = await repo.findToken(db, sha256(token));
  if (!found || found.used_at || Date.parse(found.expires_at) < nowMs()) throw badRequest(INVALID_FAMILY_LINK, 'token');
  const session = randomToken();
  const csrf = randomToken();
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await repo.claimToken(trx, found.id, now))) throw badRequest(INVALID_FAMILY_LINK, 'token');
    if (!(await guardianMaySignIn(trx, found.guardian_id))) throw badRequest(INVALID_FAMILY_LINK, 'token');
    const activated = await repo.activateInvitedLinks(trx, found.guardian_id, now);
    await repo.setSignedIn(trx, found.guardian_id, now);
    await repo.createSession(trx, {
      token_hash: sha256(session),
      guardian_id: found.guardian_id,
      csrf_token: csrf,
      created_at: now,
      expires_at: addMinutes(now, maxHours * 60),
    });
    await recordGuardianAudit(
      trx,
      found.email,
      'sign_in',
      'guardian',
      found.guardian_id,
      activated ? `signed in by link; ${activated} invited link(s) now active` : 'signed in by link',
    );
  });
  return { token: session, csrf };
}

function cookieAttributes(app: FastifyInstance) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: app.config.SECURE_COOKIES };
}

export function setFamilyCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(familyCookieName(app.config.SECURE_COOKIES), token, {
    ...cookieAttributes(app),
    maxAge: app.config.SESSION_MAX_HOURS * 3600,
  });
}

export async function signOut(app: FastifyInstance, reply: FastifyReply, guardian: Guardian): Promise<void> {
  await repo.deleteSession(app.db, guardian.sessionId);
  reply.clearCookie(familyCookieName(app.config.SECURE_COOKIES), cookieAttributes(app));
}
