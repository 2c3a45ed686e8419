/**
 * Who may manage which user account (docs/product.md#permissions). The route declares user
 * management 2; this decides the object level. `decide` is the rule, pure and tested as a table; the
 * async functions gather its facts and throw the refusal.
 */
import type { Kysely } from 'kysely';
import { MSG } from '../../shared/messages.js';
import type { Actor } from '../../shared/permissions.js';
import type { User } from '../../shared/schemas/user.js';
import type { DB } from '../db/types.js';
import { badRequest, HttpError, notFound } from '../lib/errors.js';
import { findRole, type RoleRow } from '../modules/roles/roles.repository.js';
import { findUser } from '../modules/users/users.repository.js';
import { escalation, type Grant, type RoleActor } from './roles.js';

export type UserAction = 'create' | 'update' | 'suspend' | 'reactivate' | 'delete' | 'resetPassword';

/** Suspend, delete and reset-password never apply to the caller's own account. */
const NOT_ON_SELF: readonly UserAction[] = ['suspend', 'delete', 'resetPassword'];

export interface UserFacts {
  /** The target account is the caller's own. */
  self: boolean;
  /** The target's role (create: the role asked for); null when the user or the role does not exist. */
  role: Grant | null;
}

export type UserDecision = 'allow' | 'self' | 404 | 'noRole' | 'adminUsers' | 'escalation';

/**
 * By the target's role: only Superadmin manages users of admin roles (Superadmin, Admin, custom admin
 * roles), and nobody else manages a user whose role has a level above their own in any section (no
 * escalation, as for roles). The self refusal comes first, before the account is even looked up.
 */
export function decide(actor: RoleActor, action: UserAction, f: UserFacts): UserDecision {
  if (f.self && NOT_ON_SELF.includes(action)) return 'self';
  if (!f.role) return action === 'create' ? 'noRole' : 404;
  const refused = escalation(actor, f.role);
  return refused === 'admin' ? 'adminUsers' : refused === 'levels' ? 'escalation' : 'allow';
}

function enforce(decision: UserDecision): void {
  switch (decision) {
    case 'allow':
      return;
    case 'self':
      throw new HttpError(403, MSG.notYourself, 'email');
    case 404:
      throw notFound();
    case 'noRole':
      throw badRequest('Please choose a role.', 'role');
    case 'adminUsers':
      throw new HttpError(403, MSG.adminUsersSuperadminOnly, 'email');
    case 'escalation':
      throw new HttpError(403, MSG.noEscalation, 'email');
  }
}

/** Checks the caller may apply the action to the account; answers the account. */
export async function authorizeUser(db: Kysely<DB>, actor: Actor, id: number, action: Exclude<UserAction, 'create'>): Promise<User> {
  const user = await findUser(db, id);
  const role = user && (await findRole(db, user.role));
  enforce(decide(actor, action, { self: actor.id === id, role }));
  return user!;
}

/** The role a new user gets: it must exist, and the caller must be allowed to hand it out. */
export async function authorizeNewUser(db: Kysely<DB>, actor: Actor, roleId: number): Promise<RoleRow> {
  const role = await findRole(db, roleId);
  enforce(decide(actor, 'create', { self: false, role }));
  return role!;
}
