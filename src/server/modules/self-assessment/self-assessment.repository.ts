import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

export interface SelfCycleRow {
  id: number;
  name: string;
  season_name: string;
  opens_on: string;
  closes_on: string;
}

/**
 * The cycles a player self-assesses in: those covering one of the player's teams, or for which they
 * have a report or a self-assessment already (a team left since keeps its cycle). Newest close first.
 */
export async function cyclesOfPlayer(db: Db, playerId: number, cycleId?: number): Promise<SelfCycleRow[]> {
  let q = db
    .selectFrom('report_cycles as c')
    .innerJoin('seasons as s', 's.id', 'c.season_id')
    .select(['c.id', 'c.name', 's.name as season_name', 'c.opens_on', 'c.closes_on'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('report_cycle_teams as ct')
            .innerJoin('team_players as tp', 'tp.team_id', 'ct.team_id')
            .select('ct.team_id')
            .whereRef('ct.cycle_id', '=', 'c.id')
            .where('tp.player_id', '=', playerId),
        ),
        eb.exists(eb.selectFrom('reports as r').select('r.id').whereRef('r.cycle_id', '=', 'c.id').where('r.player_id', '=', playerId)),
        eb.exists(
          eb
            .selectFrom('self_assessments as a')
            .select('a.cycle_id')
            .whereRef('a.cycle_id', '=', 'c.id')
            .where('a.player_id', '=', playerId),
        ),
      ]),
    );
  if (cycleId !== undefined) q = q.where('c.id', '=', cycleId);
  return q.orderBy('c.closes_on', 'desc').orderBy('c.id', 'desc').execute();
}

export async function scoresOf(db: Db, playerId: number, cycleIds: readonly number[]) {
  if (!cycleIds.length) return [];
  return db
    .selectFrom('self_assessments')
    .select(['cycle_id', 'criterion_id', 'score', 'updated_at'])
    .where('player_id', '=', playerId)
    .where('cycle_id', 'in', [...cycleIds])
    .execute();
}

/** Per cycle, the snapshot of the player's latest approved (or sent, viewed) report: the coach's side. */
export async function approvedSnapshots(db: Db, playerId: number, cycleIds: readonly number[]): Promise<Map<number, string>> {
  if (!cycleIds.length) return new Map();
  const rows = await db
    .selectFrom('reports')
    .select(['cycle_id', 'version', 'snapshot'])
    .where('player_id', '=', playerId)
    .where('cycle_id', 'in', [...cycleIds])
    .where('state', 'in', ['approved', 'sent', 'viewed'])
    .where('snapshot', 'is not', null)
    .orderBy('version', 'asc')
    .execute();
  return new Map(rows.map((r) => [r.cycle_id, r.snapshot!]));
}

/** The cycles in which a version of the player's report was ever approved (a re-issue or a revoke included). */
export async function everApproved(db: Db, playerId: number, cycleIds: readonly number[]): Promise<Set<number>> {
  if (!cycleIds.length) return new Set();
  const rows = await db
    .selectFrom('reports')
    .select('cycle_id')
    .distinct()
    .where('player_id', '=', playerId)
    .where('cycle_id', 'in', [...cycleIds])
    .where('approved_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.cycle_id));
}

/** Every criterion with its level's kind, in the criteria page's order (the report's catalogue). */
export async function criteriaWithKind(db: Db) {
  return db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'c.name', 'c.description', 'l.kind'])
    .orderBy('l.position')
    .orderBy('c.id')
    .execute();
}

/** Writes the given scores (insert or replace) and deletes the cleared ones, in one transaction. */
export async function saveScores(
  db: Db,
  playerId: number,
  cycleId: number,
  set: readonly { criterion_id: number; score: number }[],
  cleared: readonly number[],
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (cleared.length)
      await trx
        .deleteFrom('self_assessments')
        .where('player_id', '=', playerId)
        .where('cycle_id', '=', cycleId)
        .where('criterion_id', 'in', [...cleared])
        .execute();
    if (set.length)
      await trx
        .insertInto('self_assessments')
        .values(
          set.map((s) => ({
            player_id: playerId,
            cycle_id: cycleId,
            criterion_id: s.criterion_id,
            score: s.score,
            created_at: at,
            updated_at: at,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['player_id', 'cycle_id', 'criterion_id']).doUpdateSet((eb) => ({ score: eb.ref('excluded.score'), updated_at: at })),
        )
        .execute();
  });
}

/** The player's self-assessments for the personal-data export. */
export async function selfAssessmentsForExport(db: Db, playerId: number) {
  return db
    .selectFrom('self_assessments as a')
    .innerJoin('report_cycles as c', 'c.id', 'a.cycle_id')
    .innerJoin('criteria as k', 'k.id', 'a.criterion_id')
    .select(['c.name as cycle', 'k.name as criterion', 'a.score', 'a.updated_at'])
    .where('a.player_id', '=', playerId)
    .orderBy('c.closes_on')
    .orderBy('k.id')
    .execute();
}
