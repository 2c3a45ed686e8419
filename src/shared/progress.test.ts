import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betweenPlayerSd,
  progressBetween,
  sdFromSums,
  smallestWorthwhileChange,
  targetReached,
  weakestRelative,
  type CriterionStanding,
} from './scoring.js';

const scores = fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 0, maxLength: 60 });
const score = fc.double({ min: 0, max: 10, noNaN: true });

describe('smallest worthwhile change', () => {
  it('is 0.2 × the sample SD of the current scores', () => {
    expect(betweenPlayerSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
    expect(smallestWorthwhileChange(betweenPlayerSd([2, 4, 4, 4, 5, 5, 7, 9]))).toBeCloseTo(0.4276, 4);
    expect(betweenPlayerSd([7])).toBeNull();
    expect(smallestWorthwhileChange(null)).toBeNull();
  });

  it('the SD from SQL sums equals the SD from the list', () => {
    fc.assert(
      fc.property(scores, (list) => {
        const fromList = betweenPlayerSd(list);
        const fromSums = sdFromSums(
          list.length,
          list.reduce((a, b) => a + b, 0),
          list.reduce((a, b) => a + b * b, 0),
        );
        if (fromList === null) return fromSums === null;
        return Math.abs(fromList - fromSums!) < 1e-9;
      }),
    );
  });

  it('does not change when every score moves by the same amount, and scales with them', () => {
    fc.assert(
      fc.property(scores, fc.integer({ min: -5, max: 5 }), fc.integer({ min: 1, max: 4 }), (list, shift, k) => {
        const sd = betweenPlayerSd(list);
        if (sd === null) return true;
        return (
          Math.abs(betweenPlayerSd(list.map((x) => x + shift))! - sd) < 1e-9 &&
          Math.abs(betweenPlayerSd(list.map((x) => x * k))! - k * sd) < 1e-9
        );
      }),
    );
  });
});

describe('progress between two scores', () => {
  it('a change below the SWC is no clear change, at or above it improved or declined', () => {
    expect(progressBetween(5, 5.3, 0.4)).toBe('no_change');
    expect(progressBetween(5, 5.4, 0.4)).toBe('improved');
    expect(progressBetween(5, 4.6, 0.4)).toBe('declined');
    expect(progressBetween(5, 4.7, 0.4)).toBe('no_change');
    // Unknown or zero spread: any change counts.
    expect(progressBetween(5, 6, null)).toBe('improved');
    expect(progressBetween(5, 5, 0)).toBe('no_change');
    expect(progressBetween(1, 0, 0)).toBe('declined');
  });

  it('is antisymmetric: swapping before and after swaps improved and declined', () => {
    const mirror = { improved: 'declined', declined: 'improved', no_change: 'no_change' } as const;
    fc.assert(
      fc.property(score, score, fc.option(fc.double({ min: 0, max: 2, noNaN: true })), (a, b, swc) => {
        return progressBetween(b, a, swc) === mirror[progressBetween(a, b, swc)];
      }),
    );
  });

  it('no change is never progress, and a larger SWC never turns no clear change into a verdict', () => {
    fc.assert(fc.property(score, fc.double({ min: 0, max: 2, noNaN: true }), (a, swc) => progressBetween(a, a, swc) === 'no_change'));
    fc.assert(
      fc.property(
        score,
        score,
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (a, b, swc, more) => {
          return progressBetween(a, b, swc) !== 'no_change' || progressBetween(a, b, swc + more) === 'no_change';
        },
      ),
    );
  });

  it('reaching the target: at or above it', () => {
    expect(targetReached(8, 8)).toBe(true);
    expect(targetReached(7.99, 8)).toBe(false);
    expect(targetReached(null, 8)).toBe(false);
    expect(targetReached(8, null)).toBe(false);
  });
});

describe('suggest goals: weakest relative to the team', () => {
  const s = (criterionId: number, score: number, teamMean: number, teamSd: number | null): CriterionStanding => ({
    criterionId,
    score,
    teamMean,
    teamSd,
  });

  it('only criteria below the team, the largest gap in team SDs first, at most three', () => {
    const list = [s(1, 5, 6, 2), s(2, 4, 6, 1), s(3, 8, 6, 1), s(4, 5, 7, 4), s(5, 6, 6.5, 0.5), s(6, 6, 6, 1)];
    expect(weakestRelative(list).map((x) => x.criterionId)).toEqual([2, 5, 1]);
    expect(weakestRelative(list, 2).map((x) => x.criterionId)).toEqual([2, 5]);
  });

  it('never suggests a criterion at or above the team mean, and never more than asked', () => {
    const standing = fc.record({
      criterionId: fc.integer({ min: 1, max: 50 }),
      score: fc.integer({ min: 1, max: 10 }),
      teamMean: fc.double({ min: 1, max: 10, noNaN: true }),
      teamSd: fc.option(fc.double({ min: 0, max: 4, noNaN: true })),
    });
    fc.assert(
      fc.property(fc.array(standing, { maxLength: 20 }), fc.integer({ min: 1, max: 5 }), (list, n) => {
        const out = weakestRelative(list, n);
        return out.length <= n && out.every((x) => x.score < x.teamMean);
      }),
    );
  });
});
