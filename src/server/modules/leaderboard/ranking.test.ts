import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rank } from '../../../shared/scoring.js';
import { Ranking } from './ranking.js';

describe('Ranking (compact ranking rows)', () => {
  it('reads back what rank() gives, by position, slice, filter and id', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 200 }),
        fc.array(fc.double({ min: 0, max: 6000, noNaN: true }), { minLength: 200, maxLength: 200 }),
        fc.nat(),
        (ids, totals, n) => {
          const rows = ids.map((id, i) => ({ id, total: totals[i]! }));
          const expected = rank(rows, (r) => r.total);
          const ranking = Ranking.of(rows);
          expect(ranking.length).toBe(expected.length);
          expect(ranking.slice()).toEqual(expected.map(({ id, total, rank }) => ({ id, total, rank })));
          const start = n % (expected.length + 1);
          expect(ranking.slice(start, start + 7).map((r) => r.id)).toEqual(expected.slice(start, start + 7).map((r) => r.id));
          expect(ranking.filter((id) => id % 3 === 0).map((r) => r.id)).toEqual(expected.filter((r) => r.id % 3 === 0).map((r) => r.id));
          for (const [i, r] of expected.entries()) {
            expect(ranking.positionOf(r.id)).toBe(i);
            expect(ranking.totalOf(r.id)).toBe(r.total);
          }
          expect(ranking.positionOf(0)).toBe(-1);
          expect(ranking.totalOf(1_000_001)).toBe(0);
        },
      ),
    );
  });
});
