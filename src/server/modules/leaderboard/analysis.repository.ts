import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Direction, MeasureUnit } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { teamsQuery } from '../teams/teams.repository.js';

/** Queries of the analysis landing and the player/team analysis summaries. */

type Db = Kysely<DB>;

/** Restricts a players query (alias p) to members of the given teams. */
export const inTeams = (teamIds: readonly number[]) => (eb: any) =>
  eb.exists(
    eb
      .selectFrom('team_players as tp')
      .select('tp.player_id')
      .whereRef('tp.player_id', '=', 'p.id')
      .where('tp.team_id', 'in', teamIds.length ? [...teamIds] : [-1]),
  );

/** Players (alias p) by last name, first name, id: the order of every players list. */
export const byPlayerName = <Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q =>
  q
    .orderBy(sql`lower(p.last_name)`)
    .orderBy(sql`lower(p.first_name)`)
    .orderBy('p.id') as Q;

/** One page (1-based) of an ordered query. */
export const paged =
  (page: number, pageSize: number) =>
  <Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q =>
    q.limit(pageSize).offset((page - 1) * pageSize) as Q;

export async function analysisPlayers(
  db: Db,
  o: { scopeTeamIds: readonly number[] | null; teamId?: number | undefined; q?: string | undefined; page: number; pageSize: number },
) {
  let q = db.selectFrom('players as p');
  if (o.scopeTeamIds) q = q.where(inTeams(o.scopeTeamIds));
  if (o.teamId !== undefined) q = q.where(inTeams([o.teamId]));
  if (o.q) {
    const pattern = `%${o.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`lower(p.first_name || ' ' || p.last_name || ' ' || p.email) like ${pattern} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    q
      .select(['p.id', 'p.first_name', 'p.last_name', 'p.profile_img', 'p.email'])
      .$call(byPlayerName)
      .$call(paged(o.page, o.pageSize))
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function analysisTeams(
  db: Db,
  o: { scopeTeamIds: readonly number[] | null; categoryId?: number | undefined; teamId?: number },
) {
  let q = teamsQuery(db).select((eb) =>
    eb
      .selectFrom('team_players as tp')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('tp.team_id', '=', 't.id')
      .as('playerCount'),
  );
  if (o.scopeTeamIds) q = q.where('t.id', 'in', o.scopeTeamIds.length ? [...o.scopeTeamIds] : [-1]);
  if (o.categoryId !== undefined) q = q.where('t.category_id', '=', o.categoryId);
  if (o.teamId !== undefined) q = q.where('t.id', '=', o.teamId);
  const rows = await q
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
  return rows.map(({ first_name, last_name, ...r }) => ({
    ...r,
    coachName: `${first_name} ${last_name}`,
    playerCount: Number(r.playerCount ?? 0),
  }));
}

export async function playerHeader(db: Db, playerId: number) {
  const player = await db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name', 'profile_img'])
    .where('id', '=', playerId)
    .executeTakeFirst();
  if (!player) return undefined;
  const teams = await db
    .selectFrom('team_players as tp')
    .innerJoin('teams as t', 't.id', 'tp.team_id')
    .select(['t.id', 't.name'])
    .where('tp.player_id', '=', playerId)
    .orderBy('t.id')
    .execute();
  return { ...player, teams };
}

export interface HistoryRow {
  id: number;
  playerId: number;
  criterionId: number;
  date: string;
  createdAt: string;
  scorePercentage: number;
  isCurrent: boolean;
  evaluator: string;
}

/** A history row with what the progress rule reads. */
export interface ScoredHistoryRow extends HistoryRow {
  /** Points 1–10 (Yes/No: 1/0), what the smallest worthwhile change is in. */
  score: number;
  /** A measured criterion's kept value and how its points were read, else null. */
  measuredValue: number | null;
  pointsBasis: string | null;
}

/** Every evaluation (current and superseded) of the given players, oldest first. */
export async function evaluationHistory(db: Db, scope: { playerId: number } | { teamId: number }): Promise<ScoredHistoryRow[]> {
  let q = db
    .selectFrom('evaluations as e')
    .select([
      'e.id',
      'e.player_id',
      'e.criterion_id',
      'e.date',
      'e.created_at',
      'e.score',
      'e.score_percentage',
      'e.is_current',
      'e.evaluator_name',
      'e.measured_value',
      'e.points_basis',
    ]);
  if ('playerId' in scope) q = q.where('e.player_id', '=', scope.playerId);
  else {
    const teamId = scope.teamId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('team_players as tp')
          .select('tp.player_id')
          .whereRef('tp.player_id', '=', 'e.player_id')
          .where('tp.team_id', '=', teamId),
      ),
    );
  }
  const rows = await q.orderBy('e.date').orderBy('e.created_at').orderBy('e.id').execute();
  return rows.map((r) => ({
    id: r.id,
    playerId: r.player_id,
    criterionId: r.criterion_id,
    date: r.date,
    createdAt: r.created_at,
    scorePercentage: Number(r.score_percentage),
    isCurrent: Number(r.is_current) === 1,
    evaluator: r.evaluator_name,
    score: Number(r.score),
    measuredValue: r.measured_value === null ? null : Number(r.measured_value),
    pointsBasis: r.points_basis,
  }));
}

/** The criteria in level order, with a measured criterion's unit, decimals and direction (null otherwise). */
export async function criteriaCatalogue(db: Db) {
  const rows = await db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .leftJoin('criterion_measures as m', 'm.criterion_id', 'c.id')
    .select(['c.id', 'c.name', 'c.weight', 'c.level_id', 'l.name as level', 'l.kind', 'm.unit', 'm.decimals', 'm.direction'])
    .orderBy('l.position')
    .orderBy('l.id')
    .orderBy('c.id')
    .execute();
  return rows.map(({ unit, decimals, direction, ...r }) => ({
    ...r,
    weight: Number(r.weight),
    measure:
      r.kind === 'measured' && unit !== null
        ? { unit: unit as MeasureUnit, decimals: Number(decimals), direction: direction as Direction }
        : null,
  }));
}

/**
 * Per criterion: Σ over the team's players of the player's score on it (the per-criterion average
 * of current evaluations, as in scores.repository.ts). ÷ playerCount gives the team average.
 */
export async function teamCriterionSums(db: Db, teamId: number): Promise<Map<number, number>> {
  const perPlayer = db
    .selectFrom('evaluations as e')
    .innerJoin('team_players as tp', (j) => j.onRef('tp.player_id', '=', 'e.player_id').on('tp.team_id', '=', teamId))
    .select(['e.player_id', 'e.criterion_id', (eb) => eb.fn.avg<number>('e.score_percentage').as('pct')])
    .where('e.is_current', '=', 1)
    .groupBy(['e.player_id', 'e.criterion_id']);
  const rows = await db
    .selectFrom(perPlayer.as('pc'))
    .select(['pc.criterion_id', (eb) => eb.fn.sum<number>('pc.pct').as('total')])
    .groupBy('pc.criterion_id')
    .execute();
  return new Map(rows.map((r) => [r.criterion_id, Number(r.total) || 0]));
}

export async function teamPlayerCount(db: Db, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('team_players')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
