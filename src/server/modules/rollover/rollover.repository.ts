import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/** All queries of the season rollover. */

type Db = Kysely<DB>;

export function seasonById(db: Db, id: number) {
  return db.selectFrom('seasons').select(['id', 'name', 'closed_at']).where('id', '=', id).executeTakeFirst();
}

/** The source season's teams with club and coach, and the target team already rolled from each. */
export function sourceTeams(db: Db, sourceSeasonId: number, targetSeasonId: number) {
  return db
    .selectFrom('teams as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .innerJoin('users as u', 'u.id', 't.coach_user_id')
    .leftJoin('teams as rolled', (j) => j.onRef('rolled.rolled_from_team_id', '=', 't.id').on('rolled.season_id', '=', targetSeasonId))
    .select([
      't.id',
      't.name',
      't.category_id',
      't.coach_user_id',
      'c.name as club',
      'u.first_name',
      'u.last_name',
      'rolled.id as rolled_id',
    ])
    .where('t.season_id', '=', sourceSeasonId)
    .orderBy('c.name')
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
}

/** Every membership of the source season's teams, with what the age rule needs. */
export function sourceMembers(db: Db, sourceSeasonId: number) {
  return db
    .selectFrom('team_players as tp')
    .innerJoin('teams as t', 't.id', 'tp.team_id')
    .innerJoin('players as p', 'p.id', 'tp.player_id')
    .select(['tp.team_id', 'p.id as player_id', 'p.first_name', 'p.last_name', 'p.dob'])
    .where('t.season_id', '=', sourceSeasonId)
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('p.id')
    .execute();
}

/** Players already in a team of the target season, with that team's name. */
export function placedInSeason(db: Db, seasonId: number) {
  return db
    .selectFrom('team_players as tp')
    .innerJoin('teams as t', 't.id', 'tp.team_id')
    .select(['tp.player_id', 't.name'])
    .where('t.season_id', '=', seasonId)
    .execute();
}

/** The age groups' names of the target season's teams that are not rolled from the source. */
export function otherTargetTeamNames(db: Db, targetSeasonId: number) {
  return db.selectFrom('teams').select('name').where('season_id', '=', targetSeasonId).where('rolled_from_team_id', 'is', null).execute();
}

export interface NewTeam {
  name: string;
  category_id: number;
  coach_user_id: number;
  rolled_from_team_id: number;
}

export async function insertTeams(db: Db, seasonId: number, teams: readonly NewTeam[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  if (teams.length === 0) return ids;
  const now = nowIso();
  const rows = await db
    .insertInto('teams')
    .values(teams.map((t) => ({ ...t, season_id: seasonId, created_at: now, updated_at: now })))
    .returning(['id', 'rolled_from_team_id'])
    .execute();
  for (const r of rows) ids.set(Number(r.rolled_from_team_id), Number(r.id));
  return ids;
}

export async function insertMemberships(db: Db, rows: readonly { team_id: number; player_id: number }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('team_players')
      .values(rows.slice(i, i + 1000))
      .execute();
}

export async function closeSeason(db: Db, seasonId: number): Promise<boolean> {
  const r = await db
    .updateTable('seasons')
    .set({ closed_at: nowIso() })
    .where('id', '=', seasonId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function reopenSeason(db: Db, seasonId: number): Promise<boolean> {
  const r = await db
    .updateTable('seasons')
    .set({ closed_at: null })
    .where('id', '=', seasonId)
    .where('closed_at', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The closed seasons among these teams' (read-only for evaluations), by name. */
export function closedSeasonOfTeams(db: Db, teamIds: readonly number[]) {
  return db
    .selectFrom('teams as t')
    .innerJoin('seasons as s', 's.id', 't.season_id')
    .select(['t.id as team_id', 's.name'])
    .where('t.id', 'in', teamIds.length ? [...teamIds] : [-1])
    .where('s.closed_at', 'is not', null)
    .execute();
}

/**
 * Players of these whose every team is in a closed season (players in no team stay open): the name of
 * one such season per player.
 */
export async function playersOnlyInClosedSeasons(db: Db, playerIds: readonly number[]): Promise<Map<number, string>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('team_players as tp')
    .innerJoin('teams as t', 't.id', 'tp.team_id')
    .innerJoin('seasons as s', 's.id', 't.season_id')
    .select(['tp.player_id', 's.name', 's.closed_at'])
    .where('tp.player_id', 'in', [...playerIds])
    .execute();
  const open = new Set(rows.filter((r) => r.closed_at === null).map((r) => r.player_id));
  const closed = new Map<number, string>();
  for (const r of rows) if (!open.has(r.player_id) && r.closed_at !== null) closed.set(r.player_id, r.name);
  return closed;
}
