/**
 * Loads a large table the way a restore does: its secondary indexes and triggers set aside, one
 * set-based statement, the indexes built once at the end, then `rebuildScores` recomputes every
 * figure the triggers would have kept (ADR 0023). Row by row, the triggers of the evaluations
 * (score version, player_scores, player_level_scores) made a 10× seed take about half an hour.
 * Only for the benchmark's own temporary database.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../src/server/db/index.js';

interface SetAside {
  restore(): Promise<void>;
}

async function setAsideSqlite(db: Kysely<any>, table: string): Promise<SetAside> {
  const { rows } = await sql<{ type: string; name: string; sql: string }>`
    select type, name, sql from sqlite_master where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null`.execute(db);
  for (const r of rows) await sql.raw(`drop ${r.type} ${r.name}`).execute(db);
  return {
    async restore() {
      // Indexes first: a trigger body may rely on them, never the other way round.
      for (const r of [...rows].sort((a, b) => (a.type === b.type ? 0 : a.type === 'index' ? -1 : 1))) await sql.raw(r.sql).execute(db);
    },
  };
}

async function setAsidePostgres(db: Kysely<any>, table: string): Promise<SetAside> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where tablename = ${table}
      and indexname not in (select conname from pg_constraint)`.execute(db);
  for (const r of rows) await sql.raw(`drop index ${r.indexname}`).execute(db);
  await sql.raw(`alter table ${table} disable trigger user`).execute(db);
  return {
    async restore() {
      for (const r of rows) await sql.raw(r.indexdef).execute(db);
      await sql.raw(`alter table ${table} enable trigger user`).execute(db);
    },
  };
}

export async function withoutIndexesAndTriggers<T>(db: Kysely<any>, dialect: Dialect, table: string, load: () => Promise<T>): Promise<T> {
  const aside = dialect === 'postgres' ? await setAsidePostgres(db, table) : await setAsideSqlite(db, table);
  try {
    return await load();
  } finally {
    await aside.restore();
  }
}

/** `select n from <series>` of 0 … count − 1, in the dialect's own way. */
export function series(dialect: Dialect, count: number): string {
  return dialect === 'postgres'
    ? `(select g::bigint as n from generate_series(0, ${count - 1}) as g) as series`
    : `(with recursive s(n) as (select 0 union all select n + 1 from s where n + 1 < ${count}) select n from s) as series`;
}

/** The ISO date `offset` days after 2024-01-01, as SQL. */
export function dayAfterStart(dialect: Dialect, offset: string): string {
  return dialect === 'postgres'
    ? `to_char(date '2024-01-01' + (${offset})::int, 'YYYY-MM-DD')`
    : `date('2024-01-01', '+' || (${offset}) || ' days')`;
}
