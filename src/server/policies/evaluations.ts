/**
 * Who may score which player (docs/product.md#permissions). The route declares the section level
 * (evaluation 1 to read a team's sheet, 2 to write); this decides the object level: a player's
 * evaluations follow players.ts reachablePlayer, a team's sheet the team reach of teams.ts, and the
 * bulk file and the offline outbox reach only the players and teams the caller reaches.
 * The decide functions are the rules themselves, pure and tested as tables; the async ones gather facts.
 */
import type { Kysely } from 'kysely';
import { can, type Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { MSG } from '../../shared/messages.js';
import { HttpError, notFound } from '../lib/errors.js';
import * as repo from '../modules/evaluations/evaluations.repository.js';
import { denied } from './access.js';
import { assertPlayersReachable, reachablePlayer } from './players.js';
import * as scope from './scope.repository.js';
import { assertTeamReachable, reachableTeamIds } from './teams.js';

export type Decision = 'allow' | 403 | 404;

/** An evaluation addressed under a player: one of another player reads as unknown (404). */
export function decideEvaluation(f: { exists: boolean; ofPlayer: boolean }): Decision {
  return f.exists && f.ofPlayer ? 'allow' : 404;
}

/**
 * The players a bulk row may name among those matching its name and e-mail: a coach's file only finds
 * their own teams' players, so anyone else reads as unknown and an error never tells a coach who
 * plays on another team. `reachable` null = every player.
 */
export function bulkCandidates<P extends { id: number }>(matches: readonly P[], reachable: ReadonlySet<number> | null): readonly P[] {
  return reachable ? matches.filter((p) => reachable.has(p.id)) : matches;
}

export type SyncAccess =
  /** The device id was saved before by this caller: answered saved, nothing written. */
  | 'saved'
  | 'allow'
  /** A device id is a secret of the device that made it: another account's id is not confirmed. */
  | 'notYourEntry'
  | 'teamDeleted'
  | 'notYourTeam'
  | 'playerDeleted'
  | 'notOnTeam';

export interface SyncFacts {
  /** Who saved the entry's device id before (undefined: never saved). */
  savedBy?: number | null;
  callerId: number;
  teamExists: boolean;
  teamReachable: boolean;
  playerExists: boolean;
  member: boolean;
}

/**
 * One offline outbox entry (issue 16): refused, never a 403, when the caller may not write it; the
 * order decides which reason a device shows.
 */
export function decideSyncEntry(f: SyncFacts): SyncAccess {
  if (f.savedBy !== undefined) return f.savedBy === f.callerId ? 'saved' : 'notYourEntry';
  if (!f.teamExists) return 'teamDeleted';
  if (!f.teamReachable) return 'notYourTeam';
  if (!f.playerExists) return 'playerDeleted';
  return f.member ? 'allow' : 'notOnTeam';
}

function enforce(decision: Decision): void {
  if (decision === 404) throw notFound();
  if (decision === 403) throw denied();
}

/**
 * A team whose sheet the caller may read or write: an unknown id is 404 before teams.ts decides the
 * reach (403), as in the players module; answers its id and name.
 */
export async function authorizeTeamSheet(db: Kysely<DB>, actor: Actor, teamId: number): Promise<{ id: number; name: string }> {
  const team = await scope.findTeamName(db, teamId);
  if (!team) throw notFound();
  await assertTeamReachable(db, actor, teamId);
  return team;
}

/** An evaluation of a player the caller reaches (players.ts reachablePlayer first); answers it. */
export async function authorizeEvaluation(db: Kysely<DB>, actor: Actor, playerId: number, evaluationId: number) {
  await reachablePlayer(db, actor, playerId);
  const evaluation = await repo.findEvaluation(db, evaluationId);
  enforce(decideEvaluation({ exists: !!evaluation, ofPlayer: evaluation?.player_id === playerId }));
  return evaluation!;
}

/**
 * A bulk file's scope: the per-player upload needs a player the caller reaches (players.ts); answers
 * the player ids the file may name (null = every player, else the players of the caller's teams).
 */
export async function authorizeBulk(db: Kysely<DB>, actor: Actor, playerId?: number): Promise<Set<number> | null> {
  if (playerId !== undefined) await reachablePlayer(db, actor, playerId);
  const teamIds = await reachableTeamIds(db, actor);
  return teamIds === null ? null : repo.playerIdsOnTeams(db, teamIds);
}

/**
 * Evaluations written on the caller's behalf (a session's publishing): only those the caller could
 * write directly, evaluation write and players they reach (issue 25); anything else refuses them all.
 */
export async function authorizeEvaluationWrites(db: Kysely<DB>, actor: Actor, playerIds: readonly number[]): Promise<void> {
  if (!can(actor, 'evaluation', 2)) throw new HttpError(403, MSG.publishNotYours);
  await assertPlayersReachable(db, actor, playerIds).catch(() => {
    throw new HttpError(403, MSG.publishNotYours);
  });
}
