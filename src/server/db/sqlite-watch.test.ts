import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqliteStatement } from '../test/sqlite-statement.js';
import { changeFeedOf } from './change-feed.js';
import { openDatabase } from './index.js';
import { migrateToLatest } from './migrate.js';
import { SqliteWatch } from './sqlite-watch.js';
import { nowIso } from '../lib/time.js';

/** ADR 0013: what the WAL-index header says about commits, and what the watch answers from memory. */
let dir: string;
let file: string;
let own: SQLite.Database;
let other: SQLite.Database;
let watch: SqliteWatch;

const nextTurn = () => new Promise((r) => setImmediate(r));
const setVersion = (conn: SQLite.Database, version: number) => conn.prepare('update score_state set version = ? where id = 1').run(version);

function open(): SQLite.Database {
  const conn = new SQLite(file);
  conn.pragma('journal_mode = WAL');
  return conn;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'club-watch-'));
  file = join(dir, 'club.db');
  own = open();
  own.exec('create table score_state (id integer primary key, version integer not null); insert into score_state values (1, 1)');
  other = open();
  watch = new SqliteWatch(own, `${file}-shm`);
});

afterEach(() => {
  vi.restoreAllMocks();
  watch.close();
  own.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite watch', () => {
  it('answers the version from memory until something is committed', async () => {
    expect(watch.trusted).toBe(true);
    expect(watch.scoreVersion()).toBe(1);
    await nextTurn();
    const get = vi.spyOn(sqliteStatement, 'get');
    expect(watch.scoreVersion()).toBe(1);
    expect(get).not.toHaveBeenCalled();
  });

  it("sees another connection's commit from the next turn of the event loop, and moves the auth epoch", async () => {
    expect(watch.scoreVersion()).toBe(1);
    const epoch = watch.authEpoch;
    setVersion(other, 2);
    await nextTurn();
    expect(watch.scoreVersion()).toBe(2);
    expect(watch.authEpoch).toBeGreaterThan(epoch);
  });

  it('sees its own commit at once', () => {
    expect(watch.scoreVersion()).toBe(1);
    watch.wrote();
    setVersion(own, 5);
    expect(watch.scoreVersion()).toBe(5);
  });

  it("sees its own INSERT … RETURNING at once through the app's database handle (a reader, yet a write)", async () => {
    const database = openDatabase(`sqlite:${join(dir, 'app.db')}`);
    try {
      await migrateToLatest(database);
      const version = () => changeFeedOf(database.db)!.scoreVersion();
      const before = version()!;
      await nextTurn();
      expect(version()).toBe(before); // from memory now
      const now = nowIso();
      await database.db
        .insertInto('players')
        .values({ first_name: 'Ada', last_name: 'Lane', email: 'ada@example.test', video_links: '[]', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(version()).toBe(before + 1);
    } finally {
      await database.close();
    }
  });

  it('never answers what an open transaction of its own connection has not committed', () => {
    expect(watch.scoreVersion()).toBe(1);
    own.exec('begin');
    watch.wrote();
    setVersion(own, 9);
    expect(watch.scoreVersion()).toBe(1);
    // Nothing in memory yet: the caller must ask through Kysely, which waits for the transaction.
    const fresh = new SqliteWatch(own, `${file}-shm`);
    expect(fresh.scoreVersion()).toBeNull();
    own.exec('rollback');
    expect(fresh.scoreVersion()).toBe(1);
    fresh.close();
  });

  it('is not trusted without a WAL-index to read', () => {
    const memory = new SqliteWatch(new SQLite(':memory:'), ':memory:-shm');
    expect(memory.trusted).toBe(false);
    expect(memory.scoreVersion()).toBeNull();
    const closed = new SqliteWatch(own, `${file}-shm`);
    closed.close();
    expect(closed.trusted).toBe(false);
  });
});
