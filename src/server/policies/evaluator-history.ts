import type { Kysely } from 'kysely';
import type { Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import * as repo from '../modules/evaluator-history/evaluator-history.repository.js';
import { denied } from './access.js';
import { manageableSessions, runsSessions } from './eval-sessions.js';

/**
 * Evaluator history (docs/product.md#evaluator-history): those who run sessions (sessions 2) see every
 * staff evaluator of the sessions they may run, as they see those sessions' results; an evaluator
 * (sessions 1) only themself. Guests have no user and families no staff session: neither reaches it.
 */
export function decideHistory(actor: { id: number; runs: boolean }, userId: number | undefined): 'all' | 'self' | 403 {
  if (actor.runs) return 'all';
  return userId === undefined || userId === actor.id ? 'self' : 403;
}

/** The rows of the history the caller may read: their own always, others' only in sessions they run. */
export async function readableHistory(db: Kysely<DB>, actor: Actor, userId: number | undefined): Promise<repo.HistoryRow[]> {
  const decision = decideHistory({ id: actor.id, runs: runsSessions(actor) }, userId);
  if (decision === 403) throw denied();
  if (decision === 'self') return repo.staffEvaluatorSessions(db, actor.id);
  const rows = await repo.staffEvaluatorSessions(db, userId);
  const runs = await manageableSessions(db, actor, [...new Set(rows.map((r) => r.sessionId))]);
  return rows.filter((r) => r.userId === actor.id || runs.has(r.sessionId));
}
