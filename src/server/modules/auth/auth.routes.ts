import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../../shared/messages.js';
import { changePasswordSchema, loginSchema, meSchema } from '../../../shared/schemas/auth.js';
import { okEnvelope } from '../../../shared/schemas/common.js';
import { access, requireActor } from '../../policies/access.js';
import { clearSessionCookie, sessionCookieName, startSession } from './session.plugin.js';
import { HttpError } from '../../lib/errors.js';
import { addressKey } from '../../lib/address-key.js';
import { Backoff, LoginThrottle } from './login-throttle.js';
import * as service from './auth.service.js';
import { errors } from '../../lib/reply.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(app.database.limits);
  const passwordThrottle = new Backoff(app.database.limits, 'password:');
  const tag = ['auth'];

  r.post('/api/auth/login', {
    config: {
      access: access.public,
      rateLimit: { max: app.config.LOGIN_MAX_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: { tags: tag, body: loginSchema, response: { 200: okEnvelope(meSchema), ...errors(401, 403, 429) } },
    handler: async (req, reply) => {
      const login = await service.checkLogin(app.db, throttle, req.body.email, req.body.password, addressKey(req.ip));
      if ('retryAfterMs' in login) tooMany(reply, login.retryAfterMs);
      await service.endSession(app.db, req.cookies[sessionCookieName(app.config.SECURE_COOKIES)]);
      const token = await startSession(app, reply, login.userId);
      return { data: await service.meOfToken(app.db, token) };
    },
  });

  r.post('/api/auth/logout', {
    config: { access: access.public },
    schema: { tags: tag },
    handler: async (req: FastifyRequest, reply) => {
      await service.endSession(app.db, req.cookies[sessionCookieName(app.config.SECURE_COOKIES)]);
      clearSessionCookie(app, reply);
      return { data: null, message: MSG.success };
    },
  });

  r.get('/api/auth/me', {
    config: { access: access.signedIn },
    schema: { tags: tag, response: { 200: okEnvelope(meSchema), ...errors(401) } },
    handler: async (req) => {
      if (!req.session) throw new HttpError(401, MSG.sessionExpired);
      return { data: service.meOf(req.session) };
    },
  });

  r.post('/api/auth/password', {
    config: { access: access.signedIn },
    schema: { tags: tag, body: changePasswordSchema, response: errors(400, 401, 429) },
    handler: async (req, reply) => {
      const refused = await service.changePassword(app.db, passwordThrottle, requireActor(req), req.session, req.body);
      if (refused) tooMany(reply, refused.retryAfterMs);
      return { data: null, message: MSG.success };
    },
  });
}

function tooMany(reply: FastifyReply, retryAfterMs: number): never {
  reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
  throw new HttpError(429, MSG.tooManyRequests);
}
