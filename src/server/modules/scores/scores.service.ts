import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { RankingCache } from './score-cache.js';
import { scoreVersion, teamAverages } from './scores.repository.js';

type TeamStats = { playerCount: number; averageScore: number };

// Per database handle: the club-wide unfiltered averages of the current score version (ADR 0006).
const clubAverages = new WeakMap<Kysely<DB>, RankingCache<Map<number, TeamStats>>>();

/**
 * Unfiltered player count and average of each given team. The teams page asks for every team on
 * each visit; one club-wide aggregate per score version answers it instead of one per request.
 */
export async function currentTeamAverages(db: Kysely<DB>, teamIds: readonly number[]): Promise<Map<number, TeamStats>> {
  let cache = clubAverages.get(db);
  if (!cache) clubAverages.set(db, (cache = new RankingCache(1)));
  const version = await scoreVersion(db);
  const all = await cache.get(version, 'all', () => teamAverages(db));
  return new Map(teamIds.map((id) => [id, all.get(id) ?? { playerCount: 0, averageScore: 0 }]));
}
