/**
 * Who reaches a cycle and a report (docs/product.md#reports, ADR 0020): the `reports` section level is
 * checked at route level; here the object. A coach (teams < 2) reaches a cycle through its teams they
 * coach, edits a cycle only when they coach every team of it, and reaches a report through the team it
 * was written for. Unknown ids answer 404 before the 403 of reach.
 */
import type { Kysely } from 'kysely';
import { isScopedToOwnTeams, type Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { denied } from './access.js';
import { reachableTeamIds, reaches } from './teams.js';

export const reportMessages = {
  cycleNotFound: 'This evaluation cycle does not exist.',
  reportNotFound: 'This report does not exist.',
  teamNotInCycle: 'This team is not part of the cycle.',
} as const;

export interface CycleReach {
  /** null = every team. */
  reachable: number[] | null;
  /** The cycle's teams the caller reaches. */
  teamIds: number[];
  /** The caller reaches every team of the cycle. */
  whole: boolean;
}

/** The pure rule: some team reached to read, all of them to edit. */
export function cycleReach(reachable: number[] | null, cycleTeamIds: readonly number[]): CycleReach {
  const teamIds = cycleTeamIds.filter((id) => reaches(reachable, id));
  return { reachable, teamIds, whole: teamIds.length === cycleTeamIds.length };
}

export async function readableCycle(db: Kysely<DB>, actor: Actor, cycleTeamIds: readonly number[] | undefined): Promise<CycleReach> {
  if (!cycleTeamIds) throw notFound(reportMessages.cycleNotFound);
  const reach = cycleReach(await reachableTeamIds(db, actor), cycleTeamIds);
  if (reach.reachable !== null && reach.teamIds.length === 0) throw denied();
  return reach;
}

export async function editableCycle(db: Kysely<DB>, actor: Actor, cycleTeamIds: readonly number[] | undefined): Promise<CycleReach> {
  const reach = await readableCycle(db, actor, cycleTeamIds);
  if (!reach.whole) throw denied();
  return reach;
}

/** Every team in `teamIds` reached by the caller (a coach naming another coach's team: 403). */
export async function assertTeamsReachable(db: Kysely<DB>, actor: Actor, teamIds: readonly number[]): Promise<void> {
  if (!isScopedToOwnTeams(actor)) return;
  const reachable = await reachableTeamIds(db, actor);
  if (teamIds.some((id) => !reaches(reachable, id))) throw denied();
}

/** A team of the cycle the caller reaches: 404 when the team is not in the cycle, 403 when not theirs. */
export async function reachableCycleTeam(
  db: Kysely<DB>,
  actor: Actor,
  cycleTeamIds: readonly number[] | undefined,
  teamId: number,
): Promise<void> {
  if (!cycleTeamIds) throw notFound(reportMessages.cycleNotFound);
  if (!cycleTeamIds.includes(teamId)) throw notFound(reportMessages.teamNotInCycle);
  if (!reaches(await reachableTeamIds(db, actor), teamId)) throw denied();
}

/** A report through the team it was written for. */
export async function reachableReport<T extends { team_id: number }>(db: Kysely<DB>, actor: Actor, report: T | undefined): Promise<T> {
  if (!report) throw notFound(reportMessages.reportNotFound);
  if (!reaches(await reachableTeamIds(db, actor), report.team_id)) throw denied();
  return report;
}
