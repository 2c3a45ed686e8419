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

/**
 * A player's own age group among some teams' groups (a draft's teams): the youngest of them the player
 * fits, so a U13 goes with the U14s where the club has no U13 team. null when none fits or the birth
 * year is unknown.
 */
export function ownAgeGroup(birthYear: number | null, groups: readonly number[], year: number): number | null {
  if (birthYear === null) return null;
  let own: number | null = null;
  for (const g of groups) if (fitsAgeGroup(birthYear, g, year) && (own === null || g < own)) own = g;
  return own;
}

/** The rule itself, for a player whose own group is already read: a team without a group, or without a year to read ages in, takes anyone. */
export function takesAgeGroup(teamGroup: number | null, own: number | null, year: number | null): boolean {
  return teamGroup === null || year === null || own === teamGroup;
}

/** A player placed outside their age group: what they are and what the team is. */
export interface AgeMismatch {
  birthYear: number | null;
  /** The player's own "U<N>" by the birth year alone (ageGroupLabel). */
  player: string | null;
  team: number;
}

/**
 * Whether a team (its group; null when its name has none) is outside the player's own age group among
 * `groups`. Never when the team has no group or the season's year is unknown: then ages cannot be read.
 */
export function outsideAgeGroup(
  birthYear: number | null,
  teamGroup: number | null,
  groups: readonly number[],
  year: number | null,
): AgeMismatch | null {
  if (teamGroup === null || year === null) return null;
  if (takesAgeGroup(teamGroup, ownAgeGroup(birthYear, groups, year), year)) return null;
  return { birthYear, player: ageGroupLabel(birthYear, year), team: teamGroup };
}

/** "Born 2007: U19, this team is U14". */
export function ageMismatchText(m: AgeMismatch): string {
  const who = m.birthYear === null ? 'No birth year on record' : `Born ${m.birthYear}${m.player ? `: ${m.player}` : ''}`;
  return `${who}, this team is U${m.team}`;
}

/**
 * Why no team of a draft is of the player's age group ("Born 2008: U19, no team of this draft is for that
 * age"); null when one is (a team without a group takes anyone) or the season's year is unknown.
 */
export function noTeamForAge(birthYear: number | null, teamGroups: readonly (number | null)[], year: number | null): string | null {
  if (year === null || teamGroups.length === 0) return null;
  const groups = teamGroups.filter((g): g is number => g !== null);
  if (groups.length < teamGroups.length || ownAgeGroup(birthYear, groups, year) !== null) return null;
  if (birthYear === null) return 'No birth year on record, so no age group of this draft fits';
  const label = ageGroupLabel(birthYear, year);
  return `Born ${birthYear}${label ? `: ${label}` : ''}, no team of this draft is for that age`;
}
