import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { idParam, okEnvelope } from '../../../shared/schemas/common.js';
import {
  sessionScoresResultSchema,
  sessionScoresSaveSchema,
  sessionSheetSchema,
  tryoutJoinResultSchema,
  tryoutJoinSchema,
  tryoutLeaveSchema,
  tryoutStatusSchema,
} from '../../../shared/schemas/eval-session.js';
import { access } from '../../policies/access.js';
import { errors, read } from '../../lib/reply.js';
import { requireGuest, requireGuestToken } from '../../policies/eval-sessions.js';
import * as service from './eval-sessions.service.js';

const tags = ['tryout guests'];
// 410: the session has closed (MSG.tryoutClosed); a score sent after that is not saved.
const tryoutErrors = errors(400, 401, 403, 404, 409, 410, 429);

/**
 * Guest evaluators: a session's code (shown to its director while it is open) and a name no one else
 * in the session uses give a token; once the director admits the guest, it reaches this session's
 * sheet and nothing else. Leaving or closing the session ends it.
 */
export async function tryoutRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.post('/api/tryout/join', {
    config: { access: access.public, rateLimit: { max: app.config.LOGIN_MAX_PER_MINUTE, timeWindow: 60_000 } },
    schema: { tags, body: tryoutJoinSchema, response: { 200: okEnvelope(tryoutJoinResultSchema), ...tryoutErrors } },
    handler: async (req) => read(await service.joinAsGuest(db, req.body.code, req.body.name)),
  });

  r.get('/api/tryout/status', {
    config: { access: access.guest },
    schema: {
      tags,
      description: 'Whether the director has let this guest in yet.',
      response: { 200: okEnvelope(tryoutStatusSchema), ...tryoutErrors },
    },
    handler: async (req) => read(service.guestStatus(requireGuestToken(req))),
  });

  r.post('/api/tryout/leave', {
    config: { access: access.guest },
    schema: {
      tags,
      body: tryoutLeaveSchema,
      description: 'Ends this token (Leave, Not you?); the scores stay.',
      response: { 200: okEnvelope(z.object({ left: z.boolean() })), ...tryoutErrors },
    },
    handler: async (req) => {
      await service.leaveAsGuest(db, requireGuestToken(req).evaluatorId);
      return read({ left: true });
    },
  });

  r.get('/api/tryout/sheet', {
    config: { access: access.guest },
    schema: { tags, response: { 200: okEnvelope(sessionSheetSchema), ...tryoutErrors } },
    handler: async (req) => {
      const g = requireGuest(req);
      return read(await service.sheet(db, g.sessionId, { id: g.evaluatorId, name: g.name, guest: true }));
    },
  });

  r.post('/api/tryout/scores', {
    config: { access: access.guest },
    schema: { tags, body: sessionScoresSaveSchema, response: { 200: okEnvelope(sessionScoresResultSchema), ...tryoutErrors } },
    handler: async (req) => {
      const g = requireGuest(req);
      return read(await service.saveScores(db, g.sessionId, g.evaluatorId, req.body.entries));
    },
  });

  // Photos of the session's players only, for the token's holder (an <img> cannot send the header: the client fetches it).
  r.get('/api/tryout/photo/:playerId', {
    config: { access: access.guest },
    schema: {
      tags,
      params: z.object({ playerId: idParam }),
      produces: ['image/webp'],
      description: `A session player's photo. Errors: 401 (${MSG.tryoutSignIn}), 403 (${MSG.tryoutWaiting}), 404, 410 (${MSG.tryoutClosed}).`,
    },
    handler: async (req, reply) => {
      const g = requireGuest(req);
      const photo = await service.sessionPlayerPhoto(db, g.sessionId, req.params.playerId);
      return reply.header('content-type', 'image/webp').header('cache-control', 'private, no-store').send(photo);
    },
  });
}
