import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { HttpError } from '../../lib/errors.js';
import { repeatWhileUp } from '../../lib/while-up.js';
import { addMinutes, nowIso, nowMs } from '../../lib/time.js';
import { loadGuest } from '../../policies/eval-sessions.js';
import { loadFamily } from '../../policies/family.js';
import { checkAccess } from '../../policies/access.js';
import { lookupSession, sessionTouched } from './session-cache.js';
import * as sessions from './sessions.repository.js';
import { randomToken, sha256 } from './tokens.js';

export const CSRF_HEADER = 'x-csrf-token';
const TOUCH_EVERY_MS = 60_000;
/** The only signed-in calls a user with a temporary password may make until it is changed. */
const PASSWORD_CHANGE_ROUTES = new Set(['/api/auth/me', '/api/auth/password', '/api/auth/logout']);

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

/** Starts a fresh session (new token at every sign-in: no fixation), sets the cookie, returns the token. */
export async function startSession(app: FastifyInstance, reply: FastifyReply, userId: number): Promise<string> {
  const token = randomToken();
  const csrf = randomToken();
  const now = nowIso();
  await sessions.createSession(app.db, {
    token_hash: sha256(token),
    user_id: userId,
    csrf_token: csrf,
    created_at: now,
    expires_at: addMinutes(now, app.config.SESSION_MAX_HOURS * 60),
  });
  reply.setCookie(sessionCookieName(app.config.SECURE_COOKIES), token, {
    ...cookieAttributes(app),
    maxAge: app.config.SESSION_MAX_HOURS * 3600,
  });
  return token;
}

/** The session cookie's attributes; clearing it must repeat them (a browser ignores a __Host- cookie without Secure). */
function cookieAttributes(app: FastifyInstance) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: app.config.SECURE_COOKIES };
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(app.config.SECURE_COOKIES), cookieAttributes(app));
}

function actorOf(s: sessions.SessionUser): Actor {
  return {
    id: s.user.id,
    roleId: s.user.role_id,
    roleKey: s.user.role_key,
    roleAdmin: s.user.role_admin,
    permissions: s.user.permissions,
    playerId: s.user.role_key === 'player' ? s.user.player_id : null,
  };
}

function isSameOrigin(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (origin) {
    try {
      // Scheme too: a page on http://club.example must not write to https://club.example.
      const from = new URL(origin);
      if (from.host !== req.headers.host || from.protocol !== `${req.protocol}:`) return false;
    } catch {
      return false;
    }
  }
  return true;
}

async function loadSession(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  req.actor = null;
  req.session = null;
  const token = req.cookies[sessionCookieName(app.config.SECURE_COOKIES)];
  if (!token) return;
  const hash = sha256(token);
  let found = await lookupSession(app.db, hash);
  if (!found) return;
  const now = nowMs();
  const ended = (s: sessions.SessionUser) =>
    s.user.status !== 1 || now > Date.parse(s.expiresAt) || now > Date.parse(s.lastSeenAt) + app.config.SESSION_IDLE_MINUTES * 60_000;
  // A cached copy can predate another process's touch: ask the database before ending the session.
  if (ended(found)) found = await lookupSession(app.db, hash, true);
  if (!found) return;
  if (ended(found)) {
    await sessions.deleteSession(app.db, found.sessionId);
    return;
  }
  if (now - Date.parse(found.lastSeenAt) > TOUCH_EVERY_MS) {
    const at = new Date(now).toISOString();
    await sessions.touchSession(app.db, found.sessionId, at);
    found = sessionTouched(app.db, hash, found, at);
  }
  req.session = found;
  req.actor = actorOf(found);
}

async function familyRequest(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  await loadFamily(app, req);
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
    if (!isSameOrigin(req)) throw new HttpError(403, MSG.csrf);
    if (req.family && req.headers[CSRF_HEADER] !== req.family.csrfToken) throw new HttpError(403, MSG.csrf);
  }
  if (!req.family) throw new HttpError(401, MSG.sessionExpired);
}

/** Ended sessions leave the database: at start, then hourly (a lookup already ignores them). */
export const SESSION_PURGE_MS = 60 * 60 * 1000;
function purgeExpiredSessions(app: FastifyInstance): void {
  const purge = () => {
    const now = nowMs();
    const idleSince = new Date(now - app.config.SESSION_IDLE_MINUTES * 60_000).toISOString();
    return sessions
      .deleteExpiredSessions(app.db, new Date(now).toISOString(), idleSince)
      .catch((e: unknown) => app.log.warn({ err: e }, 'session purge failed'));
  };
  repeatWhileUp(app, SESSION_PURGE_MS, purge);
}

/** Loads the session, refuses cross-site writes, and evaluates each route's access declaration. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('session', null);
  app.decorateRequest('guest', null);
  app.decorateRequest('family', null);
  purgeExpiredSessions(app);
  app.addHook('onRequest', async (req) => {
    const rule = req.routeOptions.config.access;
    if (!rule) return; // static files and docs: declared public at registration
    // A guest's token is a header, not a cookie: no session, nothing a cross-site page can send.
    if (rule.kind === 'guest') return loadGuest(app, req);
    // A guardian's session is its own kind, read only on the family routes (ADR 0019).
    if (rule.kind === 'family') return familyRequest(app, req);
    // A provider's webhook carries no cookie worth reading: its signature is checked in the handler.
    if (rule.kind === 'webhook') return;
    await loadSession(app, req);
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      if (!isSameOrigin(req)) throw new HttpError(403, MSG.csrf);
      if (req.session && req.headers[CSRF_HEADER] !== req.session.csrfToken) throw new HttpError(403, MSG.csrf);
    }
    checkAccess(req.actor, rule);
    // A temporary password must be changed before anything else (issue 6).
    if (req.session?.user.must_change_password === 1 && rule.kind !== 'public' && !PASSWORD_CHANGE_ROUTES.has(req.routeOptions.url ?? '')) {
      throw new HttpError(403, MSG.mustChangePassword);
    }
  });
});
