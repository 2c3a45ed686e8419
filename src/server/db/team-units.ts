/**
 * team_scores keeps Σ of members' totals in millionths, as integers (migration 0030, ADR 0023): it
 * is kept by adding differences, and an integer sum never drifts from a fresh one as a float's would.
 * Triggers, the rebuild and the readers share these so all round alike.
 */
export const TEAM_TOTAL_UNIT = 1_000_000;

/** SQL for a total in units; round() answers the same on both databases, floor() is not in SQLite. */
export const unitsOf = (total: string) => `cast(round(${total} * ${TEAM_TOTAL_UNIT}) as bigint)`;

/** A team's average total from its kept row: Σ in units ÷ members (no members: 0). */
export const averageOfUnits = (players: number, total: number | string): number =>
  players ? Number(total) / TEAM_TOTAL_UNIT / players : 0;
