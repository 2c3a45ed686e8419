import { describe, expect, it } from 'vitest';
import { permissionsAt as levels, type Permissions } from '../../shared/permissions.js';
import { decide, type RoleAction, type RoleActor, type RoleDecision, type RoleFacts } from './roles.js';

const superadmin: RoleActor = { roleId: 1, roleKey: 'superadmin', permissions: levels(2) };
const admin: RoleActor = { roleId: 2, roleKey: 'admin', permissions: levels(2) };
/** A custom role with user management write and teams read only. */
const manager: RoleActor = { roleId: 9, roleKey: null, permissions: levels(2, { teams: 1 }) };

const custom = (over: Partial<Permissions> = {}, admin = false) => ({ id: 20, key: null, admin, permissions: levels(1, over) });
const builtIn = (id: number, key: string, admin: boolean) => ({ id, key, admin, permissions: levels(1) });
const grant = (over: Partial<Permissions> = {}, admin = false) => ({ admin, permissions: levels(1, over) });

/** [caller, action, facts, decision] */
const table: [string, RoleActor, RoleAction, RoleFacts, RoleDecision][] = [
  ['create within own levels', manager, 'create', { role: null, next: grant() }, 'allow'],
  ['create above own levels', manager, 'create', { role: null, next: grant({ teams: 2 }) }, 'escalation'],
  ['create an admin role', manager, 'create', { role: null, next: grant({}, true) }, 'adminRoles'],
  ['create an admin role', admin, 'create', { role: null, next: grant({}, true) }, 'adminRoles'],
  ['create anything', superadmin, 'create', { role: null, next: grant({ teams: 2 }, true) }, 'allow'],
  ['update unknown', manager, 'update', { role: null, next: grant({ teams: 2 }, true) }, 404],
  ['update a custom role', manager, 'update', { role: custom(), next: grant() }, 'allow'],
  ['update own role', manager, 'update', { role: { ...custom(), id: 9 }, next: grant() }, 'ownRole'],
  ['update own role', superadmin, 'update', { role: builtIn(1, 'superadmin', true), next: grant({}, true) }, 'ownRole'],
  ['update the Superadmin role', admin, 'update', { role: builtIn(1, 'superadmin', true), next: grant({}, true) }, 'adminRoles'],
  ['update the Player role', admin, 'update', { role: builtIn(4, 'player', false), next: grant() }, 'builtInRoles'],
  ['update the Player role', superadmin, 'update', { role: builtIn(4, 'player', false), next: grant() }, 'allow'],
  ['make Player an admin role', superadmin, 'update', { role: builtIn(4, 'player', false), next: grant({}, true) }, 'adminFlagFixed'],
  ['update a role above own levels', manager, 'update', { role: custom({ teams: 2 }), next: grant() }, 'escalation'],
  ['raise a role above own levels', manager, 'update', { role: custom(), next: grant({ teams: 2 }) }, 'escalation'],
  ['update an admin role', manager, 'update', { role: custom({}, true), next: grant() }, 'adminRoles'],
  ['make a role admin', manager, 'update', { role: custom(), next: grant({}, true) }, 'adminRoles'],
  ['make a custom role admin', superadmin, 'update', { role: custom(), next: grant({}, true) }, 'allow'],
  ['delete unknown', superadmin, 'delete', { role: null, next: null }, 404],
  ['delete a custom role', manager, 'delete', { role: custom(), next: null }, 'allow'],
  ['delete the Coach role', superadmin, 'delete', { role: builtIn(3, 'coach', false), next: null }, 'undeletable'],
  // Undeletable is said before "your own role".
  ['delete own Superadmin role', superadmin, 'delete', { role: builtIn(1, 'superadmin', true), next: null }, 'undeletable'],
  ['delete own role', manager, 'delete', { role: { ...custom(), id: 9 }, next: null }, 'ownRole'],
  ['delete a role above own levels', manager, 'delete', { role: custom({ teams: 2 }), next: null }, 'escalation'],
  ['delete an admin role', admin, 'delete', { role: custom({}, true), next: null }, 'adminRoles'],
];

describe('role policy', () => {
  it.each(table)('%s (%o, %s) → %s', (_what, actor, action, facts, decision) => {
    expect(decide(actor, action, facts)).toBe(decision);
  });
});
