import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

export interface CachedPreview {
  success: boolean;
  title: string;
  description: string;
  image: string;
  fetchedAt: string;
}

export async function findCached(db: Kysely<DB>, url: string): Promise<CachedPreview | null> {
  const row = await db.selectFrom('link_previews').selectAll().where('url', '=', url).executeTakeFirst();
  if (!row) return null;
  return { success: row.success === 1, title: row.title, description: row.description, image: row.image, fetchedAt: row.fetched_at };
}

/** Insert or refresh; concurrent refreshes of one URL simply overwrite each other. */
export async function saveCached(db: Kysely<DB>, url: string, p: Omit<CachedPreview, 'fetchedAt'>, fetchedAt: string): Promise<void> {
  const values = { success: p.success ? 1 : 0, title: p.title, description: p.description, image: p.image, fetched_at: fetchedAt };
  await db
    .insertInto('link_previews')
    .values({ url, ...values })
    .onConflict((oc) => oc.column('url').doUpdateSet(values))
    .execute();
}
