import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { nowIso } from '../lib/time.js';

/** Uploaded files live in the database (docs/architecture.md: app processes stay stateless). */

export const sha256Hex = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** Server-chosen, unguessable names: a key never changes content, so it can be cached for ever. */
export const newFileKey = (ext: string): string => `${randomBytes(16).toString('hex')}.${ext}`;

export interface StoredFile {
  id: number;
  key: string;
  mime: string;
  size: number;
  sha256: string;
}

export async function storeFile(
  db: Kysely<DB>,
  file: { ext: string; mime: string; data: Buffer; originalName: string },
): Promise<StoredFile> {
  const key = newFileKey(file.ext);
  const sha256 = sha256Hex(file.data);
  const row = await db
    .insertInto('files')
    .values({
      key,
      mime: file.mime,
      size: file.data.length,
      sha256,
      data: file.data,
      original_name: file.originalName.slice(0, 255),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key, mime: file.mime, size: file.data.length, sha256 };
}

export async function fileByKey(db: Kysely<DB>, key: string) {
  return db.selectFrom('files').select(['id', 'key', 'mime', 'size', 'sha256', 'data']).where('key', '=', key).executeTakeFirst();
}

export async function fileById(db: Kysely<DB>, id: number) {
  return db.selectFrom('files').select(['id', 'key', 'mime', 'size', 'sha256', 'data']).where('id', '=', id).executeTakeFirst();
}

export async function deleteFilesById(db: Kysely<DB>, ids: readonly (number | null | undefined)[]): Promise<void> {
  const list = ids.filter((id): id is number => typeof id === 'number');
  if (list.length) await db.deleteFrom('files').where('id', 'in', list).execute();
}

export async function deleteFilesByKey(db: Kysely<DB>, keys: readonly (string | null | undefined)[]): Promise<void> {
  const list = keys.filter((k): k is string => typeof k === 'string' && k.length > 0);
  if (list.length) await db.deleteFrom('files').where('key', 'in', list).execute();
}
