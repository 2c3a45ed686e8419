import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageAdjusted,
  ageInDays,
  birthQuarter,
  chiSquareSurvival,
  erfc,
  leastSquares,
  quarterTest,
  type AgedScore,
  type Quarter,
} from './relative-age';

/** `counts[q-1]` players born in quarter q. */
const born = (counts: readonly number[]): Quarter[] => counts.flatMap((n, i) => Array<Quarter>(n).fill((i + 1) as Quarter));
const counts = fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 4, maxLength: 4 });

describe('erfc and the χ² survival function', () => {
  // Reference values: scipy.special.erfc and scipy.stats.chi2.sf (SciPy 1.17).
  it.each([
    [0, 1],
    [0.5, 0.4795001221869535],
    [1, 0.15729920705028516],
    [2.4999, 0.0004071699003334512],
    [2.5, 0.00040695201744495886],
    [3, 2.2090496998585445e-5],
    [5, 1.5374597944280347e-12],
    [10, 2.0884875837625446e-45],
  ])('erfc(%f) = %f', (x, want) => {
    expect(Math.abs(erfc(x) - want) / want).toBeLessThan(1e-12);
  });

  it.each([
    [4.76, 3, 0.19023861235673964],
    [7.814727903251178, 3, 0.05],
    [11.344866730144373, 3, 0.01],
    [0.5, 3, 0.9188914116546758],
    [20, 3, 0.00016974243555282632],
    [60, 3, 5.878230727906921e-13],
    [3.841458820694124, 1, 0.05],
    [2, 2, 0.36787944117144245],
    [0, 3, 1],
  ] as const)('P(χ²(%i df) ≥ %f) = %f', (x, df, want) => {
    expect(Math.abs(chiSquareSurvival(x, df) - want) / want).toBeLessThan(1e-10);
  });

  it('falls from 1 towards 0 as χ² grows, for every degree of freedom', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.constantFrom(1, 2, 3),
        (x, dx, df) => {
          const a = chiSquareSurvival(x, df as 1 | 2 | 3);
          const b = chiSquareSurvival(x + dx, df as 1 | 2 | 3);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(1);
          expect(b).toBeLessThanOrEqual(a + 1e-15);
        },
      ),
    );
  });
});

describe('birth quarters and age in days', () => {
  it('reads the quarter from the month', () => {
    expect(['2014-01-01', '2014-03-31', '2014-04-01', '2014-09-30', '2014-10-01', '2014-12-31'].map(birthQuarter)).toEqual([
      1, 1, 2, 3, 4, 4,
    ]);
  });
  it('counts days across leap years', () => {
    expect(ageInDays('2012-02-28', '2012-03-01')).toBe(2);
    expect(ageInDays('2014-01-01', '2026-01-01')).toBe(4383);
  });
});

describe('quarterTest', () => {
  it('gives the worked example its χ², p-value and sentence', () => {
    // 100 candidates born 30/25/25/20 by quarter, 25 selected 12/6/5/2. Expected 7.5/6.25/6.25/5:
    // χ² = 4.5²/7.5 + 0.25²/6.25 + 1.25²/6.25 + 3²/5 = 2.7 + 0.01 + 0.25 + 1.8 = 4.76 on 3 df.
    const t = quarterTest(born([30, 25, 25, 20]), born([12, 6, 5, 2]));
    expect(t.quarters.map((q) => q.expected)).toEqual([7.5, 6.25, 6.25, 5]);
    expect(t.chiSquare).toBeCloseTo(4.76, 12);
    expect(t.df).toBe(3);
    expect(t.p).toBeCloseTo(0.19023861235673964, 12);
    expect(t.ratio).toBeCloseTo(4, 12); // 12/30 against 2/20
    expect(t.smallSample).toBe(false);
    expect(t.sentence).toBe('Players born in January–March are 4.0× as likely to be selected as players born in October–December.');
    expect(t.verdict).toBe('The difference between quarters could be chance (p = 0.190).');
  });

  it('calls a strong skew larger than chance', () => {
    const t = quarterTest(born([25, 25, 25, 25]), born([15, 6, 3, 1]));
    // Expected 6.25 each: (8.75² + 0.25² + 3.25² + 5.25²) / 6.25 = 114.75 / 6.25 = 18.36.
    expect(t.chiSquare).toBeCloseTo(18.36, 12);
    expect(t.p!).toBeLessThan(0.001);
    expect(t.sentence).toBe('Players born in January–March are 15.0× as likely to be selected as players born in October–December.');
    expect(t.verdict).toBe('The difference between quarters is larger than chance would explain (p < 0.001).');
  });

  it('says so when the last quarter is the favoured one, when one is empty, and when nobody is selected', () => {
    expect(quarterTest(born([20, 20, 20, 20]), born([2, 5, 5, 6])).sentence).toBe(
      'Players born in October–December are 3.0× as likely to be selected as players born in January–March.',
    );
    expect(quarterTest(born([20, 20, 20, 20]), born([4, 5, 5, 0])).sentence).toBe(
      'Players born in January–March were selected; none born in October–December were.',
    );
    expect(quarterTest(born([20, 20, 20, 0]), born([4, 5, 5, 0])).sentence).toMatch(/No candidates were born in October–December/);
    expect(quarterTest(born([20, 20, 20, 0]), born([4, 5, 5, 0])).df).toBe(2);
    const none = quarterTest(born([5, 5, 5, 5]), []);
    expect(none.p).toBeNull();
    expect(none.verdict).toMatch(/Nothing to compare/);
  });

  it('finds no difference when every quarter is selected at the same rate', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 1, max: 3 }), (c, k) => {
        const cand = born(c.map((n) => n * 4));
        const t = quarterTest(cand, born(c.map((n) => n * k)));
        if (t.chiSquare === null) return;
        expect(t.chiSquare).toBeCloseTo(0, 9);
        expect(t.p).toBeCloseTo(1, 9);
      }),
    );
  });

  it('expects as many selected players as were selected, and keeps its ratio when every count is doubled', () => {
    fc.assert(
      fc.property(counts, counts, (c, s) => {
        const sel = s.map((n, i) => Math.min(n, c[i]!));
        const t = quarterTest(born(c), born(sel));
        if (c.some((n) => n > 0))
          expect(t.quarters.reduce((a, q) => a + q.expected, 0)).toBeCloseTo(
            sel.reduce((a, n) => a + n, 0),
            9,
          );
        const twice = quarterTest(born(c.map((n) => 2 * n)), born(sel.map((n) => 2 * n)));
        if (t.ratio === null) expect(twice.ratio).toBeNull();
        else expect(twice.ratio).toBeCloseTo(t.ratio, 9);
        if (t.chiSquare !== null) expect(twice.chiSquare).toBeCloseTo(2 * t.chiSquare, 6);
      }),
    );
  });
});

describe('ageAdjusted', () => {
  it('gives the worked example its line, residuals and ranks', () => {
    // Ages 3000…3300 days, scores 50, 60, 60, 70: slope 3000/50000 = 0.06 per day, intercept −129;
    // predicted 51, 57, 63, 69; residuals −1, +3, −3, +1.
    const players: AgedScore<string>[] = [
      { key: 'a', group: 2014, ageDays: 3000, score: 50 },
      { key: 'b', group: 2014, ageDays: 3100, score: 60 },
      { key: 'c', group: 2014, ageDays: 3200, score: 60 },
      { key: 'd', group: 2014, ageDays: 3300, score: 70 },
    ];
    const line = leastSquares(players.map((p) => ({ x: p.ageDays, y: p.score })))!;
    expect(line.slope).toBeCloseTo(0.06, 12);
    expect(line.intercept).toBeCloseTo(-129, 9);
    const out = ageAdjusted(players);
    expect(out.map((p) => p.predicted)).toEqual([51, 57, 63, 69].map((v) => expect.closeTo(v, 9)));
    expect(out.map((p) => p.residual)).toEqual([-1, 3, -3, 1].map((v) => expect.closeTo(v, 9)));
    expect(out.map((p) => p.rank)).toEqual([4, 2, 2, 1]);
    expect(out.map((p) => p.adjustedRank)).toEqual([3, 1, 4, 2]);
  });

  it('fits each group on its own and leaves groups too small for a line unranked', () => {
    const out = ageAdjusted([
      { key: 1, group: 2013, ageDays: 4000, score: 80 },
      { key: 2, group: 2013, ageDays: 4100, score: 70 },
      { key: 3, group: 2014, ageDays: 3000, score: 40 },
      { key: 4, group: 2014, ageDays: 3100, score: 50 },
      { key: 5, group: 2014, ageDays: 3200, score: 60 },
    ]);
    expect(out.slice(0, 2).map((p) => p.residual)).toEqual([null, null]);
    expect(out.slice(0, 2).map((p) => p.adjustedRank)).toEqual([null, null]);
    expect(out.slice(2).map((p) => p.residual)).toEqual([0, 0, 0].map((v) => expect.closeTo(v, 9)));
  });

  const group = fc.array(fc.tuple(fc.integer({ min: 2500, max: 6000 }), fc.double({ min: 0, max: 100, noNaN: true })), {
    minLength: 3,
    maxLength: 30,
  });

  it('has residuals summing to zero, unchanged by any line in age added to the scores', () => {
    fc.assert(
      fc.property(group, fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -50, max: 50, noNaN: true }), (rows, b, a) => {
        const players = rows.map(([ageDays, score], i) => ({ key: i, group: 1, ageDays, score }));
        const out = ageAdjusted(players);
        if (out[0]!.residual === null) return; // every player the same age
        expect(out.reduce((s, p) => s + p.residual!, 0)).toBeCloseTo(0, 6);
        const shifted = ageAdjusted(players.map((p) => ({ ...p, score: p.score + a + b * p.ageDays })));
        shifted.forEach((p, i) => expect(p.residual!).toBeCloseTo(out[i]!.residual!, 6));
      }),
    );
  });
});
