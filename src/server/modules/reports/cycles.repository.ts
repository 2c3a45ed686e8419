import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

export interface CycleRow {
  id: number;
  name: string;
  season_id: number;
  season_name: string;
  opens_on: string;
  closes_on: string;
  show_team_average: number;
  show_rank: number;
  updated_at: string;
}

const cycleColumns = [
  'c.id',
  'c.name',
  'c.season_id',
  's.name as season_name',
  'c.opens_on',
  'c.closes_on',
  'c.show_team_average',
  'c.show_rank',
  'c.updated_at',
] as const;

/** Cycles newest close first; with `teamIds`, only cycles covering at least one of them. */
export async function listCycles(db: Db, teamIds: readonly number[] | null): Promise<CycleRow[]> {
  let q = db.selectFrom('report_cycles as c').innerJoin('seasons as s', 's.id', 'c.season_id').select(cycleColumns);
  if (teamIds) {
    const ids = teamIds.length ? [...teamIds] : [-1];
    q = q.where((eb) =>
      eb.exists(
        eb.selectFrom('report_cycle_teams as ct').select('ct.team_id').whereRef('ct.cycle_id', '=', 'c.id').where('ct.team_id', 'in', ids),
      ),
    );
  }
  return q.orderBy('c.closes_on', 'desc').orderBy('c.id', 'desc').execute();
}

export async function findCycle(db: Db, id: number): Promise<CycleRow | undefined> {
  return db
    .selectFrom('report_cycles as c')
    .innerJoin('seasons as s', 's.id', 'c.season_id')
    .select(cycleColumns)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** The teams of the given cycles, by name. */
export async function cycleTeams(db: Db, cycleIds: readonly number[]): Promise<{ cycle_id: number; id: number; name: string }[]> {
  if (!cycleIds.length) return [];
  return db
    .selectFrom('report_cycle_teams as ct')
    .innerJoin('teams as t', 't.id', 'ct.team_id')
    .select(['ct.cycle_id', 't.id', 't.name'])
    .where('ct.cycle_id', 'in', [...cycleIds])
    .orderBy('t.name')
    .execute();
}

/** The latest version's state of each report of the given cycles (superseded versions left out). */
export async function reportStates(db: Db, cycleIds: readonly number[]): Promise<{ cycle_id: number; team_id: number; state: string }[]> {
  if (!cycleIds.length) return [];
  return db
    .selectFrom('reports')
    .select(['cycle_id', 'team_id', 'state'])
    .where('cycle_id', 'in', [...cycleIds])
    .where('state', '!=', 'superseded')
    .execute();
}

export async function seasonExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('seasons').select('id').where('id', '=', id).executeTakeFirst());
}

export async function existingTeamIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (
    await db
      .selectFrom('teams')
      .select('id')
      .where('id', 'in', [...ids])
      .execute()
  ).map((r) => r.id);
}

export interface CycleValues {
  name: string;
  season_id: number;
  opens_on: string;
  closes_on: string;
  show_team_average: number;
  show_rank: number;
}

export async function insertCycle(
  db: Db,
  values: CycleValues & { created_by: number; created_at: string; updated_at: string },
): Promise<number> {
  const row = await db.insertInto('report_cycles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCycle(db: Db, id: number, values: CycleValues & { updated_at: string }): Promise<void> {
  await db.updateTable('report_cycles').set(values).where('id', '=', id).execute();
}

/** Sets the cycle's teams; a team that already has reports in the cycle stays (the reports name it). */
export async function replaceCycleTeams(db: Db, cycleId: number, teamIds: readonly number[]): Promise<void> {
  await db.deleteFrom('report_cycle_teams').where('cycle_id', '=', cycleId).execute();
  if (teamIds.length)
    await db
      .insertInto('report_cycle_teams')
      .values(teamIds.map((team_id) => ({ cycle_id: cycleId, team_id })))
      .execute();
}

/** Teams of the cycle that already have a report in it. */
export async function teamsWithReports(db: Db, cycleId: number): Promise<number[]> {
  return (await db.selectFrom('reports').select('team_id').distinct().where('cycle_id', '=', cycleId).execute()).map((r) => r.team_id);
}

export async function cycleCoversTeam(db: Db, cycleId: number, teamId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('report_cycle_teams')
    .select('team_id')
    .where('cycle_id', '=', cycleId)
    .where('team_id', '=', teamId)
    .executeTakeFirst());
}
