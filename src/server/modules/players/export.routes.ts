import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { playerExportQuerySchema } from '../../../shared/schemas/player.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizePlayerList } from '../../policies/players.js';
import { exportCsv } from './export.service.js';

/** Export Players (docs/product.md#screens ellipsis menu): all, by team or by club; CSV FirstName, LastName, Email, Score. */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/players/export', {
    config: { access: access.need('players', 1) },
    schema: {
      tags: ['players'],
      querystring: playerExportQuerySchema,
      produces: ['text/csv'],
      description: 'CSV FirstName, LastName, Email, Score. Errors: 400, 401, 403.',
    },
    handler: async (req, reply) => {
      const { team_id, category } = req.query;
      const scope = await authorizePlayerList(app.db, requireActor(req), team_id);
      const csv = await exportCsv(app.db, { scope, teamId: team_id, categoryId: category });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="players.csv"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
}
