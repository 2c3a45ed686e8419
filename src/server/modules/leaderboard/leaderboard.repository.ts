import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SETTINGS_DEFAULTS } from '../../../shared/schemas/reference.js';
import type { LeaderboardFilter } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { averageOfUnits } from '../../db/team-units.js';
import { isUnfiltered, playerTotalsQuery, resolveScope, teamAverages, teamMembers } from '../scores/scores.repository.js';

/** Queries of the leaderboards. Totals come from the shared aggregates in scores.repository.ts. */

type Db = Kysely<DB>;

/**
 * The boards' order among equal totals, over `players as p`: every reader of a board sorts by it, and
 * players_board_name_idx (migration 0029) holds it.
 */
export const BOARD_NAME_ORDER = sql`lower(p.last_name), lower(p.first_name), p.id`;

/**
 * Every player in scope with their total, highest first, ties by name. Players without evaluations
 * are on the board with 0. The total is the shared aggregate (playerTotalsQuery). A team's board
 * reads its members only (ADR 0023), in one statement: the memberships, and those players' totals.
 */
export async function playerTotalsRanked(
  db: Db,
  filter: LeaderboardFilter & { teamId?: number },
): Promise<{ id: number; total: number }[]> {
  const { teamId, ...clubFilter } = filter;
  const scope = await resolveScope(db, { ...clubFilter, ...(teamId === undefined ? {} : { teamId }) });
  let q = db
    .selectFrom('players as p')
    .leftJoin(playerTotalsQuery(db, scope).as('pt'), 'pt.player_id', 'p.id')
    .select(['p.id', sql<number>`coalesce(pt.total, 0)`.as('total')]);
  if (teamId !== undefined) q = q.where('p.id', 'in', teamMembers(db, teamId));
  const rows = await q
    .orderBy(sql`coalesce(pt.total, 0)`, 'desc')
    .orderBy(BOARD_NAME_ORDER)
    .execute();
  return rows.map((r) => ({ id: r.id, total: Number(r.total) || 0 }));
}

export interface TeamAverage extends TeamCard {
  playerCount: number;
  averageScore: number;
}

/**
 * Every team (optionally of one club) with its card and average, in name order (the board's tie
 * order). Without a filter the averages are team_scores' rows, kept on write (ADR 0023): one read of a
 * row per team, no aggregate.
 */
export async function teamAveragesByName(db: Db, filter: LeaderboardFilter & { categoryId?: number }): Promise<TeamAverage[]> {
  let q = db
    .selectFrom('teams as t')
    .innerJoin('users as u', 'u.id', 't.coach_user_id')
    .leftJoin('team_scores as ts', 'ts.team_id', 't.id')
    .select(['t.id', 't.name', 't.coach_user_id', 'u.first_name', 'u.last_name', 'ts.players', 'ts.total'])
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id');
  if (filter.categoryId !== undefined) q = q.where('t.category_id', '=', filter.categoryId);
  const teams = await q.execute();
  // A filter is resolved once, inside teamAverages (which reads team_scores too when it covers all data).
  const { categoryId, ...scope } = filter;
  const averages = isUnfiltered(scope)
    ? null
    : await teamAverages(db, { ...scope, ...(categoryId !== undefined ? { teamIds: teams.map((t) => t.id) } : {}) });
  return teams.map((t) => {
    const card = { id: t.id, name: t.name, coachName: `${t.first_name} ${t.last_name}`, coachUser: t.coach_user_id };
    if (averages) return { ...card, ...(averages.get(t.id) ?? { playerCount: 0, averageScore: 0 }) };
    return { ...card, playerCount: t.players ?? 0, averageScore: averageOfUnits(t.players ?? 0, t.total ?? 0) };
  });
}

/**
 * Players whose name contains the text (case-insensitive). 'full': "first last" or "last first".
 * 'initial': only the public form "first L." — a search must not reveal the hidden last name.
 */
export async function playerIdsMatching(db: Db, text: string, names: 'full' | 'initial' = 'full'): Promise<Set<number>> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (name: RawBuilder<unknown>) => sql<boolean>`lower(${name}) like ${pattern} escape '\\'`;
  const rows = await db
    .selectFrom('players')
    .select('id')
    .where(
      names === 'initial'
        ? like(sql`first_name || ' ' || substr(trim(last_name), 1, 1) || '.'`)
        : sql<boolean>`(${like(sql`first_name || ' ' || last_name`)} or ${like(sql`last_name || ' ' || first_name`)})`,
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}

export interface PlayerCard {
  id: number;
  first_name: string;
  last_name: string;
  profile_img: string | null;
}

export async function playerCards(db: Db, ids: readonly number[]): Promise<Map<number, PlayerCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name', 'profile_img'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface BoardCard extends PlayerCard {
  teamIds: number[];
  /** The user ids of the player's teams' coaches. */
  coachUser: number[];
}

/** Cards with each player's team ids and coaches: one statement for a board page. */
export async function boardCards(db: Db, ids: readonly number[]): Promise<Map<number, BoardCard>> {
  const out = new Map<number, BoardCard>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('players as p')
    .leftJoin('team_players as tp', 'tp.player_id', 'p.id')
    .leftJoin('teams as t', 't.id', 'tp.team_id')
    .select(['p.id', 'p.first_name', 'p.last_name', 'p.profile_img', 'tp.team_id', 't.coach_user_id'])
    .where('p.id', 'in', [...ids])
    .orderBy('p.id')
    .orderBy('tp.team_id')
    .execute();
  for (const r of rows) {
    let card = out.get(r.id);
    if (!card) {
      card = { id: r.id, first_name: r.first_name, last_name: r.last_name, profile_img: r.profile_img, teamIds: [], coachUser: [] };
      out.set(r.id, card);
    }
    if (r.team_id === null || r.coach_user_id === null) continue;
    card.teamIds.push(r.team_id);
    if (!card.coachUser.includes(r.coach_user_id)) card.coachUser.push(r.coach_user_id);
  }
  return out;
}

export interface TeamCard {
  id: number;
  name: string;
  coachName: string;
  coachUser: number;
}

export async function teamName(db: Db, teamId: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('teams').select(['id', 'name']).where('id', '=', teamId).executeTakeFirst();
}

/** Levels with their criteria, for the criteria modal. */
export async function levelsWithCriteria(db: Db): Promise<{ id: number; name: string; criteria: { id: number; name: string }[] }[]> {
  const levels = await db.selectFrom('levels').select(['id', 'name']).orderBy('position').orderBy('id').execute();
  const criteria = await db
    .selectFrom('criteria')
    .select(['id', 'name', 'level_id'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return levels.map((l) => ({
    id: l.id,
    name: l.name,
    criteria: criteria.filter((c) => c.level_id === l.id).map((c) => ({ id: c.id, name: c.name })),
  }));
}

export type PublicNames = 'full' | 'initial' | 'off';

/** The admin's public-name setting; a never-saved setting uses the Settings default (SETTINGS_DEFAULTS). */
export async function publicNamesSetting(db: Db): Promise<PublicNames> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'public_leaderboard_names').executeTakeFirst();
  const v = row?.value;
  return v === 'full' || v === 'initial' || v === 'off' ? v : SETTINGS_DEFAULTS.public_leaderboard_names;
}

export async function teamMemberIds(db: Db, teamId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).execute();
  return new Set(rows.map((r) => r.player_id));
}

export interface TeamWithMembers extends TeamCard {
  categoryId: number;
  memberIds: number[];
}

/** Every team with its card, club and member ids, in the teams board's name order (teamAveragesByName). */
export async function teamsWithMembers(db: Db): Promise<TeamWithMembers[]> {
  const teams = await db
    .selectFrom('teams as t')
    .innerJoin('users as u', 'u.id', 't.coach_user_id')
    .select(['t.id', 't.name', 't.category_id', 't.coach_user_id', 'u.first_name', 'u.last_name'])
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
  const members = new Map<number, number[]>();
  for (const r of await db.selectFrom('team_players').select(['team_id', 'player_id']).execute()) {
    const list = members.get(r.team_id) ?? [];
    list.push(r.player_id);
    members.set(r.team_id, list);
  }
  return teams.map((t) => ({
    id: t.id,
    name: t.name,
    coachName: `${t.first_name} ${t.last_name}`,
    coachUser: t.coach_user_id,
    categoryId: t.category_id,
    memberIds: members.get(t.id) ?? [],
  }));
}

/** The levels (each with its criteria ids) and clubs a visitor may choose on the public boards. */
export async function publicChoices(db: Db): Promise<{ levels: Map<number, number[]>; clubs: Set<number> }> {
  const [levels, criteria, clubs] = await Promise.all([
    db.selectFrom('levels').select('id').execute(),
    db.selectFrom('criteria').select(['id', 'level_id']).orderBy('id').execute(),
    db.selectFrom('categories').select('id').execute(),
  ]);
  const byLevel = new Map(levels.map((l) => [l.id, [] as number[]]));
  for (const c of criteria) byLevel.get(c.level_id)?.push(c.id);
  return { levels: byLevel, clubs: new Set(clubs.map((c) => c.id)) };
}
