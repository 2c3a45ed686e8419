import { describe, expect, it } from 'vitest';
import { ageOn, dateOfAge } from '../../shared/age.js';
import { decideOwnChoice } from './handover.js';

describe('ages from a birth year', () => {
  it('a player reaches age A on 1 January of birth year + A', () => {
    expect(dateOfAge(2010, 16)).toBe('2026-01-01');
    expect(ageOn(2010, new Date('2025-12-31T23:59:59Z'))).toBe(15);
    expect(ageOn(2010, new Date('2026-01-01T00:00:00Z'))).toBe(16);
  });
});

/** [the caller is the player, the player claimed, decision] */
const choices: [boolean, boolean, ReturnType<typeof decideOwnChoice>][] = [
  [true, true, 'allow'],
  [true, false, 'notClaimed'],
  [false, true, 'notSelf'],
  [false, false, 'notSelf'],
];

describe('who decides what guardians see after the hand-over', () => {
  it.each(choices)('self %s, claimed %s → %s', (self, claimed, want) => {
    expect(decideOwnChoice({ self, claimed })).toBe(want);
  });
});
