/** Who may manage which user account (docs/product.md#permissions). */
import { MSG } from '../../shared/messages.js';
import { SECTIONS, type Actor, type Permissions } from '../../shared/permissions.js';
import { HttpError } from '../lib/errors.js';

/**
 * Creating, editing, suspending, reactivating, deleting or resetting a user, by their role: only
 * Superadmin manages users of admin roles (Superadmin, Admin, custom admin roles), and nobody else
 * manages a user whose role has a level above their own in any section (no escalation, as for roles).
 */
export function assertUserManageable(actor: Actor, role: { admin: boolean; permissions: Permissions }): void {
  if (actor.roleKey === 'superadmin') return;
  if (role.admin) throw new HttpError(403, MSG.adminUsersSuperadminOnly, 'email');
  if (SECTIONS.some((s) => role.permissions[s] > actor.permissions[s])) throw new HttpError(403, MSG.noEscalation, 'email');
}

/** Suspend, delete and reset-password never apply to the caller's own account. */
export function assertNotSelf(actor: Actor, userId: number): void {
  if (actor.id === userId) throw new HttpError(403, MSG.notYourself, 'email');
}

