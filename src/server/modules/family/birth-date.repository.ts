import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

export async function birthOf(db: Kysely<DB>, playerId: number) {
  return db.selectFrom('players').select(['dob', 'birth_date']).where('id', '=', playerId).executeTakeFirstOrThrow();
}

export async function setBirth(db: Kysely<DB>, playerId: number, v: { dob: number | null; birth_date: string | null }): Promise<void> {
  await db
    .updateTable('players')
    .set({ ...v, updated_at: nowIso() })
    .where('id', '=', playerId)
    .execute();
}
