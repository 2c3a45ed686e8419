import type { ReportState } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import type { TestApp } from '../../test/harness.js';

/**
 * After a direct write: PostgreSQL's feed has delivered it, and SQLite's WAL-index watch reads the
 * header again from the next event-loop turn (ADR 0013), as for another process's commit.
 */
async function seen(t: TestApp): Promise<void> {
  await t.settled();
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The dashboard tests' own writes: cycles, reports and sessions go straight to the tables (the
 * authoring and delivery routes are another module's), then `settled()` so the app sees them.
 */
export async function insertCycle(t: TestApp, c: { name: string; opensOn: string; closesOn: string; teamIds: number[] }): Promise<number> {
  const now = nowIso();
  const season = await t.db.selectFrom('seasons').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto('report_cycles')
    .values({
      name: c.name,
      season_id: season.id,
      opens_on: c.opensOn,
      closes_on: c.closesOn,
      show_team_average: 0,
      show_rank: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (c.teamIds.length)
    await t.db
      .insertInto('report_cycle_teams')
      .values(c.teamIds.map((team_id) => ({ cycle_id: id, team_id })))
      .execute();
  await seen(t);
  return id;
}

export async function insertReport(
  t: TestApp,
  r: { cycleId: number; teamId: number; playerId: number; state: ReportState; version?: number; viewedAt?: string },
): Promise<number> {
  const now = nowIso();
  const { id } = await t.db
    .insertInto('reports')
    .values({
      cycle_id: r.cycleId,
      team_id: r.teamId,
      player_id: r.playerId,
      version: r.version ?? 1,
      state: r.state,
      overall_comment: 'Keeps working hard.',
      criterion_comments: '{}',
      focus: '[]',
      viewed_at: r.viewedAt ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seen(t);
  return id;
}

export async function insertSession(
  t: TestApp,
  s: { name: string; state: 'draft' | 'open' | 'closed'; evaluatorUserId?: number; playerIds?: number[] },
): Promise<number> {
  const now = nowIso();
  const { id } = await t.db
    .insertInto('eval_sessions')
    .values({
      name: s.name,
      category_id: null,
      season_id: null,
      start_date: now.slice(0, 10),
      end_date: now.slice(0, 10),
      min_evaluators: 1,
      state: s.state,
      results_unlocked: 0,
      guest_code: null,
      created_by: null,
      published_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (s.evaluatorUserId)
    await t.db
      .insertInto('eval_session_evaluators')
      .values({ session_id: id, user_id: s.evaluatorUserId, guest_name: null, token_hash: null, created_at: now, guest_key: null })
      .execute();
  if (s.playerIds?.length)
    await t.db
      .insertInto('eval_session_players')
      .values(s.playerIds.map((player_id) => ({ session_id: id, player_id, bib: null, present: 0, walk_up: 0 })))
      .execute();
  await seen(t);
  return id;
}

/** Players of a team with no evaluation dated on or after `since`: the expectation, counted apart from the app. */
export async function staleOf(t: TestApp, teamId: number, since: string): Promise<number> {
  const members = await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).execute();
  const recent = await t.db.selectFrom('evaluations').select('player_id').distinct().where('date', '>=', since).execute();
  const fresh = new Set(recent.map((r) => r.player_id));
  return members.filter((m) => !fresh.has(m.player_id)).length;
}

export { dayOffset } from '../../lib/time.js';
