/**
 * Route-level access (docs/decisions/0003-sessions-and-access.md): every route declares an Access in its
 * `config.access`; app.ts refuses to start when a route has none, and evaluates it before the handler.
 * Object-level rules (which team, which player, which role) live beside this file, one per resource.
 */
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages.js';
import { can, type Actor, type Level, type Section } from '../../shared/permissions.js';
import { HttpError } from '../lib/errors.js';

export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'section'; section: Section; level: Level }
  /** Any of several section levels (e.g. the coach of a team, or teams write). */
  | { kind: 'anyOf'; rules: { section: Section; level: Level }[] }
  /** Player-area data: the player themself, or staff with the given section level. */
  | { kind: 'selfOr'; section: Section; level: Level }
  /** Admin roles (the role's admin flag): reference data in Settings. */
  | { kind: 'admin' }
  | { kind: 'superadmin' }
  /** A tryout guest evaluator's token (header), never a session: policies/eval-sessions.ts loadGuest. */
  | { kind: 'guest' }
  /** A guardian's own session (its own cookie), never a staff or player session: policies/family.ts. */
  | { kind: 'family' }
  /** Machine to machine (a mail provider): no session, no CSRF; a signature of the body (policies/webhook.ts). */
  | { kind: 'webhook' };

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signedIn' } as Access,
  need: (section: Section, level: Level): Access => ({ kind: 'section', section, level }),
  anyOf: (...rules: [Section, Level][]): Access => ({
    kind: 'anyOf',
    rules: rules.map(([section, level]) => ({ section, level })),
  }),
  selfOr: (section: Section, level: Level): Access => ({ kind: 'selfOr', section, level }),
  admin: { kind: 'admin' } as Access,
  superadmin: { kind: 'superadmin' } as Access,
  guest: { kind: 'guest' } as Access,
  family: { kind: 'family' } as Access,
  webhook: { kind: 'webhook' } as Access,
};

export const unauthenticated = () => new HttpError(401, MSG.sessionExpired);
export const denied = () => new HttpError(403, MSG.forbidden);

/** Route-level decision: throws 401 without a session, 403 when the role's levels are too low. */
export function checkAccess(actor: Actor | null, rule: Access): void {
  if (rule.kind === 'public' || rule.kind === 'guest' || rule.kind === 'family' || rule.kind === 'webhook') return;
  if (!actor) throw unauthenticated();
  switch (rule.kind) {
    case 'signedIn':
      return;
    case 'section':
      if (!can(actor, rule.section, rule.level)) throw denied();
      return;
    case 'anyOf':
      if (!rule.rules.some((r) => can(actor, r.section, r.level))) throw denied();
      return;
    case 'selfOr':
      if (actor.playerId === null && !can(actor, rule.section, rule.level)) throw denied();
      return;
    case 'admin':
      if (!actor.roleAdmin) throw denied();
      return;
    case 'superadmin':
      if (actor.roleKey !== 'superadmin') throw denied();
      return;
  }
}

export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthenticated();
  return req.actor;
}
