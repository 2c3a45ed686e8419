import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { chunks, type NewEvaluation } from '../evaluations/evaluations.repository.js';

/** SQL of the evaluations import kind (ADR 0021): reads per chunk of ids, multi-row writes. */

const CHUNK = 500;
/** 12 columns × 500 rows stays under both drivers' bound-parameter limits. */
const INSERT_CHUNK = 500;

export interface StoredEvaluation {
  id: number;
  player_id: number;
  criterion_id: number;
  date: string;
  score: number;
  score_percentage: number;
  notes: string;
  is_current: number;
  updated_at: string;
  /** A measured test's value, attempts (JSON) and basis; null elsewhere. */
  measured_value: number | null;
  measured_attempts: string | null;
  points_basis: string | null;
}

const COLUMNS = [
  'id',
  'player_id',
  'criterion_id',
  'date',
  'score',
  'score_percentage',
  'notes',
  'is_current',
  'updated_at',
  'measured_value',
  'measured_attempts',
  'points_basis',
] as const;

/** Every evaluation of these players (current and history): what a row may duplicate. */
export async function evaluationsOfPlayers(db: Kysely<DB>, playerIds: readonly number[]): Promise<StoredEvaluation[]> {
  const out: StoredEvaluation[] = [];
  for (const part of chunks([...new Set(playerIds)], CHUNK)) {
    const rows = await db.selectFrom('evaluations').select(COLUMNS).where('player_id', 'in', part).execute();
    for (const r of rows)
      out.push({
        ...r,
        score: Number(r.score),
        score_percentage: Number(r.score_percentage),
        is_current: Number(r.is_current),
        measured_value: r.measured_value === null ? null : Number(r.measured_value),
      });
  }
  return out;
}

export async function evaluationsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<StoredEvaluation[]> {
  const out: StoredEvaluation[] = [];
  for (const part of chunks([...new Set(ids)], CHUNK)) {
    const rows = await db.selectFrom('evaluations').select(COLUMNS).where('id', 'in', part).execute();
    for (const r of rows)
      out.push({
        ...r,
        score: Number(r.score),
        score_percentage: Number(r.score_percentage),
        is_current: Number(r.is_current),
        measured_value: r.measured_value === null ? null : Number(r.measured_value),
      });
  }
  return out;
}

/**
 * Inserts rows with their current flags decided (import.csv supersede, after clearCurrent of what they
 * supersede, as the bulk evaluations import does) and answers their ids in order; the score triggers
 * follow (ADR 0023).
 */
export async function insertEvaluationsReturningIds(
  db: Kysely<DB>,
  rows: readonly (NewEvaluation & { is_current: 0 | 1 })[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, INSERT_CHUNK)) {
    const inserted = await db
      .insertInto('evaluations')
      .values([...part])
      .returning('id')
      .execute();
    // Both drivers answer RETURNING rows in VALUES order for a single multi-row INSERT.
    for (const r of inserted) ids.push(r.id);
  }
  return ids;
}

export async function setScore(db: Kysely<DB>, id: number, v: ScoreValues): Promise<void> {
  await db.updateTable('evaluations').set(v).where('id', '=', id).execute();
}

/** What an import writes on a row: the score, and on a measured test the measurement beside it. */
export type ScoreValues = {
  score: number;
  score_percentage: number;
  notes: string;
  updated_at: string;
} & Partial<Pick<StoredEvaluation, 'measured_value' | 'measured_attempts' | 'points_basis'>>;

/** A created row's measurement (the multi-row insert writes the score columns only). */
export async function setMeasurement(
  db: Kysely<DB>,
  id: number,
  v: Pick<StoredEvaluation, 'measured_value' | 'measured_attempts' | 'points_basis'>,
): Promise<void> {
  await db.updateTable('evaluations').set(v).where('id', '=', id).execute();
}

/** Puts back what an import changed, only while the row still holds what the import wrote. */
export async function restoreScore(db: Kysely<DB>, id: number, written: string, v: ScoreValues): Promise<boolean> {
  const r = await db.updateTable('evaluations').set(v).where('id', '=', id).where('updated_at', '=', written).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteEvaluations(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids, CHUNK)) await db.deleteFrom('evaluations').where('id', 'in', part).execute();
}

/** Criteria, levels and closed seasons as they are: a plan made before one of them changed is checked again. */
export async function evaluationFingerprint(db: Kysely<DB>): Promise<string> {
  const c = await db
    .selectFrom('criteria')
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(id)`.as('top'), sql<string | null>`max(updated_at)`.as('at')])
    .executeTakeFirstOrThrow();
  const s = await db
    .selectFrom('seasons')
    .select([sql<number>`count(closed_at)`.as('n'), sql<string | null>`max(closed_at)`.as('at')])
    .executeTakeFirstOrThrow();
  return [c.n, c.top ?? 0, c.at ?? '', s.n, s.at ?? ''].join(':');
}
