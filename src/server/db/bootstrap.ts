import type { Kysely } from 'kysely';
import { BUILT_IN_ROLES } from '../../shared/permissions.js';
import type { DB } from './types.js';
import { nowIso } from '../lib/time.js';

/** Built-in roles exist on every install, demo or not; missing ones are (re)created at start. */
export async function ensureBuiltInRoles(db: Kysely<DB>): Promise<void> {
  const existing = await db.selectFrom('roles').select('key').where('key', 'is not', null).execute();
  const have = new Set(existing.map((r) => r.key));
  const now = nowIso();
  for (const role of BUILT_IN_ROLES) {
    if (have.has(role.key)) continue;
    await db
      .insertInto('roles')
      .values({ title: role.title, key: role.key, admin: role.admin ? 1 : 0, ...role.permissions, created_at: now, updated_at: now })
      .execute();
  }
}

export async function roleIdByKey(db: Kysely<DB>, key: string): Promise<number> {
  const row = await db.selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  return row.id;
}

export async function userCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findUserIdByEmail(db: Kysely<DB>, email: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

export async function insertUser(
  db: Kysely<DB>,
  user: { first_name: string; last_name: string; email: string; password_hash: string | null; role_id: number; player_id?: number | null },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      ...user,
      email: user.email.toLowerCase(),
      player_id: user.player_id ?? null,
      status: 1,
      must_change_password: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
