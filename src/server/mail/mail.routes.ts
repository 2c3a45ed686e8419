import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okEnvelope } from '../../shared/schemas/common.js';
import { cursorParam, nextCursorField } from '../../shared/schemas/cursor.js';
import { access } from '../policies/access.js';
import { errors, read } from '../lib/reply.js';
import { outboxPage } from './mail.service.js';

const outboxQuery = z.object({
  status: z.enum(['stored', 'sent', 'failed']).optional(),
  to: z.string().trim().max(320).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** The `next` of the page before (`page` is then ignored). */
  after: cursorParam(['number']).optional(),
});

const outboxItem = z.object({
  id: z.number(),
  to_address: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

/** The database outbox (every message, delivered or not), for Superadmin in Settings. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/mail/outbox', {
    config: { access: access.superadmin },
    schema: {
      tags: ['mail'],
      querystring: outboxQuery,
      response: {
        200: okEnvelope(
          z.object({ items: z.array(outboxItem), total: z.number(), page: z.number(), pageSize: z.number(), ...nextCursorField }),
        ),
        ...errors(400),
        ...errors(401),
        ...errors(403),
      },
    },
    handler: async (req) => read(await outboxPage(app.db, req.query)),
  });
}
