import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import * as repo from './team-evaluations.repository.js';

type Db = Kysely<DB>;
type Page = { page: number; pageSize: number };

/** Players of one team, or of every team the viewer reaches (`scopeTeamIds`, null = all), with their evaluations. */
export async function playerEvaluations(db: Db, scopeTeamIds: readonly number[] | null, q: Page & { team_id?: number | undefined }) {
  const teamIds = q.team_id !== undefined ? [q.team_id] : scopeTeamIds;
  const [players, stats] = await Promise.all([repo.evaluatedPlayers(db, teamIds, q.page, q.pageSize), repo.scopeStats(db, teamIds)]);
  return { players, ...stats, page: q.page, pageSize: q.pageSize };
}

/** A page of the teams the viewer reaches (`scopeTeamIds`, null = all), each with its players' evaluations. */
export async function teamEvaluations(db: Db, scopeTeamIds: readonly number[] | null, q: Page & { team_id?: number | undefined }) {
  const { rows, total } = await repo.teamRows(db, { scopeTeamIds, teamId: q.team_id, page: q.page, pageSize: q.pageSize });
  return { rows, total, page: q.page, pageSize: q.pageSize };
}
