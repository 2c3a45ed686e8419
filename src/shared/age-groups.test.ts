import { describe, expect, it } from 'vitest';
import { ageGroupOf, fitsAgeGroup, nameAYearOn, seasonYear } from './age-groups.js';

describe('age groups', () => {
  it('reads the group from a team name', () => {
    expect(ageGroupOf('U12 Girls')).toBe(12);
    expect(ageGroupOf('Hawks u-14')).toBe(14);
    expect(ageGroupOf('Senior Men')).toBeNull();
    expect(ageGroupOf('U123')).toBeNull();
  });

  it('moves a name up one year, keeping the rest', () => {
    expect(nameAYearOn('U12 Girls')).toBe('U13 Girls');
    expect(nameAYearOn('Hawks u-9 B')).toBe('Hawks u-10 B');
    expect(nameAYearOn('Senior Men')).toBe('Senior Men');
  });

  it('reads the season year from its name', () => {
    expect(seasonYear('2025/26')).toBe(2025);
    expect(seasonYear('Season 2026-2027')).toBe(2026);
    expect(seasonYear('Autumn')).toBeNull();
  });

  it('applies the birth-year rule: U12 of 2025 → U13 of 2026', () => {
    expect(fitsAgeGroup(2014, 12, 2025)).toBe(true);
    expect(fitsAgeGroup(2014, 13, 2026)).toBe(true);
    expect(fitsAgeGroup(2013, 13, 2026)).toBe(false);
  });
});
