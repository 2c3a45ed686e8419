import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  erasureRequestBodySchema,
  playerPrivacySchema,
  privacyDecisionSchema,
  privacyListQuerySchema,
  privacyListSchema,
  privacyRequestSchema,
} from '../../../shared/schemas/privacy.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeChild, requireGuardian } from '../../policies/family.js';
import { actorReachingPlayer } from '../../policies/players.js';
import { authorizeErasureRequest, authorizePrivacyDecision, authorizePrivacyList } from '../../policies/privacy.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import { renderExportPdf } from './export.pdf.js';
import { exportFileName, exportPlayer } from './export.service.js';
import * as service from './privacy.service.js';

const tags = ['privacy'];
/** Privacy requests are handled by user managers: the people who create and close sign-ins (ADR 0022). */
const manager = access.need('user_management', 2);

/** Subject access exports and erasure requests (docs/product.md#privacy). */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const download = (type: string, name: string) => ({
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });

  r.get('/api/player/:id/privacy/export.json', {
    config: { access: manager },
    schema: {
      tags,
      params: idParams,
      produces: ['application/json'],
      description: 'Everything about one player, machine-readable. Errors: 400, 401, 403, 404.',
    },
    handler: async (req, reply) => {
      const actor = await actorReachingPlayer(app.db, req);
      const data = await exportPlayer(app.db, actor, req.params.id);
      return reply
        .headers(download('application/json; charset=utf-8', exportFileName(req.params.id, 'json')))
        .send(JSON.stringify(data, null, 2));
    },
  });

  r.get('/api/player/:id/privacy/export.pdf', {
    config: { access: manager },
    schema: {
      tags,
      params: idParams,
      produces: ['application/pdf'],
      description: 'The same export, readable. Errors: 400, 401, 403, 404.',
    },
    handler: async (req, reply) => {
      const actor = await actorReachingPlayer(app.db, req);
      const pdf = await renderExportPdf(await exportPlayer(app.db, actor, req.params.id));
      return reply.headers(download('application/pdf', exportFileName(req.params.id, 'pdf'))).send(pdf);
    },
  });

  r.get('/api/player/:id/privacy', {
    config: { access: access.selfOr('user_management', 2) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(playerPrivacySchema), ...readErrors } },
    handler: async (req) => {
      await authorizeErasureRequest(app.db, requireActor(req), req.params.id);
      return read(await service.playerPrivacy(app.db, req.params.id));
    },
  });

  r.post('/api/player/:id/erasure-request', {
    config: { access: access.selfOr('user_management', 2) },
    schema: {
      tags,
      params: idParams,
      body: erasureRequestBodySchema,
      response: { 200: writeEnvelope(playerPrivacySchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const kind = await authorizeErasureRequest(app.db, actor, req.params.id);
      return written(await service.requestErasure(app.db, { kind, actor }, req.params.id, req.body.reason));
    },
  });

  r.get('/api/privacy/requests', {
    config: { access: manager },
    schema: { tags, querystring: privacyListQuerySchema, response: { 200: okEnvelope(privacyListSchema), ...readErrors } },
    handler: async (req) => {
      const scope = await authorizePrivacyList(app.db, requireActor(req));
      return read(await service.listRequests(app.db, scope, req.query.open === '1'));
    },
  });

  r.post('/api/privacy/request/:id/decide', {
    config: { access: manager },
    schema: { tags, params: idParams, body: privacyDecisionSchema, response: { 200: writeEnvelope(privacyRequestSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizePrivacyDecision(app.db, actor, req.params.id);
      return written(
        await service.decideRequest(app.db, app.database.limits, actor, req.params.id, {
          decision: req.body.decision,
          reason: req.body.reason ?? '',
        }),
      );
    },
  });

  r.get('/api/family/player/:id/privacy', {
    config: { access: access.family },
    schema: { tags, params: idParams, response: { 200: okEnvelope(playerPrivacySchema), ...readErrors } },
    handler: async (req) => {
      await authorizeChild(app.db, requireGuardian(req), req.params.id);
      return read(await service.playerPrivacy(app.db, req.params.id));
    },
  });

  r.post('/api/family/player/:id/erasure-request', {
    config: { access: access.family },
    schema: {
      tags,
      params: idParams,
      body: erasureRequestBodySchema,
      response: { 200: writeEnvelope(playerPrivacySchema), ...writeErrors },
    },
    handler: async (req) => {
      const guardian = requireGuardian(req);
      await authorizeChild(app.db, guardian, req.params.id);
      return written(
        await service.requestErasure(
          app.db,
          { kind: 'guardian', guardianId: guardian.id, email: guardian.email },
          req.params.id,
          req.body.reason,
        ),
      );
    },
  });
}
