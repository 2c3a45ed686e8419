import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

export async function listNotes(db: Kysely<DB>, playerId: number) {
  const rows = await db
    .selectFrom('notes')
    .select(['id', 'details', 'author_name', 'updated_at'])
    .where('player_id', '=', playerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toNote);
}

/** A notes row as the API shows it. */
export const toNote = (r: { id: number; details: string; author_name: string; updated_at: string }) => ({
  id: r.id,
  notes: r.details,
  authorName: r.author_name,
  dateModified: r.updated_at,
});

export async function findNote(db: Kysely<DB>, playerId: number, noteId: number) {
  return db
    .selectFrom('notes')
    .select(['id', 'details', 'author_name', 'updated_at'])
    .where('id', '=', noteId)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
}

export async function insertNote(
  db: Kysely<DB>,
  v: { player_id: number; author_user_id: number; author_name: string; details: string },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('notes')
    .values({ ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The note keeps its author; dateModified moves. */
export async function updateNote(db: Kysely<DB>, playerId: number, noteId: number, details: string): Promise<boolean> {
  const res = await db
    .updateTable('notes')
    .set({ details, updated_at: nowIso() })
    .where('id', '=', noteId)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteNote(db: Kysely<DB>, playerId: number, noteId: number): Promise<boolean> {
  const res = await db.deleteFrom('notes').where('id', '=', noteId).where('player_id', '=', playerId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function authorName(db: Kysely<DB>, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  return u ? `${u.first_name} ${u.last_name}` : 'Unknown';
}
