import { EVALUATION_IMPORT_FIELDS, type ImportCounts, type PlanRow } from '../../../shared/schemas/import.js';
import { scorePercentage } from '../../../shared/scoring.js';
import { reachableTeamIds } from '../../policies/teams.js';
import { nowIso, todayDate } from '../../lib/time.js';
import { afterMeasuredWrite, dateProblem } from '../evaluations/evaluations.service.js';
import * as evaluations from '../evaluations/evaluations.repository.js';
import { supersede } from '../evaluations/import.csv.js';
import { playersOnlyInClosedSeasons } from '../rollover/rollover.repository.js';
import * as repo from './evaluations-import.repository.js';
import { checkEvaluationRows, evaluationKey, planEvaluationRows, type ExistingEvaluation } from './evaluations.rows.js';
import type { NewEffect } from './imports.repository.js';
import type { KindHandler, UndoOutcome } from './kind.js';
import { playerNames, reachablePlayers } from './players-import.repository.js';
import { pairsOf, syncGoalProgress } from '../goals/goals.service.js';

/**
 * The evaluations kind of the import engine (docs/product.md#importing). Writes go through the
 * evaluation write path's statements (the bulk import's supersede + clearCurrent + multi-row insert;
 * undo's recomputeCurrent per criterion, ADR 0005), so the maintained totals (player_scores,
 * player_level_scores: triggers, ADR 0023) follow in the same transaction.
 */

/** Per criterion, the players whose pair must be ranked again. */
async function recompute(trx: Parameters<KindHandler['commit']>[0], pairs: readonly { player_id: number; criterion_id: number }[]) {
  const byCriterion = new Map<number, Set<number>>();
  for (const p of pairs) byCriterion.set(p.criterion_id, (byCriterion.get(p.criterion_id) ?? new Set()).add(p.player_id));
  for (const [criterionId, players] of byCriterion) await evaluations.recomputeCurrent(trx, { criterionId, playerIds: [...players] });
}

export const evaluationsKind: KindHandler = {
  fields: EVALUATION_IMPORT_FIELDS,
  usesTeam: false,
  entity: 'evaluation',
  fingerprint: repo.evaluationFingerprint,

  async plan(db, actor, { rows, lines, mapping, decisions }) {
    const emailAt = mapping.email;
    const emails = typeof emailAt === 'number' ? rows.map((r) => (r[emailAt] ?? '').trim().toLowerCase()).filter((e) => e !== '') : [];
    // Only players of the teams the caller reaches can be named: another team's player is unknown.
    const players = await reachablePlayers(db, await reachableTeamIds(db, actor), null, emails);
    const criteria = await evaluations.allScoringCriteria(db);
    const checked = checkEvaluationRows(rows, mapping, { players, criteria, today: todayDate(), dateProblem });
    const named = [...new Set(checked.flatMap((c) => (c.resolved ? [c.resolved.player.id] : [])))];
    const closed = await playersOnlyInClosedSeasons(db, named);
    const existing = new Map<string, ExistingEvaluation>();
    for (const e of await repo.evaluationsOfPlayers(db, named)) {
      const key = evaluationKey(e.player_id, e.criterion_id, e.date);
      const had = existing.get(key);
      // The current one of the pair if it has this date, else the newest of that date.
      if (!had || (e.is_current && !had.is_current) || (!had.is_current && e.id > had.id)) existing.set(key, e);
    }
    return planEvaluationRows(checked, lines, { closed, existing }, decisions);
  },

  async commit(trx, actor, { plan }) {
    const effects: NewEffect[] = [];
    const counts: ImportCounts = { created: 0, updated: 0, linked: 0, skipped: 0 };
    const criteria = new Map((await evaluations.allScoringCriteria(trx)).map((c) => [c.id, c]));
    const evaluator = (await evaluations.userName(trx, actor.id)).slice(0, 120);
    const now = nowIso();
    const valuesOf = (r: PlanRow) => {
      const c = criteria.get(Number(r.values.criterion))!;
      const score = Number(r.values.score);
      const measurement =
        r.values.measured_value !== undefined
          ? {
              measured_value: Number(r.values.measured_value),
              measured_attempts: r.values.measured_attempts ?? null,
              points_basis: r.values.points_basis ?? null,
            }
          : null;
      return { criterion: c, score, score_percentage: scorePercentage(c.kind, score, c.weight), notes: r.values.notes ?? '', measurement };
    };
    const creates = plan.filter((r) => r.action === 'create');
    const rows = creates.map((r) => {
      const v = valuesOf(r);
      return {
        player_id: Number(r.values.player),
        criterion_id: v.criterion.id,
        score: v.score,
        score_percentage: v.score_percentage,
        evaluator_user_id: actor.id,
        evaluator_name: evaluator,
        date: r.values.date!,
        notes: v.notes,
        video_links: '[]',
        created_at: now,
        updated_at: now,
      };
    });
    // The bulk evaluations import's write: flags decided in memory (ADR 0005), the superseded rows
    // cleared first (one current row per pair at every moment), then multi-row inserts.
    const { rows: flagged, superseded } = supersede(
      await evaluations.currentOfPlayers(trx, [...new Set(rows.map((r) => r.player_id))]),
      rows,
    );
    await evaluations.clearCurrent(trx, superseded);
    const ids = await repo.insertEvaluationsReturningIds(trx, flagged);
    // The multi-row insert writes the score columns: a measured row's value goes on beside its points.
    for (const [i, r] of creates.entries()) {
      const m = valuesOf(r).measurement;
      if (m) await repo.setMeasurement(trx, ids[i]!, m);
    }
    counts.created = ids.length;
    for (const id of ids) effects.push({ effect: 'evaluation_created', target_id: id, team_id: null, before: null });
    const updates = plan.filter((r) => r.action === 'update');
    const before = new Map(
      (
        await repo.evaluationsByIds(
          trx,
          updates.map((r) => (r.candidate?.kind === 'record' ? r.candidate.id : 0)),
        )
      ).map((e) => [e.id, e]),
    );
    for (const r of updates) {
      const id = r.candidate?.kind === 'record' ? r.candidate.id : 0;
      const old = before.get(id)!;
      const v = valuesOf(r);
      await repo.setScore(trx, id, {
        score: v.score,
        score_percentage: v.score_percentage,
        notes: v.notes,
        updated_at: now,
        ...v.measurement,
      });
      const was = {
        score: old.score,
        score_percentage: old.score_percentage,
        notes: old.notes,
        updated_at: old.updated_at,
        written: now,
        ...(v.measurement
          ? { measured_value: old.measured_value, measured_attempts: old.measured_attempts, points_basis: old.points_basis }
          : {}),
      };
      effects.push({ effect: 'evaluation_updated', target_id: id, team_id: null, before: JSON.stringify(was) });
      counts.updated++;
    }
    // A percentile rule reads every value against the others: re-read the measured criteria written.
    const written = new Set([...creates, ...updates].map((r) => Number(r.values.criterion)));
    for (const id of written) if (criteria.get(id)?.kind === 'measured') await afterMeasuredWrite(trx, criteria.get(id)!);
    counts.linked = plan.filter((r) => r.action === 'link').length;
    counts.skipped = plan.filter((r) => r.action === 'skip').length;
    await syncGoalProgress(trx, actor, pairsOf([...rows, ...before.values()]));
    return { counts, effects };
  },

  /**
   * Removes the evaluations it created (the one each superseded is current again) and puts back the
   * scores it updated; an evaluation edited since the import is kept, and named.
   */
  async undo(trx, { effects, committedAt }): Promise<UndoOutcome> {
    const kept: string[] = [];
    const created = await repo.evaluationsByIds(
      trx,
      effects.filter((e) => e.effect === 'evaluation_created').map((e) => e.target_id),
    );
    const updatedEffects = effects.filter((e) => e.effect === 'evaluation_updated');
    const updated = new Map(
      (
        await repo.evaluationsByIds(
          trx,
          updatedEffects.map((e) => e.target_id),
        )
      ).map((e) => [e.id, e]),
    );
    const criteria = new Map((await evaluations.allScoringCriteria(trx)).map((c) => [c.id, c.name]));
    const names = await playerNames(
      trx,
      [...created, ...updated.values()].map((e) => e.player_id),
    );
    const describe = (e: { player_id: number; criterion_id: number; date: string }) =>
      `The evaluation of ${names.get(e.player_id) ?? `player ${e.player_id}`} (${criteria.get(e.criterion_id) ?? 'criterion'}, ${e.date})`;
    const edited = created.filter((e) => e.updated_at > committedAt);
    for (const e of edited) kept.push(`${describe(e)} was kept: it was edited after the import.`);
    const removable = created.filter((e) => e.updated_at <= committedAt);
    await repo.deleteEvaluations(
      trx,
      removable.map((e) => e.id),
    );
    let restored = 0;
    for (const e of updatedEffects) {
      const now = updated.get(e.target_id);
      if (!now) continue; // deleted since: nothing to put back
      const was = JSON.parse(e.before ?? '{}') as {
        score: number;
        score_percentage: number;
        notes: string;
        updated_at: string;
        written: string;
        measured_value?: number | null;
        measured_attempts?: string | null;
        points_basis?: string | null;
      };
      const { written: _, ...back } = was;
      if (await repo.restoreScore(trx, e.target_id, was.written, back)) restored++;
      else kept.push(`${describe(now)} keeps its newer score: it was edited after the import.`);
    }
    await recompute(trx, removable);
    await syncGoalProgress(trx, null, pairsOf([...removable, ...updated.values()]));
    return { removed: removable.length, restored, kept };
  },
};
