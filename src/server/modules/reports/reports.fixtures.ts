import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { reportSnapshotSchema } from '../../../shared/schemas/report-snapshot.js';
import type { DB, ReportState } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/**
 * Reports written straight into the database for delivery tests: drafting and approval belong to the
 * reports module; delivery only needs an approved report with its frozen snapshot.
 */

export const COACH_COMMENT = 'Great first touch this autumn; keep scanning before you receive.';

export async function reportCycle(db: Kysely<DB>, teamIds: number[], name = 'Autumn 2026'): Promise<number> {
  const now = nowIso();
  const team = await db.selectFrom('teams').select('season_id').where('id', '=', teamIds[0]!).executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('report_cycles')
    .values({
      name,
      season_id: team.season_id,
      opens_on: '2026-09-01',
      closes_on: '2026-11-20',
      show_team_average: 0,
      show_rank: 0,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('report_cycle_teams')
    .values(teamIds.map((team_id) => ({ cycle_id: id, team_id })))
    .execute();
  return id;
}

/** A snapshot as reports frozen before the real-progress and measured lines stored it (the schema's defaults fill them). */
export function snapshotOf(
  player: { first_name: string; last_name: string },
  comment = COACH_COMMENT,
  where: { team: string; cycle: string } = { team: 'U14 Boys', cycle: 'Autumn 2026' },
): z.input<typeof reportSnapshotSchema> {
  return {
    player,
    cycle: { name: where.cycle, season: '2026', closes_on: '2026-11-20' },
    team: { name: where.team },
    evaluated_by: 'Coach',
    tryouts: [],
    criteria: [
      { criterion_id: 1, label: 'Passing', description: 'Accuracy and weight of passes', percent: 72, comment: 'Crisp passes into feet.' },
      { criterion_id: 2, label: 'Positioning', description: 'Where the player stands', percent: null, comment: null },
    ],
    total: 72,
    previous_total: 65,
    change: 7,
    team_average: null,
    rank: null,
    overall_comment: comment,
    focus: [
      {
        criterion_id: 2,
        label: 'Positioning',
        text: 'Check your shoulder before the ball arrives.',
        resources: [{ id: 1, title: 'Scanning drill', url: 'https://example.org/scan' }],
      },
    ],
    goals: { previous: [], set: [] },
  };
}

/** An approved report (or in the state given) of the player for the team and cycle, with its snapshot. */
export async function approvedReport(
  db: Kysely<DB>,
  r: { cycleId: number; playerId: number; teamId: number; state?: ReportState; comment?: string; version?: number },
): Promise<number> {
  const now = nowIso();
  const player = await db.selectFrom('players').select(['first_name', 'last_name']).where('id', '=', r.playerId).executeTakeFirstOrThrow();
  const team = await db.selectFrom('teams').select('name').where('id', '=', r.teamId).executeTakeFirstOrThrow();
  const cycle = await db.selectFrom('report_cycles').select('name').where('id', '=', r.cycleId).executeTakeFirstOrThrow();
  const state = r.state ?? 'approved';
  const comment = r.comment ?? COACH_COMMENT;
  const { id } = await db
    .insertInto('reports')
    .values({
      cycle_id: r.cycleId,
      player_id: r.playerId,
      team_id: r.teamId,
      version: r.version ?? 1,
      state,
      overall_comment: comment,
      criterion_comments: '{}',
      focus: '[]',
      snapshot: state === 'draft' ? null : JSON.stringify(snapshotOf(player, comment, { team: team.name, cycle: cycle.name })),
      created_by: null,
      approved_by: null,
      approved_at: state === 'draft' ? null : now,
      sent_at: state === 'sent' || state === 'viewed' ? now : null,
      viewed_at: null,
      revoked_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
