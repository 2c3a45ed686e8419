import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../../shared/permissions.js';
import {
  goalMessages,
  mayMoveGoal,
  type Goal,
  type GoalSuggestion,
  type goalCheckInSaveSchema,
  type goalCreateSchema,
  type goalStateChangeSchema,
  type goalUpdateSchema,
} from '../../../shared/schemas/goal.js';
import { scoreLabel } from '../../../shared/schemas/evaluation.js';
import { SCALE_MAX, SCALE_MIN } from '../../../shared/constants.js';
import {
  isValidScore,
  progressBetween,
  sdFromSums,
  smallestWorthwhileChange,
  targetReached,
  weakestRelative,
  type LevelKind,
} from '../../../shared/scoring.js';
import type { DB, GoalState } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { dayOffset, nowIso, todayDate } from '../../lib/time.js';
import type { ResourceViewer } from '../resources/resources.repository.js';
import { taggedWith } from '../resources/resources.repository.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './goals.repository.js';

type Db = Kysely<DB>;
type GoalCreate = z.output<typeof goalCreateSchema>;
type GoalUpdate = z.output<typeof goalUpdateSchema>;
type StateChange = z.output<typeof goalStateChangeSchema>;
type CheckInSave = z.output<typeof goalCheckInSaveSchema>;

/** How long a suggested goal runs (docs/product.md#goals). */
export const SUGGESTED_WEEKS = 8;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Each criterion's smallest worthwhile change from the club's current scores (null: too few to say). */
async function swcByCriterion(db: Db, criterionIds: readonly number[]): Promise<Map<number, number | null>> {
  const rows = await repo.clubSpread(db, [...new Set(criterionIds)]);
  return new Map(
    rows.map((r) => [r.criterion_id, smallestWorthwhileChange(sdFromSums(Number(r.n), Number(r.sum), Number(r.sum_squares)))]),
  );
}

/** The goals as the API shows them: history, check-ins, progress against the SWC, and resources when a viewer is given. */
async function toGoals(db: Db, rows: repo.GoalRow[], viewer: ResourceViewer | null): Promise<Goal[]> {
  const ids = rows.map((r) => r.id);
  const criterionIds = rows.flatMap((r) => (r.criterion_id === null ? [] : [r.criterion_id]));
  const names = rows.flatMap((r) => (r.criterion_name ? [r.criterion_name] : []));
  const [events, checkIns, swc, resources] = await Promise.all([
    repo.eventsOf(db, ids),
    repo.checkInsOf(db, ids),
    swcByCriterion(db, criterionIds),
    viewer ? taggedWith(db, viewer, names) : Promise.resolve([]),
  ]);
  return rows.map((r) => {
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
    };
  });
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

/** A goal by hand or from a suggestion: the baseline is the player's current evaluation of the criterion, read here. */
export async function createGoal(db: Db, actor: Actor, playerId: number, input: GoalCreate, viewer: ResourceViewer): Promise<Goal> {
  checkDue(input.due_on);
  const criterion = input.criterion_id === null ? null : await repo.findCriterion(db, input.criterion_id);
  if (input.criterion_id !== null && !criterion) throw badRequest('Please choose an existing criterion.', 'criterion_id');
  const current = criterion ? await repo.currentEvaluation(db, playerId, criterion.id) : undefined;
  const baseline = current ? Number(current.score) : null;
  if (criterion) checkTarget(criterion.kind, input.target!, baseline);
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const byName = await repo.userName(trx, actor.id);
    const id = await repo.insertGoal(trx, {
      player_id: playerId,
      criterion_id: criterion?.id ?? null,
      title: criterion ? '' : input.title,
      description: input.description,
      baseline_score: baseline,
      baseline_on: current?.date ?? null,
      baseline_evaluation_id: current?.id ?? null,
      target_score: criterion ? input.target : null,
      due_on: input.due_on,
      visible_to_family: input.visible_to_family ? 1 : 0,
      state: 'active',
      state_changed_at: now,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    });
    await repo.insertEvent(trx, {
      goal_id: id,
      player_id: playerId,
      kind: 'created',
      to_state: 'active',
      note: '',
      score: baseline,
      user_id: actor.id,
      by_name: byName,
      created_at: now,
    });
    await recordAudit(trx, actor, 'create', 'goal', id, `goal on player ${playerId}${criterion ? ` (criterion ${criterion.id})` : ''}`);
    return id;
  });
  return oneGoal(db, id, viewer);
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
    const target = c.kind === 'yes_no' ? 1 : Math.min(SCALE_MAX, Math.floor(s.score) + 1);
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
