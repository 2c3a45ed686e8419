import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
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

/** Every evaluation (current and superseded) of the given players, oldest first. */
export async function evaluationHistory(db: Db, scope: { playerId: number } | { teamId: number }): Promise<HistoryRow[]> {
  let q = db
    .selectFrom('evaluations as e')
    .select(['e.id', 'e.player_id', 'e.criterion_id', 'e.date', 'e.created_at', 'e.score_percentage', 'e.is_current', 'e.evaluator_name']);
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
  }));
}

export async function criteriaCatalogue(db: Db) {
  const rows = await db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'c.name', 'c.weight', 'c.level_id', 'l.name as level'])
    .orderBy('l.position')
    .orderBy('l.id')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, weight: Number(r.weight) }));
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
