import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface HistoryRow {
  evaluatorId: number;
  userId: number;
  name: string;
  sessionId: number;
  session: string;
  date: string;
  published: boolean;
}

/**
 * Every staff evaluator's place in the sessions whose results can be read (unlocked or published),
 * oldest first; one user's only when given. Guests (no user) are never listed.
 */
export async function staffEvaluatorSessions(db: Kysely<DB>, userId?: number): Promise<HistoryRow[]> {
  let q = db
    .selectFrom('eval_session_evaluators as ev')
    .innerJoin('eval_sessions as s', 's.id', 'ev.session_id')
    .innerJoin('users as u', 'u.id', 'ev.user_id')
    .select(['ev.id', 'ev.user_id', 'u.first_name', 'u.last_name', 's.id as session_id', 's.name', 's.end_date', 's.state'])
    .where((eb) => eb.or([eb('s.state', '=', 'published'), eb('s.results_unlocked', '=', 1)]));
  if (userId !== undefined) q = q.where('ev.user_id', '=', userId);
  const rows = await q.orderBy('s.end_date').orderBy('s.id').execute();
  return rows.map((r) => ({
    evaluatorId: r.id,
    userId: r.user_id!,
    name: `${r.first_name} ${r.last_name}`.trim(),
    sessionId: r.session_id,
    session: r.name,
    date: r.end_date,
    published: r.state === 'published',
  }));
}
