/** Which teams a caller reaches: all, or a coach's own (docs/product.md#permissions). */
import type { Kysely } from 'kysely';
import { isScopedToOwnTeams, type Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { denied } from './access.js';
import * as scope from './scope.repository.js';

/** Teams an actor may reach: null = all; otherwise the ids of the teams they coach. */
export async function reachableTeamIds(db: Kysely<DB>, actor: Actor): Promise<number[] | null> {
  if (!isScopedToOwnTeams(actor)) return null;
  return scope.teamIdsCoachedBy(db, actor.id);
}

/** Coaches with teams < 2 reach only their own teams: others are 403 (existence is not hidden from staff). */
export async function assertTeamReachable(db: Kysely<DB>, actor: Actor, teamId: number): Promise<void> {
  if (!isScopedToOwnTeams(actor)) return;
  if (!(await scope.isCoachOfTeam(db, actor.id, teamId))) throw denied();
}


export const teamMessages = {
  teamNotFound: 'This team does not exist.',
} as const;

/** An existing team the caller reaches (404 before 403); answers its id and name. */
export async function reachableTeam(db: Kysely<DB>, actor: Actor, id: number) {
  const team = await scope.findTeamName(db, id);
  if (!team) throw notFound(teamMessages.teamNotFound);
  await assertTeamReachable(db, actor, id);
  return team;
}
