import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { braceTolerantIdParams, idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { noteSaveSchema, noteSchema } from '../../../shared/schemas/note.js';
import { access } from '../../policies/access.js';
import { actorReachingPlayer } from '../../policies/players.js';
import { read, readErrors, written } from '../../lib/reply.js';
import * as service from './notes.service.js';

const tags = ['players'];
const noteParams = idParams.extend({ noteId: idParams.shape.id });

/** docs/product.md#screens NOTES panel: staff notes on a player; the player reads their own (player area). */
export async function notesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player/:id/notes', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: braceTolerantIdParams, response: { 200: okEnvelope(z.array(noteSchema)), ...readErrors } },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      return read(await service.listNotes(app.db, req.params.id));
    },
  });

  r.post('/api/player/:id/notes', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, body: noteSaveSchema, response: { 200: writeEnvelope(noteSchema), ...readErrors } },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      return written(await service.addNote(app.db, actor, req.params.id, req.body.details));
    },
  });

  r.post('/api/player/:id/note/:noteId', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: noteParams, body: noteSaveSchema, response: { 200: writeEnvelope(noteSchema), ...readErrors } },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      const { id: playerId, noteId } = req.params;
      return written(await service.editNote(app.db, actor, playerId, noteId, req.body.details));
    },
  });

  r.post('/api/player/:id/note/:noteId/delete', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: noteParams, response: { 200: writeEnvelope(z.object({ id: z.number() })), ...readErrors } },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      const { id: playerId, noteId } = req.params;
      await service.deleteNote(app.db, actor, playerId, noteId);
      return written({ id: noteId });
    },
  });
}
