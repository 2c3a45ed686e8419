import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorBody, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { playerAchievementSaveSchema, playerAchievementSchema } from '../../../shared/schemas/player-achievement.js';
import { access, requireActor } from '../../policies/access.js';
import type { DB } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as awards from './achievements.repository.js';
import { reachablePlayer } from '../../policies/players.js';
import { braceTolerantIdParams, idParams } from '../../../shared/schemas/common.js';

const tags = ['players'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const awardParams = idParams.extend({ achId: idParams.shape.id });
const awardNotFound = () => notFound('This achievement does not exist.');

async function catalogueTitle(db: Kysely<DB>, achievementId: number): Promise<string> {
  const title = await awards.catalogueTitle(db, achievementId);
  if (title === null) throw badRequest('Please choose an achievement from the list.', 'achievement_id');
  return title;
}

/** docs/product.md#screens ACHIEVEMENTS panel: catalogue achievements awarded to a player. */
export async function achievementsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player/:id/achievements', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: braceTolerantIdParams, response: { 200: okEnvelope(z.array(playerAchievementSchema)), ...errors } },
    handler: async (req) => {
      await reachablePlayer(app.db, requireActor(req), req.params.id);
      return read(await awards.listAwards(app.db, req.params.id));
    },
  });

  r.post('/api/player/:id/achievements', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, body: playerAchievementSaveSchema, response: { 200: writeEnvelope(playerAchievementSchema), ...errors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const playerId = req.params.id;
      await reachablePlayer(app.db, actor, playerId);
      const award = await app.db.transaction().execute(async (trx) => {
        const title = await catalogueTitle(trx, req.body.achievement_id);
        const id = await awards.insertAward(trx, { player_id: playerId, achievement_id: req.body.achievement_id, detail: req.body.detail, action_by_user_id: actor.id });
        await recordAudit(trx, actor, 'create', 'player_achievement', id, `${title} for player ${playerId}`);
        return (await awards.findAward(trx, playerId, id))!;
      });
      return written(award);
    },
  });

  r.post('/api/player/:id/achievement/:achId', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: awardParams, body: playerAchievementSaveSchema, response: { 200: writeEnvelope(playerAchievementSchema), ...errors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id: playerId, achId } = req.params;
      await reachablePlayer(app.db, actor, playerId);
      const award = await app.db.transaction().execute(async (trx) => {
        if (!(await awards.findAward(trx, playerId, achId))) throw awardNotFound();
        const title = await catalogueTitle(trx, req.body.achievement_id);
        await awards.updateAward(trx, playerId, achId, { achievement_id: req.body.achievement_id, detail: req.body.detail, action_by_user_id: actor.id });
        await recordAudit(trx, actor, 'update', 'player_achievement', achId, `${title} for player ${playerId}`);
        return (await awards.findAward(trx, playerId, achId))!;
      });
      return written(award);
    },
  });

  r.post('/api/player/:id/achievement/:achId/delete', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: awardParams, response: { 200: writeEnvelope(z.object({ id: z.number() })), ...errors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id: playerId, achId } = req.params;
      await reachablePlayer(app.db, actor, playerId);
      await app.db.transaction().execute(async (trx) => {
        if (!(await awards.deleteAward(trx, playerId, achId))) throw awardNotFound();
        await recordAudit(trx, actor, 'delete', 'player_achievement', achId, `achievement of player ${playerId}`);
      });
      return written({ id: achId });
    },
  });
}
