import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';

/**
 * score_state.version also moves when a player's name or photo changes (ADR 0006): ties on the
 * boards are ordered by name, and cached board pages carry names and photos.
 */
const COLUMNS = 'first_name, last_name, profile_img';

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql
          .raw(`create trigger players_card_version after update of ${COLUMNS} on players for each statement execute function bump_score_version()`)
          .execute(db);
      } else {
        await sql
          .raw(`create trigger players_card_version after update of ${COLUMNS} on players begin update score_state set version = version + 1 where id = 1; end`)
          .execute(db);
      }
    },
  };
}
