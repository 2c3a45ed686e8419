import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_CSV_BYTES } from '../../../shared/constants.js';
import { writeEnvelope } from '../../../shared/schemas/common.js';
import {
  commitBodySchema,
  commitResultSchema,
  historyItemSchema,
  historyQuerySchema,
  importIdParams,
  planSchema,
  undoResultSchema,
  uploadResultSchema,
  validateBodySchema,
} from '../../../shared/schemas/import.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeAddPlayers } from '../../policies/players.js';
import { errors, read, written } from '../../lib/reply.js';
import { readUpload } from '../../lib/upload.js';
import { nextCursorField } from '../../../shared/schemas/cursor.js';
import { commit, history, undo, uploadFile, validate } from './imports.service.js';

/**
 * The import wizard (docs/decisions/0021-imports.md). Players is the one kind so far; its routes need
 * the right to add players (docs/product.md#permissions canAddPlayers). Plans are their author's:
 * another user's id is not found. The older POST /api/players/bulk stays as it was.
 */
export async function importsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['imports'];

  r.post('/api/imports/players/upload', {
    config: { access: access.need('players', 2) },
    schema: {
      tags,
      description: 'multipart/form-data: file (.csv or .xlsx). Answers the headers, a sample and the suggested or remembered mapping.',
      response: { 200: z.object({ data: uploadResultSchema }), ...errors(400, 401, 403) },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      authorizeAddPlayers(actor);
      const upload = await readUpload(req, { fileField: 'file', maxBytes: MAX_CSV_BYTES, tooLarge: 'The file must be 20 MB or smaller.' });
      return read(await uploadFile(app.db, actor, 'players', upload));
    },
  });

  r.post('/api/import/:id/validate', {
    config: { access: access.need('players', 2) },
    schema: {
      tags,
      params: importIdParams,
      body: validateBodySchema,
      response: { 200: z.object({ data: planSchema }), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      authorizeAddPlayers(actor);
      return read(await validate(app.db, actor, req.params.id, req.body));
    },
  });

  r.post('/api/import/:id/commit', {
    config: { access: access.need('players', 2) },
    schema: {
      tags,
      params: importIdParams,
      body: commitBodySchema,
      response: { 200: writeEnvelope(commitResultSchema), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      authorizeAddPlayers(actor);
      return written(await commit(app.db, actor, req.params.id, req.body.plan_hash));
    },
  });

  r.post('/api/import/:id/undo', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: importIdParams, response: { 200: writeEnvelope(undoResultSchema), ...errors(400, 401, 403, 404, 409) } },
    handler: async (req) => {
      const actor = requireActor(req);
      authorizeAddPlayers(actor);
      return written(await undo(app.db, actor, req.params.id));
    },
  });

  r.get('/api/imports/players/history', {
    config: { access: access.need('players', 2) },
    schema: {
      tags,
      querystring: historyQuerySchema,
      response: { 200: z.object({ data: z.array(historyItemSchema), ...nextCursorField }), ...errors(400, 401, 403) },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      authorizeAddPlayers(actor);
      return history(app.db, actor, 'players', req.query.after);
    },
  });
}
