import { sql, type Kysely } from 'kysely';
import { isCoachRole, type Level } from '../../../shared/permissions.js';
import type { CoachOption, CoachSummary } from '../../../shared/schemas/team.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { exists } from '../../db/exists.js';

/** All queries of the teams feature. */

type Db = Kysely<DB>;

export interface TeamRow {
  id: number;
  name: string;
  category: string;
  categoryId: number;
  season: string;
  seasonId: number;
  coachName: string;
  coachUser: number;
  coachRole: number;
}

export interface TeamFilter {
  /** null = every team; otherwise only these ids (a coach's own teams). */
  teamIds: readonly number[] | null;
  categoryId?: number;
  coachUserId?: number;
}

/** A team with its category, season and coach; also the base of the analysis landing's team list. */
export function teamsQuery(db: Db) {
  return db
    .selectFrom('teams as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .innerJoin('seasons as s', 's.id', 't.season_id')
    .innerJoin('users as u', 'u.id', 't.coach_user_id')
    .select([
      't.id',
      't.name',
      'c.name as category',
      't.category_id as categoryId',
      's.name as season',
      't.season_id as seasonId',
      'u.first_name',
      'u.last_name',
      't.coach_user_id as coachUser',
      'u.role_id as coachRole',
    ]);
}

type RawTeam = Awaited<ReturnType<ReturnType<typeof teamsQuery>['executeTakeFirstOrThrow']>>;
const toRow = ({ first_name, last_name, ...rest }: RawTeam): TeamRow => ({ ...rest, coachName: `${first_name} ${last_name}` });

// Ordered by lower(name) so SQLite (binary collation) and PostgreSQL (locale collation) agree.
export async function listTeams(db: Db, filter: TeamFilter): Promise<TeamRow[]> {
  let q = teamsQuery(db);
  if (filter.teamIds) q = q.where('t.id', 'in', filter.teamIds.length ? [...filter.teamIds] : [-1]);
  if (filter.categoryId !== undefined) q = q.where('t.category_id', '=', filter.categoryId);
  if (filter.coachUserId !== undefined) q = q.where('t.coach_user_id', '=', filter.coachUserId);
  const rows = await q
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
  return rows.map(toRow);
}

export async function findTeam(db: Db, id: number): Promise<TeamRow | undefined> {
  const row = await teamsQuery(db).where('t.id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

export async function findUser(db: Db, id: number): Promise<CoachSummary | undefined> {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
}

export async function categoryName(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst())?.name;
}

export async function seasonName(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('seasons').select('name').where('id', '=', id).executeTakeFirst())?.name;
}

interface RoleRow {
  id: number;
  title: string;
  admin: number;
  teams: number;
}
const roleIsCoach = (r: RoleRow) => isCoachRole({ admin: r.admin === 1, permissions: { teams: r.teams as Level } });

/** Coach roles per docs/product.md#validation (the shared isCoachRole rule) with their active users, for the selects. */
export async function coachOptions(db: Db): Promise<CoachOption[]> {
  const roles = (
    await db
      .selectFrom('roles')
      .select(['id', 'title', 'admin', 'teams'])
      .orderBy(sql`lower(title)`)
      .execute()
  ).filter(roleIsCoach);
  if (!roles.length) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'role_id'])
    .where('status', '=', 1)
    .where(
      'role_id',
      'in',
      roles.map((r) => r.id),
    )
    .orderBy(sql`lower(first_name)`)
    .orderBy(sql`lower(last_name)`)
    .orderBy('id')
    .execute();
  return roles.map((r) => ({
    id: r.id,
    title: r.title,
    users: users.filter((u) => u.role_id === r.id).map(({ id, first_name, last_name }) => ({ id, first_name, last_name })),
  }));
}

export async function isCoachRoleId(db: Db, roleId: number): Promise<boolean> {
  const role = await db.selectFrom('roles').select(['id', 'title', 'admin', 'teams']).where('id', '=', roleId).executeTakeFirst();
  return !!role && roleIsCoach(role);
}

export interface CoachCandidate {
  id: number;
  email: string;
  roleId: number;
  active: boolean;
  coachRole: boolean;
}

/** Users by e-mail (lower-cased), with whether their role is a coach role; for bulk imports. */
export async function coachesByEmail(db: Db, emails: readonly string[]): Promise<Map<string, CoachCandidate>> {
  const found = new Map<string, CoachCandidate>();
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  // Chunked so a large file stays under every driver's bound-parameter limit.
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.email', 'u.role_id', 'u.status', 'r.id as rid', 'r.title', 'r.admin', 'r.teams'])
      .where('u.email', 'in', unique.slice(i, i + 500))
      .execute();
    for (const u of rows) {
      found.set(u.email, {
        id: u.id,
        email: u.email,
        roleId: u.role_id,
        active: u.status === 1,
        coachRole: roleIsCoach({ id: u.rid, title: u.title, admin: u.admin, teams: u.teams }),
      });
    }
  }
  return found;
}

export async function findCoachCandidate(db: Db, userId: number): Promise<Omit<CoachCandidate, 'coachRole'> | undefined> {
  const u = await db.selectFrom('users').select(['id', 'email', 'role_id', 'status']).where('id', '=', userId).executeTakeFirst();
  return u && { id: u.id, email: u.email, roleId: u.role_id, active: u.status === 1 };
}

/** Team names are unique per club and season, ignoring case. */
export async function teamNameTaken(
  db: Db,
  t: { name: string; categoryId: number; seasonId: number; exceptId?: number },
): Promise<boolean> {
  let q = db
    .selectFrom('teams')
    .select('id')
    .where('category_id', '=', t.categoryId)
    .where('season_id', '=', t.seasonId)
    .where(sql`lower(name)`, '=', t.name.toLowerCase());
  if (t.exceptId !== undefined) q = q.where('id', '!=', t.exceptId);
  return exists(q);
}

export async function teamNamesIn(db: Db, categoryId: number, seasonId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('teams')
    .select('name')
    .where('category_id', '=', categoryId)
    .where('season_id', '=', seasonId)
    .execute();
  return new Set(rows.map((r) => r.name.toLowerCase()));
}

export interface TeamWrite {
  name: string;
  categoryId: number;
  seasonId: number;
  coachUserId: number;
}

const columns = (t: TeamWrite) => ({ name: t.name, category_id: t.categoryId, season_id: t.seasonId, coach_user_id: t.coachUserId });

export async function insertTeam(db: Db, t: TeamWrite): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('teams')
    .values({ ...columns(t), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTeams(db: Db, teams: readonly TeamWrite[]): Promise<number> {
  const now = nowIso();
  let n = 0;
  for (let i = 0; i < teams.length; i += 200) {
    const chunk = teams.slice(i, i + 200);
    await db
      .insertInto('teams')
      .values(chunk.map((t) => ({ ...columns(t), created_at: now, updated_at: now })))
      .execute();
    n += chunk.length;
  }
  return n;
}

export async function updateTeam(db: Db, id: number, t: TeamWrite): Promise<void> {
  await db
    .updateTable('teams')
    .set({ ...columns(t), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the team and its memberships; the players themselves stay. Returns how many lost this team. */
export async function deleteTeam(db: Db, id: number): Promise<number> {
  const members = await db
    .selectFrom('team_players')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', id)
    .executeTakeFirst();
  await db.deleteFrom('team_players').where('team_id', '=', id).execute();
  await db.deleteFrom('teams').where('id', '=', id).execute();
  return Number(members?.n ?? 0);
}
