import { ownAgeGroup, takesAgeGroup } from '../../../shared/age-groups.js';

/**
 * Suggest (ADR 0025): a first pass that fills the unpinned places. Pinned players stay where they are
 * and count towards their team's size and strength; every other candidate still in the running
 * (not released or withdrawn) is placed again, best total first, by a snake draft: the teams pick in
 * order of strength, weakest first, and the order turns round each round. A team picks the best
 * candidate left of its age group (shared/age-groups.ts: a team named "U14…" takes the players whose
 * own group among the draft's teams is U14; a team without a group takes anyone). A team whose target
 * size is reached picks no more; candidates left over stay in the pool. Pure, so it is tested alone.
 */

export interface SuggestTeam {
  team_id: number;
  /** null: no limit. */
  target_size: number | null;
  /** N of the team's "U<N>"; null: no age group. */
  age_group: number | null;
}

export interface SuggestCandidate {
  player_id: number;
  team_id: number | null;
  pinned: boolean;
  decision: string;
  total: number | null;
  birth_year: number | null;
}

/** Released and withdrawn candidates are out of the running: Suggest places them nowhere, the cut lines leave them out. */
export const OUT_OF_RUNNING: ReadonlySet<string> = new Set(['released', 'withdrawn']);

/**
 * Each unpinned candidate's new team (null = pool). Pinned candidates are never in the answer. `year`
 * is the season's year the ages are read in; null places by totals alone.
 */
export function suggest(
  teams: readonly SuggestTeam[],
  candidates: readonly SuggestCandidate[],
  year: number | null = null,
): Map<number, number | null> {
  const state = teams.map((t, order) => ({ ...t, order, count: 0, strength: 0 }));
  const byId = new Map(state.map((t) => [t.team_id, t]));
  for (const c of candidates) {
    const team = c.pinned && c.team_id !== null ? byId.get(c.team_id) : undefined;
    if (!team) continue;
    team.count += 1;
    team.strength += c.total ?? 0;
  }
  const groups = teams.map((t) => t.age_group).filter((g): g is number => g !== null);
  // Each player's own group is read once; the rule is the one a move by hand is checked with.
  const own = new Map(candidates.map((c) => [c.player_id, year === null ? null : ownAgeGroup(c.birth_year, groups, year)]));
  const fits = (c: SuggestCandidate, t: SuggestTeam) => takesAgeGroup(t.age_group, own.get(c.player_id) ?? null, year);
  const free = candidates.filter((c) => !c.pinned);
  const placing = free
    .filter((c) => !OUT_OF_RUNNING.has(c.decision))
    .sort((a, b) => (b.total ?? -1) - (a.total ?? -1) || a.player_id - b.player_id);
  const result = new Map<number, number | null>(free.map((c) => [c.player_id, null]));
  const taken = new Set<number>();

  const order = [...state].sort((a, b) => a.strength - b.strength || a.count - b.count || a.order - b.order);
  const room = (t: (typeof state)[number]) => t.target_size === null || t.count < t.target_size;
  let forward = true;
  while (taken.size < placing.length) {
    const round = forward ? order : [...order].reverse();
    let picked = false;
    for (const team of round) {
      if (!room(team)) continue;
      const c = placing.find((x) => !taken.has(x.player_id) && fits(x, team));
      if (!c) continue;
      taken.add(c.player_id);
      result.set(c.player_id, team.team_id);
      team.count += 1;
      team.strength += c.total ?? 0;
      picked = true;
    }
    if (!picked) break;
    forward = !forward;
  }
  return result;
}
