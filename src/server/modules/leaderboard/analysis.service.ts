import type { Kysely } from 'kysely';
import { measuredLabel, measuredProgress, progressBetween, roundPercent, roundTo } from '../../../shared/scoring.js';
import type { ChangeProgress, MeasuredSeries, PlayerAnalysis, TeamAnalysis, TimelinePoint } from '../../../shared/schemas/leaderboard.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { reachedTeams } from '../../policies/leaderboard.js';
import { teamAverages } from '../scores/scores.repository.js';
import { measuredSwcByCriterion, swcByCriterion, type MeasuredSwc } from '../scores/swc.service.js';
import * as analysis from './analysis.repository.js';
import type { Boards } from './leaderboard.service.js';
import * as repo from './leaderboard.repository.js';

type Db = Kysely<DB>;
const LATEST_CHANGES = 10;
const RANKING_LIMIT = 500;

/**
 * Score over time: at the end of each evaluation date, the average over `playerCount` players of
 * their totals as of that date (the latest evaluation per player and criterion, as in
 * shared/scoring.ts currentEvaluations). Rows must be oldest first (date, created, id).
 */
export function scoreTimeline(rows: readonly analysis.HistoryRow[], playerCount: number): TimelinePoint[] {
  if (playerCount <= 0) return [];
  const latest = new Map<string, number>();
  let sum = 0;
  const points: TimelinePoint[] = [];
  rows.forEach((r, i) => {
    const key = `${r.playerId}:${r.criterionId}`;
    sum += r.scorePercentage - (latest.get(key) ?? 0);
    latest.set(key, r.scorePercentage);
    if (rows[i + 1]?.date !== r.date) points.push({ date: r.date, score: roundPercent(sum / playerCount) });
  });
  return points;
}

/** Ten-point buckets of player totals; the last one also holds totals above 100. */
export function distribution(totals: readonly number[]) {
  const buckets = Array.from({ length: 10 }, (_, i) => ({ label: `${i * 10}–${i * 10 + 10}%`, from: i * 10, to: i * 10 + 10, players: 0 }));
  for (const t of totals) buckets[Math.min(9, Math.max(0, Math.floor(roundPercent(t) / 10)))]!.players++;
  return buckets;
}

/** The analysis landing's players page: `scopeTeamIds` are the teams the viewer reaches (null = all). */
export async function analysisPlayers(
  db: Db,
  scopeTeamIds: readonly number[] | null,
  q: { team_id?: number | undefined; q?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await analysis.analysisPlayers(db, {
    scopeTeamIds,
    teamId: q.team_id,
    q: q.q,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { rows, total, page: q.page, pageSize: q.pageSize };
}

export async function analysisTeams(db: Db, scopeTeamIds: readonly number[] | null, categoryId: number | undefined) {
  return analysis.analysisTeams(db, { scopeTeamIds, categoryId });
}

/**
 * `reachable`: the teams the viewer may see (null = all). Only those are offered and used for the
 * comparison, so a scoped coach never gets another coach's team averages or ranking.
 */
export async function playerSummary(
  db: Db,
  boards: Boards,
  playerId: number,
  teamId: number | undefined,
  reachable: readonly number[] | null,
): Promise<PlayerAnalysis> {
  const found = await analysis.playerHeader(db, playerId);
  if (!found) throw notFound();
  const header = reachable === null ? found : { ...found, teams: reachedTeams(found.teams, reachable) };
  const teamRef = header.teams.find((t) => t.id === teamId) ?? header.teams[0];
  const [history, catalogue, teamSums, teamCount, teamRanking] = await Promise.all([
    analysis.evaluationHistory(db, { playerId }),
    analysis.criteriaCatalogue(db),
    teamRef ? analysis.teamCriterionSums(db, teamRef.id) : Promise.resolve(new Map<number, number>()),
    teamRef ? analysis.teamPlayerCount(db, teamRef.id) : Promise.resolve(0),
    teamRef ? boards.playerRanking({ teamId: teamRef.id }) : Promise.resolve([]),
  ]);
  const current = new Map<number, number>();
  for (const r of history) if (r.isCurrent) current.set(r.criterionId, r.scorePercentage);
  const teamAvg = (c: number) => (teamRef && teamCount ? (teamSums.get(c) ?? 0) / teamCount : null);

  const criteria = catalogue.map((c) => ({
    id: c.id,
    name: c.name,
    level: c.level,
    weight: c.weight,
    score: current.has(c.id) ? roundPercent(current.get(c.id)!) : null,
    teamAverage: teamAvg(c.id) === null ? null : roundPercent(teamAvg(c.id)!),
  }));
  const levels = new Map<number, { id: number; name: string; maxScore: number; score: number; teamAverage: number | null }>();
  for (const c of catalogue) {
    const l = levels.get(c.level_id) ?? {
      id: c.level_id,
      name: c.level,
      maxScore: 0,
      score: 0,
      teamAverage: teamRef && teamCount ? 0 : null,
    };
    l.maxScore += c.weight;
    l.score += current.get(c.id) ?? 0;
    if (l.teamAverage !== null) l.teamAverage += teamAvg(c.id) ?? 0;
    levels.set(c.level_id, l);
  }

  const names = new Map(catalogue.map((c) => [c.id, c]));
  const seen = [...new Set(history.map((r) => r.criterionId))];
  const measuredIds = seen.filter((id) => names.get(id)?.measure);
  const [pointsSwc, measuredSwc] = await Promise.all([swcByCriterion(db, seen), measuredSwcByCriterion(db, measuredIds)]);
  const previous = new Map<number, analysis.ScoredHistoryRow>();
  const changes = history.map((r) => {
    const before = previous.get(r.criterionId) ?? null;
    previous.set(r.criterionId, r);
    const c = names.get(r.criterionId);
    return {
      id: r.id,
      date: r.date,
      criterion: c?.name ?? '',
      level: c?.level ?? '',
      score: roundPercent(r.scorePercentage),
      previous: before === null ? null : roundPercent(before.scorePercentage),
      evaluator: r.evaluator,
      progress: before === null ? null : changeProgress(before, r, c?.measure ?? null, pointsSwc, measuredSwc),
      measured:
        c?.measure && r.measuredValue !== null ? { ...c.measure, value: r.measuredValue, previous: before?.measuredValue ?? null } : null,
    };
  });

  const total = [...current.values()].reduce((a, b) => a + b, 0);
  return {
    player: header,
    team: teamRef ? { ...teamRef, playerCount: teamCount } : null,
    totalScore: roundPercent(total),
    rankInTeam: teamRanking.find((r) => r.id === playerId)?.rank ?? null,
    timeline: scoreTimeline(history, 1),
    levels: [...levels.values()].map((l) => ({
      ...l,
      maxScore: roundPercent(l.maxScore),
      score: roundPercent(l.score),
      teamAverage: l.teamAverage === null ? null : roundPercent(l.teamAverage),
    })),
    criteria,
    latestChanges: changes.reverse().slice(0, LATEST_CHANGES),
    measured: measuredSeries(history, catalogue, measuredSwc),
  };
}

type Catalogue = Awaited<ReturnType<typeof analysis.criteriaCatalogue>>;
type Measure = NonNullable<Catalogue[number]['measure']>;

/**
 * The one progress rule (shared/progress.ts, shared/measured.ts): a measured test's values against its
 * typical error in its direction, when both evaluations carry a value; otherwise the points against 0.2 × SD.
 */
function changeProgress(
  before: analysis.ScoredHistoryRow,
  after: analysis.ScoredHistoryRow,
  measure: Measure | null,
  pointsSwc: Map<number, number | null>,
  measuredSwc: Map<number, MeasuredSwc>,
): ChangeProgress {
  const m = measure ? measuredSwc.get(after.criterionId) : undefined;
  if (measure && m && before.measuredValue !== null && after.measuredValue !== null) {
    return {
      progress: measuredProgress(measure.direction, before.measuredValue, after.measuredValue, m.swc),
      swc: m.swc,
      swcSource: m.source,
    };
  }
  const swc = pointsSwc.get(after.criterionId) ?? null;
  return { progress: progressBetween(before.score, after.score, swc), swc, swcSource: 'spread' };
}

/** Each measured criterion with values: its values over time with their points and the change from the one before. */
function measuredSeries(
  history: readonly analysis.ScoredHistoryRow[],
  catalogue: Catalogue,
  swcs: Map<number, MeasuredSwc>,
): MeasuredSeries[] {
  return catalogue.flatMap((c) => {
    const m = c.measure;
    const rows = m ? history.filter((r) => r.criterionId === c.id && r.measuredValue !== null) : [];
    if (!m || rows.length === 0) return [];
    const { swc, source } = swcs.get(c.id) ?? { swc: null, source: 'spread' as const };
    return [
      {
        criterionId: c.id,
        name: c.name,
        ...m,
        swc,
        swcSource: source,
        points: rows.map((r, i) => {
          const before = i > 0 ? rows[i - 1]!.measuredValue! : null;
          const value = r.measuredValue!;
          return {
            id: r.id,
            date: r.date,
            value,
            points: r.score,
            label: measuredLabel(m, value, r.score, r.pointsBasis ?? ''),
            change: before === null ? null : roundTo(value - before, m.decimals),
            progress: before === null ? null : measuredProgress(m.direction, before, value, swc),
          };
        }),
      },
    ];
  });
}

export async function teamSummary(db: Db, boards: Boards, teamId: number): Promise<TeamAnalysis> {
  const [team] = await analysis.analysisTeams(db, { scopeTeamIds: null, teamId });
  if (!team) throw notFound();
  const [history, catalogue, sums, averages, ranking] = await Promise.all([
    analysis.evaluationHistory(db, { teamId }),
    analysis.criteriaCatalogue(db),
    analysis.teamCriterionSums(db, teamId),
    teamAverages(db, { teamIds: [teamId] }),
    boards.playerRanking({ teamId }),
  ]);
  const n = team.playerCount;
  const top = ranking.slice(0, RANKING_LIMIT);
  const cards = await repo.playerCards(
    db,
    top.map((r) => r.id),
  );
  return {
    team: {
      id: team.id,
      name: team.name,
      category: team.category,
      season: team.season,
      coachName: team.coachName,
      coachUser: team.coachUser,
      playerCount: n,
    },
    averageScore: roundPercent(averages.get(teamId)?.averageScore ?? 0),
    timeline: scoreTimeline(history, n),
    criteria: catalogue.map((c) => ({
      id: c.id,
      name: c.name,
      level: c.level,
      weight: c.weight,
      teamAverage: n ? roundPercent((sums.get(c.id) ?? 0) / n) : null,
    })),
    distribution: distribution(ranking.map((r) => r.total)),
    ranking: top.flatMap((r) => {
      const card = cards.get(r.id);
      return card ? [{ ...card, rank: r.rank, totalScore: roundPercent(r.total) }] : [];
    }),
  };
}
