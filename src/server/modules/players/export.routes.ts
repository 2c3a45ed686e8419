import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CSV_TEMPLATES } from '../../../shared/constants.js';
import { playerExportQuerySchema } from '../../../shared/schemas/player.js';
import { formatPercent } from '../../../shared/scoring.js';
import { access, denied, requireActor } from '../../policies/access.js';
import { reachableTeamIds } from '../../policies/teams.js';
import { toCsv } from './export.csv.js';
import { exportRows } from './export.repository.js';

/** Export Players (docs/product.md#screens ellipsis menu): all, by team or by club; CSV FirstName, LastName, Email, Score. */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/players/export', {
    config: { access: access.need('players', 1) },
    schema: { tags: ['players'], querystring: playerExportQuerySchema, produces: ['text/csv'], description: 'CSV FirstName, LastName, Email, Score. Errors: 400, 401, 403.' },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const { team_id, category } = req.query;
      const scope = await reachableTeamIds(app.db, actor);
      if (team_id !== undefined && scope !== null && !scope.includes(team_id)) throw denied();
      const rows = await exportRows(app.db, { scope, teamId: team_id, categoryId: category });
      const csv = toCsv(CSV_TEMPLATES.export, rows.map((p) => [p.first_name, p.last_name, p.email, formatPercent(Number(p.total ?? 0))]));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="players.csv"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(`\uFEFF${csv}`);
    },
  });
}
