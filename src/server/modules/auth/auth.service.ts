import type { Kysely } from 'kysely';
import { MSG } from '../../../shared/messages.js';
import { isCoachRole, type Actor } from '../../../shared/permissions.js';
import type { Me } from '../../../shared/schemas/auth.js';
import type { DB } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { nowIso, nowMs } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { Backoff, LoginThrottle } from './login-throttle.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as sessions from './sessions.repository.js';
import { sha256 } from './tokens.js';

type Db = Kysely<DB>;

export function meOf(s: sessions.SessionUser): Me {
  const u = s.user;
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    role: u.role_id,
    role_title: u.role_title,
    roleKey: u.role_key,
    admin: u.role_admin,
    player: u.player_id,
    permissions: u.permissions,
    isCoach: isCoachRole({ admin: u.role_admin, permissions: u.permissions }),
    isPlayer: u.role_key === 'player',
    mustChangePassword: u.must_change_password === 1,
    csrfToken: s.csrfToken,
  };
}

/** Whom to sign in, or how long this address must wait before trying this account again (429). */
export type LoginCheck = { userId: number } | { retryAfterMs: number };

/** The throttle first, then the password, then the account's state (docs/decisions/0003-sessions-and-access.md). */
export async function checkLogin(db: Db, throttle: LoginThrottle, email: string, password: string, address: string): Promise<LoginCheck> {
  const wait = await throttle.retryAfterMs(email, address);
  if (wait > 0) return { retryAfterMs: wait };
  const user = await sessions.findUserForLogin(db, email);
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !valid) {
    await throttle.fail(email, address);
    throw new HttpError(401, MSG.signInFailed);
  }
  if (user.status !== 1) throw new HttpError(403, MSG.suspended);
  if (user.password_expires_at && Date.parse(user.password_expires_at) < nowMs()) {
    throw new HttpError(401, 'This temporary password has expired. Ask your club administrator for a new one.');
  }
  await throttle.succeed(email, address);
  return { userId: user.id };
}

/** Ends the session of a cookie's token, if there is one. */
export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  const found = await sessions.findSession(db, sha256(token));
  if (found) await sessions.deleteSession(db, found.sessionId);
}

/** The signed-in user as the client sees it, from a just-started session's token. */
export async function meOfToken(db: Db, token: string): Promise<Me> {
  const created = await sessions.findSession(db, sha256(token));
  if (!created) throw new Error('session not created');
  return meOf(created);
}

/**
 * Changes one's own password and ends one's other sessions. Wrong current passwords back off per
 * user (a stolen session must not become a password oracle): answers how long to wait instead.
 */
export async function changePassword(
  db: Db,
  throttle: Backoff,
  actor: Actor,
  session: sessions.SessionUser | null,
  body: { current_password: string; new_password: string },
): Promise<{ retryAfterMs: number } | null> {
  const wait = await throttle.retryAfterMs(String(actor.id));
  if (wait > 0) return { retryAfterMs: wait };
  const current = await sessions.findPasswordHash(db, actor.id);
  if (!(await verifyPassword(current, body.current_password))) {
    await throttle.fail(String(actor.id));
    throw new HttpError(400, 'The current password is not correct.', 'current_password');
  }
  await throttle.succeed(String(actor.id));
  const user = session?.user;
  if (body.new_password === body.current_password) {
    throw new HttpError(400, 'Choose a new password that is different from the current one.', 'new_password');
  }
  assertPasswordAllowed(body.new_password, 'new_password', user ? [user.email, user.first_name, user.last_name] : []);
  const hash = await hashPassword(body.new_password);
  // One transaction: a new password never stands while the other devices stay signed in.
  await db.transaction().execute(async (trx) => {
    await sessions.setPassword(trx, actor.id, hash, nowIso());
    await sessions.deleteUserSessions(trx, actor.id, session?.sessionId);
    await recordAudit(trx, actor, 'password_reset', 'user', actor.id, 'Changed own password');
  });
  return null;
}
