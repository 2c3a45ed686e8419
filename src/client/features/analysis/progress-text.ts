import { DIRECTION_LABELS, UNIT_SUFFIX, type Direction, type MeasureUnit } from '../../../shared/scoring';
import type { ChangeProgress } from '../../../shared/schemas/leaderboard';

/** The measured test a change is in, when it is one. */
export interface MeasureUnitFace {
  unit: MeasureUnit;
  direction: Direction;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** "0.31 s", "4 cm", "1.5" (a count), "8 %" (a share made): an amount in the test's unit. */
export const amountIn = (unit: MeasureUnit, v: number) => (UNIT_SUFFIX[unit] ? `${round2(v)} ${UNIT_SUFFIX[unit]}` : String(round2(v)));

/** docs/product.md#analysis: the rule behind "Improved / No clear change / Declined", with its number. */
export function progressExplanation(p: Pick<ChangeProgress, 'swc' | 'swcSource'>, measure: MeasureUnitFace | null): string {
  const smaller = 'Smaller changes are "No clear change".';
  if (p.swc === null) return 'Too few players are scored on this criterion to tell noise from progress, so any change counts as it is.';
  if (!measure) {
    return `A change counts as real when it is at least ${round2(p.swc)} points: 0.2 × the spread (standard deviation) of the club's current scores on this criterion. ${smaller}`;
  }
  const amount = amountIn(measure.unit, p.swc);
  const direction = `${DIRECTION_LABELS[measure.direction]}.`;
  return p.swcSource === 'typical_error'
    ? `A change counts as real when it is at least ${amount}: the typical error of this test, read from the club's repeated attempts. ${smaller} ${direction}`
    : `A change counts as real when it is at least ${amount}: 0.2 × the spread (standard deviation) of the club's current values on this test, as no repeated attempts show its typical error yet. ${smaller} ${direction}`;
}
