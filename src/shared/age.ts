/**
 * Players carry a birth year only (`dob`), so every age in the app is read one way
 * (docs/product.md#families): a player born in year Y reaches age A on 1 January of Y + A.
 */

/** The day (YYYY-MM-DD) a player born in `dob` reaches `age`. */
export function dateOfAge(dob: number, age: number): string {
  return `${String(dob + age).padStart(4, '0')}-01-01`;
}

/** The player's age on a day: the calendar year minus the birth year. */
export function ageOn(dob: number, on: Date): number {
  return on.getUTCFullYear() - dob;
}

export const hasReached = (dob: number, age: number, on: Date): boolean => ageOn(dob, on) >= age;

/** The default and the bounds of the club's age settings. */
export const OWN_LOGIN_AGE = { default: 13, min: 6, max: 18 } as const;
export const HANDOVER_AGE = { default: 16, min: 13, max: 18 } as const;
/** The player and the guardians are told this many days before the hand-over date. */
export const HANDOVER_NOTICE_DAYS = 30;
