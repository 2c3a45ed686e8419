import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';

/**
 * One counter per key (ADR 0018): a fixed window (`hits` until `expires_at`) for @fastify/rate-limit,
 * or a backoff (`hits` failures, the next try not before `until`, forgotten at `expires_at`). Times are
 * epoch milliseconds.
 */
export interface RateLimitsTable {
  key: string;
  hits: number;
  expires_at: number;
  until: number;
}

export interface LimitsDB {
  rate_limits: RateLimitsTable;
}

/** The table's one definition: run by migration 0016 on PostgreSQL, compiled for SQLite's own file. */
export function rateLimitsTable(db: Kysely<any>) {
  return db.schema
    .createTable('rate_limits')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull().defaultTo(0));
}

/**
 * SQLite: the counters' own file beside the database (`<file>.limits`), shared by every process that
 * opens that database; in memory for an in-memory database. A counter lost to a power cut is not worth
 * an fsync per request, so it is written without one.
 */
export function openSqliteLimits(file: string): Kysely<LimitsDB> {
  const sqlite = new SQLite(file === ':memory:' ? ':memory:' : `${file}.limits`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<LimitsDB>({ dialect: new SqliteDialect({ database: sqlite }) });
  sqlite.exec(rateLimitsTable(db).compile().sql);
  return db;
}
