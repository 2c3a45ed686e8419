import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../../shared/messages.js';
import { idParam, okEnvelope } from '../../../shared/schemas/common.js';
import {
  boardCriteria,
  publicBoard,
  publicBoardQuery,
  publicPlayerRow,
  publicPlayersBoard,
  publicTeamBoardQuery,
  publicTeamRow,
  type BoardPlayerRow,
} from '../../../shared/schemas/leaderboard.js';
import { z } from 'zod';
import { access } from '../../policies/access.js';
import { HttpError } from '../../lib/errors.js';
import { jsonTextOf, objectText, sendDataText } from '../../lib/json-text.js';
import { errors, read } from '../../lib/reply.js';
import { createWorkGate, GateFull } from '../../lib/work-gate.js';
import { criteriaFilter, publicName, type Boards, type Paging } from './leaderboard.service.js';
import { createPublicBoards, publicNames, type PublicChoice } from './public.service.js';

const tags = ['leaderboard'];
// Public and unauthenticated: a per-IP limit keeps scraping and load in check.
const config = { access: access.public, rateLimit: { max: 300, timeWindow: '1 minute' } };

// Cached boards go out as JSON text made once per cached value (lib/json-text.ts); the schemas drop
// every field the public may not see.
const publicRows = (mode: 'full' | 'initial') =>
  jsonTextOf(publicPlayerRow.array(), (rows: BoardPlayerRow[]) =>
    rows.map((row) => ({ ...row, ...publicName(mode, row.first_name, row.last_name) })),
  );
const publicRowsText = { full: publicRows('full'), initial: publicRows('initial') };
const publicTeamsText = jsonTextOf(publicTeamRow.array());
const publicPlayersFields = publicPlayersBoard.omit({ rows: true });

/**
 * Public boards (no sign-in): names in the form the admin chose, score and rank — nothing else (no
 * e-mails, photo keys, teams or coach ids; photos need sign-in). 'off' answers 404 with a clear message.
 */
export async function publicBoardRoutes(app: FastifyInstance, boards: Boards): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One ranking computation (a first one or a refresh) at a time for visitors; a few wait, the rest are told when to come back.
  const gate = createWorkGate({ concurrency: 1, queue: 16, retryAfterSeconds: 5 });
  const pub = createPublicBoards(app.db, boards, { maxAgeMs: app.config.PUBLIC_BOARD_MAX_AGE_SECONDS * 1000, gate });

  /** Over the gate's cap: 503 with Retry-After instead of a growing backlog. */
  async function gated<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof GateFull)) throw err;
      reply.header('retry-after', String(err.retryAfterSeconds));
      throw new HttpError(503, MSG.boardBusy);
    }
  }

  /** The text of a public players board; `extra` fields (view) come first, as in the schema's union. */
  async function publicPlayersText(mode: 'full' | 'initial', choice: PublicChoice & { teamId?: number }, paging: Paging, extra = {}) {
    const page = await pub.playersPage(choice, { ...paging, names: mode });
    const fields = publicPlayersFields.parse({ total: page.total, page: page.page, pageSize: page.pageSize, team: page.team });
    return objectText({ rows: publicRowsText[mode](page.rows) }, { ...extra, ...fields });
  }

  r.get('/api/public/leaderboard', {
    config,
    schema: {
      tags,
      summary: 'Public leaderboard: players or teams view',
      querystring: publicBoardQuery,
      response: { 200: okEnvelope(publicBoard), ...errors(400, 404, 503) },
    },
    handler: async (req, reply) => {
      const mode = await publicNames(app.db);
      const q = req.query;
      if (q.view === 'teams') {
        const rows = await gated(reply, () => pub.teamsBoard(q));
        return sendDataText(reply, objectText({ rows: publicTeamsText(rows) }, { view: 'teams' }));
      }
      return sendDataText(reply, await gated(reply, () => publicPlayersText(mode, q, q, { view: 'players' })));
    },
  });

  r.get('/api/public/leaderboard/team/:teamId', {
    config,
    schema: {
      tags,
      summary: 'Public leaderboard of one team',
      params: z.object({ teamId: idParam }),
      querystring: publicTeamBoardQuery,
      response: { 200: okEnvelope(publicPlayersBoard), ...errors(400, 404, 503) },
    },
    handler: async (req, reply) => {
      const mode = await publicNames(app.db);
      const q = req.query;
      return sendDataText(reply, await gated(reply, () => publicPlayersText(mode, { ...q, teamId: req.params.teamId }, q)));
    },
  });

  r.get('/api/public/leaderboard/criteria', {
    config,
    schema: {
      tags,
      summary: 'Levels and criteria for the public criteria filter',
      response: { 200: okEnvelope(boardCriteria), ...errors(404) },
    },
    handler: async () => {
      await publicNames(app.db);
      return read(await criteriaFilter(app.db));
    },
  });
}
