import type { Kysely } from 'kysely';
import { MSG } from '../../../shared/messages.js';
import { SECTIONS, type Actor, type Permissions } from '../../../shared/permissions.js';
import type { Role, RoleSave } from '../../../shared/schemas/role.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import * as repo from './roles.repository.js';

type Db = Kysely<DB>;

const LEVEL_NAMES = ['none', 'read', 'write'] as const;

/** 'teams read, players write' — the audit summary of a permission set. */
export function describePermissions(p: Permissions, admin: boolean): string {
  const parts = SECTIONS.filter((s) => p[s] > 0).map((s) => `${s} ${LEVEL_NAMES[p[s]]}`);
  return [admin ? 'admin' : null, ...parts].filter(Boolean).join(', ');
}

function describeChange(before: repo.RoleRow, after: RoleSave): { changedAccess: boolean; summary: string } {
  const shown = (r: RoleSave): Record<string, string> => ({
    title: r.title,
    admin: r.admin ? 'on' : 'off',
    ...Object.fromEntries(SECTIONS.map((s) => [s, LEVEL_NAMES[r.permissions[s]]])),
  });
  const changedAccess = before.admin !== after.admin || SECTIONS.some((s) => before.permissions[s] !== after.permissions[s]);
  const changes = describeChanges(shown(before), shown(after), ['title', 'admin', ...SECTIONS], ['admin', ...SECTIONS]);
  return { changedAccess, summary: `Role '${after.title}': ${changes}` };
}

async function assertTitleFree(db: Db, title: string, exceptId?: number): Promise<void> {
  if (await repo.titleTaken(db, title, exceptId)) throw badRequest('A role with this title already exists.', 'title');
}

export async function listRoles(db: Db): Promise<Role[]> {
  return repo.listRoles(db);
}

export async function createRole(db: Db, actor: Actor, role: RoleSave): Promise<{ id: number }> {
  await assertTitleFree(db, role.title);
  const id = await db.transaction().execute(async (trx) => {
    const newId = await repo.insertRole(trx, role);
    await recordAudit(trx, actor, 'create', 'role', newId, `Role '${role.title}': ${describePermissions(role.permissions, role.admin)}`);
    return newId;
  });
  return { id };
}

export async function updateRole(db: Db, actor: Actor, before: repo.RoleRow, next: RoleSave): Promise<{ id: number }> {
  await assertTitleFree(db, next.title, before.id);
  const { changedAccess, summary } = describeChange(before, next);
  await db.transaction().execute(async (trx) => {
    await repo.updateRole(trx, before.id, next);
    // Users of the role get the new levels on their next request (the session reads the role each time).
    await recordAudit(trx, actor, changedAccess ? 'role_change' : 'update', 'role', before.id, summary);
  });
  return { id: before.id };
}

/** 409 while users still have the role. */
export async function deleteRole(db: Db, actor: Actor, role: repo.RoleRow): Promise<{ id: number }> {
  await db.transaction().execute(async (trx) => {
    if ((await repo.countUsersOfRole(trx, role.id)) > 0) throw conflict(MSG.roleHasUsers, 'title');
    await repo.deleteRole(trx, role.id);
    await recordAudit(trx, actor, 'delete', 'role', role.id, `Role '${role.title}'`);
  });
  return { id: role.id };
}
