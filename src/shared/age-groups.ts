/**
 * Age groups by the birth-year rule (docs/product.md#season-rollover): a team named with "U<N>" is for
 * players younger than N in the season's year, i.e. born in (year − N + 1) or later. Players carry only
 * a birth year and seasons only a name, so both are read from what the club typed.
 */

const GROUP = /\bU\s?-?(\d{1,2})(?!\d)/i;

/** N of the first "U<N>" in a team's name ("U12 Girls", "u-14"), else null. */
export function ageGroupOf(teamName: string): number | null {
  const m = GROUP.exec(teamName);
  return m ? Number(m[1]) : null;
}

/** The team's name a year on: its age group moves up one ("U12 Girls" → "U13 Girls"); other names stay. */
export function nameAYearOn(teamName: string): string {
  return teamName.replace(GROUP, (whole, n: string) => whole.slice(0, whole.length - n.length) + String(Number(n) + 1));
}

/** The calendar year a season counts ages from: the first year in its name ("2025/26" → 2025). */
export function seasonYear(seasonName: string): number | null {
  const m = /(?:19|20)\d{2}/.exec(seasonName);
  return m ? Number(m[0]) : null;
}

/** Whether a player born in `birthYear` may play in a U<group> team in the season of `year`. */
export function fitsAgeGroup(birthYear: number, group: number, year: number): boolean {
  return year - birthYear < group;
}

/** The youngest age group a player born in `birthYear` fits in the season of `year` ("U13"); null when either is unknown. */
export function ageGroupLabel(birthYear: number | null, year: number | null): string | null {
  if (birthYear === null || year === null || year < birthYear) return null;
  // fitsAgeGroup: year − birthYear < N, so the smallest N is one more than the age in that year.
  return `U${year - birthYear + 1}`;
}
