import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { errorBody, writeEnvelope, braceTolerantId } from '../../../shared/schemas/common.js';
import { bulkEvaluationResultSchema } from '../../../shared/schemas/evaluation.js';
import { access, requireActor } from '../../policies/access.js';
import { UNSTORABLE_TEXT } from '../../db/errors.js';
import { readCsvForm } from '../../lib/csv-form.js';
import { unstorableField } from '../../lib/input-guard.js';
import { badRequest } from '../../lib/errors.js';
import { errors, written } from '../../lib/reply.js';
import { authorizeBulk } from '../../policies/evaluations.js';
import { importEvaluations, type ImportResult } from './import.service.js';

const tags = ['evaluations'];
const bulkErrorBody = errorBody.extend({ errors: z.array(z.string()).optional() });
const responses = {
  200: writeEnvelope(bulkEvaluationResultSchema),
  400: bulkErrorBody,
  ...errors(401),
  ...errors(403),
  ...errors(404),
  ...errors(409),
  ...errors(413),
};

/** The bulk form with its bulkFile (.csv only, docs/product.md#validation) and text fields that can be stored. */
async function readUpload(req: FastifyRequest): Promise<{ content: Buffer; fields: Record<string, string> }> {
  const { fields, file } = await readCsvForm(req);
  const unstorable = unstorableField(fields);
  if (unstorable !== null) throw badRequest(UNSTORABLE_TEXT, unstorable);
  if (!file) throw badRequest(MSG.required, 'bulkFile');
  return { content: file, fields };
}

/** A file with bad rows is one 400 listing every row's problem. */
function answer(reply: FastifyReply, result: ImportResult) {
  return 'invalid' in result ? reply.status(400).send(result.invalid) : written(result);
}

export async function bulkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/players/evaluation/bulk', {
    config: { access: access.need('evaluation', 2) },
    schema: { tags, consumes: ['multipart/form-data'], response: responses },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const reachable = await authorizeBulk(app.db, actor);
      const { content, fields } = await readUpload(req);
      return answer(reply, await importEvaluations(app.db, actor, content, reachable, { evaluator: fields.evaluator ?? '' }));
    },
  });

  r.post('/api/player/:id/evaluation/bulk', {
    config: { access: access.need('evaluation', 2) },
    schema: { tags, consumes: ['multipart/form-data'], params: z.object({ id: braceTolerantId }), response: responses },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const reachable = await authorizeBulk(app.db, actor, req.params.id);
      const { content, fields } = await readUpload(req);
      return answer(
        reply,
        await importEvaluations(app.db, actor, content, reachable, { playerId: req.params.id, evaluator: fields.evaluator ?? '' }),
      );
    },
  });
}
