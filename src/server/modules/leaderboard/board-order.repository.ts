import type { Kysely } from 'kysely';
import { roundPercent } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { BOARD_NAME_ORDER } from './leaderboard.repository.js';

/**
 * The unfiltered players board read in its own order (ADR 0023, migration 0029): a page costs its
 * rows and a few index counts, not a ranking of every player. The order is that of
 * playerTotalsRanked: total, highest first, then lower-cased last name, first name, id. Scored
 * players (total > 0) come off player_scores_board_idx; the others, all at 0, follow by name
 * (players_board_name_idx). Scores are never negative, so nothing sorts below 0.
 */

type Db = Kysely<DB>;
export interface BoardRow {
  id: number;
  total: number;
}

const count = (row: { n: unknown } | undefined) => Number(row?.n ?? 0);
const unscored = (db: Db) =>
  db
    .selectFrom('players as p')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('player_scores as ps').select('ps.player_id').whereRef('ps.player_id', '=', 'p.id').where('ps.total', '>', 0))),
    );

export interface BoardCounts {
  /** Players with a total above 0 (player_scores holds rows of existing players only, migration 0007). */
  scored: number;
  all: number;
}

/** The same for every page of a score version: the board's callers cache it with its pages. */
export async function boardCounts(db: Db): Promise<BoardCounts> {
  const [scored, all] = [
    await db
      .selectFrom('player_scores')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('total', '>', 0)
      .executeTakeFirst(),
    await db
      .selectFrom('players')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ];
  return { scored: count(scored), all: count(all) };
}

/** `limit` rows of the board from `offset`. */
export async function boardSlice(db: Db, offset: number, limit: number, { scored }: BoardCounts): Promise<BoardRow[]> {
  const rows: BoardRow[] = [];
  if (offset < scored) {
    const top = await db
      .selectFrom('player_scores as ps')
      .innerJoin('players as p', 'p.id', 'ps.player_id')
      .select(['p.id', 'ps.total'])
      .where('ps.total', '>', 0)
      .orderBy('ps.total', 'desc')
      .orderBy(BOARD_NAME_ORDER)
      .limit(limit)
      .offset(offset)
      .execute();
    rows.push(...top.map((r) => ({ id: r.id, total: Number(r.total) })));
  }
  if (rows.length < limit) {
    const rest = await unscored(db)
      .select('p.id')
      .orderBy(BOARD_NAME_ORDER)
      .limit(limit - rows.length)
      .offset(Math.max(0, offset - scored))
      .execute();
    rows.push(...rest.map((r) => ({ id: r.id, total: 0 })));
  }
  return rows;
}

/**
 * How many players show a higher total than `total` (rank() compares the rounded figure): those above
 * it, less the few just above whose rounded figure is the same (they share the rank).
 */
export async function shownAbove(db: Db, total: number): Promise<number> {
  const above = count(
    await db
      .selectFrom('player_scores')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('total', '>', total)
      .executeTakeFirst(),
  );
  const shown = roundPercent(total);
  const step = 8;
  let same = 0;
  for (let offset = 0; ; offset += step) {
    const next = await db
      .selectFrom('player_scores')
      .select('total')
      .where('total', '>', total)
      .orderBy('total')
      .limit(step)
      .offset(offset)
      .execute();
    const differs = next.findIndex((r) => roundPercent(Number(r.total)) !== shown);
    if (differs >= 0) return above - same - differs;
    same += next.length;
    if (next.length < step) return above - same;
  }
}
