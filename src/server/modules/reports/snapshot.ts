/**
 * What a report says (ADR 0020, docs/product.md#reports): built from the evaluations current at the
 * cycle's close with the one scoring implementation (src/shared/scoring.ts), frozen at approval. It
 * names no evaluator and no other player, and never reads staff notes. Of a tryout it says how many
 * evaluators saw the player and where the panel agreed (scores/session-analysis.ts), nothing more.
 */
import type { Kysely } from 'kysely';
import {
  criterionPercent,
  currentEvaluations,
  playerTotal,
  rank,
  roundPercent,
  teamAverage,
  type ScoredEvaluation,
} from '../../../shared/scoring.js';
import { REPORT_FOCUS_MAX, reportSnapshotSchema, type ReportSnapshot } from '../../../shared/schemas/report-snapshot.js';
import type { DB } from '../../db/types.js';
import { jsonList } from '../../lib/reply.js';
import { playerTryouts } from '../scores/session-analysis.js';
import { reportGoalLines } from '../goals/goals.service.js';
import * as repo from './reports.repository.js';
import { criterionLines, totalProgress, totalSwc } from './snapshot-progress.js';

/** The evaluator name a published session writes (eval-sessions publish). */
const SESSION_PREFIX = 'Session: ';

export interface DraftText {
  overall_comment: string;
  criterion_comments: Record<string, string>;
  focus: { criterion_id: number; text: string; resource_ids: number[] }[];
}

export function parseDraftText(r: Pick<repo.ReportRow, 'overall_comment' | 'criterion_comments' | 'focus'>): DraftText {
  const safe = <T>(text: string, fallback: T): T => {
    try {
      return (JSON.parse(text) as T) ?? fallback;
    } catch {
      return fallback;
    }
  };
  return { overall_comment: r.overall_comment, criterion_comments: safe(r.criterion_comments, {}), focus: safe(r.focus, []) };
}

const scored = (e: repo.WindowEvaluation): ScoredEvaluation & repo.WindowEvaluation => ({
  ...e,
  playerId: e.player_id,
  criterionId: e.criterion_id,
  createdAt: e.created_at,
  scorePercentage: e.score_percentage,
});

/** "Coach", "Tryout panel, N evaluators", or both when the current scores come from both. */
export function evaluatedBy(fromCoach: boolean, tryoutEvaluators: number | null): string {
  if (tryoutEvaluators === null) return 'Coach';
  const panel = `tryout panel, ${tryoutEvaluators} evaluator${tryoutEvaluators === 1 ? '' : 's'}`;
  return fromCoach ? `Coach and ${panel}` : `T${panel.slice(1)}`;
}

/** A resource's link in a report: its first video, else its first document. */
const resourceUrl = (r: { video_links: string; document_links: string }) =>
  jsonList(r.video_links)[0] ?? jsonList(r.document_links)[0] ?? '';

/** The resources tagged for each criterion (the choices a thing to work on offers). */
export async function resourcesByCriterion(
  db: Kysely<DB>,
  criteria: readonly { id: number; name: string }[],
): Promise<Map<number, { id: number; title: string; url: string }[]>> {
  const rows = await repo.resourcesTagged(
    db,
    criteria.map((c) => c.name),
  );
  const out = new Map<number, { id: number; title: string; url: string }[]>();
  for (const c of criteria) {
    const seen = new Set<number>();
    const list = rows
      .filter((r) => r.tag.toLowerCase() === c.name.toLowerCase() && !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({ id: r.id, title: r.title, url: resourceUrl(r) }))
      .filter((r) => r.url !== '');
    out.set(c.id, list);
  }
  return out;
}

export async function buildSnapshot(db: Kysely<DB>, report: repo.ReportRow): Promise<ReportSnapshot> {
  const facts = await repo.snapshotFacts(db, report);
  const { cycle } = facts;
  const showAverage = !!Number(cycle.show_team_average);
  const showRank = !!Number(cycle.show_rank);
  const teamIds = showAverage || showRank ? (await repo.teamPlayers(db, report.team_id)).map((p) => p.id) : [];
  const playerIds = teamIds.includes(report.player_id) ? teamIds : [...teamIds, report.player_id];
  // The evaluations dated in the cycle's window; of each criterion the latest at the close counts.
  const current = currentEvaluations((await repo.evaluationsInWindow(db, playerIds, cycle.opens_on, cycle.closes_on)).map(scored));
  const mine = current.filter((e) => e.playerId === report.player_id);
  const text = parseDraftText(report);
  const catalogue = await repo.criteriaCatalogue(db);

  const total = mine.length ? roundPercent(playerTotal(mine)) : null;
  const previousText = await repo.previousSnapshot(db, report.player_id, cycle.closes_on);
  const previous = previousText ? reportSnapshotSchema.safeParse(JSON.parse(previousText)) : null;
  const previousTotal = previous?.success ? previous.data.total : null;
  const [lines, swcOfTotals] = await Promise.all([
    criterionLines(db, report.player_id, mine, previous?.success ? previous.data : null),
    total !== null && previousTotal !== null ? totalSwc(db) : Promise.resolve(null),
  ]);

  const totals = teamIds.map((id) => ({ id, total: playerTotal(current.filter((e) => e.playerId === id)) }));
  const ranked = showRank && total !== null ? rank(totals, (t) => t.total).find((t) => t.id === report.player_id) : undefined;

  const panel = mine.filter((e) => e.evaluator_user_id === null && e.evaluator_name.startsWith(SESSION_PREFIX));
  const sessions = [...new Set(panel.map((e) => e.evaluator_name.slice(SESSION_PREFIX.length)))];
  const tryoutEvaluators = panel.length ? await repo.tryoutEvaluatorCount(db, report.player_id, sessions) : null;
  const tryouts = panel.length ? await playerTryouts(db, report.player_id, sessions) : [];

  const named = new Set<number>([
    ...mine.map((e) => e.criterionId),
    ...Object.entries(text.criterion_comments)
      .filter(([, c]) => c.trim())
      .map(([id]) => Number(id)),
    ...text.focus.map((f) => f.criterion_id),
  ]);
  const listed = catalogue.filter((c) => named.has(c.id));
  const resources = await resourcesByCriterion(
    db,
    listed.filter((c) => text.focus.some((f) => f.criterion_id === c.id)),
  );

  const goals = await reportGoalLines(db, { playerId: report.player_id, cycleId: report.cycle_id, closesOn: cycle.closes_on });

  const snapshot: ReportSnapshot = {
    player: facts.player,
    cycle: { name: cycle.name, season: cycle.season, closes_on: cycle.closes_on },
    team: facts.team,
    evaluated_by: evaluatedBy(panel.length < mine.length, tryoutEvaluators),
    tryouts: tryouts.map((t) => ({ session: t.session, evaluators: t.evaluators, agreed_on: t.agreedOn })),
    criteria: listed.map((c) => {
      const e = mine.find((m) => m.criterionId === c.id);
      const percent = e ? criterionPercent(e.scorePercentage, c.weight) : null;
      const comment = text.criterion_comments[String(c.id)]?.trim();
      return {
        criterion_id: c.id,
        label: c.name,
        description: c.description,
        percent: percent === null ? null : roundPercent(percent),
        comment: comment ? comment : null,
        points: lines.get(c.id)?.points ?? null,
        measured: lines.get(c.id)?.measured ?? null,
        progress: lines.get(c.id)?.progress ?? null,
      };
    }),
    total,
    previous_total: previousTotal,
    change: total !== null && previousTotal !== null ? roundPercent(total - previousTotal) : null,
    total_progress: totalProgress(total, previousTotal, swcOfTotals),
    team_average: showAverage ? roundPercent(teamAverage(totals.map((t) => t.total))) : null,
    rank: ranked ? { position: ranked.rank, of: totals.length } : null,
    overall_comment: text.overall_comment,
    focus: text.focus.slice(0, REPORT_FOCUS_MAX).flatMap((f) => {
      const c = listed.find((k) => k.id === f.criterion_id);
      if (!c) return [];
      const tagged = resources.get(c.id) ?? [];
      return [{ criterion_id: c.id, label: c.name, text: f.text, resources: tagged.filter((r) => f.resource_ids.includes(r.id)) }];
    }),
    goals,
  };
  return reportSnapshotSchema.parse(snapshot);
}
