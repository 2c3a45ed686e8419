import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { seedDemo } from '../cli/seed-demo.js';
import { openDatabase, type Database } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminQuery, databaseUrl, type TemplateKind } from './template-names.js';

export interface TestDatabase extends Database {
  url: string;
  dispose(): Promise<void>;
}

/**
 * A fresh database per test file, migrated (`plain`) or with the demo club (`demo`): SQLite in a
 * temporary WAL file, as in production (a second handle can open it, and the WAL-index watch of ADR
 * 0013 is in every test); a new PostgreSQL database (dropped afterwards) when TEST_DB=postgres, on the
 * server TEST_DATABASE_URL points at. Each is a copy of the run's template (templates.ts); outside
 * the suite's global setup it is migrated and seeded in place.
 */
export async function freshDatabase(kind: TemplateKind = 'plain'): Promise<TestDatabase> {
  const templates = inject('dbTemplates');
  if (process.env.TEST_DB !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'club-test-'));
    const file = join(dir, 'club.db');
    const template = templates?.sqlite?.[kind];
    if (template) copyFileSync(template, file);
    const url = `sqlite:${file}`;
    const database = openDatabase(url);
    if (!template) await prepare(database, kind);
    return {
      ...database,
      url,
      async dispose() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = templates?.postgres?.[kind];
  await adminQuery(server, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrl(server, name);
  const database = openDatabase(url);
  if (!template) await prepare(database, kind);
  return {
    ...database,
    url,
    async dispose() {
      await database.close();
      await adminQuery(server, `drop database if exists ${name} with (force)`);
    },
  };
}

async function prepare(database: Database, kind: TemplateKind): Promise<void> {
  await migrateToLatest(database);
  if (kind === 'demo') await seedDemo(database.db);
}
