/**
 * "Real progress" (docs/product.md#goals): a change between two evaluations of a criterion counts as
 * improved or declined only when it is at least the criterion's smallest worthwhile change, 0.2 × the
 * between-player SD of the club's current scores on it; a smaller change is "no clear change". Owned by
 * scoring.ts (it re-exports this module), the one place of the product's math.
 */

/** The share of the between-player SD that is the smallest worthwhile change. */
export const SWC_SHARE = 0.2;

export type Progress = 'improved' | 'no_change' | 'declined';

export const PROGRESS_WORDS: Record<Progress, string> = {
  improved: 'Improved',
  no_change: 'No clear change',
  declined: 'Declined',
};

/** Sample SD (n − 1) of a list of scores; null below two scores (no spread to speak of). */
export function betweenPlayerSd(scores: readonly number[]): number | null {
  if (scores.length < 2) return null;
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const ss = scores.reduce((a, b) => a + (b - mean) ** 2, 0);
  return Math.sqrt(ss / (scores.length - 1));
}

/**
 * The same SD from the sums SQL returns (count, Σx, Σx²), so a database aggregate needs no row list.
 * Rounding can leave a tiny negative variance for equal scores: that is 0.
 */
export function sdFromSums(n: number, sum: number, sumSquares: number): number | null {
  if (n < 2) return null;
  const variance = (sumSquares - (sum * sum) / n) / (n - 1);
  return Math.sqrt(Math.max(0, variance));
}

/** 0.2 × SD; null when the club has too few scores to say what a worthwhile change is. */
export function smallestWorthwhileChange(sd: number | null): number | null {
  return sd === null ? null : SWC_SHARE * sd;
}

/**
 * Improved / no clear change / declined from `before` to `after`. Without a known SWC (fewer than two
 * players scored) or when every player has the same score (SWC 0), any change counts as it is.
 */
export function progressBetween(before: number, after: number, swc: number | null): Progress {
  const change = after - before;
  const threshold = swc ?? 0;
  // The epsilon keeps a change exactly at the threshold from failing on floating-point noise.
  if (Math.abs(change) === 0 || Math.abs(change) < threshold - 1e-9) return 'no_change';
  return change > 0 ? 'improved' : 'declined';
}

/** A goal on a criterion is reached when its latest score is at or above its target (higher is better on every level). */
export const targetReached = (latest: number | null, target: number | null): boolean =>
  latest !== null && target !== null && latest >= target - 1e-9;

export interface CriterionStanding {
  criterionId: number;
  /** The player's current score. */
  score: number;
  /** The mean of the current scores of the player's team mates (the player included). */
  teamMean: number;
  /** Their SD (null below two). */
  teamSd: number | null;
}

/**
 * Suggest goals: the `count` criteria where the player is weakest relative to their team, as the gap
 * below the team mean in team SDs (in raw points when the team has no spread); only criteria where the
 * player is below the team, weakest first, ties by criterion id.
 */
export function weakestRelative(standings: readonly CriterionStanding[], count = 3): CriterionStanding[] {
  const gap = (s: CriterionStanding) => (s.score - s.teamMean) / (s.teamSd && s.teamSd > 0 ? s.teamSd : 1);
  return standings
    .filter((s) => gap(s) < 0)
    .sort((a, b) => gap(a) - gap(b) || a.criterionId - b.criterionId)
    .slice(0, count);
}
