import { describe, expect, it } from 'vitest';
import { perceptionGaps, selfPercent } from './scoring.js';

describe('perception gap', () => {
  it("puts the player's score in the report's percent", () => {
    expect(selfPercent('scale_1_10', 7)).toBe(70);
    expect(selfPercent('measured', 10)).toBe(100);
    expect(selfPercent('yes_no', 1)).toBe(100);
    expect(selfPercent('yes_no', 0)).toBe(0);
  });

  it('orders by the absolute gap, largest first, rows missing a side last in their order', () => {
    const rows = perceptionGaps([
      { criterionId: 1, label: 'A', self: 50, coach: 60 },
      { criterionId: 2, label: 'B', self: null, coach: 40 },
      { criterionId: 3, label: 'C', self: 90, coach: 30 },
      { criterionId: 4, label: 'D', self: 20, coach: 45.5 },
      { criterionId: 5, label: 'E', self: 70, coach: null },
    ]);
    expect(rows.map((r) => [r.criterionId, r.gap])).toEqual([
      [3, 60],
      [4, -25.5],
      [1, -10],
      [2, null],
      [5, null],
    ]);
  });
});
