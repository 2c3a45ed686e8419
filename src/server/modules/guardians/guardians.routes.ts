import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  guardianAddSchema,
  guardianLinkSchema,
  guardianLinkUpdateSchema,
  guardianListQuerySchema,
  guardianListSchema,
  handedSignInSchema,
  playersNeedingAttentionSchema,
} from '../../../shared/schemas/guardian.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeGuardian, authorizeGuardianList, authorizePlayerLink, authorizeSignInHandOut } from '../../policies/guardians.js';
import { actorReachingPlayer } from '../../policies/players.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import { handOutSignIn } from '../family/family-auth.service.js';
import * as service from './guardians.service.js';

const tags = ['guardians'];
const linkParams = idParams.extend({ linkId: idParams.shape.id });
const links = z.array(guardianLinkSchema);

/** Staff manage guardians: the player profile's panel and the Guardians list (docs/product.md#families). */
export async function guardiansRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/guardians', {
    config: { access: access.need('players', 1) },
    schema: { tags, querystring: guardianListQuerySchema, response: { 200: okEnvelope(guardianListSchema), ...readErrors } },
    handler: async (req) => {
      const scope = await authorizeGuardianList(app.db, requireActor(req));
      return read(await service.listGuardians(app.db, scope, req.query));
    },
  });

  r.get('/api/guardians/attention', {
    config: { access: access.need('players', 1) },
    schema: { tags, response: { 200: okEnvelope(playersNeedingAttentionSchema), ...readErrors } },
    handler: async (req) => {
      const scope = await authorizeGuardianList(app.db, requireActor(req));
      return read(await service.playersNeedingAttention(app.db, scope));
    },
  });

  r.get('/api/player/:id/guardians', {
    config: { access: access.need('players', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(links), ...readErrors } },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      return read(await service.playerGuardians(app.db, req.params.id));
    },
  });

  r.post('/api/player/:id/guardians', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, body: guardianAddSchema, response: { 200: writeEnvelope(links), ...writeErrors } },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      return written(await service.addGuardian(app, actor, req.params.id, req.body));
    },
  });

  r.post('/api/player/:id/guardian/:linkId', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: linkParams, body: guardianLinkUpdateSchema, response: { 200: writeEnvelope(links), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizePlayerLink(app.db, actor, req.params.id, req.params.linkId, req.body.receives_reports);
      return written(await service.updateGuardianLink(app.db, actor, req.params.id, req.params.linkId, req.body));
    },
  });

  r.post('/api/player/:id/guardian/:linkId/revoke', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: linkParams, response: { 200: writeEnvelope(links), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizePlayerLink(app.db, actor, req.params.id, req.params.linkId);
      return written(await service.revokeGuardianLink(app.db, actor, req.params.id, req.params.linkId));
    },
  });

  // Handed in person by a user manager (like the profile's other sign-in and privacy actions): shown once, never mailed.
  r.post('/api/player/:id/guardian/:linkId/sign-in-link', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params: linkParams, response: { 200: writeEnvelope(handedSignInSchema), ...writeErrors } },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const guardianId = await authorizeSignInHandOut(app.db, actor, req.params.id, req.params.linkId);
      void reply.header('cache-control', 'no-store');
      return written(await handOutSignIn(app.db, actor, app.config.PUBLIC_URL, guardianId, req.params.id));
    },
  });

  r.post('/api/guardian/:id/invite', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, response: { 200: writeEnvelope(z.null()), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeGuardian(app.db, actor, req.params.id);
      await service.resendInvitation(app, actor, req.params.id);
      return written(null);
    },
  });
}
