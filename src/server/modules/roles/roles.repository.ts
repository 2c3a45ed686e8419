import type { Kysely } from 'kysely';
import { SECTIONS, type BuiltInRoleKey, type Level, type Permissions } from '../../../shared/permissions.js';
import type { Role, RoleSave } from '../../../shared/schemas/role.js';
import { sessionsChanged } from '../../db/change-feed.js';
import type { DB, RolesTable } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { exists } from '../../db/exists.js';

export interface RoleRow {
  id: number;
  title: string;
  key: BuiltInRoleKey | null;
  admin: boolean;
  permissions: Permissions;
}

const roleColumns = ['id', 'title', 'key', 'admin', ...SECTIONS] as const;

function toRole(row: Pick<RolesTable, 'title' | 'key' | 'admin' | (typeof SECTIONS)[number]> & { id: number }): RoleRow {
  return {
    id: row.id,
    title: row.title,
    key: row.key as BuiltInRoleKey | null,
    admin: Number(row.admin) === 1,
    permissions: Object.fromEntries(SECTIONS.map((s) => [s, Number(row[s]) as Level])) as Permissions,
  };
}

export async function findRole(db: Kysely<DB>, id: number): Promise<RoleRow | null> {
  const row = await db.selectFrom('roles').select(roleColumns).where('id', '=', id).executeTakeFirst();
  return row ? toRole(row) : null;
}

/** Every role with its user count and users (one query each, grouped in JS by role id). */
export async function listRoles(db: Kysely<DB>): Promise<Role[]> {
  const [roles, users] = await Promise.all([
    db.selectFrom('roles').select(roleColumns).orderBy('id').execute(),
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'role_id'])
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute(),
  ]);
  const byRole = new Map<number, { id: number; first_name: string; last_name: string }[]>();
  for (const u of users) {
    const list = byRole.get(u.role_id) ?? [];
    list.push({ id: u.id, first_name: u.first_name, last_name: u.last_name });
    byRole.set(u.role_id, list);
  }
  return roles.map((r) => {
    const list = byRole.get(r.id) ?? [];
    return { ...toRole(r), userCount: list.length, users: list };
  });
}

/** Case-insensitive: 'coach' and 'Coach' would be confusing side by side. */
export async function titleTaken(db: Kysely<DB>, title: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('roles')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['title']), '=', title.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return exists(q);
}

export async function insertRole(db: Kysely<DB>, role: RoleSave): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('roles')
    .values({ title: role.title, key: null, admin: role.admin ? 1 : 0, ...role.permissions, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRole(db: Kysely<DB>, id: number, role: RoleSave): Promise<void> {
  await db
    .updateTable('roles')
    .set({ title: role.title, admin: role.admin ? 1 : 0, ...role.permissions, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  sessionsChanged();
}

export async function countUsersOfRole(db: Kysely<DB>, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRole(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
  sessionsChanged();
}
