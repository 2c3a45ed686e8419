import type { FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages.js';
import { isCsvUpload } from './csv-text.js';
import { badRequest, uploadReadError } from './errors.js';

/**
 * A bulk CSV form (teams, users, evaluations): its text fields and the file in bulkFile, refused
 * unless its name and type say CSV (docs/product.md#validation). Each file is read whole (within the multipart limit)
 * so the stream is drained before any refusal.
 */
export async function readCsvForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data with the file in bulkFile.', 'bulkFile');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname !== 'bulkFile') continue;
        if (!isCsvUpload(part.filename, part.mimetype)) throw badRequest(MSG.csvOnly, 'bulkFile');
        file = content;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadReadError(err, 'bulkFile');
  }
  return { fields, file };
}
