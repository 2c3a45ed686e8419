import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { versionedCache } from './score-cache.js';
import { teamAverages } from './scores.repository.js';

type TeamStats = { playerCount: number; averageScore: number };

// The club-wide unfiltered averages of the current score version (ADR 0006).
const clubAverages = versionedCache<Map<number, TeamStats>>(1);

/**
 * Unfiltered player count and average of each given team. The teams page asks for every team on
 * each visit; one club-wide aggregate per score version answers it instead of one per request.
 */
export async function currentTeamAverages(db: Kysely<DB>, teamIds: readonly number[]): Promise<Map<number, TeamStats>> {
  const all = await clubAverages(db, 'all', () => teamAverages(db));
  return new Map(teamIds.map((id) => [id, all.get(id) ?? { playerCount: 0, averageScore: 0 }]));
}
