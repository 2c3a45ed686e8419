import { sql, type Kysely } from 'kysely';
import type { LimitsDB } from './limits.js';

type Db = Kysely<LimitsDB>;

/**
 * Counts one hit in a fixed window, atomically across processes: a new or expired counter starts at
 * 1 with a window of `windowMs`; a live one adds 1. Returns the count and when the window ends.
 */
export async function hit(db: Db, key: string, windowMs: number, now: number): Promise<{ hits: number; expires_at: number }> {
  const expired = sql<boolean>`rate_limits.expires_at <= ${now}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, expires_at: now + windowMs, until: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        expires_at: sql<number>`case when ${expired} then excluded.expires_at else rate_limits.expires_at end`,
        until: sql<number>`case when ${expired} then 0 else rate_limits.until end`,
      }),
    )
    .returning(['hits', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), expires_at: Number(row.expires_at) };
}

/** One failure more for a backoff; a counter idle past its expiry starts again. */
export async function fail(db: Db, key: string, forgetMs: number, now: number): Promise<number> {
  const expired = sql<boolean>`rate_limits.expires_at <= ${now}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, expires_at: now + forgetMs, until: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        expires_at: sql<number>`excluded.expires_at`,
        until: sql<number>`case when ${expired} then 0 else rate_limits.until end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

export async function setUntil(db: Db, key: string, until: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ until: sql<number>`case when rate_limits.until > ${until} then rate_limits.until else ${until} end` })
    .where('key', '=', key)
    .execute();
}

/** A marker that lasts until `expires_at` (hits 0, no wait). */
export async function mark(db: Db, key: string, expiresAt: number): Promise<void> {
  await db
    .insertInto('rate_limits')
    .values({ key, hits: 0, expires_at: expiresAt, until: 0 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ expires_at: expiresAt }))
    .execute();
}

/** The live counters among these keys. */
export async function read(db: Db, keys: readonly string[], now: number) {
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'hits', 'until'])
    .where('key', 'in', keys)
    .where('expires_at', '>', now)
    .execute();
  return new Map(rows.map((r) => [r.key, { hits: Number(r.hits), until: Number(r.until) }]));
}

export async function remove(db: Db, keys: readonly string[]): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
}

export async function purgeExpired(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
