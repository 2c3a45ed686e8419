import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../../shared/permissions.js';
import {
  type Evaluation,
  type EvaluationSave as EvaluationInput,
  type evaluationSaveSchema,
  type PlayerEvaluations,
} from '../../../shared/schemas/evaluation.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { nowIso, nowMs, todayDate } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './evaluations.repository.js';
import { keepMeasurement, rescoreCriterion, scoreEntry, type ScoredFields } from './measured.service.js';
import { assertPlayersOpen } from '../rollover/season-lock.js';
import { syncGoalProgress } from '../goals/goals.service.js';

type Db = Kysely<DB>;
type EvaluationSave = z.output<typeof evaluationSaveSchema>;
type StoredEvaluation = NonNullable<Awaited<ReturnType<typeof repo.findEvaluation>>>;

export const raceConflict = () => conflict('Another evaluation of this player was saved at the same moment. Please try again.');

/** Why an evaluation date is refused, or null: dates later than tomorrow (time zones) are, as a score is recorded after it happens. */
export function dateProblem(date: string): string | null {
  const tomorrow = new Date(nowMs() + 86_400_000).toISOString().slice(0, 10);
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return 'Please enter a real date (YYYY-MM-DD).';
  if (date > tomorrow) return 'The date cannot be in the future.';
  return null;
}

/** dateProblem as a 400 naming the field. */
export function checkDate(date: string, field = 'date'): void {
  const problem = dateProblem(date);
  if (problem) throw badRequest(problem, field);
}

type EvaluatorFields = Pick<EvaluationInput, 'evaluator' | 'evaluator_name'>;

/** The evaluator name typed in the form (`evaluator_name`, or a non-numeric `evaluator`), or ''. */
export function typedEvaluatorName(body: EvaluatorFields): string {
  const fromEvaluator = typeof body.evaluator === 'string' && !/^\d+$/.test(body.evaluator.trim()) ? body.evaluator.trim() : '';
  return body.evaluator_name?.trim() || fromEvaluator;
}

/** The name shown as evaluator: what the form sent, else the signed-in user's name. */
export async function evaluatorName(db: Db, actor: Actor, body: EvaluatorFields): Promise<string> {
  return typedEvaluatorName(body) || (await repo.userName(db, actor.id));
}

/** An existing criterion to score (400 otherwise). */
export async function scoringCriterion(db: Db, id: number): Promise<repo.ScoringCriterion> {
  const criterion = await repo.findScoringCriterion(db, id);
  if (!criterion) throw badRequest('Please choose an existing criterion.', 'criteria_id');
  return criterion;
}

/**
 * One write of evaluations in a transaction. Two writers on the same (player, criterion) at the same
 * instant can collide on the "one current" index: the loser is told to try again (409).
 */
export async function writeEvaluations<T>(db: Db, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (e) {
    if (isUniqueViolation(e)) throw raceConflict();
    throw e;
  }
}

/** "9" or, on a measured test, "11.04 → 9 (U14 bands)" for the audit log. */
export const auditScore = (f: ScoredFields): string =>
  f.measured_value === null ? String(f.score) : `${f.measured_value} → ${f.score} (${f.points_basis})`;

/** A percentile rule reads every value against the others: a new value re-reads the criterion's current points. */
export async function afterMeasuredWrite(trx: Db, criterion: repo.ScoringCriterion): Promise<void> {
  if (criterion.measure?.rule.method !== 'percentile') return;
  const result = await rescoreCriterion(trx, criterion);
  if ('error' in result) throw badRequest(result.error, 'score');
}

/** A player's current evaluations and total; the superseded ones too when asked. */
export async function playerEvaluations(db: Db, playerId: number, withHistory: boolean): Promise<PlayerEvaluations> {
  const [{ player, total: totalScore }, evaluations, historyCount] = await Promise.all([
    repo.findPlayerWithTotal(db, playerId).then((found) => found!),
    repo.listEvaluations(db, playerId, true),
    repo.historyCount(db, playerId),
  ]);
  return {
    player,
    totalScore,
    evaluations,
    historyCount,
    ...(withHistory ? { history: await repo.listEvaluations(db, playerId, false) } : {}),
  };
}

export async function evaluationHistory(db: Db, playerId: number): Promise<Evaluation[]> {
  return repo.listEvaluations(db, playerId, false);
}

export async function createEvaluation(db: Db, actor: Actor, playerId: number, b: EvaluationSave) {
  await assertPlayersOpen(db, [playerId]);
  const criterion = await scoringCriterion(db, b.criteria_id);
  const date = b.date ?? todayDate();
  const parsed = await scoreEntry(db, criterion, { playerId, raw: b.score, attempts: b.attempts, date });
  if ('error' in parsed) throw badRequest(parsed.error, 'score');
  checkDate(date);
  const name = await evaluatorName(db, actor, b);
  const now = nowIso();
  const evalId = await writeEvaluations(db, async (trx) => {
    const evalId = await repo.insertEvaluation(trx, {
      player_id: playerId,
      criterion_id: criterion.id,
      ...parsed,
      evaluator_user_id: actor.id,
      evaluator_name: name,
      date,
      notes: b.notes,
      video_links: JSON.stringify(b.video_links),
      created_at: now,
      updated_at: now,
    });
    await repo.recomputeCurrent(trx, { criterionId: criterion.id, playerIds: [playerId] });
    await afterMeasuredWrite(trx, criterion);
    await syncGoalProgress(trx, actor, [{ criterionId: criterion.id, playerIds: [playerId] }]);
    await recordAudit(trx, actor, 'create', 'evaluation', evalId, `player ${playerId}: ${criterion.name} ${auditScore(parsed)}`);
    return evalId;
  });
  return (await repo.findEvaluation(db, evalId))!;
}

export async function updateEvaluation(db: Db, actor: Actor, before: StoredEvaluation, b: EvaluationSave) {
  const playerId = before.player_id;
  const criterion = await scoringCriterion(db, b.criteria_id);
  const date = b.date ?? before.date;
  // No value and no attempts sent for the same measured test: the edit keeps the stored measurement.
  const keep =
    criterion.kind === 'measured' &&
    criterion.id === before.criteria_id &&
    before.measured &&
    !b.attempts?.length &&
    (b.score ?? '') === '';
  const parsed = keep
    ? await keepMeasurement(db, criterion, { playerId, value: before.measured!.value, attempts: before.measured!.attempts, date })
    : await scoreEntry(db, criterion, { playerId, raw: b.score, attempts: b.attempts, date });
  if ('error' in parsed) throw badRequest(parsed.error, 'score');
  checkDate(date);
  const typed = typedEvaluatorName(b);
  await writeEvaluations(db, async (trx) => {
    await repo.updateEvaluation(trx, before.id, {
      criterion_id: criterion.id,
      ...parsed,
      evaluator_name: typed || before.evaluator_name,
      date,
      notes: b.notes,
      video_links: JSON.stringify(b.video_links),
      updated_at: nowIso(),
    });
    // A changed date or criterion can change which evaluation is the latest of each pair.
    const touched = [...new Set([before.criteria_id, criterion.id])].map((criterionId) => ({ criterionId, playerIds: [playerId] }));
    for (const pair of touched) await repo.recomputeCurrent(trx, pair);
    await afterMeasuredWrite(trx, criterion);
    await syncGoalProgress(trx, actor, touched);
    await recordAudit(
      trx,
      actor,
      'update',
      'evaluation',
      before.id,
      `player ${playerId}: ${criterion.name} ${before.score} → ${auditScore(parsed)}`,
    );
  });
  return (await repo.findEvaluation(db, before.id))!;
}

export async function deleteEvaluation(db: Db, actor: Actor, before: StoredEvaluation): Promise<void> {
  const playerId = before.player_id;
  await writeEvaluations(db, async (trx) => {
    await repo.deleteEvaluation(trx, before.id);
    // Deleting the current evaluation promotes the latest remaining one of the pair (ADR 0005).
    await repo.recomputeCurrent(trx, { criterionId: before.criteria_id, playerIds: [playerId] });
    await syncGoalProgress(trx, actor, [{ criterionId: before.criteria_id, playerIds: [playerId] }]);
    await recordAudit(
      trx,
      actor,
      'delete',
      'evaluation',
      before.id,
      `player ${playerId}: ${before.criteria} ${before.scoreLabel} (${before.date})`,
    );
  });
}
