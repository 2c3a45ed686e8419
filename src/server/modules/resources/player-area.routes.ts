import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope } from '../../../shared/schemas/common.js';
import { criterionVideosSchema } from '../../../shared/schemas/resource.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizePlayerArea } from '../../policies/resources.js';
import { errors, read } from '../../lib/reply.js';
import * as service from './resources.service.js';

/**
 * Reads the player area needs that no staff route offers to a player: the criterion videos of the
 * player's own evaluations (players usually have no criteria permission).
 */
export async function playerAreaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player-area/:playerId/criteria-videos', {
    config: { access: access.selfOr('criteria', 1) },
    schema: {
      tags: ['resources'],
      params: z.object({ playerId: idParam }),
      response: { 200: okEnvelope(z.array(criterionVideosSchema)), ...errors(401, 403, 404) },
    },
    handler: async (req) => {
      const { playerId } = req.params;
      await authorizePlayerArea(app.db, requireActor(req), playerId);
      return read(await service.criterionVideosForPlayer(app.db, playerId));
    },
  });
}
