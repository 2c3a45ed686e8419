import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';

/**
 * ADR 0023: the unfiltered players board is read in its own order, a page at a time, instead of
 * ranking every player at each cache miss. Scored players come off player_scores by total; the rest
 * (total 0) follow by name, the board's tie order (lower-cased last name, first name, id).
 */
export function migration(_database: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`create index player_scores_board_idx on player_scores (total, player_id)`.execute(db);
      await sql`create index players_board_name_idx on players (lower(last_name), lower(first_name), id)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index players_board_name_idx`.execute(db);
      await sql`drop index player_scores_board_idx`.execute(db);
    },
  };
}
