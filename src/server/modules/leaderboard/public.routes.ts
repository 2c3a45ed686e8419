import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam, okEnvelope } from '../../../shared/schemas/common.js';
import { boardCriteria, PUBLIC_BOARD_OFF, publicBoard, publicBoardQuery, publicPlayersBoard, publicTeamBoardQuery } from '../../../shared/schemas/leaderboard.js';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { read } from '../../lib/reply.js';
import { publicName, type Boards, type Paging, type PlayersFilter } from './leaderboard.service.js';
import * as repo from './leaderboard.repository.js';

const tags = ['leaderboard'];
// Public and unauthenticated: a per-IP limit keeps scraping and load in check.
const config = { access: access.public, rateLimit: { max: 300, timeWindow: '1 minute' } };

/**
 * Public boards (no sign-in): names in the form the admin chose, score and rank — nothing else (no
 * e-mails, photo keys, teams or coach ids; photos need sign-in). 'off' answers 404 with a clear message.
 */
export async function publicBoardRoutes(app: FastifyInstance, boards: Boards): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function namesOrOff(): Promise<Exclude<repo.PublicNames, 'off'>> {
    const mode = await repo.publicNamesSetting(app.db);
    if (mode === 'off') throw new HttpError(404, PUBLIC_BOARD_OFF);
    return mode;
  }

  async function publicPlayers(mode: 'full' | 'initial', filter: PlayersFilter, paging: Paging) {
    const page = await boards.playersPage(filter, { ...paging, names: mode }, null);
    return {
      rows: page.rows.map((row) => ({ rank: row.rank, id: row.id, totalScore: row.totalScore, ...publicName(mode, row.first_name, row.last_name) })),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
    };
  }

  r.get('/api/public/leaderboard', {
    config,
    schema: { tags, summary: 'Public leaderboard: players or teams view', querystring: publicBoardQuery, response: { 200: okEnvelope(publicBoard), 400: errorBody, 404: errorBody } },
    handler: async (req) => {
      const mode = await namesOrOff();
      const q = req.query;
      const filter = { from: q.from, to: q.to, criteriaIds: q.criteria };
      if (q.view === 'teams') {
        const rows = await boards.teamsBoard({ ...filter, categoryId: q.category });
        return read({ view: 'teams' as const, rows: rows.map(({ coachUser: _c, ...row }) => row) });
      }
      return read({ view: 'players' as const, ...(await publicPlayers(mode, filter, q)), team: null });
    },
  });

  r.get('/api/public/leaderboard/team/:teamId', {
    config,
    schema: { tags, summary: 'Public leaderboard of one team', params: z.object({ teamId: idParam }), querystring: publicTeamBoardQuery, response: { 200: okEnvelope(publicPlayersBoard), 400: errorBody, 404: errorBody } },
    handler: async (req) => {
      const mode = await namesOrOff();
      const team = await repo.teamName(app.db, req.params.teamId);
      if (!team) throw notFound();
      const q = req.query;
      return read({ ...(await publicPlayers(mode, { teamId: team.id, from: q.from, to: q.to, criteriaIds: q.criteria }, q)), team });
    },
  });

  r.get('/api/public/leaderboard/criteria', {
    config,
    schema: { tags, summary: 'Levels and criteria for the public criteria filter', response: { 200: okEnvelope(boardCriteria), 404: errorBody } },
    handler: async () => {
      await namesOrOff();
      return read(await repo.levelsWithCriteria(app.db));
    },
  });
}
