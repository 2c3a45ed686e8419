import type { Criterion, Measure, MeasureInput } from '../../../shared/schemas/criterion';
import {
  DIRECTION_LABELS,
  PERCENTILE_MIN_PLAYERS,
  UNIT_LABELS,
  type AttemptMode,
  type Direction,
  type MeasureUnit,
  type RuleMethod,
} from '../../../shared/scoring';

/** A number field's value: Mantine's NumberInput gives '' while empty. */
type Num = number | '';

export interface BandValues {
  points: Num;
  limit: Num;
}
export interface BandSetValues {
  /** '' = all ages. */
  ageGroup: string;
  bands: BandValues[];
}
/** A measured criterion's test as the form holds it; the keys follow measureSchema so its errors land on the fields. */
export interface MeasureValues {
  unit: MeasureUnit;
  decimals: Num;
  direction: Direction;
  min: Num;
  max: Num;
  attempts: AttemptMode;
  attemptCount: Num;
  rule: { method: RuleMethod; bandSets: BandSetValues[] };
}

export const blankBand = (): BandValues => ({ points: '', limit: '' });

export const blankMeasure = (): MeasureValues => ({
  unit: 's',
  decimals: 2,
  direction: 'lower',
  min: 0,
  max: 60,
  attempts: 'best',
  attemptCount: 2,
  rule: { method: 'bands', bandSets: [{ ageGroup: '', bands: [blankBand()] }] },
});

export function measureValuesOf(c: Criterion | null): MeasureValues {
  const m = c?.measure;
  if (!m) return blankMeasure();
  return {
    ...m,
    rule: {
      method: m.rule.method,
      bandSets: m.rule.bandSets.map((s) => ({ ageGroup: s.ageGroup ?? '', bands: s.bands.map((b) => ({ ...b })) })),
    },
  };
}

/**
 * What the shared schema reads: an empty number stays empty so the schema says "must be a number"; a
 * single value always takes one attempt; made-of-attempts has no lowest value to choose (0 shots made).
 */
export function toMeasureInput(v: MeasureValues): MeasureInput {
  const num = (n: Num) => (n === '' ? (undefined as unknown as number) : n);
  return {
    unit: v.unit,
    decimals: num(v.decimals),
    direction: v.direction,
    min: v.unit === 'made_of_attempts' ? 0 : num(v.min),
    max: num(v.max),
    attempts: v.attempts,
    attemptCount: v.attempts === 'single' ? 1 : num(v.attemptCount),
    rule: {
      method: v.rule.method,
      bandSets: v.rule.bandSets.map((s) => ({
        ageGroup: s.ageGroup,
        bands: s.bands.map((b) => ({ points: num(b.points), limit: num(b.limit) })),
      })),
    },
  };
}

/** "Seconds (s), lower is better, best of 2; bands for U14" — the test and its rule in one line. */
export function measureSummary(m: Measure): string {
  const attempts = m.attempts === 'single' ? 'a single value' : `${m.attempts === 'best' ? 'best' : 'mean'} of ${m.attemptCount}`;
  const groups = m.rule.bandSets.map((s) => s.ageGroup ?? 'all ages').join(', ');
  const rule =
    m.rule.method === 'percentile'
      ? `percentiles within the age group (with at least ${PERCENTILE_MIN_PLAYERS} measured; else the bands for ${groups})`
      : `bands for ${groups}`;
  return `${UNIT_LABELS[m.unit]}, ${DIRECTION_LABELS[m.direction].toLowerCase()}, ${attempts}; ${rule}.`;
}
