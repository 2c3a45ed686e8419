import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { cycleSaveSchema, cycleSchema } from '../../../shared/schemas/report.js';
import { access, requireActor } from '../../policies/access.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import * as service from './cycles.service.js';

const tags = ['reports'];

/** Evaluation cycles (ADR 0020): reports read lists and opens them, reports write creates and edits. */
export async function cyclesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: idParam });

  r.get('/api/report-cycles', {
    config: { access: access.need('reports', 1) },
    schema: { tags, response: { 200: okEnvelope(z.array(cycleSchema)), ...readErrors } },
    handler: async (req) => read(await service.listCycles(app.db, requireActor(req))),
  });

  r.get('/api/report-cycle/:id', {
    config: { access: access.need('reports', 1) },
    schema: { tags, params, response: { 200: okEnvelope(cycleSchema), ...readErrors } },
    handler: async (req) => read(await service.getCycle(app.db, requireActor(req), req.params.id)),
  });

  r.post('/api/report-cycles', {
    config: { access: access.need('reports', 2) },
    schema: { tags, body: cycleSaveSchema, response: { 200: writeEnvelope(cycleSchema), ...writeErrors } },
    handler: async (req) => written(await service.createCycle(app.db, requireActor(req), req.body)),
  });

  r.post('/api/report-cycle/:id', {
    config: { access: access.need('reports', 2) },
    schema: { tags, params, body: cycleSaveSchema, response: { 200: writeEnvelope(cycleSchema), ...writeErrors } },
    handler: async (req) => written(await service.updateCycle(app.db, requireActor(req), req.params.id, req.body)),
  });
}
