import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../shared/schemas/common.js';
import { dashboardQuerySchema, dashboardSchema } from '../../../shared/schemas/dashboard.js';
import { access, requireActor } from '../../policies/access.js';
import { dashboardScope } from '../../policies/dashboard.js';
import { jsonTextOf, sendDataText } from '../../lib/json-text.js';
import { errors } from '../../lib/reply.js';
import { todayDate } from '../../lib/time.js';
import * as service from './dashboard.service.js';

const tags = ['dashboard'];
// The cached answer goes out as JSON text made once per cached value (lib/json-text.ts).
const dashboardText = jsonTextOf(dashboardSchema);

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/dashboard', {
    config: { access: access.need('players', 1) },
    schema: { tags, querystring: dashboardQuerySchema, response: { 200: okEnvelope(dashboardSchema), ...errors(400, 401, 403) } },
    handler: async (req, reply) => {
      const scope = await dashboardScope(app.db, requireActor(req));
      const { today, limit, after } = req.query;
      return sendDataText(reply, dashboardText(await service.dashboard(app.db, scope, today ?? todayDate(), { limit, after })));
    },
  });
}
