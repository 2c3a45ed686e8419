import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as schemas from '../../../shared/schemas/criterion.js';
import { idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { access, requireActor } from '../../policies/access.js';
import { errors, read, writeErrors, written } from '../../lib/reply.js';
import * as service from './criteria.service.js';

const tags = ['criteria'];
const params = z.object({ id: idParam });

export async function criteriaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // docs/product.md#api reads /api/criteria/ with a trailing slash; both spellings answer. The evaluation form
  // needs the catalogue too, so evaluation read access is enough to list it.
  for (const url of ['/api/criteria', '/api/criteria/']) {
    r.get(url, {
      config: { access: access.anyOf(['criteria', 1], ['evaluation', 1]) },
      schema: {
        tags,
        querystring: schemas.criteriaQuerySchema,
        response: { 200: okEnvelope(z.array(schemas.criterionSchema)), ...errors(400, 401, 403) },
      },
      handler: async (req) => read(await service.listCriteria(app.db, req.query.level)),
    });
  }

  r.post('/api/criteria', {
    config: { access: access.need('criteria', 2) },
    schema: { tags, body: schemas.criterionCreateSchema, response: { 200: writeEnvelope(schemas.criterionSchema), ...writeErrors } },
    handler: async (req) => written(await service.createCriterion(app.db, requireActor(req), req.body)),
  });

  r.post('/api/criterion/:id', {
    config: { access: access.need('criteria', 2) },
    schema: { tags, params, body: schemas.criterionEditSchema, response: { 200: writeEnvelope(schemas.criterionSchema), ...writeErrors } },
    handler: async (req) => written(await service.updateCriterion(app.db, requireActor(req), req.params.id, req.body)),
  });

  r.post('/api/criterion/:id/delete', {
    config: { access: access.need('criteria', 2) },
    schema: { tags, params, response: { 200: writeEnvelope(schemas.criterionDeletedSchema), ...writeErrors } },
    handler: async (req) => {
      const { id } = req.params;
      return written({ id, deletedEvaluations: await service.deleteCriterion(app.db, requireActor(req), id) });
    },
  });
}
