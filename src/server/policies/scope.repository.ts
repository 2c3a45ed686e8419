import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { exists } from '../db/exists.js';

export async function teamIdsCoachedBy(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('teams').select('id').where('coach_user_id', '=', userId).execute();
  return rows.map((r) => r.id);
}

export async function playerExists(db: Kysely<DB>, playerId: number): Promise<boolean> {
  return exists(db.selectFrom('players').select('id').where('id', '=', playerId));
}

export async function teamExists(db: Kysely<DB>, teamId: number): Promise<boolean> {
  return exists(db.selectFrom('teams').select('id').where('id', '=', teamId));
}

/** A team's id and name, or undefined when there is no such team. */
export async function findTeamName(db: Kysely<DB>, teamId: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('teams').select(['id', 'name']).where('id', '=', teamId).executeTakeFirst();
}

export async function isCoachOfTeam(db: Kysely<DB>, userId: number, teamId: number): Promise<boolean> {
  return exists(db.selectFrom('teams').select('id').where('id', '=', teamId).where('coach_user_id', '=', userId));
}

export async function isCoachOfPlayer(db: Kysely<DB>, userId: number, playerId: number): Promise<boolean> {
  return exists(
    db
      .selectFrom('team_players as tp')
      .innerJoin('teams as t', 't.id', 'tp.team_id')
      .select('tp.player_id')
      .where('tp.player_id', '=', playerId)
      .where('t.coach_user_id', '=', userId),
  );
}

export async function isPlayerInTeam(db: Kysely<DB>, playerId: number, teamId: number): Promise<boolean> {
  return exists(db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).where('player_id', '=', playerId));
}

/** The players on any of these teams. */
export async function playerIdsOnTeams(db: Kysely<DB>, teamIds: readonly number[]): Promise<Set<number>> {
  if (!teamIds.length) return new Set();
  const rows = await db
    .selectFrom('team_players')
    .select('player_id')
    .where('team_id', 'in', [...teamIds])
    .execute();
  return new Set(rows.map((r) => r.player_id));
}
