import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/** SQL of the teams import kind (ADR 0021). A club is a category (docs/product.md#data). */

export async function namedRows(db: Kysely<DB>, table: 'categories' | 'seasons'): Promise<{ id: number; name: string }[]> {
  return db.selectFrom(table).select(['id', 'name']).execute();
}

export interface StoredTeam {
  id: number;
  name: string;
  category_id: number;
  season_id: number;
  coach_user_id: number;
  updated_at: string;
}

export async function allTeams(db: Kysely<DB>): Promise<StoredTeam[]> {
  return db.selectFrom('teams').select(['id', 'name', 'category_id', 'season_id', 'coach_user_id', 'updated_at']).execute();
}

export async function teamsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<StoredTeam[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('teams')
    .select(['id', 'name', 'category_id', 'season_id', 'coach_user_id', 'updated_at'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertTeam(
  db: Kysely<DB>,
  t: { name: string; category_id: number; season_id: number; coach_user_id: number },
  now: string,
): Promise<number> {
  const r = await db
    .insertInto('teams')
    .values({ ...t, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setCoach(db: Kysely<DB>, id: number, coachUserId: number, now: string): Promise<void> {
  await db.updateTable('teams').set({ coach_user_id: coachUserId, updated_at: now }).where('id', '=', id).execute();
}

/** Puts the coach back while the team still holds what the import wrote. */
export async function restoreCoach(db: Kysely<DB>, id: number, written: string, coachUserId: number): Promise<boolean> {
  const r = await db
    .updateTable('teams')
    .set({ coach_user_id: coachUserId, updated_at: nowIso() })
    .where('id', '=', id)
    .where('updated_at', '=', written)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Why a team an import created cannot be removed: what was attached to it since. Keyed by team id. */
export async function laterTeamDependencies(db: Kysely<DB>, ids: readonly number[], since: string): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (!ids.length) return found;
  const add = (rows: { team_id: number | null }[], why: string) => {
    for (const r of rows) {
      if (r.team_id === null) continue;
      const list = found.get(r.team_id) ?? [];
      if (!list.includes(why)) found.set(r.team_id, [...list, why]);
    }
  };
  const list = [...ids];
  add(await db.selectFrom('team_players').select('team_id').where('team_id', 'in', list).execute(), 'players joined it');
  add(await db.selectFrom('report_cycle_teams').select('team_id').where('team_id', 'in', list).execute(), 'a report cycle covers it');
  add(await db.selectFrom('reports').select('team_id').where('team_id', 'in', list).execute(), 'reports were written');
  add(await db.selectFrom('draft_teams').select('team_id').where('team_id', 'in', list).execute(), 'a draft uses it');
  add(await db.selectFrom('offers').select('team_id').where('team_id', 'in', list).execute(), 'offers were made');
  add(
    await db.selectFrom('teams').select('rolled_from_team_id as team_id').where('rolled_from_team_id', 'in', list).execute(),
    'a later season was rolled over from it',
  );
  add(
    await db.selectFrom('teams').select('id as team_id').where('id', 'in', list).where('updated_at', '>', since).execute(),
    'it was edited',
  );
  return found;
}

export async function deleteTeams(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .deleteFrom('teams')
      .where('id', 'in', [...ids])
      .execute();
}

/** Clubs, seasons (renames move the engine's list version) and coaches as they are: teams themselves move that version. */
export async function teamFingerprint(db: Kysely<DB>): Promise<string> {
  const parts: string[] = [];
  for (const table of ['categories', 'seasons'] as const) {
    const r = await db
      .selectFrom(table)
      .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(id)`.as('top')])
      .executeTakeFirstOrThrow();
    parts.push(`${r.n}:${r.top ?? 0}`);
  }
  return `${parts.join(':')}:${await usersFingerprint(db)}`;
}

/** User accounts as they are (count, newest id, last change). */
export async function usersFingerprint(db: Kysely<DB>): Promise<string> {
  const r = await db
    .selectFrom('users')
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(id)`.as('top'), sql<string | null>`max(updated_at)`.as('at')])
    .executeTakeFirstOrThrow();
  return `${r.n}:${r.top ?? 0}:${r.at ?? ''}`;
}
