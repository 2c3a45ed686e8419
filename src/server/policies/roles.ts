/**
 * Who may create, edit or delete a role (no privilege escalation: docs/decisions/0003-sessions-and-access.md).
 * The route declares user management 2; this decides the object level. `decide` is the rule, pure and
 * tested as a table; `authorizeRole` gathers its facts and throws the refusal.
 */
import type { Kysely } from 'kysely';
import { MSG } from '../../shared/messages.js';
import { SECTIONS, type Actor, type Permissions } from '../../shared/permissions.js';
import { UNDELETABLE_ROLE_KEYS } from '../../shared/schemas/role.js';
import type { DB } from '../db/types.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { findRole, type RoleRow } from '../modules/roles/roles.repository.js';

/** What a role hands out to its users. */
export interface Grant {
  admin: boolean;
  permissions: Permissions;
}

export type RoleActor = Pick<Actor, 'roleId' | 'roleKey' | 'permissions'>;

/**
 * No privilege escalation: admin roles are Superadmin's alone, and nobody else grants, assigns or
 * touches a role with a level above their own in any section. Applied to roles here and to users'
 * roles in policies/users.ts.
 */
export function escalation(actor: RoleActor, role: Grant): 'admin' | 'levels' | null {
  if (actor.roleKey === 'superadmin') return null;
  if (role.admin) return 'admin';
  return SECTIONS.some((s) => role.permissions[s] > actor.permissions[s]) ? 'levels' : null;
}

export type RoleAction = 'create' | 'update' | 'delete';

export interface RoleFacts {
  /** The role to change (update, delete); null when there is no such role. Ignored on create. */
  role: (Grant & { id: number; key: string | null }) | null;
  /** The levels asked for (create, update). */
  next: Grant | null;
}

export type RoleDecision =
  | 'allow'
  | 404
  /** Player, Coach, Admin and Superadmin are never deleted, by anyone (409). */
  | 'undeletable'
  | 'ownRole'
  | 'adminRoles'
  /** The other built-in roles are Superadmin's alone (a custom role with user management write cannot raise the Player role of every minor's account to its own levels). */
  | 'builtInRoles'
  | 'escalation'
  /** The built-in roles' nature is fixed: the app relies on Admin being an admin role and Player not (400). */
  | 'adminFlagFixed';

const grantDecision = (actor: RoleActor, role: Grant): RoleDecision => {
  const refused = escalation(actor, role);
  return refused === 'admin' ? 'adminRoles' : refused === 'levels' ? 'escalation' : 'allow';
};

/** Nobody edits or deletes their own role; the Superadmin role is fixed; the other built-in roles are Superadmin's. */
const editDecision = (actor: RoleActor, role: NonNullable<RoleFacts['role']>): RoleDecision => {
  if (role.id === actor.roleId) return 'ownRole';
  if (role.key === 'superadmin') return 'adminRoles';
  if (role.key && actor.roleKey !== 'superadmin') return 'builtInRoles';
  return grantDecision(actor, role);
};

export function decide(actor: RoleActor, action: RoleAction, f: RoleFacts): RoleDecision {
  if (action === 'create') return grantDecision(actor, f.next!);
  const role = f.role;
  if (!role) return 404;
  if (action === 'delete') {
    // Said before who may change them: nobody deletes these.
    if (role.key && (UNDELETABLE_ROLE_KEYS as readonly string[]).includes(role.key)) return 'undeletable';
    return editDecision(actor, role);
  }
  // Update: the role as it is, then the levels asked for, then the built-in roles' admin flag.
  const next = f.next!;
  const edit = editDecision(actor, role);
  if (edit !== 'allow') return edit;
  const grant = grantDecision(actor, next);
  if (grant !== 'allow') return grant;
  return role.key && role.admin !== next.admin ? 'adminFlagFixed' : 'allow';
}

function enforce(decision: RoleDecision, role: { title: string } | null): void {
  switch (decision) {
    case 'allow':
      return;
    case 404:
      throw notFound();
    case 'undeletable':
      throw conflict(`The built-in role ${role!.title} cannot be deleted.`, 'title');
    case 'ownRole':
      throw new HttpError(403, MSG.ownRole, 'title');
    case 'adminRoles':
      throw new HttpError(403, MSG.adminRolesSuperadminOnly, 'title');
    case 'builtInRoles':
      throw new HttpError(403, MSG.builtInRolesSuperadminOnly, 'title');
    case 'escalation':
      throw new HttpError(403, MSG.noEscalation, 'title');
    case 'adminFlagFixed':
      throw badRequest('The Admin option of a built-in role cannot be changed.', 'permissions');
  }
}

/** Checks the caller may create a role with these levels. */
export function authorizeNewRole(actor: Actor, next: Grant): void {
  enforce(decide(actor, 'create', { role: null, next }), null);
}

/** Checks the caller may update (to `next`) or delete the role; answers it. */
export async function authorizeRole(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  action: 'update' | 'delete',
  next: Grant | null = null,
): Promise<RoleRow> {
  const role = await findRole(db, id);
  enforce(decide(actor, action, { role, next }), role);
  return role!;
}
