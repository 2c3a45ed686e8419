/**
 * Which teams a caller reaches (docs/product.md#permissions): staff with teams ≥ 2 reach every team, a
 * coach (teams < 2) only the teams they coach. Existence is not hidden from staff: an unknown id is 404
 * before the reach check's 403. `decide` is the rule, pure and tested as a table; the async functions
 * gather its facts.
 */
import type { Kysely } from 'kysely';
import { isScopedToOwnTeams, type Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { denied } from './access.js';
import * as scope from './scope.repository.js';

export const teamMessages = {
  teamNotFound: 'This team does not exist.',
} as const;

export interface TeamFacts {
  /** Whether the team exists; undefined when it was not looked up (the caller's own read answers 404 later). */
  exists?: boolean;
  /** The caller reaches only the teams they coach (teams < 2). */
  scoped: boolean;
  /** The caller coaches this team. */
  coach: boolean;
}

export type TeamDecision = 'allow' | 403 | 404;

export function decide(f: TeamFacts): TeamDecision {
  if (f.exists === false) return 404;
  return !f.scoped || f.coach ? 'allow' : 403;
}

async function facts(db: Kysely<DB>, actor: Actor, teamId: number, exists?: boolean): Promise<TeamFacts> {
  const scoped = isScopedToOwnTeams(actor);
  // Only a scoped caller's reach of an existing team depends on the team: the others skip the query.
  const coach = scoped && exists !== false && (await scope.isCoachOfTeam(db, actor.id, teamId));
  return { exists, scoped, coach };
}

function enforce(decision: TeamDecision, notFoundMessage?: string): void {
  if (decision === 404) throw notFound(notFoundMessage);
  if (decision === 403) throw denied();
}

/** Teams an actor may reach: null = all; otherwise the ids of the teams they coach. */
export async function reachableTeamIds(db: Kysely<DB>, actor: Actor): Promise<number[] | null> {
  if (!isScopedToOwnTeams(actor)) return null;
  return scope.teamIdsCoachedBy(db, actor.id);
}

/** Teams reached: null = every team (staff with teams ≥ 2); else the caller's own. */
export const reaches = (reachable: readonly number[] | null, teamId: number) => reachable === null || reachable.includes(teamId);

/** 403 when a coach asks for a team that is not theirs; existence is left to the caller. */
export async function assertTeamReachable(db: Kysely<DB>, actor: Actor, teamId: number): Promise<void> {
  enforce(decide(await facts(db, actor, teamId)));
}

/** An existing team the caller reaches (404 before 403), for GET /api/team/:id. */
export async function authorizeTeam(db: Kysely<DB>, actor: Actor, id: number): Promise<void> {
  enforce(decide(await facts(db, actor, id, await scope.teamExists(db, id))));
}

/** An existing team the caller reaches (404 before 403); answers its id and name. */
export async function reachableTeam(db: Kysely<DB>, actor: Actor, id: number): Promise<{ id: number; name: string }> {
  const team = await scope.findTeamName(db, id);
  enforce(decide(await facts(db, actor, id, !!team)), teamMessages.teamNotFound);
  return team!;
}
