import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { Note } from '../../../shared/schemas/note.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import * as notes from './notes.repository.js';

const noteNotFound = () => notFound('This note does not exist.');

/** docs/product.md#screens NOTES panel: newest first. */
export async function listNotes(db: Kysely<DB>, playerId: number): Promise<Note[]> {
  return notes.listNotes(db, playerId);
}

/** The author is the caller, named as they are now; the note keeps that name. */
export async function addNote(db: Kysely<DB>, actor: Actor, playerId: number, details: string): Promise<Note> {
  return db.transaction().execute(async (trx) => {
    const author_name = await notes.authorName(trx, actor.id);
    const id = await notes.insertNote(trx, { player_id: playerId, author_user_id: actor.id, author_name, details });
    await recordAudit(trx, actor, 'create', 'note', id, `note on player ${playerId}`);
    return notes.toNote((await notes.findNote(trx, playerId, id))!);
  });
}

export async function editNote(db: Kysely<DB>, actor: Actor, playerId: number, noteId: number, details: string): Promise<Note> {
  return db.transaction().execute(async (trx) => {
    const before = await notes.findNote(trx, playerId, noteId);
    if (!before || !(await notes.updateNote(trx, playerId, noteId, details))) throw noteNotFound();
    await recordAudit(
      trx,
      actor,
      'update',
      'note',
      noteId,
      `note on player ${playerId}: ${describeChanges(before, { details }, ['details'])}`,
    );
    return notes.toNote((await notes.findNote(trx, playerId, noteId))!);
  });
}

export async function deleteNote(db: Kysely<DB>, actor: Actor, playerId: number, noteId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await notes.deleteNote(trx, playerId, noteId))) throw noteNotFound();
    await recordAudit(trx, actor, 'delete', 'note', noteId, `note on player ${playerId}`);
  });
}
