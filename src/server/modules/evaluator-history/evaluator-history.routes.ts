import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../shared/schemas/common.js';
import { evaluatorHistoryQuerySchema, evaluatorHistorySchema } from '../../../shared/schemas/evaluator-history.js';
import { read, readErrors } from '../../lib/reply.js';
import { access, requireActor } from '../../policies/access.js';
import { readableHistory } from '../../policies/evaluator-history.js';
import * as service from './evaluator-history.service.js';

/** docs/product.md#evaluator-history: severity and agreement of staff evaluators over sessions. */
export async function evaluatorHistoryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/evaluator-history', {
    config: { access: access.need('sessions', 1) },
    schema: {
      tags: ['fair evaluations'],
      querystring: evaluatorHistoryQuerySchema,
      description:
        'Per staff evaluator and session with results unlocked or published: severity, spread, shared players, agreement with the panel. Those who run sessions: everyone (or `user`); an evaluator: themself only (403 for another).',
      response: { 200: okEnvelope(evaluatorHistorySchema), ...readErrors },
    },
    handler: async (req) => read(await service.history(app.db, await readableHistory(app.db, requireActor(req), req.query.user))),
  });
}
