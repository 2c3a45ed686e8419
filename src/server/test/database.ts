import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';

export interface TestDatabase extends Database {
  url: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database per test file: SQLite in a temporary WAL file, as in production (a second
 * handle can open it, and the WAL-index watch of ADR 0013 is in every test); a new PostgreSQL database
 * (dropped afterwards) when TEST_DB=postgres, created on the server TEST_DATABASE_URL points at.
 */
export async function freshDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'club-test-'));
    const url = `sqlite:${join(dir, 'club.db')}`;
    const database = openDatabase(url);
    await migrateToLatest(database);
    return {
      ...database,
      url,
      async dispose() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString());
  await migrateToLatest(database);
  return {
    ...database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
