import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { reportSnapshotSchema } from '../../../shared/schemas/report-snapshot.js';
import type { BulkApproveResult, DraftCreate, Report, ReportSaved, TeamReports } from '../../../shared/schemas/report.js';
import type { DB, ReportState } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { reachableCycleTeam, reachableReport } from '../../policies/reports.js';
import { mayWriteGoals } from '../../policies/goals.js';
import * as goals from '../goals/goals.service.js';
import type { ReportGoalDrafts, reportApproveSchema } from '../../../shared/schemas/goal.js';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.repository.js';
import * as cycles from './cycles.repository.js';
import { cycleTeamIds } from './cycles.service.js';
import * as repo from './reports.repository.js';
import { cancelQueuedDeliveries } from './delivery.repository.js';
import { buildSnapshot, parseDraftText, resourcesByCriterion } from './snapshot.js';

type Db = Kysely<DB>;
type ReportApproved = z.output<typeof reportApproveSchema>;

export const reportErrors = {
  notDraft: 'Only a draft can be changed. Re-issue the report to write a new version.',
  commentRequired: 'Write the overall comment before approving the report.',
  notPlayer: 'This player is not in the team.',
  moved: 'This report was just changed by someone else. Reload it.',
  cannotReissue: 'Only an approved, sent, viewed or revoked report can be re-issued.',
  cannotRevoke: 'Only a sent report can be revoked.',
  unknownCriterion: 'This criterion does not exist.',
  untaggedResource: 'Choose resources tagged for this criterion.',
} as const;

/** The team's players in a cycle, each with their latest report version (or none yet). */
export async function teamReports(db: Db, actor: Actor, cycleId: number, teamId: number): Promise<TeamReports> {
  await reachableCycleTeam(db, actor, await cycleTeamIds(db, cycleId), teamId);
  const [cycle, team, members, reported] = await Promise.all([
    cycles.findCycle(db, cycleId),
    repo.teamName(db, teamId),
    repo.teamPlayers(db, teamId),
    repo.reportedPlayers(db, cycleId, teamId),
  ]);
  // A player who left the team keeps their report in its list: nobody disappears in silence.
  const players = [...members, ...reported.filter((p) => !members.some((m) => m.id === p.id))];
  const reports = await repo.cycleReportsOf(
    db,
    cycleId,
    players.map((p) => p.id),
  );
  const undelivered = await repo.undeliveredCounts(
    db,
    reports.map((r) => r.id),
  );
  return {
    cycle: { id: cycle!.id, name: cycle!.name, closes_on: cycle!.closes_on },
    team,
    rows: players.map((player) => {
      // Newest version first: the one that counts. A report written for another team stays there.
      const r = reports.find((x) => x.player_id === player.id && x.team_id === teamId);
      return {
        player,
        report: r
          ? {
              id: r.id,
              version: r.version,
              state: r.state,
              has_comment: r.overall_comment.trim() !== '',
              updated_at: r.updated_at,
              undelivered: undelivered.get(r.id) ?? 0,
            }
          : null,
      };
    }),
  };
}

/** Drafts for the named players of the team (or every player without a report in the cycle yet). */
export async function createDrafts(db: Db, actor: Actor, cycleId: number, teamId: number, body: DraftCreate): Promise<{ created: number }> {
  await reachableCycleTeam(db, actor, await cycleTeamIds(db, cycleId), teamId);
  const players = await repo.teamPlayers(db, teamId);
  const members = new Set(players.map((p) => p.id));
  const wanted = body.player_ids ? [...new Set(body.player_ids)] : [...members];
  if (wanted.some((id) => !members.has(id))) throw badRequest(reportErrors.notPlayer, 'player_ids');
  const existing = new Set((await repo.cycleReportsOf(db, cycleId, wanted)).map((r) => r.player_id));
  const now = nowIso();
  const rows = wanted
    .filter((id) => !existing.has(id))
    .map((player_id) => ({
      cycle_id: cycleId,
      player_id,
      team_id: teamId,
      version: 1,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    }));
  await db.transaction().execute(async (trx) => {
    const ids = await repo.insertDrafts(trx, rows);
    for (const [i, id] of ids.entries()) await recordAudit(trx, actor, 'create', 'report', id, `draft v1 for player ${rows[i]!.player_id}`);
  });
  return { created: rows.length };
}

export async function loadReport(db: Db, actor: Actor, id: number): Promise<repo.ReportRow> {
  return reachableReport(db, actor, await repo.findReport(db, id));
}

export async function presentReport(db: Db, r: repo.ReportRow): Promise<Report> {
  const [facts, player, catalogue, versions] = await Promise.all([
    repo.snapshotFacts(db, r),
    repo.playerName(db, r.player_id),
    repo.criteriaCatalogue(db),
    repo.versionsOf(db, r.cycle_id, r.player_id),
  ]);
  const frozen = r.snapshot ? reportSnapshotSchema.safeParse(JSON.parse(r.snapshot)) : null;
  const snapshot = frozen?.success ? frozen.data : await buildSnapshot(db, r);
  const resources = await resourcesByCriterion(db, catalogue);
  const text = parseDraftText(r);
  return {
    id: r.id,
    cycle: { id: r.cycle_id, name: facts.cycle.name, closes_on: facts.cycle.closes_on },
    team: { id: r.team_id, name: facts.team.name },
    player,
    version: r.version,
    state: r.state,
    overall_comment: text.overall_comment,
    criterion_comments: text.criterion_comments,
    focus: text.focus,
    snapshot,
    criteria: catalogue.map((c) => ({ id: c.id, label: c.name, resources: resources.get(c.id) ?? [] })),
    versions,
    created_at: r.created_at,
    updated_at: r.updated_at,
    approved_at: r.approved_at,
    sent_at: r.sent_at,
    viewed_at: r.viewed_at,
    revoked_at: r.revoked_at,
  };
}

async function checkText(db: Db, input: ReportSaved): Promise<void> {
  const catalogue = await repo.criteriaCatalogue(db);
  const known = new Set(catalogue.map((c) => c.id));
  for (const id of Object.keys(input.criterion_comments))
    if (!known.has(Number(id))) throw badRequest(reportErrors.unknownCriterion, 'criterion_comments');
  const resources = await resourcesByCriterion(
    db,
    catalogue.filter((c) => input.focus.some((f) => f.criterion_id === c.id)),
  );
  for (const [i, f] of input.focus.entries()) {
    if (!known.has(f.criterion_id)) throw badRequest(reportErrors.unknownCriterion, `focus.${i}.criterion_id`);
    const tagged = new Set((resources.get(f.criterion_id) ?? []).map((r) => r.id));
    if (f.resource_ids.some((id) => !tagged.has(id))) throw badRequest(reportErrors.untaggedResource, `focus.${i}.resource_ids`);
  }
}

export async function saveDraft(db: Db, actor: Actor, id: number, input: ReportSaved): Promise<Report> {
  const r = await loadReport(db, actor, id);
  if (r.state !== 'draft') throw conflict(reportErrors.notDraft);
  await checkText(db, input);
  const comments = Object.fromEntries(Object.entries(input.criterion_comments).filter(([, c]) => c !== ''));
  const values = {
    overall_comment: input.overall_comment,
    criterion_comments: JSON.stringify(comments),
    focus: JSON.stringify(input.focus),
    updated_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    if (!(await repo.saveDraft(trx, id, values))) throw conflict(reportErrors.notDraft);
    await recordAudit(
      trx,
      actor,
      'update',
      'report',
      id,
      `draft v${r.version} saved (${input.overall_comment.length} characters, ${Object.keys(comments).length} criterion comments, ${input.focus.length} focus)`,
    );
  });
  return presentReport(db, (await repo.findReport(db, id))!);
}

/** Freezes the snapshot and moves draft → approved, audited; inside the caller's transaction. */
async function approveOne(db: Db, actor: Actor, r: repo.ReportRow): Promise<void> {
  const snapshot = await buildSnapshot(db, r);
  const now = nowIso();
  const moved = await repo.moveState(db, r.id, ['draft'], {
    state: 'approved',
    snapshot: JSON.stringify(snapshot),
    approved_by: actor.id,
    approved_at: now,
    updated_at: now,
  });
  if (!moved) throw conflict(reportErrors.moved);
  await recordAudit(db, actor, 'approve', 'report', r.id, `v${r.version} approved at ${now}`);
}

/**
 * Draft → approved; with goals, the things to work on the coach confirmed become the player's goals
 * in the same transaction, each linking back to this report (docs/product.md#goals).
 */
export async function approveReport(db: Db, actor: Actor, id: number, input?: ReportApproved): Promise<Report> {
  const wanted = input?.goals ?? [];
  const r = await loadReport(db, actor, id);
  if (r.state !== 'draft') throw conflict(reportErrors.notDraft);
  if (!r.overall_comment.trim()) throw badRequest(reportErrors.commentRequired, 'overall_comment');
  if (wanted.length) mayWriteGoals(actor);
  const focus = parseDraftText(r).focus;
  const goalRows = await goals.prepareReportGoals(
    db,
    actor,
    { id: r.id, cycleId: r.cycle_id, playerId: r.player_id, focusCriterionIds: focus.map((f) => f.criterion_id) },
    wanted,
  );
  await db.transaction().execute(async (trx) => {
    // The goals first: the snapshot frozen at approval lists them as set from this report.
    await goals.insertReportGoals(trx, actor, r.id, goalRows);
    await approveOne(trx, actor, r);
  });
  return presentReport(db, (await repo.findReport(db, id))!);
}

/** The approve modal's proposed goals: the draft's things to work on, with the player's current scores. */
export async function reportGoalDrafts(db: Db, actor: Actor, id: number): Promise<ReportGoalDrafts> {
  const r = await loadReport(db, actor, id);
  return goals.reportGoalDrafts(db, { cycleId: r.cycle_id, playerId: r.player_id, focus: parseDraftText(r).focus });
}

/** Approves every draft of the team that has its overall comment; the others are listed, never skipped in silence. */
export async function approveTeam(db: Db, actor: Actor, cycleId: number, teamId: number): Promise<BulkApproveResult> {
  await reachableCycleTeam(db, actor, await cycleTeamIds(db, cycleId), teamId);
  const drafts = await repo.teamDrafts(db, cycleId, teamId);
  const ready = drafts.filter((d) => d.overall_comment.trim() !== '');
  await db.transaction().execute(async (trx) => {
    for (const d of ready) await approveOne(trx, actor, d);
  });
  return {
    approved: ready.length,
    skipped: drafts
      .filter((d) => d.overall_comment.trim() === '')
      .map((d) => ({ report_id: d.id, player: `${d.first_name} ${d.last_name}`, reason: 'No overall comment yet.' })),
  };
}

const REISSUABLE: readonly ReportState[] = ['approved', 'sent', 'viewed', 'revoked'];

/**
 * A new draft version with the same text; the version it replaces becomes superseded (kept, readable
 * by staff). A revoked version stays revoked: that is what its recipients last saw.
 */
export async function reissueReport(db: Db, actor: Actor, id: number): Promise<Report> {
  const r = await loadReport(db, actor, id);
  if (!REISSUABLE.includes(r.state)) throw conflict(reportErrors.cannotReissue);
  const newId = await db.transaction().execute(async (trx) => {
    const latest = await repo.maxVersion(trx, r.cycle_id, r.player_id);
    if (latest !== r.version) throw conflict(reportErrors.moved);
    const now = nowIso();
    if (r.state !== 'revoked' && !(await repo.moveState(trx, r.id, [r.state], { state: 'superseded', updated_at: now })))
      throw conflict(reportErrors.moved);
    const newId = await repo.insertDraft(trx, {
      cycle_id: r.cycle_id,
      player_id: r.player_id,
      team_id: r.team_id,
      version: r.version + 1,
      overall_comment: r.overall_comment,
      criterion_comments: r.criterion_comments,
      focus: r.focus,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(
      trx,
      actor,
      'reissue',
      'report',
      r.id,
      `v${r.version} (${r.state}) re-issued as v${r.version + 1} (report ${newId}) at ${now}`,
    );
    return newId;
  });
  return presentReport(db, (await repo.findReport(db, newId))!);
}

/**
 * Sent → revoked, with its time, audited. The report leaves the portal and the player area, and its
 * one-time links stop working: every reader of a report checks its state (delivery module).
 */
export async function revokeReport(db: Db, actor: Actor, id: number): Promise<Report> {
  const r = await loadReport(db, actor, id);
  if (r.state !== 'sent' && r.state !== 'viewed') throw conflict(reportErrors.cannotRevoke);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await repo.moveState(trx, id, ['sent', 'viewed'], { state: 'revoked', revoked_at: now, updated_at: now })))
      throw conflict(reportErrors.moved);
    await cancelQueuedDeliveries(trx, id);
    await recordAudit(trx, actor, 'revoke', 'report', id, `v${r.version} revoked at ${now}`);
  });
  return presentReport(db, (await repo.findReport(db, id))!);
}
