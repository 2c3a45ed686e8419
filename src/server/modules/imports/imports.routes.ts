import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_CSV_BYTES } from '../../../shared/constants.js';
import { writeEnvelope } from '../../../shared/schemas/common.js';
import {
  IMPORT_KINDS,
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
import type { Section } from '../../../shared/permissions.js';
import type { ImportKind } from '../../../shared/schemas/import.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeImportKind } from '../../policies/imports.js';
import { errors, read, written } from '../../lib/reply.js';
import { readUpload } from '../../lib/upload.js';
import { nextCursorField } from '../../../shared/schemas/cursor.js';
import { commit, history, undo, uploadFile, validate } from './imports.service.js';

/** Each kind's section: its routes need that section's write right (policies/imports.ts adds canAddPlayers for players). */
const SECTION: Record<ImportKind, Section> = { players: 'players', evaluations: 'evaluation', teams: 'teams', users: 'user_management' };
/** A plan's routes are open to any importer; the plan's own kind is checked when it is read (imports.service.ts reachImport). */
const anyImporter = access.anyOf(['players', 2], ['evaluation', 2], ['teams', 2], ['user_management', 2]);

/**
 * The import wizard (docs/decisions/0021-imports.md): players, evaluations, teams and users, each kind
 * needing its section's write right. Plans are their author's: another user's id is not found. The
 * older bulk routes (POST /api/players/bulk and the others) stay as they were.
 */
export async function importsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['imports'];

  for (const kind of IMPORT_KINDS) {
    r.post(`/api/imports/${kind}/upload`, {
      config: { access: access.need(SECTION[kind], 2) },
      schema: {
        tags,
        description:
          'multipart/form-data: file (.csv or .xlsx). Answers the headers, a sample and the suggested or remembered mapping; 413 when the file passes a limit (rows, columns, cells, unpacked size).',
        response: { 200: z.object({ data: uploadResultSchema }), ...errors(400, 401, 403, 413) },
      },
      handler: async (req) => {
        const actor = requireActor(req);
        authorizeImportKind(actor, kind);
        const upload = await readUpload(req, {
          fileField: 'file',
          maxBytes: MAX_CSV_BYTES,
          tooLarge: 'The file must be 20 MB or smaller.',
        });
        return read(await uploadFile(app.db, actor, kind, upload));
      },
    });

    r.get(`/api/imports/${kind}/history`, {
      config: { access: access.need(SECTION[kind], 2) },
      schema: {
        tags,
        querystring: historyQuerySchema,
        response: { 200: z.object({ data: z.array(historyItemSchema), ...nextCursorField }), ...errors(400, 401, 403) },
      },
      handler: async (req) => {
        const actor = requireActor(req);
        authorizeImportKind(actor, kind);
        return history(app.db, actor, kind, req.query.after);
      },
    });
  }

  r.post('/api/import/:id/validate', {
    config: { access: anyImporter },
    schema: {
      tags,
      params: importIdParams,
      body: validateBodySchema,
      response: { 200: z.object({ data: planSchema }), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      return read(await validate(app.db, actor, req.params.id, req.body));
    },
  });

  r.post('/api/import/:id/commit', {
    config: { access: anyImporter },
    schema: {
      tags,
      params: importIdParams,
      body: commitBodySchema,
      response: { 200: writeEnvelope(commitResultSchema), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const deps = { mailer: app.mailer, publicUrl: app.config.PUBLIC_URL };
      return written(await commit(app.db, actor, req.params.id, req.body.plan_hash, deps));
    },
  });

  r.post('/api/import/:id/undo', {
    config: { access: anyImporter },
    schema: { tags, params: importIdParams, response: { 200: writeEnvelope(undoResultSchema), ...errors(400, 401, 403, 404, 409) } },
    handler: async (req) => {
      const actor = requireActor(req);
      return written(await undo(app.db, actor, req.params.id));
    },
  });
}
