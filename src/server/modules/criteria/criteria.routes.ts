import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  criteriaQuerySchema,
  criterionCreateSchema,
  criterionDeletedSchema,
  criterionEditSchema,
  criterionSchema,
  weightField,
} from '../../../shared/schemas/criterion.js';
import { errorBody, idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { access, requireActor } from '../../policies/access.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './criteria.repository.js';

const tags = ['criteria'];
const params = z.object({ id: idParam });
const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const duplicate = (name: string) => conflict(`A criterion named "${name}" already exists on this level.`, 'criteria');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function criteriaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // docs/product.md#api reads /api/criteria/ with a trailing slash; both spellings answer. The evaluation form
  // needs the catalogue too, so evaluation read access is enough to list it.
  for (const url of ['/api/criteria', '/api/criteria/']) {
    r.get(url, {
      config: { access: access.anyOf(['criteria', 1], ['evaluation', 1]) },
      schema: {
        tags,
        querystring: criteriaQuerySchema,
        response: { 200: okEnvelope(z.array(criterionSchema)), 400: errorBody, 401: errorBody, 403: errorBody },
      },
      handler: async (req) => read(await repo.listCriteria(app.db, req.query.level)),
    });
  }

  r.post('/api/criteria', {
    config: { access: access.need('criteria', 2) },
    schema: { tags, body: criterionCreateSchema, response: { 200: writeEnvelope(criterionSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const b = req.body;
      const id = await app.db.transaction().execute(async (trx) => {
        const level = await repo.findLevel(trx, b.level);
        if (!level) throw badRequest('Please choose an existing level.', 'level');
        if (await repo.nameTaken(trx, b.level, b.criteria)) throw duplicate(b.criteria);
        const id = await repo.insertCriterion(trx, {
          name: b.criteria,
          levelId: b.level,
          weight: b.score,
          description: b.description,
          videoLinks: b.video_links,
        });
        await recordAudit(trx, actor, 'create', 'criterion', id, `${b.criteria} (${level.name}, ${b.score}%)`);
        return id;
      });
      return written((await repo.findCriterion(app.db, id))!);
    },
  });

  r.post('/api/criterion/:id', {
    config: { access: access.need('criteria', 2) },
    schema: { tags, params, body: criterionEditSchema, response: { 200: writeEnvelope(criterionSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      const b = req.body;
      await app.db.transaction().execute(async (trx) => {
        const before = await repo.findCriterion(trx, id);
        if (!before) throw notFound();
        if (b.score !== undefined && b.score !== null && b.score !== '') {
          const sent = weightField.safeParse(b.score);
          if (!sent.success || sent.data !== before.score) {
            throw badRequest('The score of a criterion cannot be changed after it is created.', 'score');
          }
        }
        const level = await repo.findLevel(trx, b.level);
        if (!level) throw badRequest('Please choose an existing level.', 'level');
        if (level.kind !== before.level_kind && before.evaluationCount > 0) {
          // Stored scores mean "n out of 10" or "yes/no"; moving them to the other kind changes their meaning.
          throw conflict(
            `${before.criteria} cannot move to ${level.name} because ${plural(before.evaluationCount, 'evaluation uses', 'evaluations use')} a different kind of score.`,
            'level',
          );
        }
        if (await repo.nameTaken(trx, b.level, b.criteria, id)) throw duplicate(b.criteria);
        await repo.updateCriterion(trx, id, { name: b.criteria, levelId: b.level, description: b.description, videoLinks: b.video_links });
        await recordAudit(
          trx,
          actor,
          'update',
          'criterion',
          id,
          before.criteria === b.criteria ? b.criteria : `${before.criteria} → ${b.criteria}`,
        );
      });
      return written((await repo.findCriterion(app.db, id))!);
    },
  });

  r.post('/api/criterion/:id/delete', {
    config: { access: access.need('criteria', 2) },
    schema: { tags, params, response: { 200: writeEnvelope(criterionDeletedSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      const deletedEvaluations = await app.db.transaction().execute(async (trx) => {
        const before = await repo.findCriterion(trx, id);
        if (!before) throw notFound();
        const n = await repo.deleteCriterion(trx, id);
        await recordAudit(trx, actor, 'delete', 'criterion', id, `${before.criteria} with ${plural(n, 'evaluation', 'evaluations')}`);
        return n;
      });
      return written({ id, deletedEvaluations });
    },
  });
}
