import { can, type Actor } from '../../shared/permissions.js';

/**
 * Resources (docs/product.md#permissions): a resource is visible to the roles in its access list; roles with resources
 * write permission see every resource. Applied to lists (filtered) and single reads (404 otherwise).
 */
export function resourceViewer(actor: Actor): { roleId: number; seesAll: boolean } {
  return { roleId: actor.roleId, seesAll: can(actor, 'resources', 2) };
}
