/**
 * Relative age (docs/product.md#relative-age, ADR 0028): whether the players a session or a draft
 * selected were born earlier in the year than its candidates, and a ranking on the score a player's
 * age does not explain. Pure math: the server feeds it rows, the client shows what it answers.
 */

export type Quarter = 1 | 2 | 3 | 4;
export const QUARTERS: readonly Quarter[] = [1, 2, 3, 4];
export const QUARTER_LABELS: Record<Quarter, string> = {
  1: 'January–March',
  2: 'April–June',
  3: 'July–September',
  4: 'October–December',
};
/** Below this p-value the difference is called larger than chance. */
export const SIGNIFICANCE = 0.05;
/** The χ² test is rough when a quarter expects fewer selected players than this (Cochran's rule). */
export const MIN_EXPECTED = 5;
/** A line through fewer players of one birth year says nothing about age. */
export const MIN_GROUP = 3;

/** The quarter of a YYYY-MM-DD birth date. */
export function birthQuarter(birthDate: string): Quarter {
  return (Math.floor((Number(birthDate.slice(5, 7)) - 1) / 3) + 1) as Quarter;
}

/** Whole days from the birth date to `on` (both YYYY-MM-DD, UTC days). */
export function ageInDays(birthDate: string, on: string): number {
  return Math.round((Date.parse(`${on}T00:00:00Z`) - Date.parse(`${birthDate}T00:00:00Z`)) / 86_400_000);
}

/**
 * The complementary error function to double precision: below 2.5 from the series of erf with
 * positive terms only (no cancellation), above it from the continued fraction of erfc.
 */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x < 2.5) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 200 && term > 1e-17 * sum; n++) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum;
  }
  // erfc(x) = e^{-x²}/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), evaluated by modified Lentz.
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
    c = x + a / c;
    if (Math.abs(c) < tiny) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/**
 * P(χ² ≥ x) for 1, 2 or 3 degrees of freedom, in closed form:
 * k = 1: erfc(√(x/2)); k = 2: e^{−x/2}; k = 3: erfc(√(x/2)) + √(2x/π)·e^{−x/2}.
 */
export function chiSquareSurvival(x: number, df: 1 | 2 | 3): number {
  if (!(x > 0)) return 1;
  if (df === 2) return Math.exp(-x / 2);
  const tail = erfc(Math.sqrt(x / 2));
  return df === 1 ? tail : Math.min(1, tail + Math.sqrt((2 * x) / Math.PI) * Math.exp(-x / 2));
}

export interface QuarterRow {
  quarter: Quarter;
  label: string;
  candidates: number;
  selected: number;
  /** Selected players this quarter would have if selection ignored birth quarters. */
  expected: number;
  /** selected / candidates (null without candidates). */
  rate: number | null;
}

export interface QuarterTest {
  quarters: QuarterRow[];
  candidates: number;
  selected: number;
  chiSquare: number | null;
  df: number | null;
  p: number | null;
  /** Q1's selection rate over Q4's (null when either quarter cannot be compared). */
  ratio: number | null;
  /** Some quarter expects fewer than MIN_EXPECTED selected players: read the test with care. */
  smallSample: boolean;
  sentence: string;
  verdict: string;
}

/**
 * χ² goodness of fit of the selected players' birth quarters against the candidates' distribution:
 * expected_q = selected × candidates_q / candidates. Quarters without candidates drop out, with a
 * degree of freedom each. `selected` are quarters of players who are also among `candidates`.
 */
export function quarterTest(candidates: readonly Quarter[], selected: readonly Quarter[]): QuarterTest {
  const count = (list: readonly Quarter[], q: Quarter) => list.filter((x) => x === q).length;
  const nC = candidates.length;
  const nS = selected.length;
  const quarters = QUARTERS.map((q): QuarterRow => {
    const c = count(candidates, q);
    const s = count(selected, q);
    return { quarter: q, label: QUARTER_LABELS[q], candidates: c, selected: s, expected: nC ? (nS * c) / nC : 0, rate: c ? s / c : null };
  });
  const used = quarters.filter((q) => q.candidates > 0);
  const testable = nS > 0 && nS < nC && used.length >= 2;
  const chiSquare = testable ? used.reduce((sum, q) => sum + (q.selected - q.expected) ** 2 / q.expected, 0) : null;
  const df = testable ? used.length - 1 : null;
  const p = chiSquare === null || df === null ? null : chiSquareSurvival(chiSquare, df as 1 | 2 | 3);
  const q1 = quarters[0]!;
  const q4 = quarters[3]!;
  const ratio = q1.rate !== null && q4.rate !== null && q4.rate > 0 ? q1.rate / q4.rate : null;
  return {
    quarters,
    candidates: nC,
    selected: nS,
    chiSquare,
    df,
    p,
    ratio,
    smallSample: testable && used.some((q) => q.expected < MIN_EXPECTED),
    sentence: quarterSentence(q1, q4),
    verdict: verdictOf(p, nS, nC),
  };
}

const times = (r: number) => `${r.toFixed(1)}×`;

/** The plain sentence comparing the first quarter's selection rate with the last's. */
export function quarterSentence(q1: QuarterRow, q4: QuarterRow): string {
  if (q1.rate === null || q4.rate === null) {
    const empty = [q1, q4].filter((q) => q.rate === null).map((q) => q.label);
    return `No candidates were born in ${empty.join(' or ')}, so the first and last quarters of the year cannot be compared.`;
  }
  if (q1.selected + q4.selected === 0) return `No player born in ${q1.label} or ${q4.label} was selected.`;
  if (q4.rate === 0) return `Players born in ${q1.label} were selected; none born in ${q4.label} were.`;
  if (q1.rate === 0) return `Players born in ${q4.label} were selected; none born in ${q1.label} were.`;
  const ratio = q1.rate / q4.rate;
  if (times(ratio) === times(1)) return `Players born in ${q1.label} and in ${q4.label} are as likely to be selected.`;
  return ratio > 1
    ? `Players born in ${q1.label} are ${times(ratio)} as likely to be selected as players born in ${q4.label}.`
    : `Players born in ${q4.label} are ${times(1 / ratio)} as likely to be selected as players born in ${q1.label}.`;
}

function verdictOf(p: number | null, selected: number, candidates: number): string {
  if (p === null)
    return selected === 0 || selected >= candidates
      ? 'Nothing to compare: either nobody or everybody with a birth date was selected.'
      : 'All candidates with a birth date were born in one quarter: nothing to compare.';
  const shown = p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
  return p < SIGNIFICANCE
    ? `The difference between quarters is larger than chance would explain (${shown}).`
    : `The difference between quarters could be chance (${shown}).`;
}

/** Least-squares line y = intercept + slope·x (null when x does not vary). */
export function leastSquares(points: readonly { x: number; y: number }[]): { slope: number; intercept: number } | null {
  const n = points.length;
  if (n < 2) return null;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

export interface AgedScore<K> {
  key: K;
  /** The age group the line is fitted within (the birth year under the birth-year rule). */
  group: number | string;
  score: number;
  ageDays: number;
}

export interface AdjustedScore<K> extends AgedScore<K> {
  /** What the player's age in days predicts within the group (null when the group is too small). */
  predicted: number | null;
  /** score − predicted: above zero, better than their age predicts. */
  residual: number | null;
  /** Rank on the score (ties share the best rank). */
  rank: number;
  /** Rank on the residual among players who have one; null for the others. */
  adjustedRank: number | null;
}

/** 1-based ranks, higher first, ties sharing the best rank (1, 2, 2, 4). */
function ranks(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((w) => w > v + 1e-9).length);
}

/**
 * The age-adjusted view: within each group, the least-squares line of score on age in days; each
 * player's residual is how far above or below the line they score. Groups of fewer than MIN_GROUP
 * players, or whose players share one age, get no line.
 */
export function ageAdjusted<K>(players: readonly AgedScore<K>[]): AdjustedScore<K>[] {
  const lines = new Map<number | string, { slope: number; intercept: number } | null>();
  for (const group of new Set(players.map((p) => p.group))) {
    const members = players.filter((p) => p.group === group);
    lines.set(group, members.length < MIN_GROUP ? null : leastSquares(members.map((p) => ({ x: p.ageDays, y: p.score }))));
  }
  const withLine = players.map((p) => {
    const line = lines.get(p.group) ?? null;
    const predicted = line ? line.intercept + line.slope * p.ageDays : null;
    return { ...p, predicted, residual: predicted === null ? null : p.score - predicted };
  });
  const raw = ranks(withLine.map((p) => p.score));
  const adjusted = withLine.filter((p) => p.residual !== null);
  const adjustedRanks = ranks(adjusted.map((p) => p.residual!));
  return withLine.map((p, i) => {
    const at = adjusted.indexOf(p);
    return { ...p, rank: raw[i]!, adjustedRank: at < 0 ? null : adjustedRanks[at]! };
  });
}
