import type { FastifyRequest } from 'fastify';
import { badRequest, uploadReadError } from './errors.js';

export interface Upload {
  fields: Map<string, string[]>;
  file: { name: string; mime: string; data: Buffer } | null;
}

/**
 * Reads a multipart form with at most one file (the `fileField`), refusing a file above `maxBytes`
 * with a clear 400 on that field instead of the generic 413.
 */
export async function readUpload(req: FastifyRequest, opts: { fileField: string; maxBytes: number; tooLarge: string }): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const fields = new Map<string, string[]>();
  let file: Upload['file'] = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField) {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        if (data.length > 0) file = { name: part.filename, mime: part.mimetype, data };
      } else {
        const name = part.fieldname.replace(/\[\]$/, '');
        fields.set(name, [...(fields.get(name) ?? []), String(part.value)]);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(opts.tooLarge, opts.fileField);
    throw uploadReadError(err, opts.fileField);
  }
  return { fields, file };
}

/** A list field sent as repeated fields or as one JSON array. */
export function listField(fields: Map<string, string[]>, name: string): string[] {
  const values = fields.get(name) ?? [];
  if (values.length === 1 && values[0]!.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(values[0]!);
      if (Array.isArray(parsed)) return parsed.map((v) => String(v));
    } catch {
      throw badRequest('Invalid list.', name);
    }
  }
  return values;
}
