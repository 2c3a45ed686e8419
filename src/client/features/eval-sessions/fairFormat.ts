import { formatPercent } from '../../../shared/scoring';

/** How the fair figures read on screen (docs/product.md#fair-evaluations). */

/** "+1.5", "−2.0" (a true minus sign), "0.0"; "–" without a figure. */
export function signed(v: number | null, digits = 1): string {
  if (v === null) return '–';
  const fixed = Math.abs(v).toFixed(digits);
  if (Number(fixed) === 0) return (0).toFixed(digits);
  return `${v < 0 ? '−' : '+'}${fixed}`;
}

/** "65–75%" for an interval of totals. */
export const percentRange = (r: readonly [number, number] | null) => (r ? `${formatPercent(r[0])}–${formatPercent(r[1])}%` : '');

/** "2–5" for a rank range, "3" when it is one place. */
export const rankRange = (r: readonly [number, number] | null) => (r ? (r[0] === r[1] ? String(r[0]) : `${r[0]}–${r[1]}`) : '');

/** "↑2" / "↓1" / "=" and its words for a screen reader. */
export function movement(moved: number | null): { text: string; label: string } {
  if (moved === null) return { text: '–', label: 'No fair rank' };
  if (moved === 0) return { text: '=', label: 'Same place on fair scores' };
  const places = `${Math.abs(moved)} ${Math.abs(moved) === 1 ? 'place' : 'places'}`;
  return moved > 0
    ? { text: `↑${moved}`, label: `Up ${places} on fair scores` }
    : { text: `↓${-moved}`, label: `Down ${places} on fair scores` };
}
