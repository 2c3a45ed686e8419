import { ownAgeGroup, takesAgeGroup } from '../../../shared/age-groups.js';
import { tooCloseToCall } from '../../../shared/fair-evaluations.js';
import type { CutRanking, TotalBasis, TotalInterval } from '../../../shared/schemas/draft.js';
import { OUT_OF_RUNNING } from './suggest.js';

/**
 * The draft board's cut lines (docs/product.md#draft-board): the candidates still in the running that a
 * set of teams can take (one age group by the rule Suggest keeps, or anyone), ordered by total, best
 * first (ties by id, as tooCloseToCall orders them), and one line per team with a target size, after
 * its places and those of the teams of the same set before it. A candidate without a total is not in
 * an ordering; one without an interval (not from a session) counts as exactly its total. Pure.
 */

export interface CutTeam {
  team_id: number;
  name: string;
  target_size: number | null;
  age_group: number | null;
}

export interface CutCandidate {
  player_id: number;
  decision: string;
  birth_year: number | null;
  total: number | null;
  interval: TotalInterval | null;
  fair_total: number | null;
  fair_interval: TotalInterval | null;
  /** The raw session figures where `total` is a fair one (a session published on fair scores). */
  raw_total?: number | null;
  raw_interval?: TotalInterval | null;
}

/** The figure a basis orders by: the fair total where the candidate has one, else their one total. */
export function totalOn(
  basis: TotalBasis,
  c: Pick<CutCandidate, 'total' | 'interval' | 'fair_total' | 'fair_interval' | 'raw_total' | 'raw_interval'>,
) {
  if (basis === 'fair' && c.fair_total !== null) return { total: c.fair_total, interval: c.fair_interval };
  // A session published on fair scores shows its fair total as `total`; raw keeps the raw one.
  return c.raw_total != null ? { total: c.raw_total, interval: c.raw_interval ?? null } : { total: c.total, interval: c.interval };
}

const places = (n: number) => `${n} place${n === 1 ? '' : 's'}`;

export function cutLines(
  teams: readonly CutTeam[],
  candidates: readonly CutCandidate[],
  year: number | null,
  basis: TotalBasis,
): CutRanking[] {
  const groups = teams.map((t) => t.age_group).filter((g): g is number => g !== null);
  const own = new Map(candidates.map((c) => [c.player_id, year === null ? null : ownAgeGroup(c.birth_year, groups, year)]));
  // Teams that take the same candidates share one ordering: without a year or a group, anyone.
  const sets = new Map<string, CutTeam[]>();
  for (const t of teams) {
    if (t.target_size === null || t.target_size <= 0) continue;
    const key = t.age_group === null || year === null ? 'any' : String(t.age_group);
    sets.set(key, [...(sets.get(key) ?? []), t]);
  }
  return [...sets.entries()].map(([key, members]) => {
    const first = members[0]!;
    const ranked = candidates
      .filter((c) => !OUT_OF_RUNNING.has(c.decision) && takesAgeGroup(first.age_group, own.get(c.player_id) ?? null, year))
      .map((c) => ({ c, ...totalOn(basis, c) }))
      .filter((x): x is typeof x & { total: number } => x.total !== null)
      .sort((a, b) => b.total - a.total || a.c.player_id - b.c.player_id);
    const list = ranked.map((x) => ({
      id: x.c.player_id,
      total: x.total,
      interval: x.interval ? ([x.interval.low, x.interval.high] as const) : ([x.total, x.total] as const),
    }));
    let sum = 0;
    const lines = members.map((t, i) => {
      sum += t.target_size!;
      const before = members.slice(0, i).map((m) => m.name);
      return {
        team_id: t.team_id,
        label: `${t.name}: ${places(sum)}${before.length ? ` with ${before.join(' and ')}` : ''}`,
        places: sum,
        too_close: tooCloseToCall(list, sum),
      };
    });
    return { label: key === 'any' ? 'All candidates' : `U${key}`, player_ids: list.map((x) => x.id), lines };
  });
}
