import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageSchema } from '../../../shared/schemas/audit.js';
import { cursorParam } from '../../../shared/schemas/cursor.js';
import { idParam, isoDate, okEnvelope } from '../../../shared/schemas/common.js';
import { access } from '../../policies/access.js';
import { errors, read } from '../../lib/reply.js';
import { auditPage } from './audit.service.js';

const auditQuery = z.object({
  entity: z.string().trim().max(50).optional(),
  user: idParam.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** The `next` of the page before (`page` is then ignored). */
  after: cursorParam(['number']).optional(),
});

/** The audit trail, read-only, for Superadmin (Settings → Audit log). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/audit', {
    config: { access: access.superadmin },
    schema: {
      tags: ['audit'],
      querystring: auditQuery,
      response: {
        200: okEnvelope(auditPageSchema),
        ...errors(400, 401, 403),
      },
    },
    handler: async (req) => read(await auditPage(app.db, req.query)),
  });
}
