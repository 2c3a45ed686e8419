import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';

/**
 * PostgreSQL tells every app process, at commit, what its in-memory copies depend on (ADR 0011; the
 * listener is db/change-feed.ts):
 * - channel score_version: each score_state.version bump, with the new version;
 * - channel session_auth: whatever can end a session or change its user, role or permissions.
 *   Inserts cannot change a cached session; the last_seen_at touch (an UPDATE, once a minute per
 *   active session) is left out on purpose.
 * No-op on SQLite: there each request still reads its session and the version (in-process, µs).
 */
const AUTH_WATCHED: { table: string; events: string }[] = [
  { table: 'sessions', events: 'delete' },
  { table: 'users', events: 'update or delete' },
  { table: 'roles', events: 'update or delete' },
];

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql
        .raw(
          `create function notify_score_version() returns trigger language plpgsql as $$
            begin perform pg_notify('score_version', new.version::text); return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          'create trigger score_state_notify after update of version on score_state for each row execute function notify_score_version()',
        )
        .execute(db);
      // Identical notifications of one transaction are folded into one by PostgreSQL.
      await sql
        .raw(
          `create function notify_session_auth() returns trigger language plpgsql as $$ begin perform pg_notify('session_auth', ''); return null; end $$`,
        )
        .execute(db);
      for (const { table, events } of AUTH_WATCHED) {
        await sql
          .raw(`create trigger ${table}_session_auth after ${events} on ${table} for each statement execute function notify_session_auth()`)
          .execute(db);
      }
    },
  };
}
