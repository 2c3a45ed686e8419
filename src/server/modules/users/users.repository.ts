import { sql, type Kysely } from 'kysely';
import { isCoachRole, SECTIONS, type Level, type Permissions } from '../../../shared/permissions.js';
import { USER_ACTIVE, type User } from '../../../shared/schemas/user.js';
import { sessionsChanged } from '../../db/change-feed.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

function baseQuery(db: Kysely<DB>) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.status',
      'u.player_id',
      'u.role_id',
      'r.title as role_title',
      'r.key as role_key',
      'r.admin as role_admin',
      ...SECTIONS.map((s) => `r.${s}` as const),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toUser(row: Row): User {
  const permissions = Object.fromEntries(SECTIONS.map((s) => [s, Number(row[s]) as Level])) as Permissions;
  const admin = Number(row.role_admin) === 1;
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role_id,
    role_title: row.role_title,
    role_admin: admin,
    status: row.status,
    isCoach: isCoachRole({ admin, permissions }),
    isPlayer: row.role_key === 'player',
    player: row.player_id,
  };
}

/** The users list's sort key (index users_list_idx, migration 0021). */
export type UserKey = [last_name: string, first_name: string, id: number];

export async function listUsers(db: Kysely<DB>, roleId?: number, page?: { limit: number; after?: UserKey | undefined }): Promise<User[]> {
  let q = baseQuery(db);
  if (roleId !== undefined) q = q.where('u.role_id', '=', roleId);
  const after = page?.after;
  if (after) q = q.where(sql<boolean>`(u.last_name, u.first_name, u.id) > (${after[0]}, ${after[1]}, ${after[2]})`);
  let ordered = q.orderBy('u.last_name').orderBy('u.first_name').orderBy('u.id');
  if (page) ordered = ordered.limit(page.limit);
  const rows = await ordered.execute();
  return rows.map(toUser);
}

export async function findUser(db: Kysely<DB>, id: number): Promise<User | null> {
  const row = await baseQuery(db).where('u.id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function existingEmails(db: Kysely<DB>, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const found = new Set<string>();
  // Chunked: SQLite limits the number of bound parameters per statement.
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', emails.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.email);
  }
  return found;
}

/** Players whose own e-mail (player_email) matches and who have no account yet: e-mail → player id. */
export async function unlinkedPlayersByEmail(db: Kysely<DB>, emails: string[]): Promise<Map<string, { id: number; dob: number | null }[]>> {
  const found = new Map<string, { id: number; dob: number | null }[]>();
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db
      .selectFrom('players as p')
      .leftJoin('users as u', 'u.player_id', 'p.id')
      .select(['p.id', 'p.player_email', 'p.dob'])
      .where((eb) => eb(eb.fn('lower', ['p.player_email']), 'in', emails.slice(i, i + 500)))
      .where('u.id', 'is', null)
      .execute();
    for (const r of rows) {
      const key = (r.player_email ?? '').toLowerCase();
      found.set(key, [...(found.get(key) ?? []), { id: r.id, dob: r.dob }]);
    }
  }
  return found;
}

export interface NewUser {
  first_name: string;
  last_name: string;
  email: string;
  role_id: number;
  player_id: number | null;
  password_hash: string;
  password_expires_at: string;
}

/** New accounts start with a temporary password that must be changed at the first sign-in. */
export async function insertUser(db: Kysely<DB>, user: NewUser): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({ ...user, status: USER_ACTIVE, must_change_password: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateNames(db: Kysely<DB>, id: number, names: { first_name: string; last_name: string }): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...names, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  sessionsChanged();
}

export async function setStatus(db: Kysely<DB>, id: number, status: number): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: nowIso() }).where('id', '=', id).execute();
  sessionsChanged();
}

export async function setTemporaryPassword(db: Kysely<DB>, id: number, passwordHash: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: 1, password_expires_at: expiresAt, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  sessionsChanged();
}

export async function deleteUser(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
  sessionsChanged();
}

export async function countTeamsCoached(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coach_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
