/**
 * A report's "change since the last report" by the real-progress rule, and its measured lines
 * (docs/product.md#reports): each criterion against the previous report's score and the criterion's
 * smallest worthwhile change, the total against 0.2 × the spread of the club's current totals, a
 * measured test in its own unit. Only the one scoring module computes; this module gathers its inputs.
 */
import type { Kysely } from 'kysely';
import {
  betweenPlayerSd,
  measuredLabel,
  measuredProgress,
  ownPercentile,
  pointsFromPercent,
  PROGRESS_WORDS,
  progressBetween,
  smallestWorthwhileChange,
  UNIT_SUFFIX,
  type Attempt,
  type Progress,
} from '../../../shared/scoring.js';
import type { ReportSnapshot, SnapshotMeasured, SnapshotProgress } from '../../../shared/schemas/report-snapshot.js';
import type { DB } from '../../db/types.js';
import { measuredSwcByCriterion, swcByCriterion, type MeasuredSwc } from '../scores/swc.service.js';
import { measuredAgeGroup } from '../evaluations/measured.service.js';
import { playerBirthYear, scoringCriteriaByIds, type ScoringCriterion } from '../evaluations/evaluations.repository.js';
import { readScoreVersion } from '../scores/scores.repository.js';
import * as repo from './reports.repository.js';

type Db = Kysely<DB>;
type Criterion = ReportSnapshot['criteria'][number];
type Line = Pick<Criterion, 'points' | 'measured' | 'progress'>;

const line = (progress: Progress, swc: number | null, unit: string, basis: SnapshotProgress['basis']): SnapshotProgress => ({
  progress,
  words: PROGRESS_WORDS[progress],
  swc,
  unit,
  basis,
});

/**
 * The club's current totals' SWC per score version, per database (every evaluation write moves the
 * version, ADR 0006), kept as a promise so draft reads arriving together share one aggregate.
 */
const totalCache = new WeakMap<Db, { version: number; swc: Promise<number | null> }>();

const spreadOfTotals = async (db: Db) => smallestWorthwhileChange(betweenPlayerSd(await repo.currentTotals(db)));

/** 0.2 × the between-player SD of the club's current totals; null below two players scored. */
export async function totalSwc(db: Db): Promise<number | null> {
  // Inside a transaction the version may be ahead of what others see: cache only committed reads.
  if (db.isTransaction) return spreadOfTotals(db);
  const version = await readScoreVersion(db);
  const hit = totalCache.get(db);
  if (hit && hit.version === version) return hit.swc;
  const swc = spreadOfTotals(db);
  totalCache.set(db, { version, swc });
  // A failed read is not kept: the next request tries again.
  swc.catch(() => totalCache.get(db)?.swc === swc && totalCache.delete(db));
  return swc;
}

export function totalProgress(total: number | null, previous: number | null, swc: number | null): SnapshotProgress | null {
  if (total === null || previous === null) return null;
  return line(progressBetween(previous, total, swc), swc, 'percentage points', 'spread');
}

/** The points behind an earlier report's percent, for reports frozen before points were kept. */
const earlierPoints = (c: Criterion, kind: ScoringCriterion['kind'] | undefined): number | null => {
  if (c.points !== null) return c.points;
  if (c.percent === null || !kind) return null;
  return pointsFromPercent(kind, c.percent);
};

/**
 * Per criterion the player was evaluated on: its points, the measured line of a measured test, and the
 * change since the previous report's line of the same criterion (none without one).
 */
export async function criterionLines(
  db: Db,
  playerId: number,
  mine: readonly repo.WindowEvaluation[],
  previous: ReportSnapshot | null,
): Promise<Map<number, Line>> {
  const ids = [...new Set(mine.map((e) => e.criterion_id))];
  const criteria = new Map((await scoringCriteriaByIds(db, ids)).map((c) => [c.id, c]));
  const measuredIds = ids.filter((id) => criteria.get(id)?.measure && mine.some((e) => e.criterion_id === id && e.measured_value !== null));
  const [swc, measuredSwcs, measuredRows, birthYear] = await Promise.all([
    previous ? swcByCriterion(db, ids) : Promise.resolve(new Map<number, number | null>()),
    previous ? measuredSwcByCriterion(db, measuredIds) : Promise.resolve(new Map<number, MeasuredSwc>()),
    repo.currentMeasured(db, measuredIds),
    measuredIds.length ? playerBirthYear(db, playerId) : Promise.resolve(null),
  ]);
  const out = new Map<number, Line>();
  for (const e of mine) {
    const c = criteria.get(e.criterion_id);
    const before = previous?.criteria.find((p) => p.criterion_id === e.criterion_id) ?? null;
    const m = c?.measure;
    if (m && e.measured_value !== null) {
      const rows = measuredRows.filter((r) => r.criterion_id === e.criterion_id);
      const group = measuredAgeGroup(birthYear, e.date);
      // The age group's current values, the report's own value in place of the player's.
      const peers = [
        ...rows.filter((r) => r.player_id !== playerId && measuredAgeGroup(r.dob, r.date) === group).map((r) => r.measured_value),
        e.measured_value,
      ];
      const attempts = e.measured_attempts ? (JSON.parse(e.measured_attempts) as Attempt[]) : [];
      const own = ownPercentile(m.direction, e.measured_value, group, peers);
      const measured: SnapshotMeasured = {
        value: e.measured_value,
        unit: m.unit,
        label: measuredLabel(m, e.measured_value, e.score, e.points_basis ?? '', attempts),
        percentile: own ? { percent: own.percent, age_group: own.ageGroup } : null,
      };
      let progress: SnapshotProgress | null = null;
      if (before?.measured) {
        const { swc: testSwc, source } = measuredSwcs.get(e.criterion_id) ?? { swc: null, source: 'spread' };
        progress = line(
          measuredProgress(m.direction, before.measured.value, e.measured_value, testSwc),
          testSwc,
          UNIT_SUFFIX[m.unit],
          source,
        );
      }
      out.set(e.criterion_id, { points: e.score, measured, progress });
      continue;
    }
    const was = before ? earlierPoints(before, c?.kind) : null;
    const criterionSwc = swc.get(e.criterion_id) ?? null;
    out.set(e.criterion_id, {
      points: e.score,
      measured: null,
      progress: was === null ? null : line(progressBetween(was, e.score, criterionSwc), criterionSwc, 'points', 'spread'),
    });
  }
  return out;
}
