/**
 * The percentage math of docs/product.md#scoring — the one implementation. The SQL aggregates in the
 * repositories mirror these functions, and tests compare the two on random data.
 */
import { SCALE_MAX, SCALE_MIN } from './constants.js';

export type LevelKind = 'scale_1_10' | 'yes_no';

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
export function leaderboardTotals(
  evaluations: readonly ScoredEvaluation[],
  filter: LeaderboardFilter = {},
): Map<number, number> {
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
