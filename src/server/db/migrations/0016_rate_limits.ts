import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { rateLimitsTable } from '../limits.js';

/**
 * Rate-limit and sign-in throttle counters shared by every process (issue 25): a restart or a second
 * process no longer starts a fresh budget. On SQLite they live in a file beside the database
 * (`db/limits.ts`), so their commits leave the WAL-index the caches watch (ADR 0013) untouched.
 */
export function migration(database: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      if (database.dialect === 'postgres') await rateLimitsTable(db).execute();
    },
  };
}
