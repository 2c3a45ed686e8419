import { sql, type Insertable, type Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { DB, GoalCheckInsTable, GoalEventsTable, GoalState, GoalsTable } from '../../db/types.js';

type Db = Kysely<DB>;
/** Ids per IN (…) list, under both drivers' bound-parameter limits. */
const ID_CHUNK = 500;
const chunks = <T>(list: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += ID_CHUNK) out.push(list.slice(i, i + ID_CHUNK));
  return out;
};

/** The player a goal belongs to (policies/goals.ts), or undefined. */
export async function findGoalOwner(db: Db, goalId: number): Promise<number | undefined> {
  const row = await db.selectFrom('goals').select('player_id').where('id', '=', goalId).executeTakeFirst();
  return row?.player_id;
}

function goalQuery(db: Db) {
  return db
    .selectFrom('goals as g')
    .leftJoin('criteria as c', 'c.id', 'g.criterion_id')
    .leftJoin('levels as l', 'l.id', 'c.level_id')
    .leftJoin('reports as sr', 'sr.id', 'g.source_report_id')
    .leftJoin('report_cycles as sc', 'sc.id', 'sr.cycle_id')
    .leftJoin('teams as st', 'st.id', 'g.source_team_id')
    .selectAll('g')
    .select([
      'c.name as criterion_name',
      'l.kind as level_kind',
      'sr.cycle_id as source_cycle_id',
      'sr.team_id as source_report_team_id',
      'sc.name as source_cycle_name',
      'st.name as source_team_name',
      // What a summary says of its events: who proposed it and why it was declined (no event list needed).
      // Literals, not parameters: precompiled queries built on this bind only their own.
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('goal_events as pe')
              .select('pe.id')
              .whereRef('pe.goal_id', '=', 'g.id')
              .where('pe.kind', '=', sql.lit('created'))
              .where('pe.to_state', '=', sql.lit('proposed')),
          )
          .as('proposed_by_player'),
      (eb) =>
        eb
          .selectFrom('goal_events as de')
          .select('de.note')
          .whereRef('de.goal_id', '=', 'g.id')
          .where('de.to_state', '=', sql.lit('declined'))
          .orderBy('de.created_at', 'desc')
          .orderBy('de.id', 'desc')
          .limit(sql.lit(1))
          .as('decline_note'),
    ]);
}
export type GoalRow = Awaited<ReturnType<ReturnType<typeof goalQuery>['executeTakeFirstOrThrow']>>;

/** A player's goals: proposals waiting for the coach, active (soonest due), then closed ones (latest closed first). */
export async function goalsOf(db: Db, playerId: number, visibleOnly: boolean): Promise<GoalRow[]> {
  let q = goalQuery(db).where('g.player_id', '=', playerId);
  // The family sees goals the coach set or accepted, never a proposal still open or declined.
  if (visibleOnly) q = q.where('g.visible_to_family', '=', 1).where('g.state', 'not in', ['proposed', 'declined']);
  return q
    .orderBy(sql`case when g.state = 'proposed' then 0 when g.state = 'active' then 1 else 2 end`)
    .orderBy(sql`case when g.state = 'active' then g.due_on else '' end`)
    .orderBy('g.state_changed_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
}

export async function findGoal(db: Db, goalId: number): Promise<GoalRow | undefined> {
  return goalQuery(db).where('g.id', '=', goalId).executeTakeFirst();
}

const eventColumns = ['id', 'goal_id', 'kind', 'from_state', 'to_state', 'score', 'note', 'user_id', 'by_name', 'created_at'] as const;

export async function eventsOf(db: Db, goalIds: readonly number[]) {
  if (!goalIds.length) return [];
  return db
    .selectFrom('goal_events')
    .select(eventColumns)
    .where('goal_id', 'in', [...goalIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function checkInsOf(db: Db, goalIds: readonly number[]) {
  if (!goalIds.length) return [];
  return db
    .selectFrom('goal_check_ins')
    .select(['id', 'goal_id', 'on_date', 'note', 'practice_count', 'by_name', 'by_player', 'created_at'])
    .where('goal_id', 'in', [...goalIds])
    .orderBy('on_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A criterion with its level's kind, for a new goal. */
export async function findCriterion(db: Db, criterionId: number) {
  return db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'c.name', 'l.kind'])
    .where('c.id', '=', criterionId)
    .executeTakeFirst();
}

/** The player's current evaluation of a criterion (the goal's baseline), or undefined. */
export async function currentEvaluation(db: Db, playerId: number, criterionId: number) {
  return db
    .selectFrom('evaluations')
    .select(['id', 'score', 'date'])
    .where('player_id', '=', playerId)
    .where('criterion_id', '=', criterionId)
    .where('is_current', '=', 1)
    .executeTakeFirst();
}

/**
 * For Suggest goals: per criterion the player has a current score on, that score and the count, Σ and
 * Σ² of the current scores of everyone sharing a team with the player (the player included).
 */
export async function teamStandings(db: Db, playerId: number) {
  const mates = db
    .selectFrom('team_players as mine')
    .innerJoin('team_players as tp', 'tp.team_id', 'mine.team_id')
    .select('tp.player_id')
    .where('mine.player_id', '=', playerId);
  const [own, team] = await Promise.all([
    db
      .selectFrom('evaluations as e')
      .innerJoin('criteria as c', 'c.id', 'e.criterion_id')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select(['e.criterion_id', 'c.name', 'l.kind', 'e.score'])
      .where('e.player_id', '=', playerId)
      .where('e.is_current', '=', 1)
      .execute(),
    db
      .selectFrom('evaluations as e')
      .select((eb) => [
        'e.criterion_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('e.score').as('sum'),
        sql<number>`sum(e.score * e.score)`.as('sum_squares'),
      ])
      .where('e.is_current', '=', 1)
      .where('e.player_id', 'in', mates)
      .groupBy('e.criterion_id')
      .execute(),
  ]);
  return { own, team };
}

export async function activeCriterionIds(db: Db, playerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('goals')
    .select('criterion_id')
    .where('player_id', '=', playerId)
    .where('state', '=', 'active')
    .where('criterion_id', 'is not', null)
    .execute();
  return rows.map((r) => r.criterion_id!);
}

export async function userName(db: Db, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  return u ? `${u.first_name} ${u.last_name}` : 'Unknown';
}

export async function insertEvent(db: Db, row: Insertable<GoalEventsTable>): Promise<void> {
  await db.insertInto('goal_events').values(row).execute();
}

export async function insertCheckIn(db: Db, row: Insertable<GoalCheckInsTable>): Promise<number> {
  return (await db.insertInto('goal_check_ins').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateGoal(
  db: Db,
  goalId: number,
  set: Partial<Pick<GoalsTable, 'target_score' | 'due_on' | 'description' | 'visible_to_family' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('goals').set(set).where('id', '=', goalId).execute();
}

/** Moves a goal from one state (active unless said); false when it was no longer in it (a concurrent move won). */
export async function moveState(db: Db, goalId: number, to: GoalState, at: string, from: GoalState = 'active'): Promise<boolean> {
  const res = await db
    .updateTable('goals')
    .set({ state: to, state_changed_at: at, updated_at: at })
    .where('id', '=', goalId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** An accepted proposal becomes active with the baseline of that moment; false when it was no longer proposed. */
export async function acceptProposal(
  db: Db,
  goalId: number,
  baseline: { baseline_score: number | null; baseline_on: string | null; baseline_evaluation_id: number | null },
  at: string,
): Promise<boolean> {
  const res = await db
    .updateTable('goals')
    .set({
      ...baseline,
      latest_score: null,
      latest_on: null,
      latest_evaluation_id: null,
      state: 'active',
      state_changed_at: at,
      updated_at: at,
    })
    .where('id', '=', goalId)
    .where('state', '=', 'proposed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The active goals on one criterion of some players, each with the pair's current evaluation (the hook's one read per chunk). */
export async function activeGoalsWithCurrent(db: Db, criterionId: number, playerIds: readonly number[]) {
  const out = [];
  for (const part of chunks(playerIds)) {
    const rows = await db
      .selectFrom('goals as g')
      .leftJoin('evaluations as e', (j) =>
        j.onRef('e.player_id', '=', 'g.player_id').onRef('e.criterion_id', '=', 'g.criterion_id').on('e.is_current', '=', 1),
      )
      .select([
        'g.id',
        'g.player_id',
        'g.target_score',
        'g.baseline_evaluation_id',
        'g.latest_evaluation_id',
        'g.latest_score',
        'e.id as evaluation_id',
        'e.score',
        'e.date',
      ])
      .where('g.criterion_id', '=', criterionId)
      .where('g.player_id', 'in', part)
      .where('g.state', '=', 'active')
      .execute();
    out.push(...rows);
  }
  return out;
}

export async function setLatest(
  db: Db,
  goalId: number,
  latest: { latest_score: number | null; latest_on: string | null; latest_evaluation_id: number | null },
  at: string,
): Promise<void> {
  await db
    .updateTable('goals')
    .set({ ...latest, updated_at: at })
    .where('id', '=', goalId)
    .execute();
}

/** Every criterion with the player's current score on it (null: none yet), for the goal form. */
export async function criteriaWithCurrent(db: Db, playerId: number) {
  return db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .leftJoin('evaluations as e', (j) => j.onRef('e.criterion_id', '=', 'c.id').on('e.player_id', '=', playerId).on('e.is_current', '=', 1))
    .select(['c.id', 'c.name', 'l.kind', 'e.score'])
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/** The players' current evaluations of one criterion (a team goal's baselines), chunked under the parameter limits. */
export async function currentEvaluations(db: Db, playerIds: readonly number[], criterionId: number) {
  const out = [];
  for (const part of chunks(playerIds))
    out.push(
      ...(await db
        .selectFrom('evaluations')
        .select(['id', 'player_id', 'score', 'date'])
        .where('criterion_id', '=', criterionId)
        .where('player_id', 'in', part)
        .where('is_current', '=', 1)
        .execute()),
    );
  return out;
}

/** Goals already made from any version of this player's report in the cycle (approving a re-issue makes none twice). */
export async function goalsFromCycleReport(db: Db, cycleId: number, playerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('goals as g')
    .innerJoin('reports as r', 'r.id', 'g.source_report_id')
    .select('g.criterion_id')
    .where('r.cycle_id', '=', cycleId)
    .where('g.player_id', '=', playerId)
    .execute();
  return rows.flatMap((r) => (r.criterion_id === null ? [] : [r.criterion_id]));
}

export async function teamName(db: Db, teamId: number): Promise<string | undefined> {
  return (await db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirst())?.name;
}

/** Every goal of the team's current players (the team goals view), newest first within each player. */
// Built once: at 10× the bench club building this join cost as much as SQLite's answer.
const teamGoalQuery = precompiled((db) =>
  goalQuery(db)
    .where('g.player_id', 'in', db.selectFrom('team_players').select('player_id').where('team_id', '=', 0))
    .orderBy(sql`case when g.state = 'proposed' then 0 when g.state = 'active' then 1 else 2 end`)
    .orderBy('g.due_on')
    .orderBy('g.id', 'desc'),
);

export function teamGoalRows(db: Db, teamId: number): Promise<GoalRow[]> {
  return teamGoalQuery(db, [teamId]);
}

export async function insertGoals(db: Db, rows: Insertable<GoalsTable>[]): Promise<number[]> {
  if (!rows.length) return [];
  const out: number[] = [];
  // Chunked: each row binds about twenty parameters.
  for (let i = 0; i < rows.length; i += 40)
    out.push(
      ...(
        await db
          .insertInto('goals')
          .values(rows.slice(i, i + 40))
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
  return out;
}

export async function insertEvents(db: Db, rows: Insertable<GoalEventsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 60)
    await db
      .insertInto('goal_events')
      .values(rows.slice(i, i + 60))
      .execute();
}

/** When the team's last report cycle closed (on or before today), or undefined: achieved goals count from then. */
const lastCloseQuery = precompiled((db) =>
  db
    .selectFrom('report_cycle_teams as rct')
    .innerJoin('report_cycles as rc', 'rc.id', 'rct.cycle_id')
    .select((eb) => eb.fn.max('rc.closes_on').as('closed'))
    .where('rct.team_id', '=', 0)
    .where('rc.closes_on', '<=', ''),
);

export async function lastCycleClose(db: Db, teamId: number, today: string): Promise<string | undefined> {
  const [row] = await lastCloseQuery(db, [teamId, today]);
  return row?.closed ?? undefined;
}

/**
 * The player's goals made from their reports in the given cycles (a report's things to work on), with
 * the cycle each came from: a report shows those of the previous cycle with their outcome and its own.
 */
export async function goalsFromReportCycles(db: Db, playerId: number, cycleIds: readonly number[]) {
  if (!cycleIds.length) return [];
  return goalQuery(db)
    .innerJoin('reports as fr', 'fr.id', 'g.source_report_id')
    .select('fr.cycle_id as from_cycle_id')
    .where('g.player_id', '=', playerId)
    .where('fr.cycle_id', 'in', [...cycleIds])
    .orderBy('g.id')
    .execute();
}

/** The last cycle before a close (by its close) from which a report of this player made goals, if any. */
export async function previousGoalCycle(db: Db, playerId: number, closesOn: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('goals as g')
    .innerJoin('reports as r', 'r.id', 'g.source_report_id')
    .innerJoin('report_cycles as c', 'c.id', 'r.cycle_id')
    .select('c.id')
    .where('g.player_id', '=', playerId)
    .where('c.closes_on', '<', closesOn)
    .orderBy('c.closes_on', 'desc')
    .orderBy('c.id', 'desc')
    .executeTakeFirst();
  return row?.id;
}
