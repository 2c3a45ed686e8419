import { sql, type Kysely } from 'kysely';
import type { ReportState } from '../../db/types.js';
import type { DB } from '../../db/types.js';

/**
 * The staff dashboard's reads (docs/product.md#dashboard). Each is one statement over a page of the
 * teams the caller reaches (no query per team): the teams with their current cycle, their players'
 * evaluation counts, and their reports by state.
 */

/** One page of teams in (name, id) order: the key of the last team shown (`after`) and how many to read. */
export interface TeamPage {
  limit: number;
  after?: readonly [name: string, id: number] | undefined;
}

/**
 * A page of the scope's teams (null: every team), read one more than asked to tell whether another
 * page follows. Only the page's teams then look up their cycle, so the cost follows the page.
 */
function pageOfTeams(db: Kysely<DB>, scope: readonly number[] | null, page: TeamPage) {
  let q = db.selectFrom('teams as t').select(['t.id', 't.name']);
  if (scope !== null) q = q.where('t.id', 'in', [...scope]);
  const after = page.after;
  if (after) q = q.where((eb) => eb.or([eb('t.name', '>', after[0]), eb.and([eb('t.name', '=', after[0]), eb('t.id', '>', after[1])])]));
  return q
    .orderBy('t.name')
    .orderBy('t.id')
    .limit(page.limit + 1);
}

/** The current cycle of each team of the page: the one whose window holds today, else the latest. */
function currentCycles(db: Kysely<DB>, scope: readonly number[] | null, today: string, page: TeamPage) {
  return db
    .selectFrom(pageOfTeams(db, scope, page).as('p'))
    .select(['p.id as team_id', 'p.name as team_name'])
    .select((eb) =>
      eb
        .selectFrom('report_cycle_teams as rct')
        .innerJoin('report_cycles as rc', 'rc.id', 'rct.cycle_id')
        .select('rc.id')
        .whereRef('rct.team_id', '=', 'p.id')
        .orderBy(sql`case when rc.opens_on <= ${today} and rc.closes_on >= ${today} then 0 else 1 end`)
        .orderBy('rc.closes_on', 'desc')
        .orderBy('rc.id', 'desc')
        .limit(1)
        .as('cycle_id'),
    );
}

export interface TeamCycleRow {
  teamId: number;
  teamName: string;
  cycle: { id: number; name: string; opensOn: string; closesOn: string } | null;
}

/** A page of the scope's teams with their current cycle, and the key after its last team when more follow. */
export async function teamsWithCycle(
  db: Kysely<DB>,
  scope: readonly number[] | null,
  today: string,
  page: TeamPage,
): Promise<{ rows: TeamCycleRow[]; next: [string, number] | null }> {
  if (scope?.length === 0) return { rows: [], next: null };
  const found = await db
    .with('cur', () => currentCycles(db, scope, today, page))
    .selectFrom('cur')
    .leftJoin('report_cycles as c', 'c.id', 'cur.cycle_id')
    .select(['cur.team_id', 'cur.team_name', 'c.id as cycle_id', 'c.name as cycle_name', 'c.opens_on', 'c.closes_on'])
    .orderBy('cur.team_name')
    .orderBy('cur.team_id')
    .execute();
  const rows = found.slice(0, page.limit).map((r) => ({
    teamId: r.team_id,
    teamName: r.team_name,
    cycle: r.cycle_id === null ? null : { id: r.cycle_id, name: r.cycle_name!, opensOn: r.opens_on!, closesOn: r.closes_on! },
  }));
  const last = rows.at(-1);
  return { rows, next: found.length > page.limit && last ? [last.teamName, last.teamId] : null };
}

export interface EvaluationCounts {
  players: number;
  /** Players with an evaluation dated within the current cycle's window. */
  evaluated: number;
  /** Players with no evaluation dated on or after the cut-off. */
  stale: number;
}

export interface TeamWindow {
  teamId: number;
  opensOn: string;
  closesOn: string;
}

/**
 * Per team of a page: its players, those evaluated within its cycle's window (`windows`, chosen by
 * teamsWithCycle), and those with no evaluation since `since`. The windows go in as CASE values: one
 * statement whatever the number of teams, each player probed on evaluations_player_date_idx.
 */
export async function evaluationCounts(
  db: Kysely<DB>,
  teamIds: readonly number[],
  windows: readonly TeamWindow[],
  since: string,
): Promise<Map<number, EvaluationCounts>> {
  if (teamIds.length === 0) return new Map();
  const byTeam = (pick: (w: TeamWindow) => string) =>
    sql`case tp.team_id ${sql.join(
      windows.map((w) => sql`when ${w.teamId} then ${pick(w)}`),
      sql` `,
    )} end`;
  // Any evaluation counts, history included: the player was evaluated on that day.
  const evaluated = windows.length
    ? sql<number>`sum(case when exists (select 1 from evaluations e where e.player_id = tp.player_id and e.date >= ${byTeam((w) => w.opensOn)} and e.date <= ${byTeam((w) => w.closesOn)}) then 1 else 0 end)`
    : sql<number>`0`;
  const rows = await db
    .selectFrom('team_players as tp')
    .select((eb) => [
      'tp.team_id',
      eb.fn.countAll().as('players'),
      evaluated.as('evaluated'),
      sql<number>`sum(case when exists (select 1 from evaluations e where e.player_id = tp.player_id and e.date >= ${since}) then 0 else 1 end)`.as(
        'stale',
      ),
    ])
    .where('tp.team_id', 'in', [...teamIds])
    .groupBy('tp.team_id')
    .execute();
  return new Map(
    rows.map((r) => [r.team_id, { players: Number(r.players), evaluated: Number(r.evaluated ?? 0), stale: Number(r.stale ?? 0) }]),
  );
}

export interface ReportStateCount {
  teamId: number;
  state: ReportState;
  count: number;
  lastViewedAt: string | null;
}

/** Per (team, cycle) pair and state: the reports written for that team in that cycle, the latest version of each player only. */
export async function reportCounts(db: Kysely<DB>, pairs: readonly { teamId: number; cycleId: number }[]): Promise<ReportStateCount[]> {
  if (!pairs.length) return [];
  const wanted = new Set(pairs.map((p) => `${p.teamId}:${p.cycleId}`));
  const rows = await db
    .selectFrom('reports as r')
    .where('r.team_id', 'in', [...new Set(pairs.map((p) => p.teamId))])
    .where('r.cycle_id', 'in', [...new Set(pairs.map((p) => p.cycleId))])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reports as newer')
            .select('newer.id')
            .whereRef('newer.cycle_id', '=', 'r.cycle_id')
            .whereRef('newer.player_id', '=', 'r.player_id')
            .whereRef('newer.version', '>', 'r.version'),
        ),
      ),
    )
    .select((eb) => ['r.team_id', 'r.cycle_id', 'r.state', eb.fn.countAll().as('n'), eb.fn.max('r.viewed_at').as('last_viewed')])
    .groupBy(['r.team_id', 'r.cycle_id', 'r.state'])
    .execute();
  // Both lists are the pairs' own ids; a team's other cycles are dropped here.
  return rows
    .filter((r) => wanted.has(`${r.team_id}:${r.cycle_id}`))
    .map((r) => ({ teamId: r.team_id, state: r.state, count: Number(r.n), lastViewedAt: r.last_viewed ?? null }));
}

export interface GoalCounts {
  active: number;
  dueSoon: number;
  achieved: number;
  withoutGoal: number;
  /** When the team's last report cycle closed (achieved goals count from then), or null. */
  achievedSince: string | null;
}

/**
 * Per team of the dashboard's page, one statement whatever the number of teams: its players' active goals, those
 * due from today to `dueBy`, those achieved since the team's last closed report cycle (all of them
 * without one), and its players without an active goal. The rules are shared/schemas/goal.ts
 * goalMatches', which the team goals view filters with.
 */
export async function goalCounts(
  db: Kysely<DB>,
  teamIds: readonly number[],
  today: string,
  dueBy: string,
): Promise<Map<number, GoalCounts>> {
  if (teamIds.length === 0) return new Map();
  const closed = db
    .selectFrom('report_cycle_teams as rct')
    .innerJoin('report_cycles as rc', 'rc.id', 'rct.cycle_id')
    .select((eb) => ['rct.team_id', eb.fn.max('rc.closes_on').as('closed')])
    .where('rc.closes_on', '<=', today)
    .where('rct.team_id', 'in', [...teamIds])
    .groupBy('rct.team_id');
  const rows = await db
    .with('lc', () => closed)
    .selectFrom('team_players as tp')
    .leftJoin('goals as g', 'g.player_id', 'tp.player_id')
    .leftJoin('lc', 'lc.team_id', 'tp.team_id')
    .select([
      'tp.team_id',
      sql<string | null>`max(lc.closed)`.as('closed'),
      sql<number>`count(case when g.state = 'active' then 1 end)`.as('active'),
      sql<number>`count(case when g.state = 'active' and g.due_on >= ${today} and g.due_on <= ${dueBy} then 1 end)`.as('due_soon'),
      sql<number>`count(case when g.state = 'achieved' and (lc.closed is null or g.state_changed_at >= lc.closed) then 1 end)`.as(
        'achieved',
      ),
      sql<number>`count(distinct tp.player_id) - count(distinct case when g.state = 'active' then tp.player_id end)`.as('without_goal'),
    ])
    .where('tp.team_id', 'in', [...teamIds])
    .groupBy('tp.team_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.team_id,
      {
        active: Number(r.active),
        dueSoon: Number(r.due_soon),
        achieved: Number(r.achieved),
        withoutGoal: Number(r.without_goal),
        achievedSince: r.closed ?? null,
      },
    ]),
  );
}
