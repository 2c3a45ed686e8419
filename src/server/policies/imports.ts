import type { Actor } from '../../shared/permissions.js';
import { isScopedToOwnTeams } from '../../shared/permissions.js';

/**
 * Imports (ADR 0021): a plan belongs to whoever uploaded the file; nobody else may see, check or
 * commit it. Finished imports are seen and undone by their author, and by admin roles reaching every
 * team (the club's history), since undo only touches what that import wrote.
 */
export function seesEveryImport(actor: Actor): boolean {
  return actor.roleAdmin && !isScopedToOwnTeams(actor);
}

export type ImportState = 'uploaded' | 'planned' | 'committed' | 'undone';

/** Whether the caller may see this import at all (else it is not found: ids are not an oracle). */
export function mayReachImport(actor: Actor, imp: { created_by: number | null; status: ImportState }, use: 'plan' | 'history'): boolean {
  if (imp.created_by === actor.id) return true;
  return use === 'history' && (imp.status === 'committed' || imp.status === 'undone') && seesEveryImport(actor);
}
