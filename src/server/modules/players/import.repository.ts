import type { Kysely } from 'kysely';
import { chunked } from '../../db/precompiled.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/**
 * Rows per statement of the bulk import: 10,000 players are a few statements, not 10,000. A players
 * chunk binds 9 × 900 values, under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
 */
export const BULK_CHUNK = 900;

export interface NewPlayer {
  first_name: string;
  last_name: string;
  email: string;
  dob: number | null;
  /** Optional (docs/product.md#relative-age); absent reads as none. */
  birth_date?: string | null;
  player_email: string | null;
}

/** Existing players as "first|last|email" keys (lower-cased), looked up by parent e-mail in chunks. */
/** Keys of the players with these parent e-mails among the players of `scope`'s teams (null = every player). */
export async function existingPlayerKeys(db: Kysely<DB>, emails: readonly string[], scope: readonly number[] | null): Promise<Set<string>> {
  if (scope?.length === 0) return new Set();
  const inScope = scope ? db.selectFrom('team_players').select('player_id').where('team_id', 'in', scope) : null;
  const rows = await chunked(
    db,
    [...new Set(emails)],
    BULK_CHUNK,
    (chunk) => {
      const q = db.selectFrom('players').select(['first_name', 'last_name', 'email']).where('email', 'in', chunk);
      return inScope ? q.where('id', 'in', inScope) : q;
    },
    (chunk) => [...chunk, ...(scope ?? [])],
  );
  return new Set(rows.map(playerKey));
}

export const playerKey = (p: { first_name: string; last_name: string; email: string }) =>
  `${p.first_name.toLowerCase()}|${p.last_name.toLowerCase()}|${p.email.toLowerCase()}`;

function playersInsert(db: Kysely<DB>, chunk: readonly NewPlayer[], now: string) {
  return db.insertInto('players').values(
    chunk.map((p) => ({
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
      dob: p.dob,
      birth_date: p.birth_date ?? null,
      player_email: p.player_email,
      video_links: '[]',
      created_at: now,
      updated_at: now,
    })),
  );
}

function playersValues(chunk: readonly NewPlayer[], now: string): unknown[] {
  const values: unknown[] = [];
  for (const p of chunk) values.push(p.first_name, p.last_name, p.email, p.dob, p.birth_date ?? null, p.player_email, '[]', now, now);
  return values;
}

/**
 * Inserts the players and returns their ids in input order. Ids of one multi-row INSERT are
 * allocated in VALUES order on both databases; the names returned with them are checked so a
 * different order can never link a membership or an account to the wrong child.
 */
export async function insertPlayersReturningIds(db: Kysely<DB>, players: readonly NewPlayer[]): Promise<number[]> {
  const now = nowIso();
  const returned = await chunked(
    db,
    players,
    BULK_CHUNK,
    (chunk) => playersInsert(db, chunk, now).returning(['id', 'first_name', 'last_name', 'email']),
    (chunk) => playersValues(chunk, now),
  );
  // One sort across chunks: each chunk's ids follow the previous chunk's.
  returned.sort((a, b) => a.id - b.id);
  const ids: number[] = [];
  for (let j = 0; j < returned.length; j++) {
    const row = returned[j]!;
    const p = players[j]!;
    if (row.first_name !== p.first_name || row.last_name !== p.last_name || row.email !== p.email) {
      throw new Error('bulk insert: returned ids are not in input order');
    }
    ids.push(row.id);
  }
  return ids;
}

export async function insertMemberships(db: Kysely<DB>, teamId: number, playerIds: readonly number[]): Promise<void> {
  await chunked(
    db,
    playerIds,
    BULK_CHUNK,
    (chunk) => db.insertInto('team_players').values(chunk.map((player_id) => ({ team_id: teamId, player_id }))),
    (chunk) => chunk.flatMap((player_id) => [teamId, player_id]),
  );
}
