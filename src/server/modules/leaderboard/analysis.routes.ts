import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, okEnvelope } from '../../../shared/schemas/common.js';
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
import { authorizePlayerAnalysis, authorizeTeamScope } from '../../policies/leaderboard.js';
import { authorizeTeam } from '../../policies/teams.js';
import { read, readErrors } from '../../lib/reply.js';
import * as service from './analysis.service.js';
import type { Boards } from './leaderboard.service.js';

const tags = ['leaderboard'];
const reports = access.need('reports', 1);

/** Analysis landing lists and summaries: reports ≥ 1; teams < 2 → only the coach's own teams and players. */
export async function analysisRoutes(app: FastifyInstance, boards: Boards): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/analysis/players', {
    config: { access: reports },
    schema: {
      tags,
      summary: 'Analysis landing: players (name, photo, email), optionally of one team',
      querystring: analysisPlayersQuery,
      response: { 200: okEnvelope(analysisPlayers), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const scope = await authorizeTeamScope(app.db, actor, req.query.team_id);
      return read(await service.analysisPlayers(app.db, scope, req.query));
    },
  });

  r.get('/api/analysis/teams', {
    config: { access: reports },
    schema: {
      tags,
      summary: 'Analysis landing: teams (name, club, coach, players)',
      querystring: analysisTeamsQuery,
      response: { 200: okEnvelope(analysisTeam.array()), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const scope = await authorizeTeamScope(app.db, actor, undefined);
      return read(await service.analysisTeams(app.db, scope, req.query.category));
    },
  });

  r.get('/api/player/:id/analysis/summary', {
    config: { access: reports },
    schema: {
      tags,
      summary: 'Player analysis: total over time, per level and criterion vs the team average, latest changes',
      params: idParams,
      querystring: playerAnalysisQuery,
      response: { 200: okEnvelope(playerAnalysis), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      // A scoped coach compares against one of their own teams only, by default too.
      const scope = await authorizePlayerAnalysis(app.db, actor, req.params.id, req.query.team_id);
      return read(await service.playerSummary(app.db, boards, req.params.id, req.query.team_id, scope));
    },
  });

  r.get('/api/team/:id/analysis/summary', {
    config: { access: reports },
    schema: {
      tags,
      summary: 'Team analysis: average over time, per-criterion averages, distribution, ranking',
      params: idParams,
      response: { 200: okEnvelope(teamAnalysis), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeTeam(app.db, actor, req.params.id);
      return read(await service.teamSummary(app.db, boards, req.params.id));
    },
  });
}
