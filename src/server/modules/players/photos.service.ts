import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { fileByKey } from '../../files/files.repository.js';
import { notFound } from '../../lib/errors.js';

const KEY = /^[a-f0-9]{32}\.webp$/;

/** A stored profile photo by its key; anything else under the path is 404. */
export async function profilePhoto(db: Kysely<DB>, key: string) {
  if (!KEY.test(key)) throw notFound();
  const file = await fileByKey(db, key);
  if (!file || file.mime !== 'image/webp') throw notFound();
  return file;
}
