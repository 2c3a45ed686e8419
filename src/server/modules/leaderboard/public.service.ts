import type { Kysely } from 'kysely';
import { PUBLIC_BOARD_OFF, publicPeriodStart, type PublicPeriod } from '../../../shared/schemas/leaderboard.js';
import type { DB } from '../../db/types.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { todayDate } from '../../lib/time.js';
import { scoreVersion } from '../scores/scores.repository.js';
import type { BoardRead, PlayersFilter } from './leaderboard.service.js';
import * as repo from './leaderboard.repository.js';

type Db = Kysely<DB>;

/**
 * Visitors see the boards as of a score version read at most every `maxAgeMs`, so a stream of score
 * entries recomputes each public board at most once per interval instead of once per entry. `guard`
 * wraps the aggregates of a cache miss (the public work gate).
 */
export function createPublicReads(db: Db, maxAgeMs: number, guard: NonNullable<BoardRead['guard']>): () => Promise<BoardRead> {
  let held = { version: 0, readAt: -Infinity };
  return async () => {
    const now = Date.now();
    if (now - held.readAt >= maxAgeMs) held = { version: await scoreVersion(db), readAt: now };
    return { version: held.version, guard };
  };
}

/** The period and level a visitor chose as a board filter; a level without criteria is 404. */
export async function publicFilter(db: Db, q: { period: PublicPeriod; level?: number | undefined }): Promise<PlayersFilter> {
  const criteriaIds = q.level === undefined ? undefined : await repo.levelCriteriaIds(db, q.level);
  if (criteriaIds && criteriaIds.length === 0) throw notFound();
  return { from: publicPeriodStart(q.period, todayDate()), criteriaIds };
}

/** How the public boards show names; the admin's 'off' answers every public board 404 with a clear message. */
export async function publicNames(db: Db): Promise<Exclude<repo.PublicNames, 'off'>> {
  const mode = await repo.publicNamesSetting(db);
  if (mode === 'off') throw new HttpError(404, PUBLIC_BOARD_OFF);
  return mode;
}
