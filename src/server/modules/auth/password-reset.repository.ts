import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { exists } from '../../db/exists.js';

export async function findActiveUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('email', '=', email)
    .where('status', '=', 1)
    .executeTakeFirst();
}

/** A new link replaces any earlier unused one. */
export async function replaceToken(
  db: Kysely<DB>,
  row: { user_id: number; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.deleteFrom('password_tokens').where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
  await db
    .insertInto('password_tokens')
    .values({ ...row, used_at: null })
    .execute();
}

export async function findToken(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('password_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.expires_at', 't.used_at', 'u.status', 'u.email', 'u.first_name', 'u.last_name'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used only if nobody used it first (single use under concurrency). */
export async function claimToken(db: Kysely<DB>, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('password_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUnusedTokens(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('password_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** An unused link issued after `since` (one e-mail per minute per account, against inbox flooding). */
export async function hasRecentToken(db: Kysely<DB>, userId: number, since: string): Promise<boolean> {
  return exists(
    db
      .selectFrom('password_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('created_at', '>', since),
  );
}
