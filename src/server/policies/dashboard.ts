/**
 * What the staff dashboard shows a caller (docs/product.md#dashboard): the teams they reach
 * (policies/teams.ts), reports only with reports read, open sessions only with sessions read and then
 * only the sessions they may list (policies/eval-sessions.ts).
 */
import type { Kysely } from 'kysely';
import { can, type Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import type { ListScope } from '../modules/eval-sessions/eval-sessions.repository.js';
import { listScope } from './eval-sessions.js';
import { reachableTeamIds } from './teams.js';

export interface DashboardScope {
  /** null: every team. */
  teams: number[] | null;
  reports: boolean;
  /** 'none': the caller does not see sessions; null: every session. */
  sessions: ListScope | null | 'none';
}

/** The pure part: which panels a caller's levels open. */
export function panels(actor: Pick<Actor, 'permissions'>): { reports: boolean; sessions: boolean } {
  return { reports: can(actor, 'reports', 1), sessions: can(actor, 'sessions', 1) };
}

export async function dashboardScope(db: Kysely<DB>, actor: Actor): Promise<DashboardScope> {
  const open = panels(actor);
  return {
    teams: await reachableTeamIds(db, actor),
    reports: open.reports,
    sessions: open.sessions ? await listScope(db, actor) : 'none',
  };
}
