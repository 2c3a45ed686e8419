import type { Kysely } from 'kysely';
import { encodeCursor } from '../../../shared/schemas/cursor.js';
import { staleSince, type Dashboard, type DashboardReports } from '../../../shared/schemas/dashboard.js';
import type { DB } from '../../db/types.js';
import { dueSoonBy } from '../../../shared/schemas/goal.js';
import type { DashboardScope } from '../../policies/dashboard.js';
import { countSessions } from '../eval-sessions/eval-sessions.repository.js';
import { versionedCache } from '../scores/score-cache.js';
import * as repo from './dashboard.repository.js';

// Cached per score version (ADR 0006): every table the answer counts bumps it in the writing
// transaction (migrations 0006 and 0024), so a cached answer is never older than what a request could read.
const answers = versionedCache<Dashboard>(256);

const NO_COUNTS: repo.EvaluationCounts = { players: 0, evaluated: 0, stale: 0 };
const NO_GOALS = { active: 0, dueSoon: 0, achieved: 0, withoutGoal: 0 };

function reportsOf(rows: readonly repo.ReportStateCount[], teamId: number): DashboardReports {
  const out: DashboardReports = { draft: 0, approved: 0, sent: 0, viewed: 0, lastViewedAt: null };
  for (const r of rows) {
    if (r.teamId !== teamId) continue;
    if (r.state === 'draft' || r.state === 'approved' || r.state === 'sent' || r.state === 'viewed') out[r.state] += r.count;
    if (r.state === 'viewed' && r.lastViewedAt && (!out.lastViewedAt || r.lastViewedAt > out.lastViewedAt))
      out.lastViewedAt = r.lastViewedAt;
  }
  return out;
}

/** GET /api/dashboard: the staff start page, a page of the teams and the sessions the caller reaches. Callers must not mutate it. */
export function dashboard(db: Kysely<DB>, scope: DashboardScope, today: string, page: repo.TeamPage): Promise<Dashboard> {
  const key = JSON.stringify([scope.teams, scope.reports, scope.sessions, today, page.limit, page.after ?? null]);
  return answers(db, key, () => compute(db, scope, today, page));
}

async function compute(db: Kysely<DB>, scope: DashboardScope, today: string, page: repo.TeamPage): Promise<Dashboard> {
  const since = staleSince(today);
  const { rows: teams, next } = await repo.teamsWithCycle(db, scope.teams, today, page);
  const withCycle = teams.flatMap((t) =>
    t.cycle ? [{ teamId: t.teamId, cycleId: t.cycle.id, opensOn: t.cycle.opensOn, closesOn: t.cycle.closesOn }] : [],
  );
  const pageTeams = teams.map((t) => t.teamId);
  const [byTeam, goals, reports, openSessions] = await Promise.all([
    repo.evaluationCounts(db, pageTeams, withCycle, since),
    repo.goalCounts(db, pageTeams, today, dueSoonBy(today)),
    scope.reports ? repo.reportCounts(db, withCycle) : Promise.resolve(null),
    scope.sessions === 'none' ? Promise.resolve(null) : countSessions(db, scope.sessions, 'open'),
  ]);
  return {
    today,
    staleSince: since,
    openSessions,
    teams: teams.map((t) => {
      const c = byTeam.get(t.teamId) ?? NO_COUNTS;
      return {
        id: t.teamId,
        name: t.teamName,
        players: c.players,
        cycle: t.cycle,
        evaluated: t.cycle ? c.evaluated : null,
        notEvaluated: t.cycle ? c.players - c.evaluated : null,
        reports: t.cycle && reports ? reportsOf(reports, t.teamId) : null,
        stale: c.stale,
        goals: goals.get(t.teamId) ?? { ...NO_GOALS, achievedSince: null },
      };
    }),
    next: next === null ? null : encodeCursor(next),
  };
}
