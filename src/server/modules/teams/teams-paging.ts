import type { Team } from '../../../shared/schemas/team.js';

/**
 * Pages of the cached teams list (ADR 0023): the list is held whole per score version and view, in
 * the order of its key [lower-cased name, id], so a page is the slice after the cursor's key, found by
 * binary search: O(log n) + page at any depth. The key, not the team, places the cursor: a team
 * deleted or renamed since still continues at the first key after it; a team added before it is not
 * shown, one added after it is.
 */
export type TeamListKey = [name: string, id: number];

const keyOf = (team: Team): TeamListKey => [team.name.toLowerCase(), team.id];

function compare(a: TeamListKey, b: TeamListKey): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] - b[1];
}

/**
 * The list in key order. The database already sorts by lower(name), id, but its collation (a locale on
 * PostgreSQL) and its lower() (ASCII only on SQLite) need not agree with the comparison the search
 * uses; sorting here by that comparison keeps pages and the whole list in one order. Nearly free on a
 * sorted list (one pass).
 */
export function inKeyOrder(teams: Team[]): Team[] {
  const keyed = teams.map((team) => ({ team, key: keyOf(team) }));
  keyed.sort((a, b) => compare(a.key, b.key));
  return keyed.map((k) => k.team);
}

/** The index of the first team whose key sorts after `key`. */
function firstAfter(list: readonly Team[], key: TeamListKey): number {
  let [lo, hi] = [0, list.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compare(keyOf(list[mid]!), key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function teamListPage(list: readonly Team[], limit: number, after?: TeamListKey): { rows: Team[]; next: TeamListKey | null } {
  const start = after ? firstAfter(list, after) : 0;
  const rows = list.slice(start, start + limit);
  const last = rows.at(-1);
  return { rows, next: start + limit < list.length && last ? keyOf(last) : null };
}
