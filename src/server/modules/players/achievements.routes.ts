import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { braceTolerantIdParams, idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { playerAchievementSaveSchema, playerAchievementSchema } from '../../../shared/schemas/player-achievement.js';
import { access } from '../../policies/access.js';
import { actorReachingPlayer } from '../../policies/players.js';
import { read, readErrors, written } from '../../lib/reply.js';
import * as service from './achievements.service.js';

const tags = ['players'];
const awardParams = idParams.extend({ achId: idParams.shape.id });

/** docs/product.md#screens ACHIEVEMENTS panel: catalogue achievements awarded to a player. */
export async function achievementsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player/:id/achievements', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: braceTolerantIdParams, response: { 200: okEnvelope(z.array(playerAchievementSchema)), ...readErrors } },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      return read(await service.listAwards(app.db, req.params.id));
    },
  });

  r.post('/api/player/:id/achievements', {
    config: { access: access.need('players', 2) },
    schema: {
      tags,
      params: idParams,
      body: playerAchievementSaveSchema,
      response: { 200: writeEnvelope(playerAchievementSchema), ...readErrors },
    },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      return written(await service.addAward(app.db, actor, req.params.id, req.body));
    },
  });

  r.post('/api/player/:id/achievement/:achId', {
    config: { access: access.need('players', 2) },
    schema: {
      tags,
      params: awardParams,
      body: playerAchievementSaveSchema,
      response: { 200: writeEnvelope(playerAchievementSchema), ...readErrors },
    },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      const { id: playerId, achId } = req.params;
      return written(await service.editAward(app.db, actor, playerId, achId, req.body));
    },
  });

  r.post('/api/player/:id/achievement/:achId/delete', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: awardParams, response: { 200: writeEnvelope(z.object({ id: z.number() })), ...readErrors } },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      const { id: playerId, achId } = req.params;
      await service.deleteAward(app.db, actor, playerId, achId);
      return written({ id: achId });
    },
  });
}
