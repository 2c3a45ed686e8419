import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { writeEnvelope } from '../../../shared/schemas/common.js';
import { syncAnswerSchema, syncBatchSchema } from '../../../shared/schemas/evaluation-sync.js';
import { access, requireActor } from '../../policies/access.js';
import { errors, written } from '../../lib/reply.js';
import { syncEvaluations } from './sync.service.js';

/**
 * The offline outbox's upload (issue 16): one answer per entry, saved or refused with a reason. Only a
 * malformed body is a 400; a coach's entry for a team they do not coach is refused, not a 403.
 */
export async function syncRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/evaluations/sync', {
    config: { access: access.need('evaluation', 2) },
    schema: {
      tags: ['evaluations'],
      body: syncBatchSchema,
      response: { 200: writeEnvelope(syncAnswerSchema), ...errors(400, 401, 403, 409) },
    },
    handler: async (req) => written({ results: await syncEvaluations(app.db, requireActor(req), req.body.entries) }),
  });
}
