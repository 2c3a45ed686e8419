import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam, okEnvelope } from '../../../shared/schemas/common.js';
import {
  boardCriteria,
  PUBLIC_BOARD_OFF,
  publicBoard,
  publicBoardQuery,
  publicPlayerRow,
  publicPlayersBoard,
  publicTeamBoardQuery,
  publicTeamRow,
  type BoardPlayerRow,
} from '../../../shared/schemas/leaderboard.js';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { jsonTextOf, objectText, sendDataText } from '../../lib/json-text.js';
import { read } from '../../lib/reply.js';
import { publicName, type Boards, type Paging, type PlayersFilter } from './leaderboard.service.js';
import * as repo from './leaderboard.repository.js';

const tags = ['leaderboard'];
// Public and unauthenticated: a per-IP limit keeps scraping and load in check.
const config = { access: access.public, rateLimit: { max: 300, timeWindow: '1 minute' } };

// Cached boards go out as JSON text made once per cached value (lib/json-text.ts); the schemas drop
// every field the public may not see.
const publicRows = (mode: 'full' | 'initial') =>
  jsonTextOf(publicPlayerRow.array(), (rows: BoardPlayerRow[]) => rows.map((row) => ({ ...row, ...publicName(mode, row.first_name, row.last_name) })));
const publicRowsText = { full: publicRows('full'), initial: publicRows('initial') };
const publicTeamsText = jsonTextOf(publicTeamRow.array());
const publicPlayersFields = publicPlayersBoard.omit({ rows: true });

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

  /** The text of a public players board; `extra` fields (view) come first, as in the schema's union. */
  async function publicPlayersText(mode: 'full' | 'initial', filter: PlayersFilter, paging: Paging, extra = {}) {
    const page = await boards.playersPage(filter, { ...paging, names: mode }, null);
    if (filter.teamId !== undefined && !page.team) throw notFound();
    const fields = publicPlayersFields.parse({ total: page.total, page: page.page, pageSize: page.pageSize, team: page.team });
    return objectText({ rows: publicRowsText[mode](page.rows) }, { ...extra, ...fields });
  }

  r.get('/api/public/leaderboard', {
    config,
    schema: { tags, summary: 'Public leaderboard: players or teams view', querystring: publicBoardQuery, response: { 200: okEnvelope(publicBoard), 400: errorBody, 404: errorBody } },
    handler: async (req, reply) => {
      const mode = await namesOrOff();
      const q = req.query;
      const filter = { from: q.from, to: q.to, criteriaIds: q.criteria };
      if (q.view === 'teams') {
        const rows = await boards.teamsBoard({ ...filter, categoryId: q.category });
        return sendDataText(reply, objectText({ rows: publicTeamsText(rows) }, { view: 'teams' }));
      }
      return sendDataText(reply, await publicPlayersText(mode, filter, q, { view: 'players' }));
    },
  });

  r.get('/api/public/leaderboard/team/:teamId', {
    config,
    schema: { tags, summary: 'Public leaderboard of one team', params: z.object({ teamId: idParam }), querystring: publicTeamBoardQuery, response: { 200: okEnvelope(publicPlayersBoard), 400: errorBody, 404: errorBody } },
    handler: async (req, reply) => {
      const mode = await namesOrOff();
      const q = req.query;
      return sendDataText(reply, await publicPlayersText(mode, { teamId: req.params.teamId, from: q.from, to: q.to, criteriaIds: q.criteria }, q));
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
