import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attemptsProblem,
  bandPoints,
  basisLabel,
  combineAttempts,
  isValidScore,
  measuredLabel,
  parseAttempts,
  PERCENTILE_MIN_PLAYERS,
  pointsFor,
  ruleProblem,
  scoreAll,
  scorePercentage,
  sessionMeasuredMean,
  sessionResults,
  measuredProgress,
  measuredSwc,
  progressBetween,
  smallestWorthwhileChange,
  betweenPlayerSd,
  typicalError,
  type Band,
  type Direction,
  type MeasureDefinition,
  type PointsRule,
} from './scoring';

const laneAgility: MeasureDefinition = { unit: 's', decimals: 2, direction: 'lower', min: 8, max: 20, attempts: 'best', attemptCount: 2 };
const laneBands: Band[] = [
  { points: 10, limit: 10.8 },
  { points: 9, limit: 11.2 },
  { points: 8, limit: 11.6 },
  { points: 7, limit: 12 },
  { points: 6, limit: 12.5 },
];
const laneRule: PointsRule = { method: 'bands', bandSets: [{ ageGroup: 'U14', bands: laneBands }] };

describe('measured criteria (docs/product.md#measured-criteria) — examples', () => {
  it('keeps the best of two lane agility runs and reads the U14 bands', () => {
    const value = combineAttempts(laneAgility, [11.3, 11.04]);
    expect(value).toBe(11.04);
    const result = pointsFor(laneAgility, laneRule, value, 'U14');
    expect(result).toEqual({ points: 9, basis: { method: 'bands', ageGroup: 'U14', fallback: false } });
    if ('error' in result) throw new Error(result.error);
    expect(measuredLabel(laneAgility, value, result.points, basisLabel(result.basis))).toBe('11.04 s → 9 points, U14 bands');
    // The points feed the existing percentage rule unchanged.
    expect(isValidScore('measured', result.points)).toBe(true);
    expect(scorePercentage('measured', result.points, 20)).toBe(18);
  });

  it('refuses a sprint outside the range, too many attempts, and a wrong unit, in plain words', () => {
    expect(attemptsProblem(laneAgility, 'Lane agility', [0.4])).toBe(
      "A Lane agility of 0.40 s is outside this test's range (8–20 s). Check the measurement.",
    );
    expect(attemptsProblem(laneAgility, 'Lane agility', [11, 11.2, 11.4])).toBe('Lane agility takes at most 2 attempts; 3 were entered.');
    expect(parseAttempts(laneAgility, 'Lane agility', '11.04 cm')).toEqual({
      error: 'Lane agility is measured in s; "11.04 cm" is in cm.',
    });
    expect(parseAttempts(laneAgility, 'Lane agility', '11,3 s; 11.04')).toEqual({ attempts: [11.3, 11.04] });
  });

  it('higher is better: a jump takes the highest attempt, and bands count up', () => {
    const jump: MeasureDefinition = { unit: 'cm', decimals: 0, direction: 'higher', min: 10, max: 120, attempts: 'best', attemptCount: 3 };
    expect(combineAttempts(jump, [52, 61, 58])).toBe(61);
    expect(
      bandPoints(
        'higher',
        [
          { points: 10, limit: 70 },
          { points: 8, limit: 60 },
        ],
        61,
      ),
    ).toBe(8);
    expect(
      bandPoints(
        'higher',
        [
          { points: 10, limit: 70 },
          { points: 8, limit: 60 },
        ],
        59,
      ),
    ).toBe(1);
  });

  it('made-of-attempts stores made and taken and reads the share made', () => {
    const ft: MeasureDefinition = {
      unit: 'made_of_attempts',
      decimals: 0,
      direction: 'higher',
      min: 0,
      max: 10,
      attempts: 'single',
      attemptCount: 1,
    };
    const parsed = parseAttempts(ft, 'Free throws', '7/10');
    expect(parsed).toEqual({ attempts: [{ made: 7, attempts: 10 }] });
    expect(combineAttempts(ft, [{ made: 7, attempts: 10 }])).toBe(70);
    expect(attemptsProblem(ft, 'Free throws', [{ made: 11, attempts: 10 }])).toMatch(/made must be a whole number/);
    expect(measuredLabel(ft, 70, 8, 'all-ages bands', [{ made: 7, attempts: 10 }])).toBe('7/10 → 8 points, all-ages bands');
  });

  it('refuses bands the wrong way round for the direction', () => {
    const wrong: PointsRule = {
      method: 'bands',
      bandSets: [
        {
          ageGroup: null,
          bands: [
            { points: 10, limit: 12 },
            { points: 9, limit: 11 },
          ],
        },
      ],
    };
    expect(ruleProblem(laneAgility, wrong)?.message).toBe(
      'With lower is better, more points need a smaller limit: 10 points at 12 and 9 points at 11 are the wrong way round.',
    );
    expect(ruleProblem(laneAgility, laneRule)).toBeNull();
  });

  it('percentiles fall back to bands below 20 measured players of the age group, and say so', () => {
    const rule: PointsRule = { ...laneRule, method: 'percentile' };
    const few = Array.from({ length: PERCENTILE_MIN_PLAYERS - 1 }, (_, i) => 10 + i / 10);
    const r = pointsFor(laneAgility, rule, 11.04, 'U14', few);
    expect(r).toMatchObject({ points: 9, basis: { method: 'bands', fallback: true } });
    if ('error' in r) throw new Error(r.error);
    expect(basisLabel(r.basis, 'U14')).toBe('U14 bands (fewer than 20 U14 players measured)');
    const enough = [...few, 13];
    expect(pointsFor(laneAgility, rule, 10, 'U14', enough)).toMatchObject({ basis: { method: 'percentile', ageGroup: 'U14' } });
    expect(pointsFor(laneAgility, rule, 10, 'U12', few)).toEqual({
      error: 'This test has no bands for U12. Add bands for that age group or for all ages.',
    });
  });
});

// ---- properties ----

const direction = fc.constantFrom<Direction>('higher', 'lower');
/** A valid band set for a direction: distinct points with limits strictly ordered the right way. */
const bandsFor = (d: Direction) =>
  fc.uniqueArray(fc.integer({ min: 2, max: 10 }), { minLength: 1, maxLength: 9 }).chain((points) =>
    fc.uniqueArray(fc.integer({ min: 100, max: 2000 }), { minLength: points.length, maxLength: points.length }).map((limits) => {
      const p = [...points].sort((a, b) => b - a);
      const l = [...limits].sort((a, b) => (d === 'lower' ? a - b : b - a)).map((x) => x / 100);
      return p.map((points, i): Band => ({ points, limit: l[i]! }));
    }),
  );

/** The reference rule, written out another way: walk the bands from the most points down and stop at the first met. */
function referenceBandPoints(d: Direction, bands: Band[], value: number): number {
  for (const b of [...bands].sort((a, b) => b.points - a.points)) if (d === 'lower' ? value <= b.limit : value >= b.limit) return b.points;
  return 1;
}

/** Reference percentile: sort the group worst first, average the 0-based positions of the value's ties, add ½, divide by n. */
function referencePercentile(d: Direction, value: number, group: number[]): number {
  const sorted = [...group].sort((a, b) => (d === 'lower' ? b - a : a - b));
  const positions = sorted.flatMap((g, i) => (g === value ? [i] : []));
  const below = sorted.filter((g) => (d === 'lower' ? g > value : g < value)).length;
  const mid = positions.length ? positions.reduce((a, b) => a + b, 0) / positions.length + 0.5 : below;
  return mid / group.length;
}

describe('measured criteria — properties', () => {
  it('a valid rule passes its check, and every value gets the points of the best band it meets', () => {
    fc.assert(
      fc.property(
        direction.chain((d) =>
          fc.tuple(
            fc.constant(d),
            bandsFor(d),
            fc.integer({ min: 50, max: 2500 }).map((v) => v / 100),
          ),
        ),
        ([d, bands, value]) => {
          const def = { ...laneAgility, direction: d, min: 0.5, max: 25 };
          const rule: PointsRule = { method: 'bands', bandSets: [{ ageGroup: null, bands }] };
          expect(ruleProblem(def, rule)).toBeNull();
          const r = pointsFor(def, rule, value, 'U14');
          if ('error' in r) throw new Error(r.error);
          expect(r.points).toBe(referenceBandPoints(d, bands, value));
          expect(isValidScore('measured', r.points)).toBe(true);
          // A better value never earns fewer points.
          const nudged = d === 'lower' ? value - 0.5 : value + 0.5;
          const r2 = pointsFor(def, rule, nudged, 'U14');
          if ('error' in r2) throw new Error(r2.error);
          expect(r2.points).toBeGreaterThanOrEqual(r.points);
        },
      ),
    );
  });

  it('the kept value is the best (or the mean) of the attempts, rounded to the decimals, and inside their span', () => {
    fc.assert(
      fc.property(
        direction,
        fc.constantFrom<'best' | 'mean'>('best', 'mean'),
        fc.integer({ min: 0, max: 3 }),
        fc.array(
          fc.integer({ min: 800, max: 2000 }).map((v) => v / 100),
          { minLength: 1, maxLength: 5 },
        ),
        (d, mode, decimals, attempts) => {
          const v = combineAttempts({ attempts: mode, direction: d, decimals }, attempts);
          const f = 10 ** decimals;
          const expected =
            mode === 'mean'
              ? attempts.reduce((a, b) => a + b, 0) / attempts.length
              : d === 'lower'
                ? Math.min(...attempts)
                : Math.max(...attempts);
          expect(v).toBe(Math.round(expected * f) / f);
        },
      ),
    );
  });

  it('percentile points by age group match a reference computation', () => {
    fc.assert(
      fc.property(
        direction,
        fc.array(
          fc.record({ ageGroup: fc.constantFrom('U12', 'U14', null), value: fc.integer({ min: 900, max: 1400 }).map((v) => v / 100) }),
          { minLength: 1, maxLength: 80 },
        ),
        (d, rows) => {
          const def = { ...laneAgility, direction: d };
          const rule: PointsRule = {
            method: 'percentile',
            bandSets: [{ ageGroup: null, bands: [{ points: 10, limit: d === 'lower' ? 9.5 : 13.5 }] }],
          };
          const entries = rows.map((r, i) => ({ id: i + 1, ...r }));
          const scored = scoreAll(def, rule, entries);
          for (const e of entries) {
            const r = scored.get(e.id)!;
            if ('error' in r) throw new Error(r.error);
            const group = entries.filter((o) => o.ageGroup !== null && o.ageGroup === e.ageGroup).map((o) => o.value);
            if (e.ageGroup !== null && group.length >= PERCENTILE_MIN_PLAYERS) {
              const p = referencePercentile(d, e.value, group);
              expect(r.percentile).toBeCloseTo(p, 12);
              expect(r.points).toBe(Math.min(10, Math.floor(p * 10) + 1));
              expect(r.basis).toEqual({ method: 'percentile', ageGroup: e.ageGroup, fallback: false });
            } else {
              expect(r.basis.fallback).toBe(true);
              expect(r.points).toBe(referenceBandPoints(d, rule.bandSets[0]!.bands, e.value));
            }
          }
        },
      ),
    );
  });

  it('values inside the range pass, values outside are refused', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (v) => {
        const problem = attemptsProblem(laneAgility, 'Lane agility', [v]);
        expect(problem === null).toBe(v >= laneAgility.min && v <= laneAgility.max);
      }),
    );
  });
});

describe('measured criteria in evaluation sessions', () => {
  it("averages the evaluators' values, then reads the mean by the rule", () => {
    expect(sessionMeasuredMean(laneAgility, laneRule, [11.04, 11.4], 'U14')).toEqual({ value: 11.22, points: 8, basis: 'U14 bands' });
    // No band for the age group: no measured mean, the evaluators' own points stand.
    expect(sessionMeasuredMean(laneAgility, laneRule, [11.04], 'U9')).toBeNull();
  });

  it('equal values from any number of evaluators give the points of that one measurement, and the order never matters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 800, max: 2000 }).map((v) => v / 100),
        fc.integer({ min: 1, max: 8 }),
        (value, n) => {
          const single = pointsFor(laneAgility, laneRule, value, 'U14');
          if ('error' in single) throw new Error(single.error);
          expect(sessionMeasuredMean(laneAgility, laneRule, Array(n).fill(value), 'U14')).toEqual({
            value,
            points: single.points,
            basis: 'U14 bands',
          });
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: 800, max: 2000 }).map((v) => v / 100),
          { minLength: 1, maxLength: 7 },
        ),
        (values) => {
          expect(sessionMeasuredMean(laneAgility, laneRule, [...values].reverse(), 'U14')).toEqual(
            sessionMeasuredMean(laneAgility, laneRule, values, 'U14'),
          );
        },
      ),
    );
  });

  it("sessionResults gives a measured cell the mean value's points, and its percentage by the usual rule", () => {
    const scores = [11.04, 11.4].map((value, i) => ({ evaluatorId: i + 1, playerId: 1, criterionId: 5, score: 9 - i, value }));
    const [r] = sessionResults([1], [{ criterionId: 5, kind: 'measured', weight: 50 }], scores, {
      minEvaluators: 2,
      measuredPoints: (_c, _p, values) => sessionMeasuredMean(laneAgility, laneRule, values, 'U14'),
    });
    expect(r!.cells[0]).toMatchObject({
      mean: 8,
      percentage: scorePercentage('measured', 8, 50),
      measured: { value: 11.22, basis: 'U14 bands' },
    });
    expect(r!.total).toBe(40);
  });
});

describe('real change on a measured test: the typical error from repeated attempts', () => {
  const sets = fc.array(
    fc.array(
      fc.integer({ min: 800, max: 2000 }).map((v) => v / 100),
      { minLength: 2, maxLength: 2 },
    ),
    {
      minLength: 1,
      maxLength: 30,
    },
  );
  const close = (a: number | null, b: number | null) => {
    expect(a === null).toBe(b === null);
    if (a !== null && b !== null) expect(a).toBeCloseTo(b, 9);
  };

  it('with two attempts each, equals the SD of the differences / √2 when the mean difference is 0 (reference computation)', () => {
    fc.assert(
      fc.property(sets, (pairs) => {
        // Symmetric pairs (a, b) and (b, a): the mean difference is 0, so SD(diff)/√2 is the textbook typical error.
        const both = pairs.flatMap(([a, b]) => [
          [a!, b!],
          [b!, a!],
        ]);
        const diffs = both.map(([a, b]) => b! - a!);
        const sdDiff = Math.sqrt(diffs.reduce((s, d) => s + d * d, 0) / (diffs.length - 1));
        // Pooled within-player variance over 2n pairs has 2n degrees of freedom; SD(diff) uses 2n − 1.
        close(typicalError(both), (sdDiff * Math.sqrt((diffs.length - 1) / diffs.length)) / Math.SQRT2);
      }),
    );
  });

  it('is 0 for identical attempts, unchanged when a player is shifted, scales with the unit, and null without repeats', () => {
    fc.assert(
      fc.property(
        sets,
        fc.integer({ min: -500, max: 500 }).map((v) => v / 100),
        fc.integer({ min: 1, max: 10 }),
        (pairs, shift, k) => {
          expect(typicalError(pairs.map(([a]) => [a!, a!]))).toBe(0);
          close(typicalError(pairs.map((p, i) => (i === 0 ? p.map((x) => x + shift) : p))), typicalError(pairs));
          close(typicalError(pairs.map((p) => p.map((x) => x * k))), typicalError(pairs)! * k);
          expect(typicalError(pairs.map(([a]) => [a!]))).toBeNull();
        },
      ),
    );
  });

  it("falls back to progress.ts's rule without repeated attempts; improved follows the test's better direction", () => {
    const values = [10.5, 11.2, 11.9, 12.4];
    expect(measuredSwc([[10.5], [11.2]], values)).toBe(smallestWorthwhileChange(betweenPlayerSd(values)));
    expect(measuredSwc([[11.3, 11.04]], values)).toBeCloseTo(Math.abs(11.3 - 11.04) / Math.SQRT2, 9);
    fc.assert(
      fc.property(
        fc.integer({ min: 800, max: 2000 }).map((v) => v / 100),
        fc.integer({ min: 800, max: 2000 }).map((v) => v / 100),
        fc.integer({ min: 0, max: 100 }).map((v) => v / 100),
        (before, after, swc) => {
          expect(measuredProgress('higher', before, after, swc)).toBe(progressBetween(before, after, swc));
          const lower = measuredProgress('lower', before, after, swc);
          const flipped = { improved: 'declined', declined: 'improved', no_change: 'no_change' } as const;
          expect(lower).toBe(flipped[progressBetween(before, after, swc)]);
        },
      ),
    );
  });
});
