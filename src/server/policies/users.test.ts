import { describe, expect, it } from 'vitest';
import { permissionsAt as levels } from '../../shared/permissions.js';
import type { RoleActor } from './roles.js';
import { decide, type UserAction, type UserDecision, type UserFacts } from './users.js';

const superadmin: RoleActor = { roleId: 1, roleKey: 'superadmin', permissions: levels(2) };
const admin: RoleActor = { roleId: 2, roleKey: 'admin', permissions: levels(2) };
/** A custom role with user management write and teams read only. */
const manager: RoleActor = { roleId: 9, roleKey: null, permissions: levels(2, { teams: 1 }) };

const coachRole = { admin: false, permissions: levels(0, { teams: 1, players: 2 }) };
const adminRole = { admin: true, permissions: levels(2) };
const teamsWrite = { admin: false, permissions: levels(1, { teams: 2 }) };
const other = (role: UserFacts['role']): UserFacts => ({ self: false, role });
const own = (role: UserFacts['role']): UserFacts => ({ self: true, role });

/** [caller, action, facts, decision] */
const table: [string, RoleActor, UserAction, UserFacts, UserDecision][] = [
  ['coach account', manager, 'update', other(coachRole), 'allow'],
  ['coach account', manager, 'suspend', other(coachRole), 'allow'],
  ['unknown account', manager, 'update', other(null), 404],
  ['unknown account', superadmin, 'delete', other(null), 404],
  ['unknown role on create', manager, 'create', other(null), 'noRole'],
  ['admin account', manager, 'update', other(adminRole), 'adminUsers'],
  ['admin account', admin, 'reactivate', other(adminRole), 'adminUsers'],
  ['admin account', superadmin, 'suspend', other(adminRole), 'allow'],
  ['create an admin', admin, 'create', other(adminRole), 'adminUsers'],
  ['create an admin', superadmin, 'create', other(adminRole), 'allow'],
  ['account above own levels', manager, 'delete', other(teamsWrite), 'escalation'],
  ['create above own levels', manager, 'create', other(teamsWrite), 'escalation'],
  ['account above own levels', admin, 'delete', other(teamsWrite), 'allow'],
  // Suspend, delete and reset-password never apply to oneself, even for Superadmin, and before 404.
  ['own account', superadmin, 'suspend', own(adminRole), 'self'],
  ['own account', superadmin, 'delete', own(adminRole), 'self'],
  ['own account', superadmin, 'resetPassword', own(adminRole), 'self'],
  ['own account, no role', manager, 'suspend', own(null), 'self'],
  ['own account', superadmin, 'update', own(adminRole), 'allow'],
  ['own account', superadmin, 'reactivate', own(adminRole), 'allow'],
  ['own account', admin, 'update', own(adminRole), 'adminUsers'],
];

describe('user policy', () => {
  it.each(table)('%s (%o, %s) → %s', (_what, actor, action, facts, decision) => {
    expect(decide(actor, action, facts)).toBe(decision);
  });
});
