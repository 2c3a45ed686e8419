import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';

/**
 * score_state.version also moves when what a cached board page shows changes (ADR 0006): a player's
 * name or photo (ties are ordered by name, too) and a coach's name on the teams board.
 */
const WATCHED_COLUMNS: Record<string, string> = {
  players: 'first_name, last_name, profile_img',
  users: 'first_name, last_name',
};

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const [table, columns] of Object.entries(WATCHED_COLUMNS)) {
        const on = `after update of ${columns} on ${table}`;
        await sql
          .raw(
            dialect === 'postgres'
              ? `create trigger ${table}_card_version ${on} for each statement execute function bump_score_version()`
              : `create trigger ${table}_card_version ${on} begin update score_state set version = version + 1 where id = 1; end`,
          )
          .execute(db);
      }
    },
  };
}
