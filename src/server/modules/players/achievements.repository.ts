import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

function selectAwards(db: Kysely<DB>) {
  return db
    .selectFrom('player_achievements as pa')
    .innerJoin('achievements as a', 'a.id', 'pa.achievement_id')
    .select(['pa.id', 'a.title as achievement', 'pa.achievement_id', 'pa.detail', 'pa.updated_at as dateModified']);
}

export async function listAwards(db: Kysely<DB>, playerId: number) {
  return selectAwards(db).where('pa.player_id', '=', playerId).orderBy('pa.updated_at', 'desc').orderBy('pa.id', 'desc').execute();
}

export async function findAward(db: Kysely<DB>, playerId: number, id: number) {
  return selectAwards(db).where('pa.player_id', '=', playerId).where('pa.id', '=', id).executeTakeFirst();
}

export async function catalogueTitle(db: Kysely<DB>, achievementId: number): Promise<string | null> {
  const row = await db.selectFrom('achievements').select('title').where('id', '=', achievementId).executeTakeFirst();
  return row?.title ?? null;
}

export async function insertAward(
  db: Kysely<DB>,
  v: { player_id: number; achievement_id: number; detail: string; action_by_user_id: number },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('player_achievements')
    .values({ ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAward(
  db: Kysely<DB>,
  playerId: number,
  id: number,
  v: { achievement_id: number; detail: string; action_by_user_id: number },
): Promise<boolean> {
  const res = await db
    .updateTable('player_achievements')
    .set({ ...v, updated_at: nowIso() })
    .where('id', '=', id)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteAward(db: Kysely<DB>, playerId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('player_achievements').where('id', '=', id).where('player_id', '=', playerId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
