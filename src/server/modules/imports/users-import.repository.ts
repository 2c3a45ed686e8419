import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { chunks } from '../evaluations/evaluations.repository.js';

/** SQL of the users import kind (ADR 0021). */

export interface StoredUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role_id: number;
  player_id: number | null;
  updated_at: string;
}

const columns = ['id', 'first_name', 'last_name', 'email', 'role_id', 'player_id', 'updated_at'] as const;

export async function usersByEmails(db: Kysely<DB>, emails: readonly string[]): Promise<StoredUser[]> {
  const out: StoredUser[] = [];
  for (const part of chunks([...new Set(emails)], 500))
    out.push(...(await db.selectFrom('users').select(columns).where('email', 'in', part).execute()));
  return out;
}

export async function usersByIds(db: Kysely<DB>, ids: readonly number[]): Promise<StoredUser[]> {
  const out: StoredUser[] = [];
  for (const part of chunks([...new Set(ids)], 500))
    out.push(...(await db.selectFrom('users').select(columns).where('id', 'in', part).execute()));
  return out;
}

/** How many teams each of these users coaches. */
export async function teamsCoached(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const part of chunks([...new Set(ids)], 500))
    for (const r of await db.selectFrom('teams').select('coach_user_id').where('coach_user_id', 'in', part).execute())
      found.set(r.coach_user_id, (found.get(r.coach_user_id) ?? 0) + 1);
  return found;
}

export async function setAccount(
  db: Kysely<DB>,
  id: number,
  v: { first_name: string; last_name: string; role_id: number; updated_at: string },
  onlyIfWritten?: string,
): Promise<boolean> {
  let q = db.updateTable('users').set(v).where('id', '=', id);
  if (onlyIfWritten !== undefined) q = q.where('updated_at', '=', onlyIfWritten);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Why an account an import created cannot be removed: its owner signed in, it coaches, it was edited. */
export async function laterUserDependencies(db: Kysely<DB>, ids: readonly number[], since: string): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  const add = (id: number, why: string) => {
    const list = found.get(id) ?? [];
    if (!list.includes(why)) found.set(id, [...list, why]);
  };
  for (const part of chunks([...new Set(ids)], 500)) {
    for (const r of await db.selectFrom('sessions').select('user_id').where('user_id', 'in', part).execute())
      add(r.user_id, 'they signed in');
    for (const r of await db.selectFrom('users').select('id').where('id', 'in', part).where('must_change_password', '=', 0).execute())
      add(r.id, 'they chose their password');
    for (const r of await db.selectFrom('teams').select('coach_user_id').where('coach_user_id', 'in', part).execute())
      add(r.coach_user_id, 'they were made a team’s coach');
    for (const r of await db.selectFrom('users').select('id').where('id', 'in', part).where('updated_at', '>', since).execute())
      add(r.id, 'the account was edited');
  }
  return found;
}

export async function deleteUsers(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  for (const part of chunks([...ids], 500)) await db.deleteFrom('users').where('id', 'in', part).execute();
}
