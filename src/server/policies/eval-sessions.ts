/**
 * Who may do what with an evaluation session (docs/product.md#sessions). The route declares the
 * section level (sessions 1: evaluators, 2: those who run sessions); this decides the object level.
 * `decide` is the rule itself, pure and tested as a table; the async functions gather its facts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MSG } from '../../shared/messages.js';
import { can, type Actor } from '../../shared/permissions.js';
import { TRYOUT_TOKEN_HEADER, type SessionState } from '../../shared/schemas/eval-session.js';
import { denied } from './access.js';
import { sha256 } from '../modules/auth/tokens.js';
import type { DB } from '../db/types.js';
import { HttpError, notFound } from '../lib/errors.js';
import * as repo from '../modules/eval-sessions/eval-sessions.repository.js';

export type SessionAction =
  /** Read the session, its players and evaluators. */
  | 'view'
  /** Change it, check players in, assign evaluators, see progress, unlock, publish. */
  | 'manage'
  /** Read one's own sheet and save one's own scores. */
  | 'score'
  /** Read the means, outliers and per-evaluator scores. */
  | 'results';

export interface SessionFacts {
  exists: boolean;
  /** The caller's sessions level (guests: 0). */
  level: 0 | 1 | 2;
  assigned: boolean;
  state: SessionState;
  resultsUnlocked: boolean;
}

export type Decision = 'allow' | 403 | 404 | 'closed' | 'locked';

export function decide(action: SessionAction, f: SessionFacts): Decision {
  if (!f.exists) return 404;
  const manager = f.level >= 2;
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
  }
}

function enforce(decision: Decision): void {
  if (decision === 'allow') return;
  if (decision === 404) throw notFound();
  if (decision === 403) throw denied();
  if (decision === 'closed') throw new HttpError(409, MSG.sessionNotOpen);
  throw new HttpError(409, MSG.resultsLocked);
}

/** Checks a signed-in caller's right to an action on a session; answers the session and the caller's evaluator id. */
export async function authorizeSession(db: Kysely<DB>, actor: Actor, sessionId: number, action: SessionAction) {
  const session = await repo.findSession(db, sessionId);
  const evaluatorId = session ? await repo.evaluatorOfUser(db, sessionId, actor.id) : undefined;
  enforce(
    decide(action, {
      exists: !!session,
      level: actor.permissions.sessions,
      assigned: evaluatorId !== undefined,
      state: session?.state ?? 'draft',
      resultsUnlocked: session?.resultsUnlocked ?? false,
    }),
  );
  return { session: session!, evaluatorId };
}

/** Sessions a caller may list: all for those who run sessions, else the ones they are assigned to. */
export function listScope(actor: Actor): number | null {
  return runsSessions(actor) ? null : actor.id;
}

/** Those who run sessions (sessions 2) see every session and its guest code. */
export function runsSessions(actor: Actor): boolean {
  return can(actor, 'sessions', 2);
}

export interface Guest {
  evaluatorId: number;
  sessionId: number;
  name: string;
}

/**
 * A guest evaluator from the tryout token header, for the routes declared `access.guest` only. The
 * token opens its own session's sheet while the session is open, and nothing else: every other route
 * ignores the header.
 */
export async function loadGuest(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = req.headers[TRYOUT_TOKEN_HEADER];
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw new HttpError(401, MSG.tryoutSignIn);
  const guest = await repo.guestByToken(app.db, sha256(token));
  if (!guest) throw new HttpError(401, MSG.tryoutSignIn);
  if (guest.state !== 'open') throw new HttpError(401, MSG.tryoutClosed);
  req.guest = { evaluatorId: guest.id, sessionId: guest.session_id, name: guest.guest_name ?? 'Guest' };
}

export function requireGuest(req: FastifyRequest): Guest {
  if (!req.guest) throw new HttpError(401, MSG.tryoutSignIn);
  return req.guest;
}
