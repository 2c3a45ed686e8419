import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';

/**
 * score_state.version also moves when the cached teams list changes (ADR 0006): the club and season
 * names it shows and a coach's role. Teams themselves and coach names already move it (0006, 0008).
 */
const WATCHED_COLUMNS: Record<string, string> = {
  categories: 'name',
  seasons: 'name',
  users: 'role_id',
};

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const [table, columns] of Object.entries(WATCHED_COLUMNS)) {
        const on = `after update of ${columns} on ${table}`;
        await sql
          .raw(
            dialect === 'postgres'
              ? `create trigger ${table}_list_version ${on} for each statement execute function bump_score_version()`
              : `create trigger ${table}_list_version ${on} begin update score_state set version = version + 1 where id = 1; end`,
          )
          .execute(db);
      }
    },
  };
}
