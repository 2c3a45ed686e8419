import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/** All SQL of the players feature except notes, achievements, accounts and bulk (their own files). */

export interface ListFilter {
  /** Teams the viewer may reach (null = all). */
  scope: readonly number[] | null;
  teamId?: number;
  categoryId?: number;
  q?: string;
  /** With ('yes') or without ('no') an evaluation dated within [from, to]. */
  evaluated?: 'yes' | 'no';
  from?: string;
  to?: string;
}

const membersOf = (db: Kysely<DB>) =>
  db.selectFrom('team_players as tp').innerJoin('teams as t', 't.id', 'tp.team_id').select('tp.player_id');

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Players matching the filter; team conditions are one sub-query so a player in two teams counts once.
 * A team or a coach's teams are read from their memberships (`IN`: the members, then their names
 * sorted), a club alone by walking the list's index with an EXISTS per player: a club holds much of
 * the list, a team a few dozen players, whose page would otherwise probe every player (ADR 0023).
 */
export function filteredPlayers(db: Kysely<DB>, f: ListFilter) {
  let q = db.selectFrom('players as p');
  if (f.scope !== null || f.teamId !== undefined || f.categoryId !== undefined) {
    const members = (sub: ReturnType<typeof membersOf>) => {
      if (f.scope !== null) sub = sub.where('tp.team_id', 'in', f.scope.length ? [...f.scope] : [-1]);
      if (f.teamId !== undefined) sub = sub.where('tp.team_id', '=', f.teamId);
      if (f.categoryId !== undefined) sub = sub.where('t.category_id', '=', f.categoryId);
      return sub;
    };
    q =
      f.scope !== null || f.teamId !== undefined
        ? q.where('p.id', 'in', members(membersOf(db)))
        : q.where(({ exists }) => exists(members(membersOf(db).where(sql<boolean>`tp.player_id = p.id`))));
  }
  if (f.evaluated) {
    const { evaluated, from, to } = f;
    q = q.where(({ exists, not, selectFrom }) => {
      let sub = selectFrom('evaluations as e').select('e.id').whereRef('e.player_id', '=', 'p.id');
      if (from) sub = sub.where('e.date', '>=', from);
      if (to) sub = sub.where('e.date', '<=', to);
      return evaluated === 'yes' ? exists(sub) : not(exists(sub));
    });
  }
  if (f.q) {
    const pattern = `%${escapeLike(f.q.toLowerCase())}%`;
    q = q.where(sql<boolean>`lower(p.first_name || ' ' || p.last_name) like ${pattern} escape '\\'`);
  }
  return q;
}

const listColumns = ['p.id', 'p.first_name', 'p.last_name', 'p.email', 'p.player_email', 'p.dob', 'p.birth_date', 'p.profile_img'] as const;

/** The players list's sort key, last name, first name, id: what its cursor holds (index players_list_idx, migration 0021). */
export type PlayerKey = [last_name: string, first_name: string, id: number];

/** A page by number (OFFSET: page N reads N pages of the index) or after a cursor (a seek: any depth costs page 1). */
export interface ListPaging {
  page: number;
  pageSize: number;
  after?: PlayerKey | undefined;
}

/** One page and the key of its last row when more follow (one row more is read to know). */
export async function listPlayers(db: Kysely<DB>, f: ListFilter, { page, pageSize, after }: ListPaging) {
  let q = filteredPlayers(db, f).select([...listColumns]);
  if (after) q = q.where(sql<boolean>`(p.last_name, p.first_name, p.id) > (${after[0]}, ${after[1]}, ${after[2]})`);
  const found = await q
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('p.id')
    .limit(pageSize + 1)
    .offset(after ? 0 : (page - 1) * pageSize)
    .execute();
  const rows = found.slice(0, pageSize);
  const last = rows.at(-1);
  const next: PlayerKey | null = found.length > pageSize && last ? [last.last_name, last.first_name, last.id] : null;
  return { rows, next };
}

/** How many players match the filter (the same on every page of it). */
export async function countPlayers(db: Kysely<DB>, f: ListFilter): Promise<number> {
  const { n } = await filteredPlayers(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface Membership {
  id: number;
  name: string;
  coach: number;
}

/** Teams of each player, in team-id order (the first one is the player's "team"). */
export async function membershipsOf(db: Kysely<DB>, playerIds: readonly number[]): Promise<Map<number, Membership[]>> {
  const map = new Map<number, Membership[]>();
  if (!playerIds.length) return map;
  const rows = await db
    .selectFrom('team_players as tp')
    .innerJoin('teams as t', 't.id', 'tp.team_id')
    .select(['tp.player_id', 't.id', 't.name', 't.coach_user_id'])
    .where('tp.player_id', 'in', [...playerIds])
    .orderBy('t.id')
    .execute();
  for (const r of rows) {
    const list = map.get(r.player_id) ?? [];
    list.push({ id: r.id, name: r.name, coach: r.coach_user_id });
    map.set(r.player_id, list);
  }
  return map;
}

export async function findPlayer(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name', 'email', 'player_email', 'dob', 'birth_date', 'profile_img', 'video_links', 'pdf_file_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function existingTeamIds(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('teams')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

export async function teamIdsOf(db: Kysely<DB>, playerId: number): Promise<number[]> {
  const rows = await db.selectFrom('team_players').select('team_id').where('player_id', '=', playerId).execute();
  return rows.map((r) => r.team_id);
}

/** Teams offered in filters and the team picker, with their club. */
export async function teamOptions(db: Kysely<DB>, scope: readonly number[] | null) {
  let q = db
    .selectFrom('teams as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .select(['t.id', 't.name', 't.category_id as categoryId', 'c.name as category'])
    .orderBy('t.name')
    .orderBy('t.id');
  if (scope !== null) q = q.where('t.id', 'in', scope.length ? [...scope] : [-1]);
  return q.execute();
}

/** Same first name, last name and parent e-mail: almost certainly the same child entered twice. */
/** The same child (names and parent e-mail) among the players of `scope`'s teams (null = every player). */
export async function findDuplicate(
  db: Kysely<DB>,
  p: { first_name: string; last_name: string; email: string },
  exceptId?: number,
  scope: readonly number[] | null = null,
) {
  if (scope?.length === 0) return undefined;
  let q = db
    .selectFrom('players')
    .select('id')
    .where('email', '=', p.email)
    .where(sql<boolean>`lower(first_name) = ${p.first_name.toLowerCase()}`)
    .where(sql<boolean>`lower(last_name) = ${p.last_name.toLowerCase()}`);
  if (scope) q = q.where('id', 'in', db.selectFrom('team_players').select('player_id').where('team_id', 'in', scope));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export interface PlayerValues {
  first_name: string;
  last_name: string;
  player_email: string | null;
  dob: number | null;
  /** Left out by callers that never set it (a walk-up at a session). */
  birth_date?: string | null;
  profile_img: string | null;
}

export async function insertPlayer(db: Kysely<DB>, v: PlayerValues & { email: string }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('players')
    .values({ ...v, video_links: '[]', pdf_file_id: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePlayer(db: Kysely<DB>, id: number, v: PlayerValues): Promise<void> {
  await db
    .updateTable('players')
    .set({ ...v, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Replaces the player's memberships with the given teams. */
export async function setTeams(db: Kysely<DB>, playerId: number, teamIds: readonly number[]): Promise<void> {
  await db.deleteFrom('team_players').where('player_id', '=', playerId).execute();
  if (teamIds.length)
    await db
      .insertInto('team_players')
      .values(teamIds.map((team_id) => ({ team_id, player_id: playerId })))
      .execute();
}

export async function removeFromTeam(db: Kysely<DB>, teamId: number, playerId: number): Promise<boolean> {
  const res = await db.deleteFrom('team_players').where('team_id', '=', teamId).where('player_id', '=', playerId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** What deleting a player takes with it (shown in the confirmation and returned by the delete). */
export async function dependentsOf(db: Kysely<DB>, playerId: number) {
  const count = (table: 'evaluations' | 'notes' | 'player_achievements') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('player_id', '=', playerId)
      .executeTakeFirstOrThrow();
  const [e, n, a] = await Promise.all([count('evaluations'), count('notes'), count('player_achievements')]);
  return { evaluations: Number(e.n), notes: Number(n.n), achievements: Number(a.n) };
}

/** Memberships, evaluations, notes and achievements go by ON DELETE CASCADE. */
export async function deletePlayer(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('players').where('id', '=', id).execute();
}

export async function setAnalysis(db: Kysely<DB>, id: number, videoLinks: readonly string[], pdfFileId: number | null): Promise<void> {
  await db
    .updateTable('players')
    .set({ video_links: JSON.stringify(videoLinks), pdf_file_id: pdfFileId, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}
