import { sql, type Kysely } from 'kysely';
import { roundPercent } from '../../../shared/scoring.js';
import type { EvaluatedPlayer } from '../../../shared/schemas/leaderboard.js';
import type { DB } from '../../db/types.js';
import { playerTotals, playerTotalsQuery, teamAverages } from '../scores/scores.repository.js';
import { byPlayerName, inTeams, paged } from './analysis.repository.js';

/** docs/product.md#data "Team evaluation row": players with their current evaluations, playerCount, averageScore. */

type Db = Kysely<DB>;

/** Players of the given teams (null = every player). */
function playersIn(db: Db, teamIds: readonly number[] | null) {
  const q = db.selectFrom('players as p');
  return teamIds ? q.where(inTeams(teamIds)) : q;
}

/** Count and Σ totals of the players in scope, for playerCount and averageScore. */
export async function scopeStats(db: Db, teamIds: readonly number[] | null): Promise<{ playerCount: number; averageScore: number }> {
  const row = await playersIn(db, teamIds)
    .leftJoin(playerTotalsQuery(db).as('pt'), 'pt.player_id', 'p.id')
    .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(pt.total), 0)`.as('sum')])
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  return { playerCount: n, averageScore: n ? roundPercent(Number(row?.sum ?? 0) / n) : 0 };
}

/** One page of players in scope with their current evaluations and totals. */
export async function evaluatedPlayers(
  db: Db,
  teamIds: readonly number[] | null,
  page: number,
  pageSize: number,
): Promise<EvaluatedPlayer[]> {
  const players = await playersIn(db, teamIds)
    .select(['p.id', 'p.first_name', 'p.last_name', 'p.profile_img'])
    .$call(byPlayerName)
    .$call(paged(page, pageSize))
    .execute();
  return withEvaluations(db, players);
}

async function withEvaluations(
  db: Db,
  players: { id: number; first_name: string; last_name: string; profile_img: string | null }[],
): Promise<EvaluatedPlayer[]> {
  const ids = players.map((p) => p.id);
  if (ids.length === 0) return [];
  const [evaluations, totals] = await Promise.all([
    db
      .selectFrom('evaluations as e')
      .innerJoin('criteria as c', 'c.id', 'e.criterion_id')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select([
        'e.id',
        'e.player_id',
        'e.criterion_id',
        'c.name',
        'l.name as level_name',
        'e.score',
        'e.score_percentage',
        'e.evaluator_name',
        'e.date',
      ])
      .where('e.is_current', '=', 1)
      .where('e.player_id', 'in', ids)
      .orderBy('l.position')
      .orderBy('c.id')
      .execute(),
    playerTotals(db, { playerIds: ids }),
  ]);
  const byPlayer = new Map<number, EvaluatedPlayer['evaluations']>();
  for (const e of evaluations) {
    const list = byPlayer.get(e.player_id) ?? [];
    list.push({
      id: e.id,
      criteria_id: e.criterion_id,
      criteria: e.name,
      level_name: e.level_name,
      score: Number(e.score),
      score_percentage: roundPercent(Number(e.score_percentage)),
      evaluator_name: e.evaluator_name,
      date: e.date,
    });
    byPlayer.set(e.player_id, list);
  }
  return players.map((p) => ({ ...p, totalScore: roundPercent(totals.get(p.id) ?? 0), evaluations: byPlayer.get(p.id) ?? [] }));
}

/** A page of teams (by name), each as a team evaluation row. */
export async function teamRows(
  db: Db,
  o: { scopeTeamIds: readonly number[] | null; teamId?: number | undefined; page: number; pageSize: number },
) {
  let q = db.selectFrom('teams as t');
  if (o.scopeTeamIds) q = q.where('t.id', 'in', o.scopeTeamIds.length ? [...o.scopeTeamIds] : [-1]);
  if (o.teamId !== undefined) q = q.where('t.id', '=', o.teamId);
  const [teams, count] = await Promise.all([
    q
      .innerJoin('users as u', 'u.id', 't.coach_user_id')
      .select(['t.id', 't.name', 't.coach_user_id', 'u.first_name', 'u.last_name'])
      .orderBy(sql`lower(t.name)`)
      .orderBy('t.id')
      .$call(paged(o.page, o.pageSize))
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const rows = [];
  for (const t of teams) {
    const members = await playersIn(db, [t.id])
      .select(['p.id', 'p.first_name', 'p.last_name', 'p.profile_img'])
      .$call(byPlayerName)
      .execute();
    const players = await withEvaluations(db, members);
    const stats = (await teamAverages(db, { teamIds: [t.id] })).get(t.id);
    rows.push({
      id: t.id,
      name: t.name,
      coachName: `${t.first_name} ${t.last_name}`,
      coachUser: t.coach_user_id,
      players,
      playerCount: players.length,
      averageScore: roundPercent(stats?.averageScore ?? 0),
    });
  }
  return { rows, total: Number(count?.n ?? 0) };
}
