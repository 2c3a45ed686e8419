/**
 * THE one home of permission rules (docs/decisions/0003-sessions-and-access.md). Every route declares an Access in its
 * `config.access`; app.ts refuses to start when a route has none, and evaluates it before the handler.
 * Object-level rules (a coach's own teams, a player's own data) are the assert* functions below.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MSG } from '../../shared/messages.js';
import { can, isScopedToOwnTeams, SECTIONS, type Actor, type Level, type Permissions, type Section } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { HttpError, notFound } from '../lib/errors.js';
import * as scope from './scope.repository.js';

export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'section'; section: Section; level: Level }
  /** Any of several section levels (e.g. the coach of a team, or teams write). */
  | { kind: 'anyOf'; rules: { section: Section; level: Level }[] }
  /** Player-area data: the player themself, or staff with the given section level. */
  | { kind: 'selfOr'; section: Section; level: Level }
  /** Admin roles (the role's admin flag): reference data in Settings. */
  | { kind: 'admin' }
  | { kind: 'superadmin' }
  /** A tryout guest evaluator's token (header), never a session: policies/eval-sessions.ts loadGuest. */
  | { kind: 'guest' };

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signedIn' } as Access,
  need: (section: Section, level: Level): Access => ({ kind: 'section', section, level }),
  anyOf: (...rules: [Section, Level][]): Access => ({
    kind: 'anyOf',
    rules: rules.map(([section, level]) => ({ section, level })),
  }),
  selfOr: (section: Section, level: Level): Access => ({ kind: 'selfOr', section, level }),
  admin: { kind: 'admin' } as Access,
  superadmin: { kind: 'superadmin' } as Access,
  guest: { kind: 'guest' } as Access,
};

export const unauthenticated = () => new HttpError(401, MSG.sessionExpired);
export const denied = () => new HttpError(403, MSG.forbidden);

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

/** Route-level decision: throws 401 without a session, 403 when the role's levels are too low. */
export function checkAccess(actor: Actor | null, rule: Access): void {
  if (rule.kind === 'public' || rule.kind === 'guest') return;
  if (!actor) throw unauthenticated();
  switch (rule.kind) {
    case 'signedIn':
      return;
    case 'section':
      if (!can(actor, rule.section, rule.level)) throw denied();
      return;
    case 'anyOf':
      if (!rule.rules.some((r) => can(actor, r.section, r.level))) throw denied();
      return;
    case 'selfOr':
      if (actor.playerId === null && !can(actor, rule.section, rule.level)) throw denied();
      return;
    case 'admin':
      if (!actor.roleAdmin) throw denied();
      return;
    case 'superadmin':
      if (actor.roleKey !== 'superadmin') throw denied();
      return;
  }
}

export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthenticated();
  return req.actor;
}

/** Teams an actor may reach: null = all; otherwise the ids of the teams they coach. */
export async function reachableTeamIds(db: Kysely<DB>, actor: Actor): Promise<number[] | null> {
  if (!isScopedToOwnTeams(actor)) return null;
  return scope.teamIdsCoachedBy(db, actor.id);
}

/** Coaches with teams < 2 reach only their own teams: others are 403 (existence is not hidden from staff). */
export async function assertTeamReachable(db: Kysely<DB>, actor: Actor, teamId: number): Promise<void> {
  if (!isScopedToOwnTeams(actor)) return;
  if (!(await scope.isCoachOfTeam(db, actor.id, teamId))) throw denied();
}

/**
 * A player is reachable by staff with teams ≥ 2, by the coach of one of their teams, and by the
 * player themself (player area). Refusals name unknown ids 404 and real players 403, for staff and
 * players alike (docs/product.md#errors: the player area sends them to /player/not-found and /player/unauthorized).
 */
export async function assertPlayerReachable(db: Kysely<DB>, actor: Actor, playerId: number): Promise<void> {
  const reachable =
    actor.playerId !== null ? actor.playerId === playerId : !isScopedToOwnTeams(actor) || (await scope.isCoachOfPlayer(db, actor.id, playerId));
  if (reachable) return;
  if (!(await scope.playerExists(db, playerId))) throw notFound();
  throw denied();
}

/**
 * Leaderboards: staff see the club-wide boards (names, photos and scores only); a player sees only
 * the board of a team they belong to (player area), never the whole club or the teams board.
 */
export async function assertLeaderboardReachable(db: Kysely<DB>, actor: Actor, teamId: number | undefined): Promise<void> {
  if (actor.playerId === null) return;
  if (teamId === undefined || !(await scope.isPlayerInTeam(db, actor.playerId, teamId))) throw denied();
}

/**
 * Resources (docs/product.md#permissions): a resource is visible to the roles in its access list; roles with resources
 * write permission see every resource. Applied to lists (filtered) and single reads (404 otherwise).
 */
export function resourceViewer(actor: Actor): { roleId: number; seesAll: boolean } {
  return { roleId: actor.roleId, seesAll: can(actor, 'resources', 2) };
}
