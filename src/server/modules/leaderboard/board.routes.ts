import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okEnvelope } from '../../../shared/schemas/common.js';
import { encodeCursor } from '../../../shared/schemas/cursor.js';
import {
  boardCriteria,
  boardPlayerRow,
  boardTeamRow,
  playersBoard,
  playersBoardQuery,
  teamsBoardQuery,
} from '../../../shared/schemas/leaderboard.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeBoard } from '../../policies/leaderboard.js';
import { withVisiblePhotos } from '../../policies/media.js';
import { LEADERBOARD_PAGE_SIZE } from '../../../shared/constants.js';
import { jsonTextOf, objectText, sendDataText, sendJsonText } from '../../lib/json-text.js';
import { errors, read, readErrors } from '../../lib/reply.js';
import { teamBoardPage } from './board-paging.js';
import { criteriaFilter, playersBoardPage, type Boards } from './leaderboard.service.js';

const tags = ['leaderboard'];
// Cached boards go out as JSON text made once per cached value (lib/json-text.ts).
const playerRowsText = jsonTextOf(boardPlayerRow.array());
const playersBoardFields = playersBoard.omit({ rows: true });
const teamsBoardText = jsonTextOf(boardTeamRow.array());

/**
 * Signed-in boards. Staff see the club-wide ranking: names, photos, scores and team ids only (no
 * contact data), so coaches with teams < 2 may see it too; actions stay permission-gated in the UI
 * and on their own routes. A player sees only the board of one of their own teams.
 */
export async function boardRoutes(app: FastifyInstance, boards: Boards): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/leaderboard/players', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: "Players leaderboard (optionally one team), paged, with the caller's own rank",
      querystring: playersBoardQuery,
      response: { 200: okEnvelope(playersBoard), ...readErrors },
    },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const q = req.query;
      await authorizeBoard(app.db, actor, 'players', q.team_id);
      const page = await playersBoardPage(
        boards,
        { teamId: q.team_id, from: q.from, to: q.to, criteriaIds: q.criteria },
        { page: q.page, pageSize: q.pageSize, q: q.q },
        actor.playerId,
      );
      const { rows, ...fields } = page;
      // The cached page is the staff one; a player's copy drops team-mates' photos without media consent.
      const shown = actor.playerId === null ? rows : await withVisiblePhotos(app.db, actor, rows);
      return sendDataText(reply, objectText({ rows: playerRowsText(shown) }, playersBoardFields.parse(fields)));
    },
  });

  r.get('/api/leaderboard/teams', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: 'Teams leaderboard (optionally one club)',
      querystring: teamsBoardQuery,
      response: { 200: z.object({ data: boardTeamRow.array(), next: z.string().nullable().optional() }), ...readErrors },
    },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      await authorizeBoard(app.db, actor, 'teams');
      const q = req.query;
      const board = await boards.teamsBoard({ categoryId: q.category, from: q.from, to: q.to, criteriaIds: q.criteria });
      if (q.limit === undefined && q.after === undefined) return sendDataText(reply, teamsBoardText(board));
      const { rows, next } = teamBoardPage(board, q.limit ?? LEADERBOARD_PAGE_SIZE, q.after);
      return sendJsonText(reply, objectText({ data: teamsBoardText(rows) }, { next: next && encodeCursor(next) }));
    },
  });

  r.get('/api/leaderboard/criteria', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: 'Levels with their criteria, for the leaderboard criteria filter',
      response: { 200: okEnvelope(boardCriteria), ...errors(401) },
    },
    handler: async () => read(await criteriaFilter(app.db)),
  });
}
