import { describe, expect, it } from 'vitest';
import { meanNote } from './eval-sessions.service.js';

describe('the note of a published session evaluation', () => {
  it('counts one evaluator in the singular and more in the plural', () => {
    expect(meanNote(1, 'Tryout day')).toBe('Mean of 1 evaluator in the session "Tryout day".');
    expect(meanNote(3, 'Tryout day')).toBe('Mean of 3 evaluators in the session "Tryout day".');
  });
});
