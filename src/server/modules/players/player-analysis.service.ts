import type { Kysely } from 'kysely';
import { MAX_PDF_BYTES } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { urlList } from '../../../shared/schemas/common.js';
import type { Player } from '../../../shared/schemas/player.js';
import type { DB } from '../../db/types.js';
import { deleteFilesById, fileById, storeFile } from '../../files/files.repository.js';
import { isPdf } from '../../files/magic.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { listField, type Upload } from '../../lib/upload.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './players.repository.js';
import { playerView } from './players.service.js';

export const analysisMessages = {
  notPdf: 'This file is not a PDF.',
  pdfTooLarge: `The PDF must be ${MAX_PDF_BYTES / 1024 / 1024} MB or smaller.`,
  noPdf: 'This player has no analysis PDF.',
} as const;

/**
 * Saves the ANALYSIS panel's form: video links (at least one), a new PDF replacing the current one,
 * or remove_pdf=1 dropping it. Answers the player's view.
 */
export async function saveAnalysis(db: Kysely<DB>, actor: Actor, id: number, upload: Upload): Promise<Player> {
  const links = urlList.safeParse(listField(upload.fields, 'video_links'));
  if (!links.success) throw badRequest(links.error.issues[0]?.message ?? MSG.required, 'video_links');
  if (links.data.length === 0) throw badRequest(MSG.required, 'video_links');
  if (upload.file && !isPdf(upload.file.data)) throw badRequest(analysisMessages.notPdf, 'pdf');
  const file = upload.file;
  const removePdf = upload.fields.get('remove_pdf')?.[0] === '1';
  const current = (await repo.findPlayer(db, id))!;
  await db.transaction().execute(async (trx) => {
    let pdfId = current.pdf_file_id;
    if (file || removePdf) {
      await deleteFilesById(trx, [current.pdf_file_id]);
      pdfId = null;
    }
    if (file) pdfId = (await storeFile(trx, { ext: 'pdf', mime: 'application/pdf', data: file.data, originalName: file.name })).id;
    await repo.setAnalysis(trx, id, links.data, pdfId);
    await recordAudit(
      trx,
      actor,
      'update',
      'player_analysis',
      id,
      `${links.data.length} video link(s)${file ? ', new PDF' : removePdf ? ', PDF removed' : ''}`,
    );
  });
  return (await playerView(db, id))!;
}

export async function analysisPdf(db: Kysely<DB>, id: number) {
  const player = await repo.findPlayer(db, id);
  const file = player?.pdf_file_id ? await fileById(db, player.pdf_file_id) : undefined;
  if (!file) throw notFound(analysisMessages.noPdf);
  return file;
}
