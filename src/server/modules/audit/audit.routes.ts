import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
});

const auditItem = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  summary: z.string(),
  created_at: z.string(),
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
        200: okEnvelope(
          z.object({
            items: z.array(auditItem),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            entities: z.array(z.string()),
            users: z.array(z.object({ id: z.number(), name: z.string() })),
          }),
        ),
        ...errors(400),
        ...errors(401),
        ...errors(403),
      },
    },
    handler: async (req) => read(await auditPage(app.db, req.query)),
  });
}
