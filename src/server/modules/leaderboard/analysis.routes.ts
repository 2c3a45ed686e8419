import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, okEnvelope } from '../../../shared/schemas/common.js';
import {
  analysisPlayers,
  analysisPlayersQuery,
  analysisTeam,
  analysisTeamsQuery,
  playerAnalysis,
  playerAnalysisQuery,
  teamAnalysis,
} from '../../../shared/schemas/leaderboard.js';
import { access, requireActor } from '../../policies/access.js';
import { assertPlayerReachable } from '../../policies/players.js';
import { assertTeamReachable, reachableTeamIds } from '../../policies/teams.js';
import { notFound } from '../../lib/errors.js';
import { read } from '../../lib/reply.js';
import * as analysis from './analysis.repository.js';
import { playerSummary, teamSummary } from './analysis.service.js';
import type { Boards } from './leaderboard.service.js';
import * as scope from '../../policies/scope.repository.js';

const tags = ['leaderboard'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const reports = access.need('reports', 1);

/** Analysis landing lists and summaries: reports ≥ 1; teams < 2 → only the coach's own teams and players. */
export async function analysisRoutes(app: FastifyInstance, boards: Boards): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/analysis/players', {
    config: { access: reports },
    schema: { tags, summary: 'Analysis landing: players (name, photo, email), optionally of one team', querystring: analysisPlayersQuery, response: { 200: okEnvelope(analysisPlayers), ...errors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const q = req.query;
      if (q.team_id !== undefined) await assertTeamReachable(app.db, actor, q.team_id);
      const scope = await reachableTeamIds(app.db, actor);
      const { rows, total } = await analysis.analysisPlayers(app.db, { scopeTeamIds: scope, teamId: q.team_id, q: q.q, page: q.page, pageSize: q.pageSize });
      return read({ rows, total, page: q.page, pageSize: q.pageSize });
    },
  });

  r.get('/api/analysis/teams', {
    config: { access: reports },
    schema: { tags, summary: 'Analysis landing: teams (name, club, coach, players)', querystring: analysisTeamsQuery, response: { 200: okEnvelope(analysisTeam.array()), ...errors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const scope = await reachableTeamIds(app.db, actor);
      return read(await analysis.analysisTeams(app.db, { scopeTeamIds: scope, categoryId: req.query.category }));
    },
  });

  r.get('/api/player/:id/analysis/summary', {
    config: { access: reports },
    schema: {
      tags,
      summary: 'Player analysis: total over time, per level and criterion vs the team average, latest changes',
      params: z.object({ id: idParam }),
      querystring: playerAnalysisQuery,
      response: { 200: okEnvelope(playerAnalysis), ...errors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      if (!(await scope.playerExists(app.db, req.params.id))) throw notFound();
      await assertPlayerReachable(app.db, actor, req.params.id);
      // A scoped coach compares against one of their own teams only, by default too.
      if (req.query.team_id !== undefined) await assertTeamReachable(app.db, actor, req.query.team_id);
      const summary = await playerSummary(app.db, boards, req.params.id, req.query.team_id, await reachableTeamIds(app.db, actor));
      if (!summary) throw notFound();
      return read(summary);
    },
  });

  r.get('/api/team/:id/analysis/summary', {
    config: { access: reports },
    schema: {
      tags,
      summary: 'Team analysis: average over time, per-criterion averages, distribution, ranking',
      params: z.object({ id: idParam }),
      response: { 200: okEnvelope(teamAnalysis), ...errors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      if (!(await scope.teamExists(app.db, req.params.id))) throw notFound();
      await assertTeamReachable(app.db, actor, req.params.id);
      const summary = await teamSummary(app.db, boards, req.params.id);
      if (!summary) throw notFound();
      return read(summary);
    },
  });
}
