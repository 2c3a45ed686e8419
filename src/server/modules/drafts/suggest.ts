/**
 * Suggest (ADR 0025): a first pass that fills the unpinned places. Pinned players stay where they are
 * and count towards their team's size and strength; every other candidate still in the running
 * (not released or withdrawn) is placed again, best total first, by a snake draft: the teams pick in
 * order of strength, weakest first, and the order turns round each round. A team whose target size
 * is reached picks no more; candidates left over stay in the pool. Pure, so it is tested alone.
 */

export interface SuggestTeam {
  team_id: number;
  /** null: no limit. */
  target_size: number | null;
}

export interface SuggestCandidate {
  player_id: number;
  team_id: number | null;
  pinned: boolean;
  decision: string;
  total: number | null;
}

const OUT_OF_RUNNING = new Set(['released', 'withdrawn']);

/** Each unpinned candidate's new team (null = pool). Pinned candidates are never in the answer. */
export function suggest(teams: readonly SuggestTeam[], candidates: readonly SuggestCandidate[]): Map<number, number | null> {
  const state = teams.map((t, order) => ({ ...t, order, count: 0, strength: 0 }));
  const byId = new Map(state.map((t) => [t.team_id, t]));
  for (const c of candidates) {
    const team = c.pinned && c.team_id !== null ? byId.get(c.team_id) : undefined;
    if (!team) continue;
    team.count += 1;
    team.strength += c.total ?? 0;
  }
  const free = candidates.filter((c) => !c.pinned);
  const placing = free
    .filter((c) => !OUT_OF_RUNNING.has(c.decision))
    .sort((a, b) => (b.total ?? -1) - (a.total ?? -1) || a.player_id - b.player_id);
  const result = new Map<number, number | null>(free.map((c) => [c.player_id, null]));

  const order = [...state].sort((a, b) => a.strength - b.strength || a.count - b.count || a.order - b.order);
  const room = (t: (typeof state)[number]) => t.target_size === null || t.count < t.target_size;
  let next = 0;
  let forward = true;
  while (next < placing.length) {
    const round = forward ? order : [...order].reverse();
    let picked = false;
    for (const team of round) {
      if (next >= placing.length) break;
      if (!room(team)) continue;
      const c = placing[next++]!;
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
