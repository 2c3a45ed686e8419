import type { Kysely } from 'kysely';
import type { PublishBasis } from '../../../shared/schemas/eval-session.js';
import { fairResults, type FairPlayer, type FairResults } from '../../../shared/fair-evaluations.js';
import { roundPercent, sessionResults } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import * as evalRepo from '../eval-sessions/eval-sessions.repository.js';
import { versionedCache } from './score-cache.js';
import { publishedSessionsOf } from './session-analysis.repository.js';

/**
 * One published session's results and fair analysis (docs/product.md#fair-evaluations, ADR 0027),
 * computed once per session and score version for every screen that shows them outside the session
 * (the draft board, a report, the family portal). A published session is final: its scores, players,
 * criteria and evaluators no longer change, and what can still change (a player or the session
 * deleted) bumps the score version, as publishing itself does (migrations 0006, 0024).
 */

export interface SessionPlayerFigures {
  /** sessionResults' total, rounded as the session's results show it; null when incomplete. */
  total: number | null;
  /** Evaluators who scored every criterion (the session's progress figure). */
  evaluatorsDone: number;
  /** Counted evaluators who scored the player on any criterion: "Seen by N evaluators". */
  seenBy: number;
  outlier: boolean;
  fair: FairPlayer;
}

export interface SessionAnalysis {
  sessionId: number;
  name: string;
  endDate: string;
  /** What publishing wrote: the raw means or the fair scores (ADR 0027). */
  publishBasis: PublishBasis;
  criteria: evalRepo.CriterionRow[];
  fair: FairResults;
  players: Map<number, SessionPlayerFigures>;
  /** Names of the criteria on which the panel agreed well (verdict 'good'), in the session's order. */
  agreedOn: string[];
}

/** Enough for a club's tryouts of a season; each entry holds one session's players. */
const cached = versionedCache<SessionAnalysis | null>(32);

/** The analysis of a published session; null for any other state or an unknown id. */
export function publishedSessionAnalysis(db: Kysely<DB>, sessionId: number): Promise<SessionAnalysis | null> {
  return cached(db, `session-analysis:${sessionId}`, () => compute(db, sessionId));
}

async function compute(db: Kysely<DB>, sessionId: number): Promise<SessionAnalysis | null> {
  const session = await evalRepo.findSession(db, sessionId);
  if (session?.state !== 'published') return null;
  const [criteria, players, scores, evaluators] = await Promise.all([
    evalRepo.sessionCriteria(db, sessionId),
    evalRepo.sessionPlayers(db, sessionId),
    evalRepo.sessionScores(db, sessionId),
    evalRepo.sessionEvaluators(db, sessionId),
  ]);
  // The scores that count, as the session's results take them: admitted evaluators not excluded.
  const counted = new Set(evaluators.filter((e) => e.admitted && !e.excluded).map((e) => e.id));
  const counting = scores.filter((s) => counted.has(s.evaluatorId));
  const ids = players.map((p) => p.playerId);
  const options = { minEvaluators: session.minEvaluators };
  const raw = sessionResults(ids, criteria, counting, options);
  const fair = fairResults(ids, criteria, counting, options);
  const seen = new Map<number, Set<number>>();
  for (const s of counting) {
    const set = seen.get(s.playerId) ?? new Set<number>();
    set.add(s.evaluatorId);
    seen.set(s.playerId, set);
  }
  const out = new Map<number, SessionPlayerFigures>();
  raw.forEach((r, i) =>
    out.set(r.playerId, {
      total: r.total === null ? null : roundPercent(r.total),
      evaluatorsDone: r.evaluatorsDone,
      seenBy: seen.get(r.playerId)?.size ?? 0,
      outlier: r.cells.some((c) => c.outliers.length > 0),
      fair: fair.players[i]!,
    }),
  );
  return {
    sessionId,
    name: session.name,
    endDate: session.endDate,
    publishBasis: session.publishBasis,
    criteria,
    fair,
    players: out,
    agreedOn: criteria.filter((_, i) => fair.criteria[i]!.verdict.level === 'good').map((c) => c.name),
  };
}

/** One tryout as a family reads it: the session, how many evaluators saw the child, where the panel agreed. */
export interface PlayerTryout {
  session: string;
  date: string;
  evaluators: number;
  agreedOn: string[];
}

/**
 * The player's published tryouts (all of them, or those named in `names`: a report's sessions), each
 * with the number of counted evaluators who saw the player, never who, and the criteria the panel
 * agreed on. Nothing about another player. Sessions where nobody scored the player are left out.
 */
export async function playerTryouts(db: Kysely<DB>, playerId: number, names?: readonly string[]): Promise<PlayerTryout[]> {
  const sessions = (await publishedSessionsOf(db, playerId)).filter((s) => !names || names.includes(s.name));
  const out: PlayerTryout[] = [];
  for (const s of sessions) {
    const a = await publishedSessionAnalysis(db, s.id);
    const seen = a?.players.get(playerId)?.seenBy ?? 0;
    if (a && seen > 0) out.push({ session: a.name, date: a.endDate, evaluators: seen, agreedOn: a.agreedOn });
  }
  return out;
}
