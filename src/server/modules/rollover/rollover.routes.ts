import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import * as schemas from '../../../shared/schemas/rollover.js';
import { access, requireActor } from '../../policies/access.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import * as service from './rollover.service.js';

const tags = ['rollover'];

/** The season rollover wizard's reads and writes: club-wide, so for admins (ADR 0024). */
export async function rolloverRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/rollover', {
    config: { access: access.admin },
    schema: { tags, querystring: schemas.rolloverQuerySchema, response: { 200: okEnvelope(schemas.rolloverPlanSchema), ...readErrors } },
    handler: async (req) => read(await service.plan(app.db, req.query.from, req.query.to)),
  });

  r.post('/api/rollover', {
    config: { access: access.admin },
    schema: { tags, body: schemas.rolloverCommitSchema, response: { 200: writeEnvelope(schemas.rolloverResultSchema), ...writeErrors } },
    handler: async (req) => written(await service.commit(app.db, requireActor(req), req.body)),
  });

  r.post('/api/season/:id/reopen', {
    config: { access: access.admin },
    schema: { tags, params: z.object({ id: idParam }), response: { 200: writeEnvelope(z.null()), ...writeErrors } },
    handler: async (req) => written(await service.reopen(app.db, requireActor(req), req.params.id).then(() => null)),
  });
}
