import type { Kysely } from 'kysely';
import type { SessionCriterionInfo } from '../../../shared/schemas/eval-session.js';
import {
  formatMeasure,
  measuredLabel,
  scorePercentage,
  sessionMeasuredMean,
  type Attempt,
  type SessionCell,
  type SessionMeasuredPoints,
  type SessionScore,
} from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { todayDate } from '../../lib/time.js';
import {
  currentMeasurements,
  findScoringCriterion,
  playerBirthYears,
  type ScoringCriterion,
} from '../evaluations/evaluations.repository.js';
import { measuredAgeGroup, scoreEntries, type ScoredFields } from '../evaluations/measured.service.js';
import type { CriterionRow, SessionRow } from './eval-sessions.repository.js';

/*
 * Measured criteria in evaluation sessions (ADR 0030): each evaluator keeps a value from their attempts
 * (its points stored as their score), the session averages the values like scores and maps the mean by
 * the criterion's rule for the player's age group in the year the results are published.
 */

type Db = Kysely<DB>;
export type SessionMeasures = Map<number, ScoringCriterion>;

/** The day the session's evaluations are dated (and its measurements' age group read): its last day, or today if that is earlier. */
export const sessionDate = (session: Pick<SessionRow, 'endDate'>): string =>
  session.endDate <= todayDate() ? session.endDate : todayDate();

/** The session's measured criteria with their tests (a session has a few criteria: one read each). */
export async function sessionMeasures(db: Db, criteria: readonly CriterionRow[]): Promise<SessionMeasures> {
  const out: SessionMeasures = new Map();
  for (const c of criteria.filter((x) => x.kind === 'measured')) {
    const found = await findScoringCriterion(db, c.criterionId);
    if (found) out.set(c.criterionId, found);
  }
  return out;
}

/** A session criterion as answered, with its test when it is measured. */
export const withMeasure = <T extends CriterionRow>({ catalogueWeight: _, ...c }: T, measures: SessionMeasures): SessionCriterionInfo => ({
  ...c,
  measure: measures.get(c.criterionId)?.measure ?? null,
});

/** Points of a player's mean value per measured criterion; percentiles read the criterion's current values of other players. */
export async function measuredPointsOf(
  db: Db,
  session: Pick<SessionRow, 'endDate'>,
  measures: SessionMeasures,
  playerIds: readonly number[],
): Promise<SessionMeasuredPoints | undefined> {
  if (measures.size === 0) return undefined;
  const date = sessionDate(session);
  const years = await playerBirthYears(db, playerIds);
  const current = new Map<number, Awaited<ReturnType<typeof currentMeasurements>>>();
  for (const [id, c] of measures) if (c.measure?.rule.method === 'percentile') current.set(id, await currentMeasurements(db, id));
  return (criterionId, playerId, values) => {
    const m = measures.get(criterionId)?.measure;
    if (!m) return null;
    const group = measuredAgeGroup(years.get(playerId) ?? null, date);
    const others = (current.get(criterionId) ?? [])
      .filter((c) => c.player_id !== playerId && measuredAgeGroup(c.dob, c.date) === group)
      .map((c) => Number(c.measured_value));
    return sessionMeasuredMean(m, m.rule, values, group, others);
  };
}

/** One evaluator's entries of a measured criterion: checked and kept like any measurement, dated the session's day. */
export async function scoreMeasured(
  db: Db,
  session: Pick<SessionRow, 'endDate'>,
  criterion: ScoringCriterion,
  entries: readonly { playerId: number; score?: number | undefined; attempts?: readonly (Attempt | string)[] | null | undefined }[],
): Promise<(ScoredFields | { error: string })[]> {
  const date = sessionDate(session);
  return scoreEntries(
    db,
    criterion,
    entries.map((e) => ({ playerId: e.playerId, raw: e.score ?? null, attempts: e.attempts, date })),
  );
}

/** "11.04 s → 9 points, U14 bands" for a results cell of a measured criterion. */
export function cellLabel(measures: SessionMeasures, cell: SessionCell): string | undefined {
  const m = measures.get(cell.criterionId)?.measure;
  if (!m || !cell.measured || cell.mean === null) return undefined;
  return measuredLabel(m, cell.measured.value, cell.mean, cell.measured.basis);
}

/** An evaluator's own value with its unit ("11.04 s", "7/10"). */
export function scoreLabel(
  measures: SessionMeasures,
  s: { criterionId: number; value: number | null; attempts: string | null },
): string | undefined {
  const m = measures.get(s.criterionId)?.measure;
  if (!m || s.value === null) return undefined;
  return formatMeasure(m, s.value, parseStored(s.attempts));
}

export const parseStored = (attempts: string | null): Attempt[] => (attempts ? (JSON.parse(attempts) as Attempt[]) : []);

/**
 * What publishing writes for a measured cell: the mean value and its points (a measurement has no
 * evaluator severity, so the fair basis writes it too), the evaluators' values as the attempts.
 */
export function publishedMeasurement(
  criterion: ScoringCriterion,
  cell: SessionCell,
  counted: readonly SessionScore[],
  playerId: number,
): { score: number; score_percentage: number; measured_value: number; measured_attempts: string; points_basis: string } | null {
  if (!cell.measured || cell.mean === null) return null;
  const values = counted
    .filter((s) => s.playerId === playerId && s.criterionId === cell.criterionId && s.value !== undefined && s.value !== null)
    .map((s) => s.value!);
  return {
    score: cell.mean,
    score_percentage: scorePercentage('measured', cell.mean, criterion.weight),
    measured_value: cell.measured.value,
    measured_attempts: JSON.stringify(values),
    points_basis: cell.measured.basis,
  };
}
