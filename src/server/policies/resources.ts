/**
 * Resources (docs/product.md#permissions): a resource is visible to the roles in its access list; roles with
 * resources write permission see every resource and change them. A hidden resource answers as a missing one
 * (404), so a role outside the access list learns nothing. The route declares the section level (resources 1
 * to read, 2 to write); this decides the object level. Lists apply the same rule in SQL through
 * `resourceViewer` (resources.repository.ts visibleTo).
 */
import type { Kysely } from 'kysely';
import { can, type Actor, type Level } from '../../shared/permissions.js';
import type { Resource } from '../../shared/schemas/resource.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import * as repo from '../modules/resources/resources.repository.js';
import { denied } from './access.js';
import { assertPlayerReachable } from './players.js';
import { playerExists } from './scope.repository.js';

export type ResourceAction =
  /** Read one resource. */
  | 'view'
  /** Change or delete it. */
  | 'edit';

export interface ResourceFacts {
  exists: boolean;
  /** The caller's resources level. */
  level: Level;
  /** The caller's role is in the resource's access list. */
  listed: boolean;
}

export type Decision = 'allow' | 403 | 404;

export function decide(action: ResourceAction, f: ResourceFacts): Decision {
  const writer = f.level >= 2;
  if (!f.exists || !(writer || f.listed)) return 404;
  if (action === 'edit' && !writer) return 403;
  return 'allow';
}

/** The visibility filter of resource lists and facets: the caller's role, or every resource for writers. */
export function resourceViewer(actor: Actor): repo.ResourceViewer {
  return { roleId: actor.roleId, seesAll: can(actor, 'resources', 2) };
}

/** Checks the caller's right to an action on a resource; answers the resource as it is now. */
export async function authorizeResource(db: Kysely<DB>, actor: Actor, id: number, action: ResourceAction): Promise<Resource> {
  const resource = await repo.findResource(db, id);
  const decision = decide(action, {
    exists: !!resource,
    level: actor.permissions.resources,
    listed: !!resource && resource.access.includes(actor.roleId),
  });
  if (decision === 404) throw notFound();
  if (decision === 403) throw denied();
  return resource!;
}

/**
 * The player area's own reads (criterion videos): the player themself, or staff who reach the player
 * (policies/players.ts); an unknown player is 404 for both.
 */
export async function authorizePlayerArea(db: Kysely<DB>, actor: Actor, playerId: number): Promise<void> {
  await assertPlayerReachable(db, actor, playerId);
  if (!(await playerExists(db, playerId))) throw notFound();
}
