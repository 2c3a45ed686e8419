import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_PDF_BYTES } from '../../../shared/constants.js';
import { idParams, writeEnvelope } from '../../../shared/schemas/common.js';
import { playerSchema } from '../../../shared/schemas/player.js';
import { access } from '../../policies/access.js';
import { actorReachingPlayer } from '../../policies/players.js';
import { readErrors, written } from '../../lib/reply.js';
import { readUpload } from '../../lib/upload.js';
import { sendStoredFile } from './photos.routes.js';
import { analysisMessages, analysisPdf, saveAnalysis } from './player-analysis.service.js';

const tags = ['players'];

/** docs/product.md#screens ANALYSIS panel: video links (required) and an optional PDF, edited in 'Player Instructions'. */
export async function analysisRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/player/:id/analysis', {
    config: { access: access.need('players', 2) },
    schema: {
      tags,
      description:
        'multipart/form-data: video_links (repeated, or one JSON array; at least one), pdf (optional file, %PDF, ≤ 10 MB), remove_pdf=1 to drop the current PDF.',
      params: idParams,
      response: { 200: writeEnvelope(playerSchema), ...readErrors },
    },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      const upload = await readUpload(req, { fileField: 'pdf', maxBytes: MAX_PDF_BYTES, tooLarge: analysisMessages.pdfTooLarge });
      return written(await saveAnalysis(app.db, actor, req.params.id, upload));
    },
  });

  r.get('/api/player/:id/analysis/pdf', {
    config: { access: access.selfOr('players', 1) },
    schema: {
      tags,
      params: idParams,
      produces: ['application/pdf'],
      description: 'The analysis PDF as an attachment named Analysis.pdf. Errors: 401, 403, 404.',
    },
    handler: async (req, reply) => {
      await actorReachingPlayer(app.db, req);
      const file = await analysisPdf(app.db, req.params.id);
      return sendStoredFile(req, reply, file, {
        type: 'application/pdf',
        disposition: 'attachment; filename="Analysis.pdf"',
        cache: 'private, no-cache',
      });
    },
  });
}
