/**
 * Looks at the database with the project's own openDatabase while the server is down: how many
 * rows of one attempt exist (players, their team memberships, their sign-in accounts) and, on
 * SQLite, PRAGMA integrity_check.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/index.js';
import { accountEmailPrefix, parentEmailPrefix, type Expected } from './import.js';

export interface Inspection {
  counts: Expected;
  integrity: string;
}

export async function inspect(databaseUrl: string, tag: string): Promise<Inspection> {
  const database = openDatabase(databaseUrl);
  try {
    const { db } = database;
    const like = `${parentEmailPrefix(tag)}%`;
    const players = await db
      .selectFrom('players')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', like)
      .executeTakeFirstOrThrow();
    const memberships = await db
      .selectFrom('team_players')
      .innerJoin('players', 'players.id', 'team_players.player_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('players.email', 'like', like)
      .executeTakeFirstOrThrow();
    const accounts = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', `${accountEmailPrefix(tag)}%`)
      .executeTakeFirstOrThrow();
    let integrity = 'n/a';
    if (database.dialect === 'sqlite') {
      const rows = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
      integrity = rows.rows.map((r) => r.integrity_check).join('; ');
    }
    return { counts: { players: Number(players.n), memberships: Number(memberships.n), accounts: Number(accounts.n) }, integrity };
  } finally {
    await database.close();
  }
}

export type Outcome = 'none' | 'all' | 'PARTIAL';

export function outcomeOf(counts: Expected, full: Expected): Outcome {
  const values = [counts.players, counts.memberships, counts.accounts];
  if (values.every((v) => v === 0)) return 'none';
  if (counts.players === full.players && counts.memberships === full.memberships && counts.accounts === full.accounts) return 'all';
  return 'PARTIAL';
}
