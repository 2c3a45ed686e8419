/**
 * Self-assessment's "perception gap" (docs/product.md#self-assessment): the player's own score of a
 * criterion beside the coach's, both as a percentage of the criterion's maximum (the report's unit),
 * the gap being self − coach. Owned by scoring.ts (it re-exports this module).
 */
import { SCALE_MAX } from './constants.js';

/** The player's own score (1–10, or Yes = 1 / No = 0) as the report's percent. */
export function selfPercent(kind: 'scale_1_10' | 'yes_no' | 'measured', score: number): number {
  if (kind === 'yes_no') return score === 1 ? 100 : 0;
  return (score / SCALE_MAX) * 100;
}

export interface GapInput {
  criterionId: number;
  label: string;
  self: number | null;
  coach: number | null;
}
export interface GapRow extends GapInput {
  /** self − coach in percentage points (positive: the player rates themself higher); null when one side is missing. */
  gap: number | null;
}

/** Largest absolute gap first; rows missing a side after, in the order given. */
export function perceptionGaps(rows: readonly GapInput[]): GapRow[] {
  const withGap = rows.map((r, i) => ({
    row: { ...r, gap: r.self !== null && r.coach !== null ? Math.round((r.self - r.coach) * 100) / 100 : null },
    i,
  }));
  return withGap
    .sort((a, b) => {
      if (a.row.gap === null || b.row.gap === null) return a.row.gap === null ? (b.row.gap === null ? a.i - b.i : 1) : -1;
      return Math.abs(b.row.gap) - Math.abs(a.row.gap) || a.i - b.i;
    })
    .map((x) => x.row);
}
