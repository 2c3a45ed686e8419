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
