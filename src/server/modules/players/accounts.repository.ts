import type { Kysely } from 'kysely';
import { chunked } from '../../db/precompiled.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { BULK_CHUNK } from './import.repository.js';
import { exists } from '../../db/exists.js';

/** Player sign-in accounts: users with the Player role linked by users.player_id. */

export async function playerRoleId(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('roles').select('id').where('key', '=', 'player').executeTakeFirstOrThrow();
  return row.id;
}

/** The Player-role account linked to a player, if any. */
export async function linkedAccount(db: Kysely<DB>, playerId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.email'])
    .where('u.player_id', '=', playerId)
    .where('r.key', '=', 'player')
    .executeTakeFirst();
}

export async function emailTaken(db: Kysely<DB>, email: string, exceptUserId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return exists(q);
}

/** Which of these e-mails already belong to a user (bulk import). */
export async function takenEmails(db: Kysely<DB>, emails: readonly string[]): Promise<Set<string>> {
  const rows = await chunked(
    db,
    [...new Set(emails)],
    BULK_CHUNK,
    (chunk) => db.selectFrom('users').select('email').where('email', 'in', chunk),
    (chunk) => [...chunk],
  );
  return new Set(rows.map((r) => r.email));
}

export interface AccountValues {
  first_name: string;
  last_name: string;
  email: string;
  player_id: number;
}

/** No password: the player sets one through 'Forgot password?' (the welcome e-mail says how). */
export async function insertAccounts(db: Kysely<DB>, roleId: number, accounts: readonly AccountValues[]): Promise<void> {
  const now = nowIso();
  const row = (a: AccountValues) => ({
    first_name: a.first_name,
    last_name: a.last_name,
    email: a.email.toLowerCase(),
    player_id: a.player_id,
    password_hash: null,
    role_id: roleId,
    status: 1,
    must_change_password: 0,
    password_expires_at: null,
    created_at: now,
    updated_at: now,
  });
  await chunked(
    db,
    accounts,
    BULK_CHUNK,
    (chunk) => db.insertInto('users').values(chunk.map(row)),
    (chunk) => chunk.flatMap((a) => Object.values(row(a))),
  );
}

export async function updateAccount(
  db: Kysely<DB>,
  userId: number,
  v: { first_name: string; last_name: string; email: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...v, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** Sessions and reset tokens go with the user (ON DELETE CASCADE). */
export async function deleteAccount(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

export async function deleteUnusedResetLinks(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('password_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
