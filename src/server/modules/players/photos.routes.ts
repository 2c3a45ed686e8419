import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../policies/access.js';
import { profilePhoto } from './photos.service.js';

/**
 * Sends a stored file of a player (photo, analysis PDF) with its content hash as ETag, or 304 when
 * the client already holds that version.
 */
export function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  file: { sha256: string; data: Uint8Array },
  headers: { type: string; cache: string; disposition?: string },
) {
  const etag = `"${file.sha256}"`;
  reply.header('content-type', headers.type);
  if (headers.disposition) reply.header('content-disposition', headers.disposition);
  reply.header('x-content-type-options', 'nosniff').header('cache-control', headers.cache).header('etag', etag);
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(Buffer.from(file.data));
}

/**
 * Profile photos (docs/product.md#api: assets/images/users/{profile_img}). Signed-in users only — staff lists,
 * leaderboards and the player area show team-mates' photos — and never the public: the players are
 * mostly minors (docs/decisions/0004-who-adds-players.md). A key is random and never reused, so a
 * photo can be cached for a year; a new upload gets a new key.
 */
export async function photosRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/assets/images/users/:key', {
    config: { access: access.signedIn },
    schema: { tags: ['players'], params: z.object({ key: z.string() }), produces: ['image/webp'], description: 'A profile photo (256×256 WebP). Errors: 401, 404.' },
    handler: async (req, reply) =>
      sendStoredFile(req, reply, await profilePhoto(app.db, req.params.key), { type: 'image/webp', cache: 'private, max-age=31536000, immutable' }),
  });
}
