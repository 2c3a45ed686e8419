import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../shared/schemas/common.js';
import { playerEvaluations, playerEvaluationsQuery, teamEvaluations, teamEvaluationsQuery } from '../../../shared/schemas/leaderboard.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeTeamScope } from '../../policies/leaderboard.js';
import { read, readErrors } from '../../lib/reply.js';
import * as service from './team-evaluations.service.js';

const tags = ['leaderboard'];

/** docs/product.md#api reads /api/player_evaluations (optional team_id) and /api/team_evaluations: evaluation ≥ 1, coach-scoped. */
export async function teamEvaluationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player_evaluations', {
    config: { access: access.need('evaluation', 1) },
    schema: {
      tags,
      summary: 'Players (of a team or all reachable) with their current evaluations, playerCount, averageScore',
      querystring: playerEvaluationsQuery,
      response: { 200: okEnvelope(playerEvaluations), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const scope = await authorizeTeamScope(app.db, actor, req.query.team_id);
      return read(await service.playerEvaluations(app.db, scope, req.query));
    },
  });

  r.get('/api/team_evaluations', {
    config: { access: access.need('evaluation', 1) },
    schema: {
      tags,
      summary: 'Team evaluation rows (players with evaluations, playerCount, averageScore), paged by team',
      querystring: teamEvaluationsQuery,
      response: { 200: okEnvelope(teamEvaluations), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const scope = await authorizeTeamScope(app.db, actor, req.query.team_id);
      return read(await service.teamEvaluations(app.db, scope, req.query));
    },
  });
}
