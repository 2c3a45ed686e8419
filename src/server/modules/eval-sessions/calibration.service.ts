import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { calibrationOffsets, calibrationWords } from '../../../shared/fair-evaluations.js';
import { isValidScore } from '../../../shared/scoring.js';
import type { Calibration, CalibrationFeedback } from '../../../shared/schemas/calibration.js';
import type { SessionScoreEntry } from '../../../shared/schemas/eval-session.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as cal from './calibration.repository.js';
import * as repo from './eval-sessions.repository.js';

type Db = Kysely<DB>;

/**
 * The calibration round (ADR 0027): the same 3–5 players scored by every evaluator before the tryout,
 * kept apart from the session's scores, so nothing in results, publishing or reports reads them.
 */

const accepting = (session: repo.SessionRow) => session.state === 'draft' || session.state === 'open';

/** The director chooses the round's players among the session's (an empty list ends the round). */
export async function setCalibrationPlayers(db: Db, actor: Actor, session: repo.SessionRow, playerIds: readonly number[]): Promise<void> {
  if (!accepting(session)) throw conflict('The calibration round ends when the session closes.');
  const inSession = new Set((await repo.sessionPlayers(db, session.id)).map((p) => p.playerId));
  if (playerIds.some((id) => !inSession.has(id))) throw badRequest('Choose players of this session.', 'playerIds');
  await db.transaction().execute(async (trx) => {
    await cal.setCalibrationPlayers(trx, session.id, playerIds);
    const what = playerIds.length ? `calibration round on players ${playerIds.join(', ')}` : 'calibration round ended';
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, `${session.name}: ${what}`);
  });
}

/** An evaluator's own calibration scores, refused one by one like the session's (`saveScores`). */
export async function saveCalibrationScores(db: Db, session: repo.SessionRow, evaluatorId: number, entries: readonly SessionScoreEntry[]) {
  const [criteria, players] = await Promise.all([repo.sessionCriteria(db, session.id), cal.calibrationPlayerIds(db, session.id)]);
  const kinds = new Map(criteria.map((c) => [c.criterionId, c.kind]));
  const inRound = new Set(players);
  const outcomes = entries.map((e) => {
    const kind = kinds.get(e.criterionId);
    const reason = !inRound.has(e.playerId)
      ? 'This player is not in the calibration round.'
      : kind === undefined
        ? 'This criterion is not scored in this session.'
        : kind === 'measured'
          ? // A measurement has no evaluator severity to calibrate (ADR 0030).
            'A measured test is not part of the calibration round.'
          : e.score === undefined || !isValidScore(kind, e.score)
            ? kind === 'yes_no'
              ? 'Choose Yes or No.'
              : 'Choose a score from 1 to 10.'
            : null;
    return { playerId: e.playerId, criterionId: e.criterionId, score: e.score ?? 0, reason };
  });
  const saved = outcomes.filter((o) => o.reason === null);
  await cal.upsertCalibrationScores(db, session.id, evaluatorId, saved, nowIso());
  return outcomes.map(({ playerId, criterionId, reason }) =>
    reason === null ? { playerId, criterionId, status: 'saved' as const } : { playerId, criterionId, status: 'refused' as const, reason },
  );
}

/**
 * The round as the caller may see it: the players and criteria, their own scores, their own distance
 * from the panel once they have scored everything, and (running the session) everyone's.
 */
export async function calibration(
  db: Db,
  session: repo.SessionRow,
  viewer: { evaluatorId: number | undefined; canManage: boolean },
): Promise<Calibration> {
  const [criteria, players, ids, evaluators, all] = await Promise.all([
    repo.sessionCriteria(db, session.id),
    repo.sessionPlayers(db, session.id),
    cal.calibrationPlayerIds(db, session.id),
    repo.sessionEvaluators(db, session.id),
    cal.calibrationScores(db, session.id),
  ]);
  const inRound = new Set(ids);
  const criterionIds = new Set(criteria.map((c) => c.criterionId));
  // Guests still waiting are nobody's panel; the director's exclusions are about the session's scores, not practice.
  const counted = new Set(evaluators.filter((e) => e.admitted).map((e) => e.id));
  const scores = all.filter((s) => inRound.has(s.playerId) && criterionIds.has(s.criterionId) && counted.has(s.evaluatorId));
  const offsets = new Map(calibrationOffsets(ids, criteria, scores).map((o) => [o.evaluatorId, o]));
  const needed = ids.length * criteria.length;
  const feedback = (e: repo.EvaluatorRow): CalibrationFeedback => {
    const o = offsets.get(e.id);
    return {
      evaluatorId: e.id,
      name: e.name,
      scored: scores.filter((s) => s.evaluatorId === e.id).length,
      needed,
      total: { offset: o?.total ?? null, words: calibrationWords('total', o?.total ?? null) },
      criteria: criteria.map((c, i) => ({
        criterionId: c.criterionId,
        name: c.name,
        offset: o?.criteria[i] ?? null,
        words: calibrationWords(c.kind, o?.criteria[i] ?? null),
      })),
    };
  };
  const me = evaluators.find((e) => e.id === viewer.evaluatorId);
  const mine = me ? feedback(me) : null;
  return {
    sessionId: session.id,
    state: session.state,
    accepting: accepting(session),
    criteria: criteria.map(({ catalogueWeight: _, ...c }) => c),
    players: players
      .filter((p) => inRound.has(p.playerId))
      .map((p) => ({ playerId: p.playerId, name: `${p.firstName} ${p.lastName}`, bib: p.bib })),
    isEvaluator: me !== undefined,
    canManage: viewer.canManage,
    myScores: scores
      .filter((s) => s.evaluatorId === viewer.evaluatorId)
      .map(({ playerId, criterionId, score }) => ({ playerId, criterionId, score })),
    // Only after scoring every player on every criterion: seeing the panel first would anchor the scores.
    mine: mine && needed > 0 && mine.scored === needed ? mine : null,
    panel: viewer.canManage ? evaluators.filter((e) => counted.has(e.id)).map(feedback) : null,
  };
}
