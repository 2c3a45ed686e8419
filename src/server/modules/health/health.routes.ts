import type { FastifyInstance } from 'fastify';
import { access } from '../../policies/access.js';
import { ping } from './health.repository.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', { config: { access: access.public }, schema: { tags: ['health'] } }, async (_req, reply) => {
    const ok = await ping(app.db).catch(() => false);
    return reply.status(ok ? 200 : 503).send({ data: { status: ok ? 'ok' : 'unavailable', database: app.database.dialect } });
  });
}
