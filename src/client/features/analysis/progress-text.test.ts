import { describe, expect, it } from 'vitest';
import { amountIn, progressExplanation } from './progress-text';

/** The tooltip behind the progress word says the rule the server applied, with its number. */
describe('progressExplanation', () => {
  it('a 1–10 criterion: 0.2 × the club spread, in points', () => {
    expect(progressExplanation({ swc: 0.7012, swcSource: 'spread' }, null)).toBe(
      'A change counts as real when it is at least 0.7 points: 0.2 × the spread (standard deviation) of the club\'s current scores on this criterion. Smaller changes are "No clear change".',
    );
  });

  it('a measured test: its typical error in its unit, and its direction', () => {
    const text = progressExplanation({ swc: 0.3055, swcSource: 'typical_error' }, { unit: 's', direction: 'lower' });
    expect(text).toContain('at least 0.31 s: the typical error of this test');
    expect(text).toMatch(/Lower is better\.$/);
    expect(progressExplanation({ swc: 2, swcSource: 'spread' }, { unit: 'cm', direction: 'higher' })).toContain(
      "at least 2 cm: 0.2 × the spread (standard deviation) of the club's current values on this test",
    );
  });

  it('too few players scored: any change counts', () => {
    expect(progressExplanation({ swc: null, swcSource: 'spread' }, null)).toMatch(/any change counts as it is/);
  });

  it('amounts: a count has no unit, a share made is in %', () => {
    expect(amountIn('count', 1.234)).toBe('1.23');
    expect(amountIn('made_of_attempts', 8)).toBe('8 %');
  });
});
