import { describe, expect, it } from 'vitest';
import type { Measure } from '../../shared/schemas/criterion';
import { attemptsGiveValue, previewLabel, readAttempts } from './measured-entry';

/** Free throws, made of 10, best of 2, U14 bands: what the sheet and the form show before saving. */
const free: Measure = {
  unit: 'made_of_attempts',
  decimals: 0,
  direction: 'higher',
  min: 0,
  max: 10,
  attempts: 'best',
  attemptCount: 2,
  rule: {
    method: 'bands',
    bandSets: [
      {
        ageGroup: 'U14',
        bands: [
          { points: 10, limit: 90 },
          { points: 8, limit: 70 },
        ],
      },
    ],
  },
} as Measure;

describe('made-of-attempts entry', () => {
  it('keeps the best share made and previews its points for the age group', () => {
    const read = readAttempts(free, 'Free throws', ['6/10', '8/10']);
    expect(read).toEqual({
      attempts: [
        { made: 6, attempts: 10 },
        { made: 8, attempts: 10 },
      ],
    });
    expect(previewLabel(free, 'attempts' in read ? read.attempts : [], 'U14')).toBe('80 % made → 8 points, U14 bands');
    expect(previewLabel(free, [{ made: 9, attempts: 10 }], 'U14')).toBe('9/10 → 10 points, U14 bands');
  });

  it('refuses more made than taken and more shots than the test takes, in plain words', () => {
    expect(readAttempts(free, 'Free throws', ['11/10'])).toEqual({
      error: '11/10 is not a valid Free throws: made must be a whole number between 0 and the shots taken.',
    });
    expect(readAttempts(free, 'Free throws', ['9/12'])).toEqual({
      error: 'Free throws takes at most 10 shots per attempt; 12 were entered.',
    });
  });

  it('says when the points wait: an age group without bands, a percentile rule on the form', () => {
    expect(previewLabel(free, [{ made: 9, attempts: 10 }], null)).toBe(
      '9/10: This test has no bands for players without a birth year. Add bands for that age group or for all ages.',
    );
    const percentile = { ...free, rule: { ...free.rule, method: 'percentile' } } as Measure;
    expect(previewLabel(percentile, [{ made: 9, attempts: 10 }], 'U14', 'when saved')).toBe('9/10 → points by percentile when saved');
  });
});

describe('a stored measurement put back in the fields', () => {
  const lane = { ...free, unit: 's', decimals: 2, direction: 'lower', min: 8, max: 20 } as Measure;
  it("is re-entered when its attempts give its value again, not when they are a session's evaluators' values", () => {
    expect(attemptsGiveValue(lane, 'Lane agility', { value: 11.04, attempts: [11.3, 11.04] })).toBe(true);
    // A session's mean of 11.04 and 11.4: best of 2 would keep 11.04.
    expect(attemptsGiveValue(lane, 'Lane agility', { value: 11.22, attempts: [11.04, 11.4] })).toBe(false);
    expect(
      attemptsGiveValue(free, 'Free throws', {
        value: 80,
        attempts: [
          { made: 6, attempts: 10 },
          { made: 8, attempts: 10 },
        ],
      }),
    ).toBe(true);
    // Shares made (80 %, 60 %) are no made/shots pairs.
    expect(attemptsGiveValue(free, 'Free throws', { value: 70, attempts: [80, 60] })).toBe(false);
  });
});
