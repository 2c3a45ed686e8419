import { describe, expect, it } from 'vitest';
import {
  ageGroupOf,
  ageMismatchText,
  fitsAgeGroup,
  nameAYearOn,
  noTeamForAge,
  outsideAgeGroup,
  ownAgeGroup,
  seasonYear,
} from './age-groups.js';

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

  it("a player's own group among a draft's teams is the youngest they fit", () => {
    // 2026: born 2013 is 13 (U14), born 2014 is 12 (U13), born 2008 is 18 (U19).
    expect(ownAgeGroup(2013, [14, 16, 18], 2026)).toBe(14);
    expect(ownAgeGroup(2014, [16, 14], 2026)).toBe(14);
    expect(ownAgeGroup(2011, [14, 16, 18], 2026)).toBe(16);
    expect(ownAgeGroup(2008, [14, 16, 18], 2026)).toBeNull();
    expect(ownAgeGroup(null, [14], 2026)).toBeNull();
    expect(ownAgeGroup(2013, [], 2026)).toBeNull();
  });

  it('names a move outside the age group, and only then', () => {
    const groups = [14, 18];
    expect(outsideAgeGroup(2013, 14, groups, 2026)).toBeNull();
    expect(outsideAgeGroup(2009, 18, groups, 2026)).toBeNull();
    expect(outsideAgeGroup(2008, null, groups, 2026)).toBeNull();
    expect(outsideAgeGroup(2008, 14, groups, null)).toBeNull();
    const old = outsideAgeGroup(2007, 14, groups, 2025)!;
    expect(ageMismatchText(old)).toBe('Born 2007: U19, this team is U14');
    // Playing up is outside the group too: a U13 in the U18s.
    expect(ageMismatchText(outsideAgeGroup(2014, 18, groups, 2026)!)).toBe('Born 2014: U13, this team is U18');
    expect(ageMismatchText(outsideAgeGroup(null, 14, groups, 2026)!)).toBe('No birth year on record, this team is U14');
  });

  it('says why no team of a draft fits, unless one does', () => {
    expect(noTeamForAge(2008, [14, 18], 2026)).toBe('Born 2008: U19, no team of this draft is for that age');
    expect(noTeamForAge(null, [14], 2026)).toBe('No birth year on record, so no age group of this draft fits');
    expect(noTeamForAge(2008, [14, null], 2026)).toBeNull();
    expect(noTeamForAge(2013, [14, 18], 2026)).toBeNull();
    expect(noTeamForAge(2008, [14], null)).toBeNull();
    expect(noTeamForAge(2008, [], 2026)).toBeNull();
  });
});
