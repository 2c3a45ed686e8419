import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScore } from './schemas/evaluation';
import {
  criterionPercent,
  currentEvaluations,
  formatPercent,
  isValidScore,
  leaderboardTotals,
  NO,
  playerTotal,
  rank,
  scorePercentage,
  teamAverage,
  YES,
  type LevelKind,
  type ScoredEvaluation,
} from './scoring';

const kind = fc.constantFrom<LevelKind>('scale_1_10', 'yes_no');
const weight = fc.double({ min: 0, max: 100, noNaN: true });
const validScore = (k: LevelKind) => (k === 'yes_no' ? fc.constantFrom(YES, NO) : fc.integer({ min: 1, max: 10 }));
const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const stamp = fc.integer({ min: 0, max: 1_000_000 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString());

/** A catalogue of criteria and random valid evaluations of them by a few players. */
const club = fc.array(fc.record({ kind, weight }), { minLength: 1, maxLength: 8 }).chain((criteria) =>
  fc
    .array(
      fc
        .record({
          playerId: fc.integer({ min: 1, max: 5 }),
          criterionIndex: fc.integer({ min: 0, max: criteria.length - 1 }),
          date: day,
          createdAt: stamp,
        })
        .chain((e) => validScore(criteria[e.criterionIndex]!.kind).map((score) => ({ ...e, score }))),
      { maxLength: 60 },
    )
    .map((raw) => {
      const evaluations: (ScoredEvaluation & { score: number })[] = raw.map((e, i) => {
        const c = criteria[e.criterionIndex]!;
        return {
          id: i + 1,
          playerId: e.playerId,
          criterionId: e.criterionIndex + 1,
          date: e.date,
          createdAt: e.createdAt,
          score: e.score,
          scorePercentage: scorePercentage(c.kind, e.score, c.weight),
        };
      });
      return { criteria, evaluations };
    }),
);

const later = (a: ScoredEvaluation, b: ScoredEvaluation) =>
  a.date !== b.date ? a.date > b.date : a.createdAt !== b.createdAt ? a.createdAt > b.createdAt : a.id > b.id;

describe('scoring (docs/product.md#scoring) — properties', () => {
  it('a 1–10 score of s is worth s/10 of the weight, and never more than the weight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), weight, (s, w) => {
        const p = scorePercentage('scale_1_10', s, w);
        expect(p).toBeCloseTo((s / 10) * w, 9);
        expect(p).toBeLessThanOrEqual(w + 1e-9);
        expect(p).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a Yes/No evaluation is worth the whole weight or 0', () => {
    fc.assert(
      fc.property(fc.constantFrom(YES, NO), weight, (s, w) => {
        expect(scorePercentage('yes_no', s, w)).toBe(s === YES ? w : 0);
      }),
    );
  });

  it('server/form score parsing accepts exactly the scores the module calls valid', () => {
    fc.assert(
      fc.property(kind, fc.oneof(fc.integer({ min: -5, max: 15 }), fc.double({ min: -5, max: 15, noNaN: true })), (k, n) => {
        const parsed = parseScore(k, n);
        expect('score' in parsed).toBe(isValidScore(k, n));
        if ('score' in parsed) expect(parsed.score === n).toBe(true); // -0 is stored as 0
      }),
    );
  });

  it('the latest evaluation of each (player, criterion) supersedes the earlier ones', () => {
    fc.assert(
      fc.property(club, ({ evaluations }) => {
        const current = currentEvaluations(evaluations);
        const pairs = new Set(evaluations.map((e) => `${e.playerId}:${e.criterionId}`));
        expect(current).toHaveLength(pairs.size);
        for (const c of current) {
          const same = evaluations.filter((e) => e.playerId === c.playerId && e.criterionId === c.criterionId);
          expect(same.every((e) => e === c || later(c, e))).toBe(true);
        }
      }),
    );
  });

  it('a newer evaluation replaces the old one in the total (only the latest counts)', () => {
    fc.assert(
      fc.property(club, fc.integer({ min: 1, max: 10 }), ({ criteria, evaluations }, s) => {
        fc.pre(evaluations.length > 0);
        const target = evaluations[0]!;
        const c = criteria[target.criterionId - 1]!;
        const score = c.kind === 'yes_no' ? s % 2 : s;
        const newer = {
          ...target,
          id: evaluations.length + 1,
          date: '2999-01-01',
          scorePercentage: scorePercentage(c.kind, score, c.weight),
        };
        const mine = (list: ScoredEvaluation[]) => currentEvaluations(list.filter((e) => e.playerId === target.playerId));
        const before = playerTotal(mine(evaluations));
        const after = playerTotal(mine([...evaluations, newer]));
        const old = mine(evaluations).find((e) => e.criterionId === target.criterionId)!;
        expect(after).toBeCloseTo(before - old.scorePercentage + newer.scorePercentage, 9);
      }),
    );
  });

  it('a player total never exceeds the sum of the weights (and is never negative)', () => {
    fc.assert(
      fc.property(club, ({ criteria, evaluations }) => {
        const sumOfWeights = criteria.reduce((a, c) => a + c.weight, 0);
        for (const total of leaderboardTotals(evaluations).values()) {
          expect(total).toBeLessThanOrEqual(sumOfWeights + 1e-9);
          expect(total).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('leaderboard totals without filters are each player’s total of current evaluations', () => {
    fc.assert(
      fc.property(club, ({ evaluations }) => {
        const totals = leaderboardTotals(evaluations);
        for (const [playerId, total] of totals) {
          expect(total).toBeCloseTo(playerTotal(currentEvaluations(evaluations.filter((e) => e.playerId === playerId))), 9);
        }
      }),
    );
  });

  it('a team average lies between its lowest and highest player total; no players → 0', () => {
    expect(teamAverage([])).toBe(0);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1 }), (totals) => {
        const avg = teamAverage(totals);
        expect(avg).toBeGreaterThanOrEqual(Math.min(...totals) - 1e-9);
        expect(avg).toBeLessThanOrEqual(Math.max(...totals) + 1e-9);
      }),
    );
  });

  it('percentages show at most 2 decimals; non-numeric shows 0', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (v) => {
        const text = formatPercent(v);
        expect(text).toMatch(/^-?\d+(\.\d{1,2})?$/);
        expect(Math.abs(Number(text) - v)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
    for (const v of [NaN, 'abc', undefined, null, Infinity]) expect(formatPercent(v)).toBe('0');
  });

  it('ranks are highest first and equal totals share a rank', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 })), (values) => {
        const ranked = rank(
          values.map((v) => ({ v })),
          (x) => x.v,
        );
        ranked.forEach((r, i) => {
          if (i === 0) return expect(r.rank).toBe(1);
          const prev = ranked[i - 1]!;
          expect(r.v).toBeLessThanOrEqual(prev.v);
          expect(r.rank).toBe(r.v === prev.v ? prev.rank : i + 1);
        });
      }),
    );
  });
});

describe('criterionPercent', () => {
  it("is a current score's share of its criterion's maximum, 0–100; none without a weight", () => {
    fc.assert(
      // Weights as criteria have them (0, or at least a hundredth), not denormal doubles.
      fc.property(
        kind,
        fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 100, noNaN: true })),
        fc.integer({ min: 1, max: 10 }),
        (k, w, s) => {
          const score = k === 'yes_no' ? s % 2 : s;
          const pct = criterionPercent(scorePercentage(k, score, w), w);
          if (w === 0) return pct === null;
          return pct !== null && pct >= -1e-9 && pct <= 100 + 1e-9 && Math.abs(pct - (k === 'yes_no' ? score * 100 : score * 10)) < 1e-6;
        },
      ),
    );
  });
});
