import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from './index.js';

/** Column-type differences between SQLite and PostgreSQL, kept to this one file (ADR 0002). */
export function portable(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    id(table: CreateTableBuilder<any, any>): CreateTableBuilder<any, any> {
      return pg
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    },
    real: pg ? sql`double precision` : sql`real`,
    blob: pg ? sql`bytea` : sql`blob`,
    text: sql`text`,
  };
}

export async function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  options: { unique?: boolean; where?: string } = {},
): Promise<void> {
  let builder = db.schema.createIndex(name).on(table).columns(columns);
  if (options.unique) builder = builder.unique();
  if (options.where) builder = builder.where(sql.raw<boolean>(options.where));
  await builder.execute();
}

/** A trigger that moves score_state.version after `event` on a table (the caches' key, ADR 0006). */
export interface VersionTrigger {
  table: string;
  name: string;
  /** "insert", "delete", "update" or "update of a, b". */
  event: string;
}

/** Creates each trigger: statement-level on PostgreSQL (migration 0006's bump_score_version()), per row on SQLite. */
export async function createVersionTriggers(db: Kysely<any>, dialect: Dialect, triggers: readonly VersionTrigger[]): Promise<void> {
  for (const { table, name, event } of triggers) {
    const on = `after ${event} on ${table}`;
    await sql
      .raw(
        dialect === 'postgres'
          ? `create trigger ${name} ${on} for each statement execute function bump_score_version()`
          : `create trigger ${name} ${on} begin update score_state set version = version + 1 where id = 1; end`,
      )
      .execute(db);
  }
}

/** Drops triggers made by createVersionTriggers (a migration's down). */
export async function dropVersionTriggers(db: Kysely<any>, dialect: Dialect, triggers: readonly VersionTrigger[]): Promise<void> {
  for (const { table, name } of triggers)
    await sql.raw(dialect === 'postgres' ? `drop trigger if exists ${name} on ${table}` : `drop trigger if exists ${name}`).execute(db);
}
