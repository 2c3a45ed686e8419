import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import type { Actor } from '../../../shared/permissions.js';
import type { EvaluationSave } from '../../../shared/schemas/evaluation.js';
import { badRequest, conflict } from '../../lib/errors.js';
import * as repo from './evaluations.repository.js';

export const raceConflict = () => conflict('Another evaluation of this player was saved at the same moment. Please try again.');

/** Why an evaluation date is refused, or null: dates later than tomorrow (time zones) are, as a score is recorded after it happens. */
export function dateProblem(date: string): string | null {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
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

type EvaluatorFields = Pick<EvaluationSave, 'evaluator' | 'evaluator_name'>;

/** The evaluator name typed in the form (`evaluator_name`, or a non-numeric `evaluator`), or ''. */
export function typedEvaluatorName(body: EvaluatorFields): string {
  const fromEvaluator = typeof body.evaluator === 'string' && !/^\d+$/.test(body.evaluator.trim()) ? body.evaluator.trim() : '';
  return body.evaluator_name?.trim() || fromEvaluator;
}

/** The name shown as evaluator: what the form sent, else the signed-in user's name. */
export async function evaluatorName(app: FastifyInstance, actor: Actor, body: EvaluatorFields): Promise<string> {
  return typedEvaluatorName(body) || (await repo.userName(app.db, actor.id));
}

/** Two writers on the same (player, criterion) at the same instant can collide on the "one current" index. */
export async function transact<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) throw raceConflict();
    throw e;
  }
}
