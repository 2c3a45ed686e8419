import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { ChangeFeed, registerChangeFeed } from './change-feed.js';
import { openSqliteLimits, type LimitsDB } from './limits.js';
import { SqliteWatch } from './sqlite-watch.js';
import type { DB } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL: the LISTEN connection behind the in-memory version and session cache (started by buildApp). */
  changes: ChangeFeed | null;
  /** Rate-limit and throttle counters every process shares: this database on PostgreSQL, its own file on SQLite (db/limits.ts). */
  limits: Kysely<LimitsDB>;
  close(): Promise<void>;
}

// pg returns int8 (count, sum of integers) and numeric as strings; normalise to numbers once here.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(url: string): Database {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client lost to a server restart or a terminated backend must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL idle client lost: ${error.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const changes = new ChangeFeed(url);
    registerChangeFeed(db, changes);
    return {
      db,
      dialect: 'postgres',
      changes,
      limits: db as unknown as Kysely<LimitsDB>,
      async close() {
        await changes.stop();
        await db.destroy();
      },
    };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // An in-memory database has no WAL-index to watch: every request queries.
  const watch = file === ':memory:' ? null : new SqliteWatch(sqlite, `${file}-shm`);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => watch?.wrote()) }) });
  if (watch) registerChangeFeed(db, watch);
  const limits = openSqliteLimits(file);
  return {
    db,
    dialect: 'sqlite',
    changes: null,
    limits,
    async close() {
      watch?.close();
      await limits.destroy();
      await db.destroy();
    },
  };
}

/**
 * Kysely prepares every query again and better-sqlite3 compiles on each prepare (a sixth of a cached
 * request's CPU in the benchmark profile); the most recent statements are reused instead. Safe because
 * the dialect runs one query at a time on its single connection.
 */
function withStatementCache(sqlite: SQLite.Database, onWrite: () => void, size = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let stmt = cache.get(text);
      if (stmt) cache.delete(text);
      else {
        stmt = sqlite.prepare(text);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, stmt);
      // Kysely runs each statement right after preparing it; writes include BEGIN and COMMIT, and an
      // INSERT … RETURNING, which is a reader (it returns rows) but not readonly.
      if (!stmt.readonly) onWrite();
      return stmt;
    },
  };
}
