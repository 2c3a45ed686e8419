/**
 * Who may do what with an evaluation session (docs/product.md#sessions). The route declares the
 * section level (sessions 1: evaluators, 2: those who run sessions); this decides the object level.
 * `decide` is the rule itself, pure and tested as a table; the async functions gather its facts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MSG } from '../../shared/messages.js';
import { can, isScopedToOwnTeams, type Actor } from '../../shared/permissions.js';
import { TRYOUT_TOKEN_HEADER, type SessionState } from '../../shared/schemas/eval-session.js';
import { denied } from './access.js';
import { sha256 } from '../modules/auth/tokens.js';
import type { DB } from '../db/types.js';
import { HttpError, notFound } from '../lib/errors.js';
import * as repo from '../modules/eval-sessions/eval-sessions.repository.js';
import { authorizeEvaluationWrites } from './evaluations.js';
import { reachableTeamIds } from './teams.js';

export type SessionAction =
  /** Read the session, its players and evaluators. */
  | 'view'
  /** Change it, check players in, assign evaluators, see progress, unlock, publish. */
  | 'manage'
  /** Read one's own sheet and save one's own scores. */
  | 'score'
  /** Read the means, outliers and per-evaluator scores. */
  | 'results'
  /** Score the calibration round: one's own scores, before the session closes. */
  | 'calibrate';

export interface SessionFacts {
  exists: boolean;
  /** The caller's sessions level (guests: 0). */
  level: 0 | 1 | 2;
  assigned: boolean;
  state: SessionState;
  resultsUnlocked: boolean;
  /**
   * The caller reaches only their own teams (teams < 2) and the session holds a player of another
   * team: running it would show and score players the caller cannot reach (issue 25).
   */
  outOfReach: boolean;
}

export type Decision = 'allow' | 403 | 404 | 'closed' | 'locked' | 'calibration over';

export function decide(action: SessionAction, f: SessionFacts): Decision {
  if (!f.exists) return 404;
  const manager = f.level >= 2 && !f.outOfReach;
  switch (action) {
    case 'view':
      return manager || f.assigned ? 'allow' : 403;
    case 'manage':
      return manager ? 'allow' : 403;
    case 'results':
      if (!manager) return 403;
      return f.resultsUnlocked || f.state === 'published' ? 'allow' : 'locked';
    case 'score':
      if (!f.assigned) return 403;
      return f.state === 'open' ? 'allow' : 'closed';
    case 'calibrate':
      if (!f.assigned) return 403;
      return f.state === 'draft' || f.state === 'open' ? 'allow' : 'calibration over';
  }
}

function enforce(decision: Decision): void {
  if (decision === 'allow') return;
  if (decision === 404) throw notFound();
  if (decision === 403) throw denied();
  if (decision === 'closed') throw new HttpError(409, MSG.sessionNotOpen);
  if (decision === 'calibration over') throw new HttpError(409, MSG.calibrationOver);
  throw new HttpError(409, MSG.resultsLocked);
}

/** Checks a signed-in caller's right to an action on a session; answers the session and the caller's evaluator id. */
export async function authorizeSession(db: Kysely<DB>, actor: Actor, sessionId: number, action: SessionAction) {
  const session = await repo.findSession(db, sessionId);
  const evaluatorId = session ? await repo.evaluatorOfUser(db, sessionId, actor.id) : undefined;
  const outOfReach = !!session && runsSessions(actor) && !(await manageableSessions(db, actor, [sessionId])).has(sessionId);
  enforce(
    decide(action, {
      exists: !!session,
      level: actor.permissions.sessions,
      assigned: evaluatorId !== undefined,
      state: session?.state ?? 'draft',
      resultsUnlocked: session?.resultsUnlocked ?? false,
      outOfReach,
    }),
  );
  return { session: session!, evaluatorId };
}

/**
 * Choosing what publishing writes (raw or fair scores) takes publishing's own right: running the session
 * and writing evaluations of its players (docs/product.md#fair-evaluations).
 */
export async function authorizePublishing(db: Kysely<DB>, actor: Actor, sessionId: number) {
  const allowed = await authorizeSession(db, actor, sessionId, 'manage');
  await authorizeEvaluationWrites(
    db,
    actor,
    (await repo.sessionPlayers(db, sessionId)).map((p) => p.playerId),
  );
  return allowed;
}

/**
 * Sessions a caller may list: the ones they are assigned to, and for those who run sessions every
 * session they may run (all of them when they reach every team, else those holding only players of
 * their own teams). null = every session.
 */
export async function listScope(db: Kysely<DB>, actor: Actor): Promise<repo.ListScope | null> {
  if (!runsSessions(actor)) return { userId: actor.id, runsWithin: undefined };
  const teams = await reachableTeamIds(db, actor);
  return teams === null ? null : { userId: actor.id, runsWithin: teams };
}

/** Of these sessions, the ones the caller runs (sessions 2, and every player within their teams' reach). */
export async function manageableSessions(db: Kysely<DB>, actor: Actor, sessionIds: readonly number[]): Promise<Set<number>> {
  if (!runsSessions(actor)) return new Set();
  if (!isScopedToOwnTeams(actor)) return new Set(sessionIds);
  const outside = await repo.sessionsWithPlayersOutside(db, sessionIds, (await reachableTeamIds(db, actor)) ?? []);
  return new Set(sessionIds.filter((id) => !outside.has(id)));
}

/** Staff e-mails in the evaluator picker are for those who may read users (issue 25). */
export function evaluatorEmailsVisible(actor: Actor): boolean {
  return can(actor, 'user_management', 1);
}

/** Those who run sessions (sessions 2) see the sessions they may run and their guest codes. */
export function runsSessions(actor: Actor): boolean {
  return can(actor, 'sessions', 2);
}

export interface Guest {
  evaluatorId: number;
  sessionId: number;
  sessionName: string;
  name: string;
  /** Let in by the director: only then does the token open the sheet (issue 25). */
  admitted: boolean;
}

/**
 * A guest evaluator from the tryout token header, for the routes declared `access.guest` only. The
 * token opens its own session's sheet while the session is open, and nothing else: every other route
 * ignores the header. Once the session has closed, every guest route answers 410 (docs/product.md#sessions).
 */
export async function loadGuest(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = req.headers[TRYOUT_TOKEN_HEADER];
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw new HttpError(401, MSG.tryoutSignIn);
  const guest = await repo.guestByToken(app.db, sha256(token));
  if (!guest) throw new HttpError(401, MSG.tryoutSignIn);
  // 410, not 401: the guest's sheet tells "closed, these scores will not count" apart from "join again".
  if (guest.state !== 'open') throw new HttpError(410, MSG.tryoutClosed);
  req.guest = {
    evaluatorId: guest.id,
    sessionId: guest.session_id,
    sessionName: guest.session_name,
    name: guest.guest_name ?? 'Guest',
    admitted: guest.admitted === 1,
  };
}

/** The token's guest, admitted or still waiting (their status, leaving). */
export function requireGuestToken(req: FastifyRequest): Guest {
  if (!req.guest) throw new HttpError(401, MSG.tryoutSignIn);
  return req.guest;
}

/** A guest the director has let in: the sheet, scores and photos are theirs only then. */
export function requireGuest(req: FastifyRequest): Guest {
  const guest = requireGuestToken(req);
  if (!guest.admitted) throw new HttpError(403, MSG.tryoutWaiting);
  return guest;
}
