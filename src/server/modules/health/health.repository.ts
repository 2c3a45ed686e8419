import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export async function ping(db: Kysely<DB>): Promise<boolean> {
  const r = await sql<{ ok: number }>`select 1 as ok`.execute(db);
  return Number(r.rows[0]?.ok) === 1;
}
