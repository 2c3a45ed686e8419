import type { Actor } from '../../shared/permissions.js';
import { canImport, isScopedToOwnTeams } from '../../shared/permissions.js';
import type { ImportKind } from '../../shared/schemas/import.js';
import { denied } from './access.js';

/**
 * Imports (ADR 0021): a plan belongs to whoever uploaded the file; nobody else may see, check or
 * commit it. Finished imports are seen and undone by their author, and by admin roles reaching every
 * team (the club's history), since undo only touches what that import wrote.
 */
export function seesEveryImport(actor: Actor): boolean {
  return actor.roleAdmin && !isScopedToOwnTeams(actor);
}

/**
 * Each kind needs the write right of its section: players the right to add players
 * (docs/product.md#permissions canAddPlayers), evaluations evaluation write, teams teams write, users
 * user management write. Which players, roles and accounts a row may touch is decided per row by the
 * kind (only players of teams the caller reaches; only roles the caller may hand out).
 */
export function mayImportKind(actor: Actor, kind: ImportKind): boolean {
  return canImport(actor, kind);
}

export function authorizeImportKind(actor: Actor, kind: ImportKind): void {
  if (!mayImportKind(actor, kind)) throw denied();
}

export type ImportState = 'uploaded' | 'planned' | 'committed' | 'undone';

/** Whether the caller may see this import at all (else it is not found: ids are not an oracle). */
export function mayReachImport(actor: Actor, imp: { created_by: number | null; status: ImportState }, use: 'plan' | 'history'): boolean {
  if (imp.created_by === actor.id) return true;
  return use === 'history' && (imp.status === 'committed' || imp.status === 'undone') && seesEveryImport(actor);
}
