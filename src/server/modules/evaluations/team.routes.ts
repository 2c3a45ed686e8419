import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import * as schemas from '../../../shared/schemas/evaluation.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeTeamSheet } from '../../policies/evaluations.js';
import { errors, read, readErrors, written } from '../../lib/reply.js';
import * as service from './team.service.js';

const tags = ['evaluations'];
const params = z.object({ id: idParam });

/** The courtside screen: one criterion, every player of a team, one save. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/team/:id/evaluations', {
    config: { access: access.need('evaluation', 1) },
    schema: {
      tags,
      params,
      querystring: schemas.teamEvaluationSheetQuerySchema,
      response: { 200: okEnvelope(schemas.teamEvaluationSheetSchema), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const team = await authorizeTeamSheet(app.db, actor, req.params.id);
      return read(await service.teamSheet(app.db, team, req.query.criteria_id));
    },
  });

  r.post('/api/team/:id/evaluations', {
    config: { access: access.need('evaluation', 2) },
    schema: {
      tags,
      params,
      body: schemas.teamEvaluationsSaveSchema,
      response: {
        200: writeEnvelope(schemas.teamEvaluationsSavedSchema),
        400: schemas.fieldErrorsBody,
        ...errors(401),
        ...errors(403),
        ...errors(404),
        ...errors(409),
      },
    },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const team = await authorizeTeamSheet(app.db, actor, req.params.id);
      const result = await service.saveTeamScores(app.db, actor, team, req.body);
      if ('invalid' in result) return reply.status(400).send(result.invalid);
      return written(result);
    },
  });
}
