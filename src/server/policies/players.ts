/**
 * Who may add, read, edit and delete which player, and which teams a caller's player lists and saves
 * may touch (docs/product.md#permissions). The route declares the section level; the functions here
 * decide the object level. The `decide…` functions are the rules, pure and tested as tables; the async
 * ones gather their facts and throw the HttpErrors the API answers.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { dateOfAge, hasReached } from '../../shared/age.js';
import { MSG } from '../../shared/messages.js';
import { can, canAddPlayers, isScopedToOwnTeams, type Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { badRequest, HttpError, notFound } from '../lib/errors.js';
import { denied, requireActor } from './access.js';
import { teamIdsOf } from '../modules/players/players.repository.js';
import * as scope from './scope.repository.js';
import { getSettings } from '../modules/settings/settings.repository.js';
import { reachableTeamIds } from './teams.js';
import { now as clockNow } from '../lib/time.js';

export const playerMessages = {
  playerNotFound: 'This player does not exist.',
  chooseOwnTeam: 'Please choose at least one of your teams.',
  notOwnTeam: 'You can only choose your own teams.',
  managersOnly: "Only a user manager can change or remove the sign-in e-mail of a player's account.",
  managersCreateSignIns: "Only a user manager can create a player's sign-in.",
  tooYoung: (age: number, date: string) => `A player gets their own sign-in from the age of ${age} (this player reaches it on ${date}).`,
} as const;

export type PlayerAction =
  /** Any use of a player record whose id the caller already knows exists or need not be told about. */
  | 'reach'
  /** Read or change a player and their panels: an unknown id is named first (404), then reach (403). */
  | 'open'
  /** Delete the player with everything of theirs, for every team. */
  | 'delete';

export interface PlayerFacts {
  exists: boolean;
  /** The caller is a player (player area): they reach themself only. */
  playerArea: boolean;
  /** The caller is this player. */
  self: boolean;
  /** Staff reaching every team (teams ≥ 2). */
  allTeams: boolean;
  /** The caller coaches one of the player's teams. */
  coachOf: boolean;
  /** The caller coaches every team the player is in (deleting wipes the player for all of them). */
  coachOfAll: boolean;
}

/** 'unknown' is the 404 naming the player ("This player does not exist."), 404 the generic one. */
export type PlayerDecision = 'allow' | 403 | 404 | 'unknown' | 'shared';

/**
 * A player is reachable by staff with teams ≥ 2, by the coach of one of their teams, and by the
 * player themself (player area). Refusals name unknown ids 404 and real players 403, for staff and
 * players alike (docs/product.md#errors: the player area sends them to /player/not-found and /player/unauthorized).
 */
function reaches(f: PlayerFacts): boolean {
  return f.playerArea ? f.self : f.allTeams || f.coachOf;
}

export function decide(action: PlayerAction, f: PlayerFacts): PlayerDecision {
  if (action !== 'reach' && !f.exists) return 'unknown';
  if (!reaches(f)) return f.exists ? 403 : 404;
  // A coach (teams < 2) deletes only players all of whose teams they coach; others are removed instead.
  if (action === 'delete' && !f.allTeams && !f.coachOfAll) return 'shared';
  return 'allow';
}

function enforce(decision: PlayerDecision): void {
  if (decision === 'allow') return;
  if (decision === 'unknown') throw notFound(playerMessages.playerNotFound);
  if (decision === 404) throw notFound();
  if (decision === 403) throw denied();
  throw new HttpError(403, MSG.playerSharedDelete);
}

/**
 * Gathers only the facts the decision needs, in the order it needs them: existence first where
 * unknown ids are named, otherwise only once the caller is refused.
 */
export async function authorizePlayer(db: Kysely<DB>, actor: Actor, playerId: number, action: PlayerAction): Promise<void> {
  const named = action !== 'reach';
  const facts: PlayerFacts = {
    // 'reach' asks only once the caller is refused: a reached id needs no existence check.
    exists: named ? await scope.playerExists(db, playerId) : true,
    playerArea: actor.playerId !== null,
    self: actor.playerId === playerId,
    allTeams: !isScopedToOwnTeams(actor),
    coachOf: false,
    coachOfAll: false,
  };
  if (facts.exists && !facts.playerArea && !facts.allTeams) facts.coachOf = await scope.isCoachOfPlayer(db, actor.id, playerId);
  if (!named && !reaches(facts)) facts.exists = await scope.playerExists(db, playerId);
  if (action === 'delete' && facts.exists && reaches(facts) && !facts.allTeams) {
    const own = (await reachableTeamIds(db, actor)) ?? [];
    facts.coachOfAll = (await teamIdsOf(db, playerId)).every((id) => own.includes(id));
  }
  enforce(decide(action, facts));
}

/** Unknown ids are 404 only when the caller is refused (403 for real players). */
export async function assertPlayerReachable(db: Kysely<DB>, actor: Actor, playerId: number): Promise<void> {
  await authorizePlayer(db, actor, playerId, 'reach');
}

/** Unknown ids are 404 before the reach check (403), for staff and players alike (docs/product.md#errors). */
export async function reachablePlayer(db: Kysely<DB>, actor: Actor, id: number): Promise<void> {
  await authorizePlayer(db, actor, id, 'open');
}

/** The caller of a player panel route (`:id` is the player), once that player is one they may reach. */
export async function actorReachingPlayer(db: Kysely<DB>, req: FastifyRequest & { params: { id: number } }): Promise<Actor> {
  const actor = requireActor(req);
  await reachablePlayer(db, actor, req.params.id);
  return actor;
}

/**
 * Player ids chosen from a list (a session's players): each must be one the caller reaches, by the
 * same rule as their team ids (issue 25). Unknown ids are refused like another team's: 403.
 */
export async function assertPlayersReachable(db: Kysely<DB>, actor: Actor, playerIds: readonly number[]): Promise<void> {
  const teamScope = await reachableTeamIds(db, actor);
  if (teamScope === null || !playerIds.length) return;
  const reachable = await scope.playerIdsOnTeams(db, teamScope);
  if (playerIds.some((id) => !reachable.has(id))) throw denied();
}

/** docs/product.md#permissions canAddPlayers (the client shows the Add button by the same rule). */
export function authorizeAddPlayers(actor: Actor): void {
  if (!canAddPlayers(actor)) throw denied();
}

/** A team filter of a players list or export: none, or a team within the caller's scope (null = all). */
export function decideTeamFilter(teamScope: readonly number[] | null, teamId: number | undefined): 'allow' | 403 {
  return teamId === undefined || teamScope === null || teamScope.includes(teamId) ? 'allow' : 403;
}

/** The teams a caller's players list or export covers (null = all); a team filter outside them is 403. */
export async function authorizePlayerList(db: Kysely<DB>, actor: Actor, teamId: number | undefined): Promise<readonly number[] | null> {
  const teamScope = await reachableTeamIds(db, actor);
  if (decideTeamFilter(teamScope, teamId) === 403) throw denied();
  return teamScope;
}

export type TeamsDecision = { teams: number[] } | { refuse: 'notOwnTeam' | 'chooseOwnTeam' };

/**
 * The teams a saved player ends up in. Users reaching every team choose freely (none is allowed).
 * Coaches (teams < 2) must pick at least one of their own teams, cannot add others, and keep the
 * player's memberships in teams they cannot see (another coach's roster is not theirs to change):
 * such ids sent back unchanged are accepted and kept, not added.
 */
export function decideTeams(teamScope: readonly number[] | null, submitted: readonly number[], current: readonly number[]): TeamsDecision {
  if (teamScope === null) return { teams: [...submitted] };
  if (submitted.some((id) => !teamScope.includes(id) && !current.includes(id))) return { refuse: 'notOwnTeam' };
  const own = submitted.filter((id) => teamScope.includes(id));
  if (own.length === 0) return { refuse: 'chooseOwnTeam' };
  const kept = current.filter((id) => !teamScope.includes(id));
  return { teams: [...new Set([...kept, ...own])] };
}

/** decideTeams for the caller; existing team ids only (unknown ones are refused before). */
export async function authorizeTeams(
  db: Kysely<DB>,
  actor: Actor,
  submitted: readonly number[],
  current: readonly number[],
): Promise<number[]> {
  const d = decideTeams(await reachableTeamIds(db, actor), submitted, current);
  if ('teams' in d) return d.teams;
  if (d.refuse === 'notOwnTeam') throw new HttpError(403, playerMessages.notOwnTeam, 'team_id');
  throw badRequest(playerMessages.chooseOwnTeam, 'team_id');
}

/** A bulk import names its team; only users reaching every team may import players into none. */
export function assertImportTeamGiven(actor: Actor, given: boolean): void {
  if (!given && isScopedToOwnTeams(actor)) throw badRequest(MSG.required, 'team_id');
}

/**
 * Moving a minor's sign-in to another address hands the account to whoever reads that inbox: it is
 * user management (write), not player editing.
 */
export function assertSignInMovable(actor: Actor): void {
  if (!can(actor, 'user_management', 2)) throw new HttpError(403, playerMessages.managersOnly, 'player_email');
}

/**
 * A new sign-in for a player (often a minor) goes to whoever reads that inbox, so only a user manager
 * creates one; it may never be a guardian's address either, so the parent's e-mail is no way round
 * (docs/product.md#players).
 */
export function maySignIn(actor: Actor): boolean {
  return can(actor, 'user_management', 2);
}

/**
 * Whether the caller may learn that an address already signs in (a 409 on a taken player_email). Only
 * those who read the users list may; to anyone else a taken address looks like a free one (the address
 * is told instead), so a player form or file is no oracle for who has an account.
 */
export const mayLearnTakenEmails = (actor: Actor) => can(actor, 'user_management', 1);

export function assertSignInCreatable(actor: Actor): void {
  if (!maySignIn(actor)) throw new HttpError(403, playerMessages.managersCreateSignIns, 'player_email');
}

/**
 * The club's own-login age (Settings): a player under it gets no sign-in of their own. Ages are read
 * from the birth year (shared/age.ts); a player without one is not held back, as their age is unknown.
 */
export function decideOwnLogin(dob: number | null, ownLoginAge: number, on: Date): 'allow' | 'tooYoung' {
  return dob === null || hasReached(dob, ownLoginAge, on) ? 'allow' : 'tooYoung';
}

/** The refusal for each birth year under the own-login age today, or null (bulk checks read the setting once). */
export async function ownLoginCheck(db: Kysely<DB>, on = clockNow()): Promise<(dob: number | null) => string | null> {
  const { own_login_age } = await getSettings(db);
  return (dob) =>
    decideOwnLogin(dob, own_login_age, on) === 'allow' ? null : playerMessages.tooYoung(own_login_age, dateOfAge(dob!, own_login_age));
}

/** A sign-in for this player may be created: 400 on `field` under the own-login age. */
export async function assertOldEnoughForSignIn(db: Kysely<DB>, dob: number | null, field = 'player_email'): Promise<void> {
  const refusal = (await ownLoginCheck(db))(dob);
  if (refusal) throw badRequest(refusal, field);
}
