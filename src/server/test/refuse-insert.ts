import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/**
 * Makes the database refuse inserting the row of `table` whose `column` equals `value` (an error in
 * the middle of a statement, as a constraint or a crash would give), runs `body`, then removes it.
 */
export async function withRefusedInsert(
  t: { db: Kysely<DB>; dialect: 'sqlite' | 'postgres' },
  table: string,
  column: string,
  value: string,
  body: () => Promise<void>,
): Promise<void> {
  const name = `${table}_refuse_boom`;
  if (t.dialect === 'postgres') {
    await sql
      .raw(`create or replace function refuse_boom() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`)
      .execute(t.db);
    await sql
      .raw(`create trigger ${name} before insert on ${table} for each row when (new.${column} = '${value}') execute function refuse_boom()`)
      .execute(t.db);
  } else {
    await sql
      .raw(`create trigger ${name} before insert on ${table} when new.${column} = '${value}' begin select raise(abort, 'boom'); end`)
      .execute(t.db);
  }
  try {
    await body();
  } finally {
    await sql.raw(`drop trigger ${name}` + (t.dialect === 'postgres' ? ` on ${table}` : '')).execute(t.db);
  }
}
