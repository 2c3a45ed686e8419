/**
 * The percentage math of docs/product.md#scoring — the one implementation. The SQL aggregates in the
 * repositories mirror these functions, and tests compare the two on random data.
 */
import { SCALE_MAX, SCALE_MIN } from './constants.js';
import { basisLabel, pointsFor, roundTo, type MeasureDefinition, type PointsRule } from './measured.js';

// Goals' "real progress" rule lives in its own small module (docs/product.md#goals).
export * from './progress.js';
/** Measured criteria store a value and turn it into 1–10 points (measured.ts); past that they score as a 1–10 level. */
export * from './measured.js';
/** Self-assessment: the player's score beside the coach's (docs/product.md#self-assessment). */
export * from './perception-gap.js';

export type LevelKind = 'scale_1_10' | 'yes_no' | 'measured';

/** Score stored for a Yes/No evaluation: 1 = Yes, 0 = No. */
export const YES = 1;
export const NO = 0;

export function isValidScore(kind: LevelKind, score: number): boolean {
  if (!Number.isFinite(score)) return false;
  if (kind === 'yes_no') return score === YES || score === NO;
  return Number.isInteger(score) && score >= SCALE_MIN && score <= SCALE_MAX;
}

/** An evaluation's score_percentage: s/10 × weight on a 1–10 level, weight or 0 on Yes/No. */
export function scorePercentage(kind: LevelKind, score: number, weight: number): number {
  if (kind === 'yes_no') return score === YES ? weight : 0;
  return (score / SCALE_MAX) * weight;
}

/** A current score as a share of its criterion's maximum (its weight), 0–100; none for a criterion without weight. */
export function criterionPercent(scorePercentage: number, weight: number): number | null {
  return weight > 0 ? (scorePercentage / weight) * 100 : null;
}

/** The points behind a criterion percent (the inverse of the two above): percent / 10, or Yes/No from 100/0. */
export function pointsFromPercent(kind: LevelKind, percent: number): number {
  if (kind === 'yes_no') return percent >= 100 ? YES : NO;
  return (percent / 100) * SCALE_MAX;
}

export interface ScoredEvaluation {
  playerId: number;
  criterionId: number;
  date: string; // YYYY-MM-DD
  createdAt: string; // ISO timestamp; breaks ties between evaluations of the same date
  id: number;
  scorePercentage: number;
}

function isLater(a: ScoredEvaluation, b: ScoredEvaluation): boolean {
  if (a.date !== b.date) return a.date > b.date;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

/** Only the latest evaluation of each (player, criterion) counts; earlier ones are history. */
export function currentEvaluations<T extends ScoredEvaluation>(evaluations: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const e of evaluations) {
    const key = `${e.playerId}:${e.criterionId}`;
    const seen = latest.get(key);
    if (!seen || isLater(e, seen)) latest.set(key, e);
  }
  return [...latest.values()];
}

/** Player total = Σ over criteria of the current evaluation's score_percentage. */
export function playerTotal(current: readonly Pick<ScoredEvaluation, 'criterionId' | 'scorePercentage'>[]): number {
  const perCriterion = new Map<number, { sum: number; n: number }>();
  for (const e of current) {
    const acc = perCriterion.get(e.criterionId) ?? { sum: 0, n: 0 };
    acc.sum += e.scorePercentage;
    acc.n += 1;
    perCriterion.set(e.criterionId, acc);
  }
  let total = 0;
  for (const { sum, n } of perCriterion.values()) total += sum / n;
  return total;
}

export interface LeaderboardFilter {
  from?: string;
  to?: string;
  criteriaIds?: readonly number[];
}

/** Leaderboard totals per player, from current evaluations filtered by period and criteria. */
export function leaderboardTotals(evaluations: readonly ScoredEvaluation[], filter: LeaderboardFilter = {}): Map<number, number> {
  const from = filter.from ?? '1970-01-01';
  const to = filter.to ?? '2999-12-31';
  const allowed = filter.criteriaIds?.length ? new Set(filter.criteriaIds) : null;
  const byPlayer = new Map<number, ScoredEvaluation[]>();
  for (const e of currentEvaluations(evaluations)) {
    if (e.date < from || e.date > to) continue;
    if (allowed && !allowed.has(e.criterionId)) continue;
    const list = byPlayer.get(e.playerId) ?? [];
    list.push(e);
    byPlayer.set(e.playerId, list);
  }
  return new Map([...byPlayer].map(([id, list]) => [id, playerTotal(list)]));
}

/** Team average = Σ players' totals ÷ playerCount; players without evaluations count 0; no players → 0. */
export function teamAverage(playerTotals: readonly number[]): number {
  if (playerTotals.length === 0) return 0;
  return playerTotals.reduce((a, b) => a + b, 0) / playerTotals.length;
}

/** Display rule: at most 2 decimals; anything non-numeric shows 0. */
export function formatPercent(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '0';
  return String(Math.round(n * 100) / 100);
}

export function roundPercent(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : 0;
}

/** Criteria page total = Σ weights of the listed criteria. */
export function criteriaTotal(criteria: readonly { score: number }[]): number {
  return criteria.reduce((a, c) => a + (Number.isFinite(c.score) ? c.score : 0), 0);
}

/** Ranks highest first; equal totals share a rank (1, 2, 2, 4). */
export function rank<T>(items: readonly T[], value: (item: T) => number): (T & { rank: number })[] {
  const sorted = [...items].sort((a, b) => value(b) - value(a));
  let prev: number | null = null;
  let prevRank = 0;
  return sorted.map((item, i) => {
    const v = roundPercent(value(item));
    const r = prev !== null && v === prev ? prevRank : i + 1;
    prev = v;
    prevRank = r;
    return { ...item, rank: r };
  });
}

/*
 * Evaluation sessions (tryouts): several evaluators score the same players (docs/product.md#sessions,
 * docs/decisions/0016-session-averaging.md).
 */

/** Default minimum of evaluators per player, and the outlier threshold as a share of the scale's range. */
export const SESSION_MIN_EVALUATORS = 3;
export const SESSION_OUTLIER_SHARE = 0.25;
/** From this many evaluators on, the highest and the lowest score of a criterion are left out of its mean. */
export const SESSION_TRIM_FROM = 5;

export interface SessionScore {
  evaluatorId: number;
  playerId: number;
  criterionId: number;
  /** Points 1–10 (on a measured criterion, the points of this evaluator's own value). */
  score: number;
  /** A measured criterion: the value this evaluator kept, in the test's unit. */
  value?: number | null;
}

export interface SessionCriterion {
  criterionId: number;
  kind: LevelKind;
  weight: number;
}

export function scaleRange(kind: LevelKind): number {
  return kind === 'yes_no' ? YES - NO : SCALE_MAX - SCALE_MIN;
}

/** The mean of several evaluators' scores; trimmed (one highest and one lowest left out) from SESSION_TRIM_FROM scores on. */
export function sessionMean(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  const sorted = [...scores].sort((a, b) => a - b);
  const kept = sorted.length >= SESSION_TRIM_FROM ? sorted.slice(1, -1) : sorted;
  return kept.reduce((a, b) => a + b, 0) / kept.length;
}

/** A mean score's share of a criterion's weight: the same rule as scorePercentage, for a fractional Yes share too. */
export function meanPercentage(kind: LevelKind, mean: number, weight: number): number {
  return kind === 'yes_no' ? mean * weight : (mean / SCALE_MAX) * weight;
}

export interface SessionCell {
  criterionId: number;
  mean: number | null;
  percentage: number;
  evaluators: number;
  /** Evaluator ids whose score lies more than the threshold from the mean of the others' scores. */
  outliers: number[];
  /** A measured criterion: the mean of the evaluators' values and how its points (the cell's mean) were read. */
  measured?: { value: number; basis: string };
}

/** Points of a session's mean measurement; null when no rule applies (the mean of the evaluators' points then). */
export type SessionMeasuredPoints = (
  criterionId: number,
  playerId: number,
  values: readonly number[],
) => { value: number; points: number; basis: string } | null;

/**
 * A session cell of a measured test: the evaluators' values average like scores (trimmed from
 * SESSION_TRIM_FROM on), rounded to the test's decimals, and that mean earns points by the rule for the
 * player's age group (`groupValues`: the age group's other current values, for percentiles).
 */
export function sessionMeasuredMean(
  def: Pick<MeasureDefinition, 'direction' | 'decimals'>,
  rule: PointsRule,
  values: readonly number[],
  ageGroup: string | null,
  groupValues: readonly number[] = [],
): { value: number; points: number; basis: string } | null {
  const mean = sessionMean(values);
  if (mean === null) return null;
  const value = roundTo(mean, def.decimals);
  const points = pointsFor(def, rule, value, ageGroup, ageGroup === null ? [] : [...groupValues, value]);
  if ('error' in points) return null;
  return { value, points: points.points, basis: basisLabel(points.basis, ageGroup) };
}

export interface SessionResult {
  playerId: number;
  /** Distinct evaluators who scored every criterion of the session for this player. */
  evaluatorsDone: number;
  complete: boolean;
  /** Σ of the criteria's mean percentages; null while incomplete (never a zero). */
  total: number | null;
  rank: number | null;
  cells: SessionCell[];
}

/**
 * Scores further than `limit` from the mean of the other evaluators' scores, furthest first: once a
 * score is flagged it no longer counts among "the others", so one far-off score does not also flag
 * the scores it pulled the mean away from. Equally far scores are flagged together.
 */
export function outliersOf(list: readonly Pick<SessionScore, 'evaluatorId' | 'score'>[], limit: number): number[] {
  let rest = [...list];
  const flagged: number[] = [];
  while (rest.length >= 2) {
    const sum = rest.reduce((a, s) => a + s.score, 0);
    const distance = rest.map((s) => Math.abs(s.score - (sum - s.score) / (rest.length - 1)));
    const furthest = Math.max(...distance);
    if (furthest <= limit + 1e-9) break;
    const worst = rest.filter((_, i) => furthest - distance[i]! < 1e-9);
    flagged.push(...worst.map((s) => s.evaluatorId));
    rest = rest.filter((s) => !worst.includes(s));
  }
  return flagged.sort((a, b) => a - b);
}

/**
 * Each player's session result: per criterion the mean of its evaluators' scores, outliers flagged,
 * and a total and rank only when at least `minEvaluators` evaluators scored every criterion.
 */
export function sessionResults(
  playerIds: readonly number[],
  criteria: readonly SessionCriterion[],
  scores: readonly SessionScore[],
  options: { minEvaluators: number; outlierShare?: number; measuredPoints?: SessionMeasuredPoints },
): SessionResult[] {
  const share = options.outlierShare ?? SESSION_OUTLIER_SHARE;
  const byCell = new Map<string, SessionScore[]>();
  for (const s of scores) {
    const key = `${s.playerId}:${s.criterionId}`;
    const list = byCell.get(key) ?? [];
    list.push(s);
    byCell.set(key, list);
  }
  const results = playerIds.map((playerId) => {
    const done = new Map<number, number>();
    const cells = criteria.map((c): SessionCell => {
      const list = byCell.get(`${playerId}:${c.criterionId}`) ?? [];
      for (const s of list) done.set(s.evaluatorId, (done.get(s.evaluatorId) ?? 0) + 1);
      const values = list.flatMap((s) => (s.value === undefined || s.value === null ? [] : [s.value]));
      const measured =
        c.kind === 'measured' && options.measuredPoints && values.length ? options.measuredPoints(c.criterionId, playerId, values) : null;
      const mean = measured ? measured.points : sessionMean(list.map((s) => s.score));
      return {
        criterionId: c.criterionId,
        mean,
        percentage: mean === null ? 0 : meanPercentage(c.kind, mean, c.weight),
        evaluators: list.length,
        outliers: outliersOf(list, share * scaleRange(c.kind)),
        ...(measured ? { measured: { value: measured.value, basis: measured.basis } } : {}),
      };
    });
    const evaluatorsDone = [...done.values()].filter((n) => n === criteria.length).length;
    const complete = criteria.length > 0 && evaluatorsDone >= options.minEvaluators;
    const total = complete ? cells.reduce((a, c) => a + c.percentage, 0) : null;
    return { playerId, evaluatorsDone, complete, total, rank: null as number | null, cells };
  });
  const ranked = new Map(
    rank(
      results.filter((r) => r.complete),
      (r) => r.total!,
    ).map((r) => [r.playerId, r.rank]),
  );
  return results.map((r) => ({ ...r, rank: ranked.get(r.playerId) ?? null }));
}
