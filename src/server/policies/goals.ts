/**
 * Who reaches which goal (docs/product.md#goals, ADR 0029). Staff and the player reach a player's goals
 * by the players rule (policies/players.ts: coaches through the teams they coach, the player
 * themself); a goal id must be of that player (else 404, it is not confirmed to exist). Guardians read
 * only goals marked visible to family, of a child they have standing for (policies/standing.ts, the
 * `goals` purpose: an active link and the reports consent). The public never sees a goal.
 */
import type { Kysely } from 'kysely';
import { goalMessages } from '../../shared/schemas/goal.js';
import type { Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { can } from '../../shared/permissions.js';
import { denied } from './access.js';
import { findGoalOwner } from '../modules/goals/goals.repository.js';
import { reachablePlayer } from './players.js';
import { guardianStanding } from './standing.js';

export interface GoalFacts {
  exists: boolean;
  /** The goal is the player's of the path. */
  ofPlayer: boolean;
}

/** Once the player is reached: the goal must exist and be theirs (404 either way: no oracle for other players' goal ids). */
export const decideGoal = (f: GoalFacts): 'allow' | 404 => (f.exists && f.ofPlayer ? 'allow' : 404);

/** A goal route (`/api/player/:id/goal/:goalId`): the player reached first (404/403), then the goal of that player. */
export async function authorizeGoal(db: Kysely<DB>, actor: Actor, playerId: number, goalId: number): Promise<void> {
  await reachablePlayer(db, actor, playerId);
  const owner = await findGoalOwner(db, goalId);
  if (decideGoal({ exists: owner !== undefined, ofPlayer: owner === playerId }) === 404) throw notFound(goalMessages.notFound);
}

/**
 * What a guardian, already allowed on the child's page (authorizeChild), sees of the goals: the visible
 * ones with the reports consent, none without it (the portal says why).
 */
export async function familyGoalsScope(db: Kysely<DB>, guardianId: number, playerId: number): Promise<'visible' | 'noConsent'> {
  const { decision } = await guardianStanding(db, guardianId, playerId, 'goals');
  return decision === 'allow' ? 'visible' : 'noConsent';
}

/**
 * Proposing a goal is the player's own act on their own goals: a staff member adds a goal instead, and
 * a player cannot propose for anybody else (403 either way).
 */
export function mayProposeGoal(actor: Actor, playerId: number): void {
  if (actor.playerId !== playerId) throw denied();
}

/**
 * Approving a report with goals also writes goals: the approver needs players write besides reports
 * write (the route's rule); the player is reached already, through the report's team.
 */
export function mayWriteGoals(actor: Actor): void {
  if (!can(actor, 'players', 2)) throw denied();
}
