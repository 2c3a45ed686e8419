import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../shared/schemas/common.js';
import { linkPreviewQuerySchema, linkPreviewSchema, type LinkPreview } from '../../shared/schemas/resource.js';
import { access } from '../policies/access.js';
import { badRequest } from '../lib/errors.js';
import { PreviewRefused } from './address-policy.js';
import { cacheKey, getPreview } from './link-preview.service.js';
import { errors } from '../lib/reply.js';

const FAILED: LinkPreview = { success: false, title: '', description: '', image: '' };

/**
 * GET /get-og-data.php?url= (docs/product.md#api, answers the preview object itself, as that address always did)
 * and GET /api/link-preview?url= (the API convention: `{ data }`). Signed-in users only, rate-limited,
 * so the server cannot be used as an anonymous scanner.
 */
export async function linkPreviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['resources'];

  const preview = async (url: string, log: FastifyInstance['log']): Promise<LinkPreview> => {
    let key: string;
    try {
      key = cacheKey(url);
    } catch (e) {
      if (e instanceof PreviewRefused && (e.reason === 'invalid-url' || e.reason === 'scheme')) {
        throw badRequest('Please enter a valid http(s) link.', 'url');
      }
      // A refused port or address is a failed preview like any other: logged, card falls back to the host.
      log.info({ url, reason: e instanceof Error ? e.message : String(e) }, 'link preview refused');
      return FAILED;
    }
    return getPreview(app.db, key, { log });
  };

  const config = { access: access.signedIn, rateLimit: { max: 120, timeWindow: '1 minute' } };

  r.get('/get-og-data.php', {
    config,
    schema: { tags, querystring: linkPreviewQuerySchema, response: { 200: linkPreviewSchema, ...errors(400, 401) } },
    handler: async (req) => preview(req.query.url, req.log),
  });

  r.get('/api/link-preview', {
    config,
    schema: { tags, querystring: linkPreviewQuerySchema, response: { 200: okEnvelope(linkPreviewSchema), ...errors(400, 401) } },
    handler: async (req) => ({ data: await preview(req.query.url, req.log) }),
  });
}
