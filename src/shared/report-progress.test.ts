import { describe, expect, it } from 'vitest';
import { ownPercentile, percentileRank, PERCENTILE_MIN_PLAYERS, pointsFromPercent, criterionPercent, scorePercentage } from './scoring.js';
import { measuredPercentileText, progressExplanation } from './schemas/report-snapshot.js';

describe("a report's real-progress and measured words", () => {
  it('ownPercentile is the mid-rank percentile in whole percent, only from 20 measured players of the age group', () => {
    const group = Array.from({ length: PERCENTILE_MIN_PLAYERS }, (_, i) => 10 + i * 0.1);
    expect(ownPercentile('lower', 10.55, 'U14', group.slice(1))).toBeNull();
    expect(ownPercentile('lower', 10.55, null, group)).toBeNull();
    expect(ownPercentile('lower', 10.5, 'U14', group)).toEqual({
      percent: Math.round(percentileRank('lower', 10.5, group) * 100),
      ageGroup: 'U14',
    });
    expect(measuredPercentileText({ percent: 70, age_group: 'U14' })).toBe('Better than 70 % of U14 players measured at this club');
  });

  it('pointsFromPercent undoes the criterion percent on every level kind', () => {
    for (const score of [1, 4, 7, 10])
      expect(pointsFromPercent('scale_1_10', criterionPercent(scorePercentage('scale_1_10', score, 20), 20)!)).toBeCloseTo(score, 9);
    expect(pointsFromPercent('yes_no', 100)).toBe(1);
    expect(pointsFromPercent('yes_no', 0)).toBe(0);
  });

  it('explains the rule: 0.2 × the spread, the typical error, or too few scores', () => {
    const line = { progress: 'no_change' as const, words: 'No clear change', unit: 'percentage points', basis: 'spread' as const };
    expect(progressExplanation({ ...line, swc: 2.4567 }, 'total scores')).toBe(
      'A change counts when it is at least 2.46 percentage points: 0.2 × the spread of the club\'s current total scores. A smaller change is "No clear change".',
    );
    expect(progressExplanation({ ...line, unit: 's', basis: 'typical_error', swc: 0.21 }, 'measurements of Lane agility')).toContain(
      "at least 0.21 s: the typical error of measuring it twice, from players' repeated attempts",
    );
    expect(progressExplanation({ ...line, swc: null }, 'scores on Passing')).toBe(
      'Any change counts here: the club has too few current scores on Passing to say what a worthwhile change is.',
    );
  });
});
