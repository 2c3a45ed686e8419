import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../../shared/messages.js';
import { isCoachRole } from '../../../shared/permissions.js';
import { changePasswordSchema, loginSchema, meSchema, type Me } from '../../../shared/schemas/auth.js';
import { errorBody, okEnvelope } from '../../../shared/schemas/common.js';
import { access, requireActor } from '../../policies/access.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { clearSessionCookie, sessionCookieName, startSession } from './session.plugin.js';
import * as sessions from './sessions.repository.js';
import { sha256 } from './tokens.js';
import { HttpError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { LoginThrottle } from './login-throttle.js';
import { recordAudit } from '../audit/audit.repository.js';
import { assertPasswordAllowed } from './password-policy.js';

function meOf(s: sessions.SessionUser): Me {
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

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle();
  const tag = ['auth'];

  r.post('/api/auth/login', {
    config: {
      access: access.public,
      rateLimit: { max: app.config.LOGIN_MAX_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: { tags: tag, body: loginSchema, response: { 200: okEnvelope(meSchema), 401: errorBody, 403: errorBody, 429: errorBody } },
    handler: async (req, reply) => {
      const { email, password } = req.body;
      const wait = throttle.retryAfterMs(email, req.ip);
      if (wait > 0) {
        reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw new HttpError(429, MSG.tooManyRequests);
      }
      const user = await sessions.findUserForLogin(app.db, email);
      const valid = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !valid) {
        throttle.fail(email, req.ip);
        throw new HttpError(401, MSG.signInFailed);
      }
      if (user.status !== 1) throw new HttpError(403, MSG.suspended);
      if (user.password_expires_at && Date.parse(user.password_expires_at) < Date.now()) {
        throw new HttpError(401, 'This temporary password has expired. Ask your club administrator for a new one.');
      }
      throttle.succeed(email, req.ip);
      const old = req.cookies[sessionCookieName(app.config.SECURE_COOKIES)];
      if (old) {
        const previous = await sessions.findSession(app.db, sha256(old));
        if (previous) await sessions.deleteSession(app.db, previous.sessionId);
      }
      const token = await startSession(app, reply, user.id);
      const created = await sessions.findSession(app.db, sha256(token));
      if (!created) throw new Error('session not created');
      return { data: meOf(created) };
    },
  });

  r.post('/api/auth/logout', {
    config: { access: access.public },
    schema: { tags: tag },
    handler: async (req: FastifyRequest, reply) => {
      const token = req.cookies[sessionCookieName(app.config.SECURE_COOKIES)];
      if (token) {
        const found = await sessions.findSession(app.db, sha256(token));
        if (found) await sessions.deleteSession(app.db, found.sessionId);
      }
      clearSessionCookie(app, reply);
      return { data: null, message: MSG.success };
    },
  });

  r.get('/api/auth/me', {
    config: { access: access.signedIn },
    schema: { tags: tag, response: { 200: okEnvelope(meSchema), 401: errorBody } },
    handler: async (req) => {
      if (!req.session) throw new HttpError(401, MSG.sessionExpired);
      return { data: meOf(req.session) };
    },
  });

  r.post('/api/auth/password', {
    config: { access: access.signedIn },
    schema: { tags: tag, body: changePasswordSchema, response: { 400: errorBody, 401: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      const current = await sessions.findPasswordHash(app.db, actor.id);
      if (!(await verifyPassword(current, req.body.current_password))) {
        throw new HttpError(400, 'The current password is not correct.', 'current_password');
      }
      const user = req.session?.user;
      if (req.body.new_password === req.body.current_password) {
        throw new HttpError(400, 'Choose a new password that is different from the current one.', 'new_password');
      }
      assertPasswordAllowed(req.body.new_password, 'new_password', user ? [user.email, user.first_name, user.last_name] : []);
      await sessions.setPassword(app.db, actor.id, await hashPassword(req.body.new_password), nowIso());
      await sessions.deleteUserSessions(app.db, actor.id, req.session?.sessionId);
      await recordAudit(app.db, actor, 'password_reset', 'user', actor.id, 'Changed own password');
      return { data: null, message: MSG.success };
    },
  });
}
