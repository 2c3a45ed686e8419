import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../policies/access.js';
import { fileByKey } from '../../files/files.repository.js';
import { notFound } from '../../lib/errors.js';

/**
 * Profile photos (docs/product.md#api: assets/images/users/{profile_img}). Signed-in users only — staff lists,
 * leaderboards and the player area show team-mates' photos — and never the public: the players are
 * mostly minors (docs/decisions/0004-who-adds-players.md). A key is random and never reused, so a
 * photo can be cached for a year; a new upload gets a new key.
 */
const KEY = /^[a-f0-9]{32}\.webp$/;

export async function photosRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/assets/images/users/:key', {
    config: { access: access.signedIn },
    schema: { tags: ['players'], params: z.object({ key: z.string() }), produces: ['image/webp'], description: 'A profile photo (256×256 WebP). Errors: 401, 404.' },
    handler: async (req, reply) => {
      if (!KEY.test(req.params.key)) throw notFound();
      const file = await fileByKey(app.db, req.params.key);
      if (!file || file.mime !== 'image/webp') throw notFound();
      const etag = `"${file.sha256}"`;
      reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(Buffer.from(file.data));
    },
  });
}
