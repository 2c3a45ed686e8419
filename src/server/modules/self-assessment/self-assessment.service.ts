/**
 * Self-assessment (docs/product.md#self-assessment, ADR 0029). The player scores themself on the
 * criteria while the cycle's window includes today and their report for it is not yet approved; the
 * coach's side is the approved report's frozen snapshot, so nothing of the coach's scores is read
 * before then. The math is shared/perception-gap.ts (through scoring.ts).
 */
import type { Kysely } from 'kysely';
import { isValidScore, perceptionGaps, selfPercent, type LevelKind } from '../../../shared/scoring.js';
import { reportSnapshotSchema } from '../../../shared/schemas/report-snapshot.js';
import {
  parseSelfScore,
  selfAssessmentMessages as M,
  selfScoreTextOf,
  type GapRowOut,
  type SelfAssessment,
  type SelfAssessmentCycle,
  type SelfAssessmentSave,
  type SelfAssessmentStatus,
} from '../../../shared/schemas/self-assessment.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { nowIso, todayDate } from '../../lib/time.js';
import * as repo from './self-assessment.repository.js';

type Db = Kysely<DB>;
type Criterion = Awaited<ReturnType<typeof repo.criteriaWithKind>>[number];

// A report approved once (now re-issued as a draft, or revoked) keeps the self-assessment locked: the
// player may have seen the coach's view already.
function statusOf(c: repo.SelfCycleRow, approved: boolean, wasApproved: boolean, today: string): SelfAssessmentStatus {
  if (approved) return 'compared';
  return !wasApproved && c.opens_on <= today && today <= c.closes_on ? 'open' : 'closed';
}

/** The cycles with what the player wrote, coach's snapshots and statuses; cycles not open yet are left out. */
async function gather(db: Db, playerId: number, cycleId?: number) {
  const today = todayDate();
  const cycles = (await repo.cyclesOfPlayer(db, playerId, cycleId)).filter((c) => c.opens_on <= today);
  const ids = cycles.map((c) => c.id);
  const [scores, snapshots, locked] = await Promise.all([
    repo.scoresOf(db, playerId, ids),
    repo.approvedSnapshots(db, playerId, ids),
    repo.everApproved(db, playerId, ids),
  ]);
  return cycles.map((c) => {
    const mine = scores.filter((s) => s.cycle_id === c.id);
    const cycle: SelfAssessmentCycle = {
      cycleId: c.id,
      name: c.name,
      season: c.season_name,
      opensOn: c.opens_on,
      closesOn: c.closes_on,
      status: statusOf(c, snapshots.has(c.id), locked.has(c.id), today),
      scored: mine.length,
    };
    return { cycle, scores: mine, snapshot: snapshots.get(c.id) ?? null };
  });
}

function compare(
  criteria: readonly Criterion[],
  scores: readonly { criterion_id: number; score: number }[],
  snapshot: string,
): GapRowOut[] {
  const parsed = reportSnapshotSchema.safeParse(JSON.parse(snapshot));
  const coach = parsed.success ? parsed.data.criteria : [];
  const self = new Map(scores.map((s) => [s.criterion_id, s.score]));
  const rows = [
    ...coach.map((k) => {
      const c = criteria.find((x) => x.id === k.criterion_id);
      const own = self.get(k.criterion_id);
      return {
        criterionId: k.criterion_id,
        label: k.label,
        self: c && own !== undefined ? selfPercent(c.kind, own) : null,
        coach: k.percent,
      };
    }),
    ...criteria
      .filter((c) => self.has(c.id) && !coach.some((k) => k.criterion_id === c.id))
      .map((c) => ({ criterionId: c.id, label: c.name, self: selfPercent(c.kind, self.get(c.id)!), coach: null })),
  ].filter((r) => r.self !== null || r.coach !== null);
  return perceptionGaps(rows);
}

export async function listSelfAssessments(db: Db, playerId: number): Promise<SelfAssessmentCycle[]> {
  return (await gather(db, playerId)).map((g) => g.cycle);
}

export async function getSelfAssessment(db: Db, playerId: number, cycleId: number): Promise<SelfAssessment> {
  const [found] = await gather(db, playerId, cycleId);
  if (!found) throw notFound(M.notFound);
  const criteria = await repo.criteriaWithKind(db);
  const own = new Map(found.scores.map((s) => [s.criterion_id, s.score]));
  const saved = found.scores.map((s) => s.updated_at).sort();
  return {
    cycle: found.cycle,
    criteria: criteria.map((c) => ({
      criterionId: c.id,
      label: c.name,
      description: c.description,
      kind: c.kind,
      score: selfScoreTextOf(c.kind, own.get(c.id) ?? null),
    })),
    savedAt: saved.at(-1) ?? null,
    // Blind until the coach's report is approved: the snapshot is read only then.
    comparison: found.snapshot === null ? null : compare(criteria, found.scores, found.snapshot),
  };
}

export async function saveSelfAssessment(db: Db, playerId: number, cycleId: number, body: SelfAssessmentSave): Promise<SelfAssessment> {
  const [found] = await gather(db, playerId, cycleId);
  if (!found) throw notFound(M.notFound);
  if (found.cycle.status !== 'open') throw conflict(M.notOpen);
  const criteria = new Map((await repo.criteriaWithKind(db)).map((c) => [c.id, c.kind as LevelKind]));
  const set: { criterion_id: number; score: number }[] = [];
  const cleared: number[] = [];
  body.scores.forEach((s, i) => {
    const kind = criteria.get(s.criterion_id);
    if (!kind) throw badRequest(M.unknownCriterion, `scores.${i}.criterion_id`);
    const score = parseSelfScore(s.score);
    if (score === null) return void cleared.push(s.criterion_id);
    if ((kind === 'yes_no') !== (s.score === 'Yes' || s.score === 'No') || !isValidScore(kind, score))
      throw badRequest(kind === 'yes_no' ? M.yesNo : M.scale, `scores.${i}.score`);
    set.push({ criterion_id: s.criterion_id, score });
  });
  await repo.saveScores(db, playerId, cycleId, set, cleared, nowIso());
  return getSelfAssessment(db, playerId, cycleId);
}

/** The family's view: only the compared cycles (an approved report), never the player's draft scores. */
export async function familyComparisons(db: Db, playerId: number) {
  const compared = (await gather(db, playerId)).filter((g) => g.snapshot !== null);
  if (!compared.length) return [];
  const criteria = await repo.criteriaWithKind(db);
  return compared.filter((g) => g.scores.length > 0).map((g) => ({ cycle: g.cycle, rows: compare(criteria, g.scores, g.snapshot!) }));
}

export async function selfAssessmentsForExport(db: Db, playerId: number) {
  return (await repo.selfAssessmentsForExport(db, playerId)).map((r) => ({
    cycle: r.cycle,
    criterion: r.criterion,
    score: Number(r.score),
    savedAt: r.updated_at,
  }));
}
