import type { Kysely } from 'kysely';
import { fairResults, panelAgreement } from '../../../shared/fair-evaluations.js';
import type { EvaluatorHistory, EvaluatorSession } from '../../../shared/schemas/evaluator-history.js';
import { roundPercent } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import * as evalRepo from '../eval-sessions/eval-sessions.repository.js';
import { versionedCache } from '../scores/score-cache.js';
import * as repo from './evaluator-history.repository.js';

/**
 * Each staff evaluator's severity and agreement session by session (docs/product.md#evaluator-history),
 * from fair-evaluations.ts over the scores that count, as the session's results take them.
 */

type Figures = Omit<EvaluatorSession, 'sessionId' | 'session' | 'date' | 'counted'>;

/** A published session is final (what can change it bumps the score version): its figures are kept. */
const cached = versionedCache<Map<number, Figures>>(64);

async function compute(db: Kysely<DB>, sessionId: number): Promise<Map<number, Figures>> {
  const [session, criteria, players, scores, evaluators] = await Promise.all([
    evalRepo.findSession(db, sessionId),
    evalRepo.sessionCriteria(db, sessionId),
    evalRepo.sessionPlayers(db, sessionId),
    evalRepo.sessionScores(db, sessionId),
    evalRepo.sessionEvaluators(db, sessionId),
  ]);
  const counted = new Set(evaluators.filter((e) => e.admitted && !e.excluded).map((e) => e.id));
  const counting = scores.filter((s) => counted.has(s.evaluatorId));
  // One bootstrap round: intervals are not shown here, only the fit.
  const fair = fairResults(
    players.map((p) => p.playerId),
    criteria,
    counting,
    { minEvaluators: session?.minEvaluators, rounds: 1 },
  );
  const r2 = (v: number | null) => (v === null ? null : roundPercent(v));
  const out = new Map<number, Figures>();
  for (const e of fair.evaluators) {
    if (!counted.has(e.evaluatorId)) continue;
    const agreement = panelAgreement(criteria, counting, e.evaluatorId).agreement;
    out.set(e.evaluatorId, {
      severity: r2(e.severity),
      versusOthers: r2(e.versusOthers),
      spread: r2(e.spread),
      sharedPlayers: e.sharedPlayers,
      agreement: agreement === null ? null : Math.round(agreement * 100) / 100,
    });
  }
  return out;
}

const figuresOf = (db: Kysely<DB>, row: repo.HistoryRow) =>
  // An unlocked session still open can take scores without a new score version: computed afresh.
  row.published ? cached(db, `evaluator-figures:${row.sessionId}`, () => compute(db, row.sessionId)) : compute(db, row.sessionId);

const NOT_COUNTED: Figures = { severity: null, versusOthers: null, spread: null, sharedPlayers: 0, agreement: null };

/** The history of the rows the caller may see (policies/evaluator-history.ts), evaluators by name. */
export async function history(db: Kysely<DB>, rows: readonly repo.HistoryRow[]): Promise<EvaluatorHistory> {
  const bySession = new Map<number, Promise<Map<number, Figures>>>();
  for (const row of rows) if (!bySession.has(row.sessionId)) bySession.set(row.sessionId, figuresOf(db, row));
  const byUser = new Map<number, EvaluatorHistory['evaluators'][number]>();
  for (const row of rows) {
    const figures = (await bySession.get(row.sessionId)!).get(row.evaluatorId);
    const entry = byUser.get(row.userId) ?? { userId: row.userId, name: row.name, sessions: [] };
    entry.sessions.push({
      sessionId: row.sessionId,
      session: row.session,
      date: row.date,
      ...(figures ?? NOT_COUNTED),
      counted: !!figures,
    });
    byUser.set(row.userId, entry);
  }
  return { evaluators: [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}
