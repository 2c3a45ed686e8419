import type { Kysely } from 'kysely';
import { ageGroupLabel } from '../../../shared/age-groups.js';
import { parseMeasured, parseScore, type RawScore } from '../../../shared/schemas/evaluation.js';
import {
  attemptsProblem,
  basisLabel,
  combineAttempts,
  pointsFor,
  scoreAll,
  scorePercentage,
  type Attempt,
  type MeasuredEntry,
} from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import * as repo from './evaluations.repository.js';

type Db = Kysely<DB>;

/** What an evaluation row stores for one entry: points and percentage, and on a measured test the measurement. */
export interface ScoredFields {
  score: number;
  score_percentage: number;
  measured_value: number | null;
  measured_attempts: string | null;
  points_basis: string | null;
}

export interface ScoreInput {
  playerId: number;
  raw: RawScore;
  attempts?: readonly (Attempt | string)[] | null | undefined;
  date: string;
}

/** A measurement's age group: the player's "U<N>" in the calendar year it was taken (docs/product.md#measured-criteria). */
export const measuredAgeGroup = (birthYear: number | null, date: string): string | null =>
  ageGroupLabel(birthYear, Number(date.slice(0, 4)));

/**
 * The stored fields for each entry on one criterion, or the message why it cannot be saved. A 1–10 or
 * Yes/No criterion reads its score as before; a measured one reads the attempts, checks them against
 * the test, keeps the best/mean and reads its points by the rule against the age group's current values.
 */
export async function scoreEntries(
  db: Db,
  criterion: repo.ScoringCriterion,
  entries: readonly ScoreInput[],
): Promise<(ScoredFields | { error: string })[]> {
  if (criterion.kind !== 'measured') {
    return entries.map((e) => {
      const parsed = parseScore(criterion.kind, e.raw);
      if ('error' in parsed) return parsed;
      const score_percentage = scorePercentage(criterion.kind, parsed.score, criterion.weight);
      return { score: parsed.score, score_percentage, measured_value: null, measured_attempts: null, points_basis: null };
    });
  }
  const m = criterion.measure;
  if (!m)
    return entries.map(() => ({
      error: `${criterion.name} has no test set up yet: edit the criterion to choose its unit and points rule.`,
    }));
  const groupOf = await ageGroups(db, criterion, entries);
  return entries.map((e) => {
    const { group, others } = groupOf(e);
    return readMeasurement(criterion, e.raw, e.attempts, group, others);
  });
}

/** Each entry's age group on its date and the group's other current values (the percentile reference; a rescore follows the write). */
async function ageGroups(db: Db, criterion: repo.ScoringCriterion, entries: readonly Pick<ScoreInput, 'playerId'>[]) {
  const [years, current] = await Promise.all([
    repo.playerBirthYears(db, [...new Set(entries.map((e) => e.playerId))]),
    criterion.measure?.rule.method === 'percentile' ? repo.currentMeasurements(db, criterion.id) : Promise.resolve([]),
  ]);
  return (e: Pick<ScoreInput, 'playerId' | 'date'>) => {
    const group = measuredAgeGroup(years.get(e.playerId) ?? null, e.date);
    const others = current
      .filter((c) => c.player_id !== e.playerId && measuredAgeGroup(c.dob, c.date) === group)
      .map((c) => Number(c.measured_value));
    return { group, others };
  };
}

/**
 * An edit that leaves the measurement alone (notes, date, evaluator): the stored value and attempts
 * are kept as they are and only their points are read again for the age group on `date`. A session's
 * published mean stores the evaluators' values as its attempts, which the form could not re-enter.
 */
export async function keepMeasurement(
  db: Db,
  criterion: repo.ScoringCriterion,
  stored: { playerId: number; value: number; attempts: readonly Attempt[]; date: string },
): Promise<ScoredFields | { error: string }> {
  const m = criterion.measure;
  if (!m) return { error: `${criterion.name} has no test set up yet: edit the criterion to choose its unit and points rule.` };
  const { group, others } = (await ageGroups(db, criterion, [stored]))(stored);
  const points = pointsFor(m, m.rule, stored.value, group, group === null ? [] : [...others, stored.value], criterion.name);
  if ('error' in points) return points;
  return {
    score: points.points,
    score_percentage: scorePercentage('measured', points.points, criterion.weight),
    measured_value: stored.value,
    measured_attempts: JSON.stringify(stored.attempts),
    points_basis: basisLabel(points.basis, group),
  };
}

/**
 * One measurement of a measured criterion read without the database: the attempts (or the value as
 * text, "11.04 s", "7/10") checked against the test, the kept value, and its points for `group` (with
 * `others`, the age group's other current values, for percentiles). Imports use it row by row.
 */
export function readMeasurement(
  criterion: Pick<repo.ScoringCriterion, 'name' | 'weight' | 'measure'>,
  raw: RawScore,
  attempts: readonly (Attempt | string)[] | null | undefined,
  group: string | null,
  others: readonly number[] = [],
): ScoredFields | { error: string } {
  const m = criterion.measure;
  if (!m) return { error: `${criterion.name} has no test set up yet: edit the criterion to choose its unit and points rule.` };
  const read = parseMeasured(m, criterion.name, raw, attempts);
  if ('error' in read) return read;
  const problem = attemptsProblem(m, criterion.name, read.attempts);
  if (problem) return { error: problem };
  const value = combineAttempts(m, read.attempts);
  const points = pointsFor(m, m.rule, value, group, group === null ? [] : [...others, value], criterion.name);
  if ('error' in points) return points;
  return {
    score: points.points,
    score_percentage: scorePercentage('measured', points.points, criterion.weight),
    measured_value: value,
    measured_attempts: JSON.stringify(read.attempts),
    points_basis: basisLabel(points.basis, group),
  };
}

/** One entry, as a value or the message. */
export async function scoreEntry(db: Db, criterion: repo.ScoringCriterion, entry: ScoreInput): Promise<ScoredFields | { error: string }> {
  return (await scoreEntries(db, criterion, [entry]))[0]!;
}

/**
 * Re-reads the points of every current measurement of a criterion by its rule (a changed rule, or a
 * percentile rule after new values), inside the caller's transaction. History rows keep the points
 * they were given. Answers how many rows changed, or the first row's problem (a group left without bands).
 */
export async function rescoreCriterion(db: Db, criterion: repo.ScoringCriterion): Promise<{ changed: number } | { error: string }> {
  const m = criterion.measure;
  if (!m) return { changed: 0 };
  const rows = await repo.currentMeasurements(db, criterion.id);
  const groupOf = new Map(rows.map((r) => [r.id, measuredAgeGroup(r.dob, r.date)]));
  const entries: MeasuredEntry[] = rows.map((r) => ({ id: r.id, value: Number(r.measured_value), ageGroup: groupOf.get(r.id)! }));
  const results = scoreAll(m, m.rule, entries, criterion.name);
  let changed = 0;
  const now = nowIso();
  for (const r of rows) {
    const result = results.get(r.id)!;
    if ('error' in result) return result;
    const basis = basisLabel(result.basis, groupOf.get(r.id)!);
    if (Number(r.score) === result.points && r.points_basis === basis) continue;
    await repo.setPoints(db, r.id, {
      score: result.points,
      score_percentage: scorePercentage('measured', result.points, criterion.weight),
      points_basis: basis,
      updated_at: now,
    });
    changed += 1;
  }
  return { changed };
}

/** rescoreCriterion for a criterion known by id (the catalogue's edit, after it saved the new rule). */
export async function rescoreCriterionById(db: Db, id: number): Promise<{ changed: number } | { error: string }> {
  const criterion = await repo.findScoringCriterion(db, id);
  return criterion ? rescoreCriterion(db, criterion) : { changed: 0 };
}
