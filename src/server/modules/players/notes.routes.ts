import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { noteSaveSchema, noteSchema } from '../../../shared/schemas/note.js';
import { access, requireActor } from '../../policies/access.js';
import { notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import { reachablePlayer } from '../../policies/players.js';
import { braceTolerantIdParams, idParams } from '../../../shared/schemas/common.js';
import * as notes from './notes.repository.js';

const tags = ['players'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const noteParams = idParams.extend({ noteId: idParams.shape.id });
const noteNotFound = () => notFound('This note does not exist.');

/** docs/product.md#screens NOTES panel: staff notes on a player; the player reads their own (player area). */
export async function notesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player/:id/notes', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: braceTolerantIdParams, response: { 200: okEnvelope(z.array(noteSchema)), ...errors } },
    handler: async (req) => {
      await reachablePlayer(app.db, requireActor(req), req.params.id);
      return read(await notes.listNotes(app.db, req.params.id));
    },
  });

  r.post('/api/player/:id/notes', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, body: noteSaveSchema, response: { 200: writeEnvelope(noteSchema), ...errors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const playerId = req.params.id;
      await reachablePlayer(app.db, actor, playerId);
      const note = await app.db.transaction().execute(async (trx) => {
        const author_name = await notes.authorName(trx, actor.id);
        const id = await notes.insertNote(trx, { player_id: playerId, author_user_id: actor.id, author_name, details: req.body.details });
        await recordAudit(trx, actor, 'create', 'note', id, `note on player ${playerId}`);
        return (await notes.findNote(trx, playerId, id))!;
      });
      return written({ id: note.id, notes: note.details, authorName: note.author_name, dateModified: note.updated_at });
    },
  });

  r.post('/api/player/:id/note/:noteId', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: noteParams, body: noteSaveSchema, response: { 200: writeEnvelope(noteSchema), ...errors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id: playerId, noteId } = req.params;
      await reachablePlayer(app.db, actor, playerId);
      const note = await app.db.transaction().execute(async (trx) => {
        const before = await notes.findNote(trx, playerId, noteId);
        if (!before || !(await notes.updateNote(trx, playerId, noteId, req.body.details))) throw noteNotFound();
        await recordAudit(trx, actor, 'update', 'note', noteId, `note on player ${playerId}: ${describeChanges(before, req.body, ['details'])}`);
        return (await notes.findNote(trx, playerId, noteId))!;
      });
      return written({ id: note.id, notes: note.details, authorName: note.author_name, dateModified: note.updated_at });
    },
  });

  r.post('/api/player/:id/note/:noteId/delete', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: noteParams, response: { 200: writeEnvelope(z.object({ id: z.number() })), ...errors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id: playerId, noteId } = req.params;
      await reachablePlayer(app.db, actor, playerId);
      await app.db.transaction().execute(async (trx) => {
        if (!(await notes.deleteNote(trx, playerId, noteId))) throw noteNotFound();
        await recordAudit(trx, actor, 'delete', 'note', noteId, `note on player ${playerId}`);
      });
      return written({ id: noteId });
    },
  });
}
