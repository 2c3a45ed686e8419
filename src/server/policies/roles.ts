/** Who may grant, edit or delete a role (no privilege escalation: docs/decisions/0003-sessions-and-access.md). */
import { MSG } from '../../shared/messages.js';
import { SECTIONS, type Actor, type Permissions } from '../../shared/permissions.js';
import { HttpError } from '../lib/errors.js';

/**
 * No privilege escalation (docs/decisions/0003-sessions-and-access.md): admin roles are Superadmin's alone, and nobody else grants,
 * assigns or touches a role with a level above their own in any section. Applied to a role's current
 * and new levels on edit and to the role on delete; assertUserManageable applies it to users' roles.
 */
export function assertCanGrant(actor: Actor, role: { admin: boolean; permissions: Permissions }, field = 'title'): void {
  if (actor.roleKey === 'superadmin') return;
  if (role.admin) throw new HttpError(403, MSG.adminRolesSuperadminOnly, field);
  if (SECTIONS.some((s) => role.permissions[s] > actor.permissions[s])) throw new HttpError(403, MSG.noEscalation, field);
}

/**
 * Nobody edits or deletes their own role; the Superadmin role is fixed; the other built-in roles
 * (Admin, Coach, Player) are Superadmin's alone, so a custom role with user management write cannot
 * raise the Player role of every minor's account to its own levels.
 */
export function assertRoleEditable(actor: Actor, role: { id: number; key: string | null; admin: boolean; permissions: Permissions }): void {
  if (role.id === actor.roleId) throw new HttpError(403, MSG.ownRole, 'title');
  if (role.key === 'superadmin') throw new HttpError(403, MSG.adminRolesSuperadminOnly, 'title');
  if (role.key && actor.roleKey !== 'superadmin') throw new HttpError(403, MSG.builtInRolesSuperadminOnly, 'title');
  assertCanGrant(actor, role);
}

