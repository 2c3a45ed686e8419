/** Permission sections of docs/product.md#data and docs/product.md#permissions, in the order the roles matrix shows them. */
export const SECTIONS = [
  'teams',
  'players',
  'evaluation',
  'criteria',
  'user_management',
  'reports',
  'resources',
  'emails',
  'sessions',
] as const;
export type Section = (typeof SECTIONS)[number];

/** 0 none, 1 read/view, 2 write (create, update, delete). Sessions: 1 scores in sessions one is assigned to, 2 runs them. */
export const LEVELS = [0, 1, 2] as const;
export type Level = (typeof LEVELS)[number];

export type Permissions = Record<Section, Level>;

export type BuiltInRoleKey = 'superadmin' | 'admin' | 'coach' | 'player';

export interface BuiltInRole {
  key: BuiltInRoleKey;
  title: string;
  admin: boolean;
  permissions: Permissions;
}

/** Every section at `level`, with `over` on top. */
export const permissionsAt = (level: Level, over: Partial<Permissions> = {}): Permissions => ({
  ...(Object.fromEntries(SECTIONS.map((s) => [s, level])) as Permissions),
  ...over,
});

export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  { key: 'superadmin', title: 'Superadmin', admin: true, permissions: permissionsAt(2) },
  { key: 'admin', title: 'Admin', admin: true, permissions: permissionsAt(2) },
  {
    key: 'coach',
    title: 'Coach',
    admin: false,
    permissions: {
      teams: 1,
      players: 2,
      evaluation: 2,
      criteria: 1,
      user_management: 0,
      reports: 2,
      resources: 1,
      emails: 1,
      sessions: 1,
    },
  },
  { key: 'player', title: 'Player', admin: false, permissions: permissionsAt(0, { resources: 1 }) },
];

/** The identity every access decision is made on: always built from the session, never the request. */
export interface Actor {
  id: number;
  roleId: number;
  roleKey: BuiltInRoleKey | null;
  roleAdmin: boolean;
  permissions: Permissions;
  playerId: number | null;
}

export function can(actor: Pick<Actor, 'permissions'> | null | undefined, section: Section, level: Level): boolean {
  return !!actor && actor.permissions[section] >= level;
}

/** docs/product.md#validation and docs/product.md#scoring: a role is a coach role when teams is exactly 1 and it is not an admin role. */
export function isCoachRole(role: { admin: boolean; permissions: Pick<Permissions, 'teams'> }): boolean {
  return !role.admin && role.permissions.teams === 1;
}

/** Coaches (teams < 2) only reach their own teams and those teams' players. */
export function isScopedToOwnTeams(actor: Pick<Actor, 'permissions'>): boolean {
  return actor.permissions.teams < 2;
}

/**
 * docs/product.md#permissions: adding players needs isCoach and players > 1. Admins (teams ≥ 2) manage players too
 * (docs/decisions/0004-who-adds-players.md).
 */
export function canAddPlayers(actor: Pick<Actor, 'permissions' | 'roleAdmin'> | null | undefined): boolean {
  if (!actor || actor.permissions.players < 2) return false;
  return isCoachRole({ admin: actor.roleAdmin, permissions: actor.permissions }) || actor.permissions.teams >= 2;
}

/**
 * docs/product.md#importing: each import kind needs the write right of its section (players: the
 * right to add players). The client offers only these kinds; policies/imports.ts enforces it.
 */
export function canImport(
  actor: Pick<Actor, 'permissions' | 'roleAdmin'> | null | undefined,
  kind: 'players' | 'evaluations' | 'teams' | 'users',
): boolean {
  if (!actor) return false;
  switch (kind) {
    case 'players':
      return canAddPlayers(actor);
    case 'evaluations':
      return actor.permissions.evaluation >= 2;
    case 'teams':
      return actor.permissions.teams >= 2;
    case 'users':
      return actor.permissions.user_management >= 2;
  }
}
