import { sql, type Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { DB, ReportState, ReportsTable } from '../../db/types.js';

type Db = Kysely<DB>;

export const teamName = (db: Db, teamId: number) =>
  db.selectFrom('teams').select(['id', 'name']).where('id', '=', teamId).executeTakeFirstOrThrow();

export const playerName = (db: Db, playerId: number) =>
  db.selectFrom('players').select(['id', 'first_name', 'last_name']).where('id', '=', playerId).executeTakeFirstOrThrow();

export type ReportRow = Omit<ReportsTable, 'id' | 'version'> & { id: number; version: number };

export async function findReport(db: Db, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst() as Promise<ReportRow | undefined>;
}

// Built once: a team's report and goals pages read it on every request.
const teamPlayersQuery = precompiled((db) =>
  db
    .selectFrom('team_players as tp')
    .innerJoin('players as p', 'p.id', 'tp.player_id')
    .select(['p.id', 'p.first_name', 'p.last_name'])
    .where('tp.team_id', '=', 0)
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('p.id'),
);

/** The team's players by name. */
export function teamPlayers(db: Db, teamId: number): Promise<{ id: number; first_name: string; last_name: string }[]> {
  return teamPlayersQuery(db, [teamId]);
}

/** Every version of every report of the players in a cycle, newest version first. */
export async function cycleReportsOf(db: Db, cycleId: number, playerIds: readonly number[]): Promise<ReportRow[]> {
  if (!playerIds.length) return [];
  return db
    .selectFrom('reports')
    .selectAll()
    .where('cycle_id', '=', cycleId)
    .where('player_id', 'in', [...playerIds])
    .orderBy('version', 'desc')
    .execute() as Promise<ReportRow[]>;
}

/** Per report, its e-mails that failed over SMTP or bounced later (ADR 0020 "Bounces"). */
export async function undeliveredCounts(db: Db, reportIds: readonly number[]): Promise<Map<number, number>> {
  if (!reportIds.length) return new Map();
  const rows = await db
    .selectFrom('report_deliveries')
    .select((eb) => ['report_id', eb.fn.countAll<number>().as('n')])
    .where('report_id', 'in', [...reportIds])
    .where('status', 'in', ['failed', 'bounced'])
    .groupBy('report_id')
    .execute();
  return new Map(rows.map((r) => [r.report_id, Number(r.n)]));
}

export async function insertDrafts(
  db: Db,
  rows: {
    cycle_id: number;
    player_id: number;
    team_id: number;
    version: number;
    created_by: number;
    created_at: string;
    updated_at: string;
  }[],
): Promise<number[]> {
  if (!rows.length) return [];
  const out = await db
    .insertInto('reports')
    .values(rows.map((r) => ({ ...r, state: 'draft' as const, overall_comment: '', criterion_comments: '{}', focus: '[]' })))
    .returning('id')
    .execute();
  return out.map((r) => r.id);
}

export async function insertDraft(
  db: Db,
  row: {
    cycle_id: number;
    player_id: number;
    team_id: number;
    version: number;
    overall_comment: string;
    criterion_comments: string;
    focus: string;
    created_by: number;
    created_at: string;
    updated_at: string;
  },
): Promise<number> {
  return (
    await db
      .insertInto('reports')
      .values({ ...row, state: 'draft' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function maxVersion(db: Db, cycleId: number, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('cycle_id', '=', cycleId)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return Number(row?.v ?? 0);
}

export async function versionsOf(
  db: Db,
  cycleId: number,
  playerId: number,
): Promise<{ id: number; version: number; state: ReportState }[]> {
  return db
    .selectFrom('reports')
    .select(['id', 'version', 'state'])
    .where('cycle_id', '=', cycleId)
    .where('player_id', '=', playerId)
    .orderBy('version')
    .execute();
}

export async function saveDraft(
  db: Db,
  id: number,
  values: { overall_comment: string; criterion_comments: string; focus: string; updated_at: string },
): Promise<boolean> {
  const res = await db.updateTable('reports').set(values).where('id', '=', id).where('state', '=', 'draft').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves a report from one of `from` to a new state; false when another write moved it first. */
export async function moveState(
  db: Db,
  id: number,
  from: readonly ReportState[],
  set: Partial<Pick<ReportsTable, 'snapshot' | 'approved_by' | 'approved_at' | 'revoked_at' | 'sent_at' | 'viewed_at'>> & {
    state: ReportState;
    updated_at: string;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('reports')
    .set(set)
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Players with a report written for the team in the cycle, members of it now or not. */
export async function reportedPlayers(
  db: Db,
  cycleId: number,
  teamId: number,
): Promise<{ id: number; first_name: string; last_name: string }[]> {
  return db
    .selectFrom('reports as r')
    .innerJoin('players as p', 'p.id', 'r.player_id')
    .select(['p.id', 'p.first_name', 'p.last_name'])
    .distinct()
    .where('r.cycle_id', '=', cycleId)
    .where('r.team_id', '=', teamId)
    .execute();
}

/** Drafts of a team in a cycle (latest versions only: older ones are never drafts). */
export async function teamDrafts(
  db: Db,
  cycleId: number,
  teamId: number,
): Promise<(ReportRow & { first_name: string; last_name: string })[]> {
  return db
    .selectFrom('reports as r')
    .innerJoin('players as p', 'p.id', 'r.player_id')
    .selectAll('r')
    .select(['p.first_name', 'p.last_name'])
    .where('r.cycle_id', '=', cycleId)
    .where('r.team_id', '=', teamId)
    .where('r.state', '=', 'draft')
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .execute() as Promise<(ReportRow & { first_name: string; last_name: string })[]>;
}

/* ---------- what a snapshot is built from ---------- */

export interface SnapshotFacts {
  player: { first_name: string; last_name: string };
  team: { name: string };
  cycle: { name: string; season: string; opens_on: string; closes_on: string; show_team_average: number; show_rank: number };
}

export async function snapshotFacts(db: Db, r: { cycle_id: number; player_id: number; team_id: number }): Promise<SnapshotFacts> {
  const [player, team, cycle] = await Promise.all([
    db.selectFrom('players').select(['first_name', 'last_name']).where('id', '=', r.player_id).executeTakeFirstOrThrow(),
    db.selectFrom('teams').select('name').where('id', '=', r.team_id).executeTakeFirstOrThrow(),
    db
      .selectFrom('report_cycles as c')
      .innerJoin('seasons as s', 's.id', 'c.season_id')
      .select(['c.name', 's.name as season', 'c.opens_on', 'c.closes_on', 'c.show_team_average', 'c.show_rank'])
      .where('c.id', '=', r.cycle_id)
      .executeTakeFirstOrThrow(),
  ]);
  return { player, team, cycle };
}

export interface WindowEvaluation {
  id: number;
  player_id: number;
  criterion_id: number;
  date: string;
  created_at: string;
  score_percentage: number;
  score: number;
  /** A measured test's kept value and attempts (JSON); null elsewhere. */
  measured_value: number | null;
  measured_attempts: string | null;
  points_basis: string | null;
  evaluator_user_id: number | null;
  evaluator_name: string;
}

/** Every evaluation of the players dated in the window (both ends inclusive), superseded ones too. */
export async function evaluationsInWindow(db: Db, playerIds: readonly number[], from: string, to: string): Promise<WindowEvaluation[]> {
  if (!playerIds.length) return [];
  const day = sql<string>`(date || '')`;
  const rows = await db
    .selectFrom('evaluations')
    .select([
      'id',
      'player_id',
      'criterion_id',
      'date',
      'created_at',
      'score_percentage',
      'score',
      'measured_value',
      'measured_attempts',
      'points_basis',
      'evaluator_user_id',
      'evaluator_name',
    ])
    .where('player_id', 'in', [...playerIds])
    .where(day, '>=', from)
    .where(day, '<=', to)
    .execute();
  return rows.map((r) => ({
    ...r,
    score_percentage: Number(r.score_percentage),
    score: Number(r.score),
    measured_value: r.measured_value === null ? null : Number(r.measured_value),
  }));
}

/**
 * Every current measurement of these tests with the player's birth year (the age group): what a
 * report's own percentile is read against (the typical error is swc.service's). Only aggregates of it
 * leave the server.
 */
export async function currentMeasured(db: Db, criterionIds: readonly number[]) {
  if (!criterionIds.length) return [];
  const rows = await db
    .selectFrom('evaluations as e')
    .innerJoin('players as p', 'p.id', 'e.player_id')
    .select(['e.player_id', 'e.criterion_id', 'e.date', 'e.measured_value', 'p.dob'])
    .where('e.criterion_id', 'in', [...criterionIds])
    .where('e.is_current', '=', 1)
    .where('e.measured_value', 'is not', null)
    .execute();
  return rows.map((r) => ({ ...r, measured_value: Number(r.measured_value) }));
}

/**
 * Every player's current total, Σ of their current evaluations' score_percentage (player_scores, kept
 * by triggers, ADR 0008; report-progress.test.ts compares it with playerTotal): the spread of these is
 * the total's SWC. Only players with a current evaluation: a player whose evaluations were all deleted
 * keeps a row at 0. Summing every current evaluation instead took seconds at 10× the bench club.
 */
export async function currentTotals(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('player_scores as ps')
    .select('ps.total')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('evaluations as e').select('e.id').whereRef('e.player_id', '=', 'ps.player_id').where('e.is_current', '=', 1)),
    )
    .execute();
  return rows.map((r) => Number(r.total));
}

export async function criteriaCatalogue(
  db: Db,
): Promise<{ id: number; name: string; description: string; weight: number; position: number }[]> {
  const rows = await db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'c.name', 'c.description', 'c.weight', 'l.position'])
    .orderBy('l.position')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, weight: Number(r.weight) }));
}

/**
 * Resources tagged for the given criteria: a resource belongs to a criterion when one of its tags is
 * the criterion's name (any case). Only resources with a link can be sent.
 */
export async function resourcesTagged(
  db: Db,
  names: readonly string[],
): Promise<{ id: number; title: string; tag: string; video_links: string; document_links: string }[]> {
  if (!names.length) return [];
  return db
    .selectFrom('resources as r')
    .innerJoin('resource_tags as t', 't.resource_id', 'r.id')
    .select(['r.id', 'r.title', 't.tag', 'r.video_links', 'r.document_links'])
    .where(
      sql<string>`lower(t.tag)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .orderBy('r.title')
    .execute();
}

/** Distinct evaluators (left out ones excluded) who scored the player in the published sessions of these names. */
export async function tryoutEvaluatorCount(db: Db, playerId: number, sessionNames: readonly string[]): Promise<number> {
  if (!sessionNames.length) return 0;
  const row = await db
    .selectFrom('eval_session_scores as sc')
    .innerJoin('eval_sessions as s', 's.id', 'sc.session_id')
    .innerJoin('eval_session_evaluators as ev', 'ev.id', 'sc.evaluator_id')
    .select((eb) => eb.fn.count<number>(sql`distinct sc.evaluator_id`).as('n'))
    .where('sc.player_id', '=', playerId)
    .where('s.state', '=', 'published')
    .where('s.name', 'in', [...sessionNames])
    .where('ev.excluded', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The player's previous report: the latest sent or viewed version of the cycle closing last before `closesOn`. */
export async function previousSnapshot(db: Db, playerId: number, closesOn: string): Promise<string | null> {
  const row = await db
    .selectFrom('reports as r')
    .innerJoin('report_cycles as c', 'c.id', 'r.cycle_id')
    .select('r.snapshot')
    .where('r.player_id', '=', playerId)
    .where('r.state', 'in', ['sent', 'viewed'])
    .where('c.closes_on', '<', closesOn)
    .orderBy('c.closes_on', 'desc')
    .orderBy('r.version', 'desc')
    .executeTakeFirst();
  return row?.snapshot ?? null;
}
