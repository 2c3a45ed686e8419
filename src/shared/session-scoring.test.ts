import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCALE_MAX, SCALE_MIN } from './constants';
import {
  meanPercentage,
  outliersOf,
  scorePercentage,
  sessionMean,
  sessionResults,
  type SessionCriterion,
  type SessionScore,
} from './scoring';

const scaleScore = fc.integer({ min: SCALE_MIN, max: SCALE_MAX });
const criteria: SessionCriterion[] = [
  { criterionId: 1, kind: 'scale_1_10', weight: 60 },
  { criterionId: 2, kind: 'yes_no', weight: 40 },
];

/** Every evaluator scores every criterion of every player. */
const fullSheet = (players: number[], evaluators: number, score: (p: number, e: number, c: number) => number): SessionScore[] =>
  players.flatMap((playerId) =>
    Array.from({ length: evaluators }, (_, e) =>
      criteria.map((c) => ({ evaluatorId: e + 1, playerId, criterionId: c.criterionId, score: score(playerId, e, c.criterionId) })),
    ).flat(),
  );

describe('session averaging', () => {
  it('the mean of equal scores is that score, trimmed or not', () => {
    fc.assert(
      fc.property(scaleScore, fc.integer({ min: 1, max: 12 }), (s, n) => {
        expect(sessionMean(Array(n).fill(s))).toBe(s);
      }),
    );
  });

  it('the order of evaluators never changes a result', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ a: scaleScore, b: fc.constantFrom(0, 1) }), { minLength: 1, maxLength: 8 }),
        fc.integer(),
        (marks, seed) => {
          const scores: SessionScore[] = marks.flatMap((m, i) => [
            { evaluatorId: i + 1, playerId: 7, criterionId: 1, score: m.a },
            { evaluatorId: i + 1, playerId: 7, criterionId: 2, score: m.b },
          ]);
          const shuffled = [...scores].sort((x, y) => ((x.evaluatorId * 7919 + seed) % 13) - ((y.evaluatorId * 7919 + seed) % 13));
          const a = sessionResults([7], criteria, scores, { minEvaluators: 1 });
          const b = sessionResults([7], criteria, shuffled, { minEvaluators: 1 });
          expect(b[0]!.total).toBeCloseTo(a[0]!.total!, 9);
          expect(b[0]!.cells.map((c) => c.outliers)).toEqual(a[0]!.cells.map((c) => c.outliers));
        },
      ),
    );
  });

  it('an incomplete player is never ranked and never counted as zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 4 }), (min, have) => {
        const scores = fullSheet([1, 2], 5, () => 7).filter((s) => s.playerId === 1 || s.evaluatorId <= have);
        const results = sessionResults([1, 2], criteria, scores, { minEvaluators: min });
        const second = results.find((r) => r.playerId === 2)!;
        if (have < min) {
          expect(second.complete).toBe(false);
          expect(second.total).toBeNull();
          expect(second.rank).toBeNull();
        } else {
          expect(second.rank).not.toBeNull();
        }
        expect(results.find((r) => r.playerId === 1)!.rank).toBe(1);
      }),
    );
  });

  it('a score missing one criterion does not count the evaluator as done', () => {
    const scores = fullSheet([1], 3, () => 8).filter((s) => !(s.evaluatorId === 3 && s.criterionId === 2));
    const [r] = sessionResults([1], criteria, scores, { minEvaluators: 3 });
    expect(r!.evaluatorsDone).toBe(2);
    expect(r!.complete).toBe(false);
  });

  it('trims the highest and the lowest from five evaluators on', () => {
    expect(sessionMean([1, 5, 5, 5, 10])).toBe(5);
    expect(sessionMean([1, 5, 10])).toBeCloseTo(16 / 3, 9);
  });

  it('flags a score more than a quarter of the scale from the others', () => {
    const scores: SessionScore[] = [6, 7, 7, 2].map((score, i) => ({ evaluatorId: i + 1, playerId: 1, criterionId: 1, score }));
    const [r] = sessionResults([1], criteria.slice(0, 1), scores, { minEvaluators: 3 });
    expect(r!.cells[0]!.outliers).toEqual([4]);
  });

  it('a far-off score does not also flag the scores it pulled the mean from; two who disagree are both flagged', () => {
    const cell = (scores: number[]) =>
      outliersOf(
        scores.map((score, i) => ({ evaluatorId: i + 1, score })),
        0.25 * 9,
      );
    expect(cell([8, 7, 2])).toEqual([3]);
    expect(cell([8, 2])).toEqual([1, 2]);
    expect(cell([5, 6, 7])).toEqual([]);
  });

  it('a mean of whole scores gives the same percentage as a single evaluation', () => {
    fc.assert(
      fc.property(scaleScore, fc.double({ min: 0, max: 100, noNaN: true }), (s, w) => {
        expect(meanPercentage('scale_1_10', s, w)).toBeCloseTo(scorePercentage('scale_1_10', s, w), 9);
        expect(meanPercentage('yes_no', s % 2, w)).toBeCloseTo(scorePercentage('yes_no', s % 2, w), 9);
      }),
    );
  });
});
