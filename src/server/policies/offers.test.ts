import { describe, expect, it } from 'vitest';
import { decide } from './offers.js';

describe('offers policy', () => {
  it.each([
    [{ exists: false, scoped: false }, 404],
    [{ exists: false, scoped: true }, 404],
    [{ exists: true, scoped: true }, 403],
    [{ exists: true, scoped: false }, 'allow'],
  ] as const)('%o → %s', (facts, expected) => {
    expect(decide(facts)).toBe(expected);
  });
});
