import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_PDF_BYTES } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { errorBody, urlList, writeEnvelope } from '../../../shared/schemas/common.js';
import { playerSchema } from '../../../shared/schemas/player.js';
import { access, requireActor } from '../../policies/access.js';
import { deleteFilesById, fileById, storeFile } from '../../files/files.repository.js';
import { isPdf } from '../../files/magic.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import { reachablePlayer } from '../../policies/players.js';
import { idParams } from '../../../shared/schemas/common.js';
import * as repo from './players.repository.js';
import { playerView } from './players.service.js';
import { listField, readUpload } from '../../lib/upload.js';

const tags = ['players'];
export const analysisMessages = {
  notPdf: 'This file is not a PDF.',
  pdfTooLarge: `The PDF must be ${MAX_PDF_BYTES / 1024 / 1024} MB or smaller.`,
  noPdf: 'This player has no analysis PDF.',
} as const;

/** docs/product.md#screens ANALYSIS panel: video links (required) and an optional PDF, edited in 'Player Instructions'. */
export async function analysisRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/player/:id/analysis', {
    config: { access: access.need('players', 2) },
    schema: {
      tags,
      description: 'multipart/form-data: video_links (repeated, or one JSON array; at least one), pdf (optional file, %PDF, ≤ 10 MB), remove_pdf=1 to drop the current PDF.',
      params: idParams,
      response: { 200: writeEnvelope(playerSchema), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      await reachablePlayer(app.db, actor, id);
      const upload = await readUpload(req, { fileField: 'pdf', maxBytes: MAX_PDF_BYTES, tooLarge: analysisMessages.pdfTooLarge });
      const links = urlList.safeParse(listField(upload.fields, 'video_links'));
      if (!links.success) throw badRequest(links.error.issues[0]?.message ?? MSG.required, 'video_links');
      if (links.data.length === 0) throw badRequest(MSG.required, 'video_links');
      if (upload.file && !isPdf(upload.file.data)) throw badRequest(analysisMessages.notPdf, 'pdf');
      const removePdf = upload.fields.get('remove_pdf')?.[0] === '1';
      const current = (await repo.findPlayer(app.db, id))!;
      await app.db.transaction().execute(async (trx) => {
        let pdfId = current.pdf_file_id;
        if (upload.file || removePdf) {
          await deleteFilesById(trx, [current.pdf_file_id]);
          pdfId = null;
        }
        if (upload.file) {
          pdfId = (await storeFile(trx, { ext: 'pdf', mime: 'application/pdf', data: upload.file.data, originalName: upload.file.name })).id;
        }
        await repo.setAnalysis(trx, id, links.data, pdfId);
        await recordAudit(trx, actor, 'update', 'player_analysis', id, `${links.data.length} video link(s)${upload.file ? ', new PDF' : removePdf ? ', PDF removed' : ''}`);
      });
      return written((await playerView(app.db, id))!);
    },
  });

  r.get('/api/player/:id/analysis/pdf', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: idParams, produces: ['application/pdf'], description: 'The analysis PDF as an attachment named Analysis.pdf. Errors: 401, 403, 404.' },
    handler: async (req, reply) => {
      await reachablePlayer(app.db, requireActor(req), req.params.id);
      const player = await repo.findPlayer(app.db, req.params.id);
      const file = player?.pdf_file_id ? await fileById(app.db, player.pdf_file_id) : undefined;
      if (!file) throw notFound(analysisMessages.noPdf);
      const etag = `"${file.sha256}"`;
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="Analysis.pdf"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(Buffer.from(file.data));
    },
  });
}

