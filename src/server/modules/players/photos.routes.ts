import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../policies/access.js';
import { authorizePhoto, photoCacheControl } from '../../policies/media.js';
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
 * mostly minors (docs/decisions/0004-who-adds-players.md). Another player's photo needs the family's
 * media consent (policies/media.ts). A key is random and never reused, so staff may cache a photo for
 * a year; a player revalidates each time (ETag), so a withdrawn consent counts on the next request.
 */
export async function photosRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/assets/images/users/:key', {
    config: { access: access.signedIn },
    schema: {
      tags: ['players'],
      params: z.object({ key: z.string() }),
      produces: ['image/webp'],
      description: "A profile photo (256×256 WebP). Errors: 401, 404 (also another player's photo without media consent, to a player).",
    },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const file = await profilePhoto(app.db, req.params.key);
      await authorizePhoto(app.db, actor, req.params.key);
      return sendStoredFile(req, reply, file, { type: 'image/webp', cache: photoCacheControl(actor) });
    },
  });
}
