import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { Team } from '../../../shared/schemas/team.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { versionedCache } from '../scores/score-cache.js';
import { currentTeamAverages } from '../scores/scores.service.js';
import * as repo from './teams.repository.js';

type Db = Kysely<DB>;

/** Adds the SQL score aggregates (playerCount, averageScore) and the viewer flag to team rows. */
export async function present(db: Db, actor: Actor, rows: repo.TeamRow[]): Promise<Team[]> {
  if (!rows.length) return [];
  const averages = await currentTeamAverages(db, rows.map((r) => r.id));
  const superAdmin = actor.roleKey === 'superadmin';
  return rows.map((r) => ({ ...r, playerCount: 0, averageScore: 0, ...averages.get(r.id), superAdmin }));
}

export async function presentOne(db: Db, actor: Actor, id: number): Promise<Team> {
  const row = await repo.findTeam(db, id);
  if (!row) throw notFound();
  const [team] = await present(db, actor, [row]);
  return team!;
}

// Everything a listed team shows moves the score version (migrations 0006, 0008,
// 0009), so a cached list is never older than what the request could read (ADR 0006).
const lists = versionedCache<Team[]>(64);

/**
 * The teams page's list (GET /api/teams), cached per score version and view. Callers must not mutate
 * it: the same array answers every request of that version.
 */
export async function listTeams(db: Db, actor: Actor, filter: { teamIds: readonly number[] | null; categoryId?: number }): Promise<Team[]> {
  const key = JSON.stringify([actor.roleKey === 'superadmin', filter.categoryId ?? null, filter.teamIds]);
  return lists(db, key, async () => present(db, actor, await repo.listTeams(db, filter)));
}
