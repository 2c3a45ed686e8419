import { describe, expect, it } from 'vitest';
import { axisDate, progressReading } from './progress';

describe("the child's progress in words", () => {
  it('says where the total started, where it is and which way it went', () => {
    expect(progressReading([])).toBe('No evaluations yet.');
    expect(progressReading([{ date: '2026-03-12', score: 63.5 }])).toBe('First evaluated on Mar 12, 2026: total score 63.5%.');
    const up = [
      { date: '2025-09-03', score: 12 },
      { date: '2025-12-01', score: 70 },
      { date: '2026-03-12', score: 63.456 },
    ];
    expect(progressReading(up)).toBe('Up from 12% on Sep 3, 2025 to 63.46% on Mar 12, 2026.');
    expect(progressReading([...up].reverse())).toBe('Down from 63.46% on Mar 12, 2026 to 12% on Sep 3, 2025.');
    expect(
      progressReading([
        { date: '2026-01-02', score: 40 },
        { date: '2026-02-02', score: 40.001 },
      ]),
    ).toBe('Unchanged at 40% since Jan 2, 2026.');
  });

  it('dates the axis by day within one year, by month across years', () => {
    expect(axisDate([{ date: '2026-01-02', score: 1 }])('2026-01-02')).toBe('Jan 2');
    const across = axisDate([
      { date: '2025-12-30', score: 1 },
      { date: '2026-01-02', score: 1 },
    ]);
    expect(across('2025-12-30')).toBe('Dec 2025');
  });
});
