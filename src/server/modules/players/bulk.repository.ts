import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/** Multi-row INSERTs in chunks: 10,000 players are a few dozen statements, not 10,000. */
const CHUNK = 500;

export interface NewPlayer {
  first_name: string;
  last_name: string;
  email: string;
  dob: number | null;
  player_email: string | null;
}

/** Existing players as "first|last|email" keys (lower-cased), looked up by parent e-mail in chunks. */
export async function existingPlayerKeys(db: Kysely<DB>, emails: readonly string[]): Promise<Set<string>> {
  const keys = new Set<string>();
  const unique = [...new Set(emails)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db.selectFrom('players').select(['first_name', 'last_name', 'email']).where('email', 'in', unique.slice(i, i + 1000)).execute();
    for (const r of rows) keys.add(playerKey(r));
  }
  return keys;
}

export const playerKey = (p: { first_name: string; last_name: string; email: string }) =>
  `${p.first_name.toLowerCase()}|${p.last_name.toLowerCase()}|${p.email.toLowerCase()}`;

/**
 * Inserts the players and returns their ids in input order. Ids of one multi-row INSERT are
 * allocated in VALUES order on both databases; the names returned with them are checked so a
 * different order can never link a membership or an account to the wrong child.
 */
export async function insertPlayers(db: Kysely<DB>, players: readonly NewPlayer[]): Promise<number[]> {
  const now = nowIso();
  const ids: number[] = [];
  for (let i = 0; i < players.length; i += CHUNK) {
    const chunk = players.slice(i, i + CHUNK);
    const rows = await db
      .insertInto('players')
      .values(chunk.map((p) => ({ ...p, profile_img: null, video_links: '[]', pdf_file_id: null, created_at: now, updated_at: now })))
      .returning(['id', 'first_name', 'last_name', 'email'])
      .execute();
    rows.sort((a, b) => a.id - b.id);
    rows.forEach((row, j) => {
      const p = chunk[j]!;
      if (row.first_name !== p.first_name || row.last_name !== p.last_name || row.email !== p.email) {
        throw new Error('bulk insert: returned ids are not in input order');
      }
      ids.push(row.id);
    });
  }
  return ids;
}

export async function insertMemberships(db: Kysely<DB>, teamId: number, playerIds: readonly number[]): Promise<void> {
  for (let i = 0; i < playerIds.length; i += CHUNK) {
    await db
      .insertInto('team_players')
      .values(playerIds.slice(i, i + CHUNK).map((player_id) => ({ team_id: teamId, player_id })))
      .execute();
  }
}
