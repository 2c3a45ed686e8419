import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope, writeEnvelope, braceTolerantId } from '../../../shared/schemas/common.js';
import {
  evaluationListQuerySchema,
  evaluationSaveSchema,
  evaluationSchema,
  playerEvaluationsSchema,
} from '../../../shared/schemas/evaluation.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeEvaluation } from '../../policies/evaluations.js';
import { actorReachingPlayer } from '../../policies/players.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import * as service from './evaluations.service.js';
import { bulkRoutes } from './import.routes.js';
import { syncRoutes } from './sync.routes.js';
import { teamRoutes } from './team.routes.js';

const tags = ['evaluations'];

const idParams = z.object({ id: braceTolerantId });
const evaluationParams = z.object({ id: braceTolerantId, evalId: idParam });

export async function evaluationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player/:id/evaluation', {
    config: { access: access.selfOr('evaluation', 1) },
    schema: {
      tags,
      params: idParams,
      querystring: evaluationListQuerySchema,
      response: { 200: okEnvelope(playerEvaluationsSchema), ...readErrors },
    },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      const withHistory = req.query.history === '1' || req.query.history === 'true';
      return read(await service.playerEvaluations(app.db, req.params.id, withHistory));
    },
  });

  r.get('/api/player/:id/evaluation/history', {
    config: { access: access.selfOr('evaluation', 1) },
    schema: {
      tags,
      params: idParams,
      response: { 200: okEnvelope(z.array(evaluationSchema)), ...readErrors },
    },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      return read(await service.evaluationHistory(app.db, req.params.id));
    },
  });

  r.post('/api/player/:id/evaluation', {
    config: { access: access.need('evaluation', 2) },
    schema: { tags, params: idParams, body: evaluationSaveSchema, response: { 200: writeEnvelope(evaluationSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      return written(await service.createEvaluation(app.db, actor, req.params.id, req.body));
    },
  });

  r.post('/api/player/:id/evaluation/:evalId', {
    config: { access: access.need('evaluation', 2) },
    schema: {
      tags,
      params: evaluationParams,
      body: evaluationSaveSchema,
      response: { 200: writeEnvelope(evaluationSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const before = await authorizeEvaluation(app.db, actor, req.params.id, req.params.evalId);
      return written(await service.updateEvaluation(app.db, actor, before, req.body));
    },
  });

  r.post('/api/player/:id/evaluation/:evalId/delete', {
    config: { access: access.need('evaluation', 2) },
    schema: { tags, params: evaluationParams, response: { 200: writeEnvelope(z.object({ id: z.number() })), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const before = await authorizeEvaluation(app.db, actor, req.params.id, req.params.evalId);
      await service.deleteEvaluation(app.db, actor, before);
      return written({ id: before.id });
    },
  });

  await bulkRoutes(app);
  await teamRoutes(app);
  await syncRoutes(app);
}
