/**
 * Who reaches which report (ADR 0020). Staff through the report's own team (`reports.team_id`): a
 * coach (teams < 2) only their teams' reports, others every team; the route declares the `reports`
 * level. A player reaches only their own sent reports, a guardian only the sent reports of a child of
 * an active link (policies/family.ts). A report that is not the player's, or not sent (a draft, a
 * revoked or superseded version), is 404: it is not confirmed to exist.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../shared/permissions.js';
import type { DB, ReportState } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { findReport } from '../modules/reports/delivery.repository.js';
import { denied } from './access.js';
import { reachablePlayer } from './players.js';
import { reachableTeamIds, reaches } from './teams.js';

export const reportMessages = { notFound: 'This report does not exist.' } as const;

export type FoundReport = NonNullable<Awaited<ReturnType<typeof findReport>>>;

const READABLE: readonly ReportState[] = ['sent', 'viewed'];
export const isReadable = (state: ReportState) => READABLE.includes(state);

export interface ReportFacts {
  exists: boolean;
  /** The report is the player's of the path (player area and family routes). */
  ofPlayer: boolean;
  /** Sent or viewed: what families and players may read. */
  readable: boolean;
  /** The caller is staff (not the player or a guardian). */
  staff: boolean;
  /** Staff reach the report's team. */
  teamReached: boolean;
}

/** Staff see any existing report of a reached team (404 before 403); players and guardians a readable one of theirs. */
export function decide(f: ReportFacts): 'allow' | 403 | 404 {
  if (!f.exists || !f.ofPlayer) return 404;
  if (f.staff) return f.teamReached ? 'allow' : 403;
  return f.readable ? 'allow' : 404;
}

function enforce(d: 'allow' | 403 | 404): void {
  if (d === 404) throw notFound(reportMessages.notFound);
  if (d === 403) throw denied();
}

async function teamReached(db: Kysely<DB>, actor: Actor, teamId: number): Promise<boolean> {
  return reaches(await reachableTeamIds(db, actor), teamId);
}

/** A player-area route (`/api/player-area/:playerId/report/:reportId`): the player themself, or staff reaching both. */
export async function authorizePlayerReport(db: Kysely<DB>, actor: Actor, playerId: number, reportId: number): Promise<FoundReport> {
  await reachablePlayer(db, actor, playerId);
  const report = await findReport(db, reportId);
  const staff = actor.playerId === null;
  enforce(
    decide({
      exists: !!report,
      ofPlayer: report?.player_id === playerId,
      readable: !!report && isReadable(report.state),
      staff,
      teamReached: !!report && staff && (await teamReached(db, actor, report.team_id)),
    }),
  );
  return report!;
}

/** A family route, once the child's active link is checked: only the child's readable reports. */
export async function authorizeChildReport(db: Kysely<DB>, playerId: number, reportId: number): Promise<FoundReport> {
  const report = await findReport(db, reportId);
  enforce(
    decide({
      exists: !!report,
      ofPlayer: report?.player_id === playerId,
      readable: !!report && isReadable(report.state),
      staff: false,
      teamReached: false,
    }),
  );
  return report!;
}
