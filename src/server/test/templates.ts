/**
 * Vitest global setup of the server suite: migrates (and seeds) a database once per run, which each
 * test file then copies — a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL — instead of
 * running every migration and the demo seed again per file. Built afresh each run, so a new migration
 * is always in them. The demo seed reads today from the clock at the run's start.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../cli/seed-demo.js';
import { openDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminQuery, databaseUrl, type TemplateKind, type Templates } from './template-names.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: Templates;
  }
}

async function build(url: string, kind: TemplateKind, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database);
    if (kind === 'demo') await seedDemo(database.db);
    if (dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kinds: TemplateKind[] = ['plain', 'demo'];
  if (process.env.TEST_DB === 'postgres') {
    const server = process.env.TEST_DATABASE_URL;
    if (!server) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const run = `tpl_${randomBytes(4).toString('hex')}`;
    const names = { plain: `${run}_plain`, demo: `${run}_demo` };
    for (const kind of kinds) {
      await adminQuery(server, `create database ${names[kind]}`);
      await build(databaseUrl(server, names[kind]), kind, 'postgres');
    }
    project.provide('dbTemplates', { postgres: names });
    return async () => {
      for (const kind of kinds) await adminQuery(server, `drop database if exists ${names[kind]} with (force)`);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'club-templates-'));
  const files = { plain: join(dir, 'plain.db'), demo: join(dir, 'demo.db') };
  for (const kind of kinds) await build(`sqlite:${files[kind]}`, kind, 'sqlite');
  project.provide('dbTemplates', { sqlite: files });
  return async () => rmSync(dir, { recursive: true, force: true });
}
