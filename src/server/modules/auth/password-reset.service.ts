import type { Kysely } from 'kysely';
import { RESET_LINK_MINUTES } from '../../../shared/schemas/password.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { addMinutes, nowIso, nowMs } from '../../lib/time.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import { assertPasswordAllowed } from './password-policy.js';
import * as repo from './password-reset.repository.js';
import { hashPassword } from './passwords.js';
import * as sessions from './sessions.repository.js';
import { randomToken, sha256 } from './tokens.js';

type Db = Kysely<DB>;

const INVALID_LINK = 'This link is invalid or has expired. Ask for a new one with "Forgot password?" on the sign-in page.';

export function resetLinkMail(publicUrl: string, name: string, token: string) {
  const link = `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    subject: 'Reset your password',
    text: [
      `Hello ${name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your club account.',
      `Open this link to choose a new password. It works once and is valid for ${RESET_LINK_MINUTES} minutes:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ].join('\n'),
  };
}

/** Mails a single-use link to an active account, at most one a minute; silent for unknown addresses. */
export async function issueLink(db: Db, mailer: Mailer, publicUrl: string, email: string): Promise<void> {
  const user = await repo.findActiveUserByEmail(db, email);
  if (!user) return;
  const now = nowIso();
  if (await repo.hasRecentToken(db, user.id, addMinutes(now, -1))) return;
  const token = randomToken();
  await repo.replaceToken(db, {
    user_id: user.id,
    token_hash: sha256(token),
    expires_at: addMinutes(now, RESET_LINK_MINUTES),
    created_at: now,
  });
  await mailer.send({ to: user.email, ...resetLinkMail(publicUrl, user.first_name, token), sensitive: true });
}

/** Sets the new password with a link's token, once: the token is claimed in the same transaction. */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<void> {
  const found = await repo.findToken(db, sha256(token));
  if (!found || found.used_at || found.status !== 1 || Date.parse(found.expires_at) < nowMs()) throw badRequest(INVALID_LINK, 'token');
  assertPasswordAllowed(newPassword, 'new_password', [found.email, found.first_name, found.last_name]);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await repo.claimToken(trx, found.id, now))) throw badRequest(INVALID_LINK, 'token');
    await sessions.setPassword(trx, found.user_id, passwordHash, now);
    await sessions.deleteUserSessions(trx, found.user_id);
    await repo.deleteUnusedTokens(trx, found.user_id);
    await recordAudit(trx, { id: found.user_id }, 'password_reset', 'user', found.user_id, 'Password set with an e-mailed reset link');
  });
}
