import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { conflict } from '../../lib/errors.js';
import * as repo from './rollover.repository.js';

type Db = Kysely<DB>;

/**
 * A season closed by a rollover is read-only for evaluations until an admin reopens it (ADR 0024).
 * Scores saved offline before the close still land through the sync: they were taken in that season.
 */

/** Refuses evaluations written through a team of a closed season (409, naming the season). */
export async function assertTeamsOpen(db: Db, teamIds: readonly number[]): Promise<void> {
  const [closed] = await repo.closedSeasonOfTeams(db, teamIds);
  if (closed) throw conflict(closedMessage(closed.name));
}

/** Refuses evaluations of players whose every team is in a closed season. */
export async function assertPlayersOpen(db: Db, playerIds: readonly number[]): Promise<void> {
  const closed = await repo.playersOnlyInClosedSeasons(db, playerIds);
  const [first] = closed.values();
  if (first !== undefined) throw conflict(closedMessage(first));
}

export const closedMessage = (season: string) =>
  `The season ${season} is closed for evaluations. An admin can reopen it on Teams → Roll over a season.`;
