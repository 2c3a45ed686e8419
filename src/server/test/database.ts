import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * A fresh, migrated database per test file: SQLite in memory by default; a new PostgreSQL database
 * (dropped afterwards) when TEST_DB=postgres, created on the server TEST_DATABASE_URL points at.
 */
export async function freshDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = openDatabase(':memory:');
    await migrateToLatest(database);
    return { ...database, dispose: () => database.close() };
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
    async dispose() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
