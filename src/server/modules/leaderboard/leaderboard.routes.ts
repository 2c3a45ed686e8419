import type { FastifyInstance } from 'fastify';
import { analysisRoutes } from './analysis.routes.js';
import { boardRoutes } from './board.routes.js';
import { createBoards } from './leaderboard.service.js';
import { publicBoardRoutes } from './public.routes.js';
import { teamEvaluationsRoutes } from './team-evaluations.routes.js';

/** Leaderboards (staff, player area, public), analysis and the team evaluation reads (issue 5). */
export async function leaderboardRoutes(app: FastifyInstance): Promise<void> {
  // One ranking cache per app instance (per database).
  const boards = createBoards(app.db);
  await boardRoutes(app, boards);
  await publicBoardRoutes(app, boards);
  await analysisRoutes(app, boards);
  await teamEvaluationsRoutes(app);
}
