import type { Insertable, Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../../shared/permissions.js';
import {
  goalMessages,
  mayDecideProposal,
  mayMoveGoal,
  type Goal,
  type GoalSummary,
  type GoalSuggestion,
  type ReportGoalDrafts,
  type TeamGoalResult,
  type TeamGoals,
  type teamGoalCreateSchema,
  dueSoonBy,
  type reportGoalSaveSchema,
  type goalCheckInSaveSchema,
  type goalDeclineSchema,
  type goalCreateSchema,
  type goalStateChangeSchema,
  type goalUpdateSchema,
} from '../../../shared/schemas/goal.js';
import { scoreLabel } from '../../../shared/schemas/evaluation.js';
import type { ReportGoalLine } from '../../../shared/schemas/report-snapshot.js';
import { SCALE_MAX, SCALE_MIN } from '../../../shared/constants.js';
import { isValidScore, progressBetween, sdFromSums, targetReached, weakestRelative, type LevelKind } from '../../../shared/scoring.js';
import type { DB, GoalState, GoalsTable } from '../../db/types.js';
import { teamPlayers } from '../reports/reports.repository.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { dayOffset, nowIso, todayDate } from '../../lib/time.js';
import type { ResourceViewer } from '../resources/resources.repository.js';
import { taggedWith } from '../resources/resources.repository.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './goals.repository.js';
import { versionedCache } from '../scores/score-cache.js';
import { swcByCriterion } from '../scores/swc.service.js';

type Db = Kysely<DB>;
type GoalCreate = z.output<typeof goalCreateSchema>;
type GoalUpdate = z.output<typeof goalUpdateSchema>;
type StateChange = z.output<typeof goalStateChangeSchema>;
type CheckInSave = z.output<typeof goalCheckInSaveSchema>;
type Decline = z.output<typeof goalDeclineSchema>;
type ReportGoalSave = z.output<typeof reportGoalSaveSchema>;
type TeamGoalInput = z.output<typeof teamGoalCreateSchema>;

/** How long a suggested goal runs (docs/product.md#goals). */
export const SUGGESTED_WEEKS = 8;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** What a goal says without its history, check-ins and resources: a team's page and a report's lines. */
async function toSummaries(db: Db, rows: repo.GoalRow[]): Promise<GoalSummary[]> {
  const swc = await swcByCriterion(db, criterionIdsOf(rows));
  return rows.map((r) => summaryOf(r, swc));
}

const criterionIdsOf = (rows: readonly repo.GoalRow[]) => rows.flatMap((r) => (r.criterion_id === null ? [] : [r.criterion_id]));

function summaryOf(r: repo.GoalRow, swc: ReadonlyMap<number, number | null>): GoalSummary {
  const baseline = num(r.baseline_score);
  const latest = num(r.latest_score);
  const criterionSwc = r.criterion_id === null ? null : (swc.get(r.criterion_id) ?? null);
  return {
    id: r.id,
    playerId: r.player_id,
    criterionId: r.criterion_id,
    title: r.criterion_name ?? r.title,
    levelKind: (r.level_kind as LevelKind | null) ?? null,
    description: r.description,
    baseline,
    baselineOn: r.baseline_on,
    target: num(r.target_score),
    latest,
    latestOn: r.latest_on,
    progress: baseline !== null && latest !== null ? progressBetween(baseline, latest, criterionSwc) : null,
    swc: criterionSwc,
    dueOn: r.due_on,
    visibleToFamily: Number(r.visible_to_family) === 1,
    state: r.state,
    stateChangedAt: r.state_changed_at,
    createdAt: r.created_at,
    proposedByPlayer: Boolean(Number(r.proposed_by_player)),
    declineReason: r.state === 'declined' ? (r.decline_note ?? '') : null,
    source:
      r.source_report_id !== null && r.source_cycle_id !== null && r.source_report_team_id !== null
        ? {
            kind: 'report' as const,
            reportId: r.source_report_id,
            cycleId: r.source_cycle_id,
            teamId: r.source_report_team_id,
            label: r.source_cycle_name ?? '',
          }
        : r.source_team_id !== null
          ? { kind: 'team' as const, teamId: r.source_team_id, label: r.source_team_name ?? '' }
          : null,
  };
}

/** The goals as the API shows them: history, check-ins, progress against the SWC, and resources when a viewer is given. */
async function toGoals(db: Db, rows: repo.GoalRow[], viewer: ResourceViewer | null): Promise<Goal[]> {
  const ids = rows.map((r) => r.id);
  const names = rows.flatMap((r) => (r.criterion_name ? [r.criterion_name] : []));
  const [events, checkIns, swc, resources] = await Promise.all([
    repo.eventsOf(db, ids),
    repo.checkInsOf(db, ids),
    swcByCriterion(db, criterionIdsOf(rows)),
    viewer ? taggedWith(db, viewer, names) : Promise.resolve([]),
  ]);
  return rows.map((r) => ({
    ...summaryOf(r, swc),
    events: events
      .filter((e) => e.goal_id === r.id)
      .map((e) => ({
        id: e.id,
        kind: e.kind,
        fromState: e.from_state,
        toState: e.to_state,
        score: num(e.score),
        note: e.note,
        by: e.by_name,
        at: e.created_at,
      })),
    checkIns: checkIns
      .filter((c) => c.goal_id === r.id)
      .map((c) => ({
        id: c.id,
        date: c.on_date,
        note: c.note,
        practiceCount: num(c.practice_count),
        by: c.by_name,
        byPlayer: Number(c.by_player) === 1,
      })),
    resources: r.criterion_name
      ? resources
          .filter((x) => x.tag === r.criterion_name!.toLowerCase())
          .map(({ tag: _tag, ...x }) => x)
          .filter((x, i, all) => all.findIndex((y) => y.id === x.id) === i)
      : [],
  }));
}

/** docs/product.md#goals: a player's goals for staff and the player themself (resources as the viewer sees them). */
export async function listGoals(db: Db, playerId: number, viewer: ResourceViewer): Promise<Goal[]> {
  return toGoals(db, await repo.goalsOf(db, playerId, false), viewer);
}

/** The family portal: the goals marked visible to family, without the club's resources (they are shared by role). */
export async function familyGoals(db: Db, playerId: number): Promise<Goal[]> {
  return toGoals(db, await repo.goalsOf(db, playerId, true), null);
}

async function oneGoal(db: Db, goalId: number, viewer: ResourceViewer | null): Promise<Goal> {
  const row = await repo.findGoal(db, goalId);
  if (!row) throw notFound(goalMessages.notFound);
  return (await toGoals(db, [row], viewer))[0]!;
}

function checkTarget(kind: LevelKind, target: number, baseline: number | null): void {
  if (!isValidScore(kind, target))
    throw badRequest(
      kind === 'yes_no' ? 'Please choose Yes as the target.' : `Please enter a whole number from ${SCALE_MIN} to ${SCALE_MAX}.`,
      'target',
    );
  if (baseline !== null && target <= baseline) throw badRequest(goalMessages.targetAbove(scoreLabel(kind, baseline)), 'target');
}

function checkDue(dueOn: string): void {
  if (dueOn < todayDate()) throw badRequest(goalMessages.dueInPast, 'due_on');
}

type NewGoal = Insertable<GoalsTable>;
type Criterion = NonNullable<Awaited<ReturnType<typeof repo.findCriterion>>>;
type Current = { id: number; score: number; date: string } | undefined;

/** A new active goal's row; the baseline is the player's current evaluation of the criterion (none: free text, or not evaluated yet). */
function goalRow(
  actor: Actor,
  playerId: number,
  criterion: Criterion | null,
  input: { title: string; target: number | null; due_on: string; description: string; visible_to_family: boolean },
  current: Current,
  now: string,
  source: Pick<NewGoal, 'source_report_id' | 'source_team_id'> = {},
  state: 'active' | 'proposed' = 'active',
): NewGoal {
  return {
    player_id: playerId,
    criterion_id: criterion?.id ?? null,
    title: criterion ? '' : input.title,
    description: input.description,
    baseline_score: current ? Number(current.score) : null,
    baseline_on: current?.date ?? null,
    baseline_evaluation_id: current?.id ?? null,
    target_score: criterion ? input.target : null,
    due_on: input.due_on,
    visible_to_family: input.visible_to_family ? 1 : 0,
    state,
    state_changed_at: now,
    created_by: actor.id,
    created_at: now,
    updated_at: now,
    ...source,
  };
}

/** Inserts new goals with their "created" events, inside the caller's transaction; their ids in order. */
async function insertNew(trx: Db, actor: Actor, rows: NewGoal[]): Promise<number[]> {
  const ids = await repo.insertGoals(trx, rows);
  const byName = await repo.userName(trx, actor.id);
  await repo.insertEvents(
    trx,
    rows.map((r, i) => ({
      goal_id: ids[i]!,
      player_id: r.player_id,
      kind: 'created' as const,
      to_state: r.state ?? ('active' as const),
      note: '',
      score: r.baseline_score ?? null,
      user_id: actor.id,
      by_name: byName,
      created_at: r.created_at,
    })),
  );
  return ids;
}

/** A goal by hand or from a suggestion: the baseline is the player's current evaluation of the criterion, read here. */
export async function createGoal(db: Db, actor: Actor, playerId: number, input: GoalCreate, viewer: ResourceViewer): Promise<Goal> {
  checkDue(input.due_on);
  const criterion = input.criterion_id === null ? null : await repo.findCriterion(db, input.criterion_id);
  if (input.criterion_id !== null && !criterion) throw badRequest('Please choose an existing criterion.', 'criterion_id');
  const current = criterion ? await repo.currentEvaluation(db, playerId, criterion.id) : undefined;
  if (criterion) checkTarget(criterion.kind, input.target!, current ? Number(current.score) : null);
  const id = await db.transaction().execute(async (trx) => {
    const [id] = await insertNew(trx, actor, [goalRow(actor, playerId, criterion ?? null, input, current, nowIso())]);
    await recordAudit(trx, actor, 'create', 'goal', id!, `goal on player ${playerId}${criterion ? ` (criterion ${criterion.id})` : ''}`);
    return id!;
  });
  return oneGoal(db, id, viewer);
}

/**
 * A player proposes a goal of their own (docs/product.md#goals): checked as a coach's goal is, kept as
 * `proposed` (not active, counted nowhere) until the coach accepts or declines it.
 */
export async function proposeGoal(db: Db, actor: Actor, playerId: number, input: GoalCreate, viewer: ResourceViewer): Promise<Goal> {
  checkDue(input.due_on);
  const criterion = input.criterion_id === null ? null : await repo.findCriterion(db, input.criterion_id);
  if (input.criterion_id !== null && !criterion) throw badRequest('Please choose an existing criterion.', 'criterion_id');
  const current = criterion ? await repo.currentEvaluation(db, playerId, criterion.id) : undefined;
  if (criterion) checkTarget(criterion.kind, input.target!, current ? Number(current.score) : null);
  const id = await db.transaction().execute(async (trx) => {
    const [id] = await insertNew(trx, actor, [goalRow(actor, playerId, criterion ?? null, input, current, nowIso(), {}, 'proposed')]);
    await recordAudit(
      trx,
      actor,
      'create',
      'goal',
      id!,
      `goal proposed by player ${playerId}${criterion ? ` (criterion ${criterion.id})` : ''}`,
    );
    return id!;
  });
  return oneGoal(db, id, viewer);
}

/**
 * The coach accepts a proposal, with their edits if any: it becomes active and, as any new goal, takes
 * the player's current evaluation of the criterion as its baseline now (the target must be above it).
 */
export async function acceptGoal(db: Db, actor: Actor, goalId: number, input: GoalUpdate, viewer: ResourceViewer): Promise<Goal> {
  const before = (await repo.findGoal(db, goalId))!;
  if (!mayDecideProposal(before.state)) throw conflict(goalMessages.notProposed);
  const dueOn = input.due_on ?? before.due_on;
  checkDue(dueOn);
  const target = input.target !== undefined ? input.target : num(before.target_score);
  const current = before.criterion_id !== null ? await repo.currentEvaluation(db, before.player_id, before.criterion_id) : undefined;
  if (before.criterion_id !== null && before.level_kind) {
    if (target === null) throw badRequest(goalMessages.targetNeeded, 'target');
    checkTarget(before.level_kind, target, current ? Number(current.score) : null);
  }
  const now = nowIso();
  const edited = (['target', 'due_on', 'description', 'visible_to_family'] as const).filter((k) => input[k] !== undefined);
  await db.transaction().execute(async (trx) => {
    const byName = await repo.userName(trx, actor.id);
    const event = { goal_id: goalId, player_id: before.player_id, user_id: actor.id, by_name: byName, created_at: now };
    if (edited.length) {
      await repo.updateGoal(trx, goalId, {
        ...(input.target !== undefined && before.criterion_id !== null ? { target_score: input.target } : {}),
        ...(input.due_on !== undefined ? { due_on: input.due_on } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.visible_to_family !== undefined ? { visible_to_family: input.visible_to_family ? 1 : 0 } : {}),
        updated_at: now,
      });
      await repo.insertEvent(trx, { ...event, kind: 'edited', note: edited.join(', ') });
    }
    const baseline = {
      baseline_score: current ? Number(current.score) : null,
      baseline_on: current?.date ?? null,
      baseline_evaluation_id: current?.id ?? null,
    };
    if (!(await repo.acceptProposal(trx, goalId, baseline, now))) throw conflict(goalMessages.notProposed);
    await repo.insertEvent(trx, {
      ...event,
      kind: 'state',
      from_state: 'proposed',
      to_state: 'active',
      score: baseline.baseline_score,
      note: '',
    });
    await recordAudit(
      trx,
      actor,
      'update',
      'goal',
      goalId,
      `goal on player ${before.player_id}: proposed → active${edited.length ? ` (${edited.join(', ')})` : ''}`,
    );
  });
  return oneGoal(db, goalId, viewer);
}

/** The coach declines a proposal with a reason the player reads; the goal stays, declined, in their history. */
export async function declineGoal(db: Db, actor: Actor, goalId: number, input: Decline, viewer: ResourceViewer): Promise<Goal> {
  const before = (await repo.findGoal(db, goalId))!;
  if (!mayDecideProposal(before.state)) throw conflict(goalMessages.notProposed);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (!(await repo.moveState(trx, goalId, 'declined', now, 'proposed'))) throw conflict(goalMessages.notProposed);
    await repo.insertEvent(trx, {
      goal_id: goalId,
      player_id: before.player_id,
      kind: 'state',
      from_state: 'proposed',
      to_state: 'declined',
      note: input.reason,
      user_id: actor.id,
      by_name: await repo.userName(trx, actor.id),
      created_at: now,
    });
    await recordAudit(trx, actor, 'update', 'goal', goalId, `goal on player ${before.player_id}: proposed → declined`);
  });
  return oneGoal(db, goalId, viewer);
}

/**
 * What a report says of goals (docs/product.md#goals): those set from the player's report of the last
 * earlier cycle that set any, in the state they are in now (the outcome, frozen when the report is
 * approved), and those set from this cycle's report.
 */
export async function reportGoalLines(
  db: Db,
  report: { playerId: number; cycleId: number; closesOn: string },
): Promise<{ previous: ReportGoalLine[]; set: ReportGoalLine[] }> {
  const previousCycle = await repo.previousGoalCycle(db, report.playerId, report.closesOn);
  const rows = await repo.goalsFromReportCycles(
    db,
    report.playerId,
    previousCycle === undefined ? [report.cycleId] : [previousCycle, report.cycleId],
  );
  const goals = await toSummaries(db, rows);
  const line = (g: GoalSummary): ReportGoalLine => ({
    title: g.title,
    state: g.state,
    level_kind: g.levelKind,
    baseline: g.baseline,
    latest: g.latest,
    target: g.target,
    progress: g.progress,
    due_on: g.dueOn,
    visible_to_family: g.visibleToFamily,
  });
  const from = new Map(rows.map((r) => [r.id, r.from_cycle_id]));
  return {
    previous: goals.filter((g) => from.get(g.id) === previousCycle).map(line),
    set: goals.filter((g) => from.get(g.id) === report.cycleId).map(line),
  };
}

/** A target one step above a score (Yes on a Yes/No level): what Suggest goals and the report's modal propose. */
const stepUp = (kind: LevelKind, score: number | null): number =>
  kind === 'yes_no' ? 1 : Math.min(SCALE_MAX, Math.floor(score ?? SCALE_MIN) + 1);

/**
 * The approve modal's proposals (docs/product.md#goals): each of the report's things to work on with
 * the player's current evaluation of its criterion, a target one step up and a due date
 * SUGGESTED_WEEKS ahead; the coach confirms or changes them.
 */
export async function reportGoalDrafts(
  db: Db,
  report: { cycleId: number; playerId: number; focus: readonly { criterion_id: number; text: string }[] },
): Promise<ReportGoalDrafts> {
  const [criteria, existing] = await Promise.all([
    repo.criteriaWithCurrent(db, report.playerId),
    repo.goalsFromCycleReport(db, report.cycleId, report.playerId),
  ]);
  const byId = new Map(criteria.map((c) => [c.id, c]));
  const drafts = report.focus.flatMap((f) => {
    const c = byId.get(f.criterion_id);
    if (!c || existing.includes(c.id)) return [];
    const score = num(c.score);
    return [
      {
        criterionId: c.id,
        criterion: c.name,
        levelKind: c.kind,
        score,
        target: stepUp(c.kind, score),
        dueOn: dayOffset(SUGGESTED_WEEKS * 7),
        description: f.text,
      },
    ];
  });
  return { drafts, existing: existing.length };
}

/**
 * Checks the goals the coach confirmed when approving a report (each one of its things to work on,
 * once, with a valid target above the current level and a due date not past) and returns their rows,
 * for insertReportGoals in the approval's transaction. 400 names the goal's field (goals.N.target).
 */
export async function prepareReportGoals(
  db: Db,
  actor: Actor,
  report: { id: number; cycleId: number; playerId: number; focusCriterionIds: readonly number[] },
  goals: readonly ReportGoalSave[],
): Promise<NewGoal[]> {
  if (!goals.length) return [];
  const existing = await repo.goalsFromCycleReport(db, report.cycleId, report.playerId);
  const now = nowIso();
  const rows: NewGoal[] = [];
  for (const [i, g] of goals.entries()) {
    const at = (field: string) => `goals.${i}.${field}`;
    if (!report.focusCriterionIds.includes(g.criterion_id) || existing.includes(g.criterion_id))
      throw badRequest(goalMessages.notFocus, at('criterion_id'));
    const criterion = await repo.findCriterion(db, g.criterion_id);
    if (!criterion) throw badRequest(goalMessages.notFocus, at('criterion_id'));
    if (g.due_on < todayDate()) throw badRequest(goalMessages.dueInPast, at('due_on'));
    const current = await repo.currentEvaluation(db, report.playerId, criterion.id);
    try {
      checkTarget(criterion.kind, g.target!, current ? Number(current.score) : null);
    } catch (e) {
      throw badRequest((e as Error).message, at('target'));
    }
    rows.push(goalRow(actor, report.playerId, criterion, { ...g, title: '' }, current, now, { source_report_id: report.id }));
  }
  return rows;
}

/** Writes the report's goals inside the approval's transaction, audited one by one. */
export async function insertReportGoals(trx: Db, actor: Actor, reportId: number, rows: NewGoal[]): Promise<void> {
  const ids = await insertNew(trx, actor, rows);
  for (const [i, id] of ids.entries())
    await recordAudit(
      trx,
      actor,
      'create',
      'goal',
      id,
      `goal on player ${rows[i]!.player_id} from report ${reportId} (criterion ${rows[i]!.criterion_id})`,
    );
}

export async function updateGoal(db: Db, actor: Actor, goalId: number, input: GoalUpdate, viewer: ResourceViewer): Promise<Goal> {
  const before = (await repo.findGoal(db, goalId))!;
  if (input.due_on !== undefined && input.due_on !== before.due_on) checkDue(input.due_on);
  if (input.target !== undefined && before.criterion_id !== null && before.level_kind) {
    if (input.target === null) throw badRequest(goalMessages.targetNeeded, 'target');
    checkTarget(before.level_kind, input.target, num(before.baseline_score));
  }
  const now = nowIso();
  const changed = (['target', 'due_on', 'description', 'visible_to_family'] as const).filter((k) => input[k] !== undefined);
  await db.transaction().execute(async (trx) => {
    await repo.updateGoal(trx, goalId, {
      ...(input.target !== undefined && before.criterion_id !== null ? { target_score: input.target } : {}),
      ...(input.due_on !== undefined ? { due_on: input.due_on } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.visible_to_family !== undefined ? { visible_to_family: input.visible_to_family ? 1 : 0 } : {}),
      updated_at: now,
    });
    await repo.insertEvent(trx, {
      goal_id: goalId,
      player_id: before.player_id,
      kind: 'edited',
      note: changed.join(', '),
      user_id: actor.id,
      by_name: await repo.userName(trx, actor.id),
      created_at: now,
    });
    await recordAudit(trx, actor, 'update', 'goal', goalId, `goal on player ${before.player_id}: ${changed.join(', ')}`);
  });
  return oneGoal(db, goalId, viewer);
}

/** A coach closes an active goal: achieved, not achieved or dropped, dated, by them, with an optional note. */
export async function changeState(db: Db, actor: Actor, goalId: number, input: StateChange, viewer: ResourceViewer): Promise<Goal> {
  const before = (await repo.findGoal(db, goalId))!;
  if (!mayMoveGoal(before.state, input.state)) throw conflict(goalMessages.notActive);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (!(await repo.moveState(trx, goalId, input.state, now))) throw conflict(goalMessages.notActive);
    await repo.insertEvent(trx, {
      goal_id: goalId,
      player_id: before.player_id,
      kind: 'state',
      from_state: before.state,
      to_state: input.state,
      note: input.note,
      user_id: actor.id,
      by_name: await repo.userName(trx, actor.id),
      created_at: now,
    });
    await recordAudit(trx, actor, 'update', 'goal', goalId, `goal on player ${before.player_id}: ${before.state} → ${input.state}`);
  });
  return oneGoal(db, goalId, viewer);
}

/** A dated note (and practice count) by a coach, or by the player on their own goal. */
export async function addCheckIn(db: Db, actor: Actor, goalId: number, input: CheckInSave, viewer: ResourceViewer): Promise<Goal> {
  const goal = (await repo.findGoal(db, goalId))!;
  const date = input.date ?? todayDate();
  if (date > dayOffset(1)) throw badRequest(goalMessages.futureCheckIn, 'date');
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const id = await repo.insertCheckIn(trx, {
      goal_id: goalId,
      player_id: goal.player_id,
      on_date: date,
      note: input.note,
      practice_count: input.practice_count,
      user_id: actor.id,
      by_name: await repo.userName(trx, actor.id),
      by_player: actor.playerId === goal.player_id ? 1 : 0,
      created_at: now,
    });
    await recordAudit(trx, actor, 'create', 'goal_check_in', id, `check-in on goal ${goalId} of player ${goal.player_id}`);
  });
  return oneGoal(db, goalId, viewer);
}

/**
 * Suggest goals: the two or three criteria where the player is weakest relative to their team
 * (shared/progress.ts weakestRelative), leaving out criteria with an active goal already; each with a
 * target one step up (Yes on a Yes/No level) and a due date SUGGESTED_WEEKS ahead.
 */
export async function suggestGoals(db: Db, playerId: number): Promise<GoalSuggestion[]> {
  const [{ own, team }, taken] = await Promise.all([repo.teamStandings(db, playerId), repo.activeCriterionIds(db, playerId)]);
  const teamOf = new Map(team.map((r) => [r.criterion_id, r]));
  const standings = own
    .filter((o) => !taken.includes(o.criterion_id))
    .map((o) => {
      const t = teamOf.get(o.criterion_id);
      const n = Number(t?.n ?? 1);
      const sum = Number(t?.sum ?? o.score);
      return {
        criterionId: o.criterion_id,
        score: Number(o.score),
        teamMean: sum / n,
        teamSd: sdFromSums(n, sum, Number(t?.sum_squares ?? Number(o.score) ** 2)),
      };
    });
  const byId = new Map(own.map((o) => [o.criterion_id, o]));
  return weakestRelative(standings, 3).map((s) => {
    const c = byId.get(s.criterionId)!;
    const target = stepUp(c.kind, s.score);
    return {
      criterionId: s.criterionId,
      criterion: c.name,
      levelKind: c.kind,
      score: s.score,
      teamMean: Math.round(s.teamMean * 100) / 100,
      target,
      dueOn: dayOffset(SUGGESTED_WEEKS * 7),
    };
  });
}

/**
 * The hook of the evaluation write path (docs/product.md#goals): after evaluations of these (criterion,
 * players) pairs were written, inside the same transaction, every active goal on them takes the pair's
 * current evaluation as its latest score; one at or above its target is achieved, by the evaluation's
 * writer. Idempotent: a pair whose current evaluation the goal already shows is left alone.
 */
export async function syncGoalProgress(
  trx: Db,
  by: Pick<Actor, 'id'> | null,
  pairs: readonly { criterionId: number; playerIds: readonly number[] }[],
): Promise<void> {
  let byName: string | null = null;
  const name = async () => (byName ??= by ? await repo.userName(trx, by.id) : 'System');
  const now = nowIso();
  for (const pair of pairs) {
    if (!pair.playerIds.length) continue;
    for (const g of await repo.activeGoalsWithCurrent(trx, pair.criterionId, pair.playerIds)) {
      const fresh = g.evaluation_id !== null && g.evaluation_id !== g.baseline_evaluation_id;
      const latestId = fresh ? g.evaluation_id : null;
      const score = fresh ? Number(g.score) : null;
      if (latestId === g.latest_evaluation_id && score === num(g.latest_score)) continue;
      await repo.setLatest(trx, g.id, { latest_score: score, latest_on: fresh ? g.date : null, latest_evaluation_id: latestId }, now);
      if (!fresh) continue;
      const base = { goal_id: g.id, player_id: g.player_id, user_id: by?.id ?? null, by_name: await name(), created_at: now };
      await repo.insertEvent(trx, { ...base, kind: 'progress', score, note: `Evaluated on ${g.date}` });
      if (targetReached(score, num(g.target_score)) && (await repo.moveState(trx, g.id, 'achieved', now))) {
        const to: GoalState = 'achieved';
        await repo.insertEvent(trx, {
          ...base,
          kind: 'state',
          from_state: 'active',
          to_state: to,
          score,
          note: 'Target reached in an evaluation.',
        });
      }
    }
  }
}

/** The goal form's criteria, each with the player's current score (the baseline a new goal takes). */
export async function goalCriteria(db: Db, playerId: number) {
  return (await repo.criteriaWithCurrent(db, playerId)).map((c) => ({ id: c.id, name: c.name, levelKind: c.kind, score: num(c.score) }));
}

/** The (criterion, players) pairs of some evaluation rows, for syncGoalProgress. */
export function pairsOf(rows: readonly { player_id: number; criterion_id: number }[]) {
  const by = new Map<number, Set<number>>();
  for (const r of rows) by.set(r.criterion_id, (by.get(r.criterion_id) ?? new Set()).add(r.player_id));
  return [...by].map(([criterionId, players]) => ({ criterionId, playerIds: [...players] }));
}

/** The player's goals with their history and check-ins, for the subject access export (docs/product.md#privacy). */
export async function goalsForExport(db: Db, playerId: number, ownAccounts: readonly number[]) {
  const rows = await repo.goalsOf(db, playerId, false);
  const ids = rows.map((r) => r.id);
  const [events, checkIns] = await Promise.all([repo.eventsOf(db, ids), repo.checkInsOf(db, ids)]);
  const by = (userId: number | null) => (userId !== null && ownAccounts.includes(userId) ? 'The player' : 'Club staff');
  return rows.map((r) => ({
    goal: r.criterion_name ?? r.title,
    description: r.description,
    baseline: num(r.baseline_score),
    target: num(r.target_score),
    latest: num(r.latest_score),
    dueOn: r.due_on,
    visibleToFamily: Number(r.visible_to_family) === 1,
    state: r.state,
    createdAt: r.created_at,
    history: events
      .filter((e) => e.goal_id === r.id)
      .map((e) => ({
        at: e.created_at,
        kind: e.kind,
        from: e.from_state,
        to: e.to_state,
        score: num(e.score),
        note: e.note,
        by: by(e.user_id),
      })),
    checkIns: checkIns
      .filter((c) => c.goal_id === r.id)
      .map((c) => ({
        date: c.on_date,
        note: c.note,
        practiceCount: num(c.practice_count),
        by: Number(c.by_player) === 1 ? 'The player' : 'Club staff',
      })),
  }));
}

// Everything the page shows moves the score version (migrations 0043, 0049; memberships and names by
// 0006, 0009), and "today" is part of the key: a warm read builds nothing.
const teamPages = versionedCache<TeamGoals>(256);

/** GET /api/team/:id/goals: every goal of the team's current players, by player, and the window the filters count in. Callers must not mutate it. */
export function teamGoals(db: Db, team: { id: number; name: string }): Promise<TeamGoals> {
  const today = todayDate();
  return teamPages(db, JSON.stringify([team.id, team.name, today]), () => buildTeamGoals(db, team, today));
}

async function buildTeamGoals(db: Db, team: { id: number; name: string }, today: string): Promise<TeamGoals> {
  const [roster, rows, closed] = await Promise.all([
    teamPlayers(db, team.id),
    repo.teamGoalRows(db, team.id),
    repo.lastCycleClose(db, team.id, today),
  ]);
  // The team view lists progress; each goal's history, check-ins and resources are on the player's profile.
  const goals = await toSummaries(db, rows);
  return {
    team,
    today,
    dueBy: dueSoonBy(today),
    achievedSince: closed ?? null,
    players: roster.map((p) => ({ ...p, goals: goals.filter((g) => g.playerId === p.id) })),
  };
}

/**
 * One goal for many players of a team (docs/product.md#goals): each chosen player (none named: the
 * whole team) gets their own copy with their own baseline, in one transaction, audited once. A player
 * already at or above the target is left out and named, never skipped in silence.
 */
export async function createTeamGoal(
  db: Db,
  actor: Actor,
  team: { id: number; name: string },
  input: TeamGoalInput,
): Promise<TeamGoalResult> {
  checkDue(input.due_on);
  const roster = await teamPlayers(db, team.id);
  const inTeam = new Map(roster.map((p) => [p.id, p]));
  const chosen = input.player_ids ? [...new Set(input.player_ids)] : roster.map((p) => p.id);
  if (chosen.some((id) => !inTeam.has(id))) throw badRequest(goalMessages.notInTeam, 'player_ids');
  if (!chosen.length) throw badRequest(goalMessages.noPlayers, 'player_ids');
  const criterion = input.criterion_id === null ? null : await repo.findCriterion(db, input.criterion_id);
  if (input.criterion_id !== null && !criterion) throw badRequest('Please choose an existing criterion.', 'criterion_id');
  if (criterion) checkTarget(criterion.kind, input.target!, null);
  const current = criterion ? new Map((await repo.currentEvaluations(db, chosen, criterion.id)).map((e) => [e.player_id, e])) : new Map();
  const now = nowIso();
  const rows: NewGoal[] = [];
  const skipped: TeamGoalResult['skipped'] = [];
  for (const id of chosen) {
    const c = current.get(id);
    const p = inTeam.get(id)!;
    if (criterion && c && Number(c.score) >= input.target!) {
      skipped.push({
        playerId: id,
        player: `${p.first_name} ${p.last_name}`,
        reason: `Already at ${scoreLabel(criterion.kind, Number(c.score))}.`,
      });
      continue;
    }
    rows.push(goalRow(actor, id, criterion ?? null, input, c, now, { source_team_id: team.id }));
  }
  if (rows.length)
    await db.transaction().execute(async (trx) => {
      await insertNew(trx, actor, rows);
      await recordAudit(
        trx,
        actor,
        'create',
        'goal',
        null,
        `team goal on ${rows.length} players of team ${team.id}${criterion ? ` (criterion ${criterion.id})` : ''}`,
      );
    });
  return { created: rows.length, skipped };
}
