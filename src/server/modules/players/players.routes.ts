import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  playerCreateSchema,
  playerDeletedSchema,
  playerListQuerySchema,
  playerListSchema,
  playerSchema,
  playerUpdateSchema,
  teamOptionSchema,
} from '../../../shared/schemas/player.js';
import { access, requireActor } from '../../policies/access.js';
import { assertPlayerReachable, authorizeAddPlayers, authorizePlayer, authorizePlayerList } from '../../policies/players.js';
import { reachableTeam, reachableTeamIds } from '../../policies/teams.js';
import { jsonTextOf, sendDataText } from '../../lib/json-text.js';
import { errors, read, readErrors, written } from '../../lib/reply.js';
import { achievementsRoutes } from './achievements.routes.js';
import { analysisRoutes } from './player-analysis.routes.js';
import { bulkRoutes } from './import.routes.js';
import { exportRoutes } from './export.routes.js';
import { notesRoutes } from './notes.routes.js';
import { photosRoutes } from './photos.routes.js';
import * as service from './players.service.js';

const tags = ['players'];
const uploadErrors = errors(400, 401, 403, 404, 409, 413);
// Cached views go out as JSON text made once per cached value (lib/json-text.ts).
const playerListText = jsonTextOf(playerListSchema);
const playerText = jsonTextOf(playerSchema);

export async function playersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/players', {
    config: { access: access.need('players', 1) },
    schema: { tags, querystring: playerListQuerySchema, response: { 200: okEnvelope(playerListSchema), ...readErrors } },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const { team_id, category, q, evaluated, from, to, page, pageSize, after } = req.query;
      const scope = await authorizePlayerList(app.db, actor, team_id);
      return sendDataText(
        reply,
        playerListText(
          await service.listPage(
            app.db,
            { scope, teamId: team_id, categoryId: category, q, evaluated, from, to },
            { page, pageSize, after },
          ),
        ),
      );
    },
  });

  r.get('/api/team/:teamId/players', {
    config: { access: access.need('players', 1) },
    schema: {
      tags,
      params: z.object({ teamId: idParam }),
      querystring: playerListQuerySchema.omit({ team_id: true }),
      response: { 200: okEnvelope(playerListSchema), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const team = await reachableTeam(app.db, actor, req.params.teamId);
      const { category, q, evaluated, from, to, page, pageSize, after } = req.query;
      return read(await service.teamPage(app.db, team, { categoryId: category, q, evaluated, from, to }, { page, pageSize, after }));
    },
  });

  r.get('/api/players/team-options', {
    config: { access: access.need('players', 1) },
    schema: { tags, response: { 200: okEnvelope(z.array(teamOptionSchema)), ...errors(401, 403) } },
    handler: async (req) => read(await service.teamOptions(app.db, await reachableTeamIds(app.db, requireActor(req)))),
  });

  r.get('/api/player/:id', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(playerSchema), ...readErrors } },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      // The cached view doubles as the existence check of reachablePlayer: unknown 404, then 403.
      const view = await service.profile(app.db, req.params.id);
      await assertPlayerReachable(app.db, actor, req.params.id);
      return sendDataText(reply, playerText(view));
    },
  });

  r.post('/api/players', {
    config: { access: access.need('players', 2) },
    schema: { tags, body: playerCreateSchema, response: { 200: writeEnvelope(playerSchema), ...uploadErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      authorizeAddPlayers(actor);
      return written(await service.createPlayer(app, actor, req.body));
    },
  });

  r.post('/api/player/:id', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, body: playerUpdateSchema, response: { 200: writeEnvelope(playerSchema), ...uploadErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      await authorizePlayer(app.db, actor, id, 'open');
      return written(await service.updatePlayer(app, actor, id, req.body));
    },
  });

  r.post('/api/player/:id/delete', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, response: { 200: writeEnvelope(playerDeletedSchema), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      await authorizePlayer(app.db, actor, id, 'delete');
      return written(await service.deletePlayer(app.db, actor, id));
    },
  });

  r.post('/api/team/:teamId/player/:id/remove', {
    config: { access: access.need('players', 2) },
    schema: {
      tags,
      params: z.object({ teamId: idParam, id: idParam }),
      response: { 200: writeEnvelope(z.object({ id: z.number(), teamId: z.number() })), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { teamId, id } = req.params;
      const team = await reachableTeam(app.db, actor, teamId);
      await service.removeFromTeam(app.db, actor, team, id);
      return written({ id, teamId });
    },
  });

  await notesRoutes(app);
  await achievementsRoutes(app);
  await analysisRoutes(app);
  await photosRoutes(app);
  await bulkRoutes(app);
  await exportRoutes(app);
}
