/**
 * The SQL side of src/shared/scoring.ts (docs/product.md#scoring), used by every list that shows a score:
 * teams, players, profiles, leaderboards. scores.test.ts checks it against the shared module.
 */
import { sql, type Kysely } from 'kysely';
import { DEFAULT_PERIOD_FROM, DEFAULT_PERIOD_TO } from '../../../shared/constants.js';
import type { LeaderboardFilter } from '../../../shared/scoring.js';
import { changeFeedOf } from '../../db/change-feed.js';
import { precompiled } from '../../db/precompiled.js';
import type { DB } from '../../db/types.js';
import { averageOfUnits } from '../../db/team-units.js';
import { todayDate } from '../../lib/time.js';

const versionRow = precompiled((db) => db.selectFrom('score_state').select('version').where('id', '=', 1));

/**
 * Bumped by triggers (migrations 0006, 0008, 0009) on every change a cached view shows. On PostgreSQL
 * it comes from memory while the change feed listens (ADR 0011), otherwise from the database.
 */
export async function scoreVersion(db: Kysely<DB>): Promise<number> {
  return changeFeedOf(db)?.scoreVersion() ?? readScoreVersion(db);
}

/** The version as the database has it now; also raises the feed's copy (read-your-writes). */
export async function readScoreVersion(db: Kysely<DB>): Promise<number> {
  const [row] = await versionRow(db);
  const version = Number(row?.version ?? 0);
  changeFeedOf(db)?.raise(version);
  return version;
}

export interface ScoreScope extends LeaderboardFilter {
  /** Only players of this team (the join keeps the query on indexes instead of long id lists). */
  teamId?: number;
  playerIds?: readonly number[];
  /**
   * Set by resolveScope: the criteria filter is exactly these whole levels, which
   * player_level_scores answers (migration 0020, ADR 0023).
   */
  levelIds?: readonly number[];
}

/** Periods longer than this read the current rows by player, not by date (ADR 0023). */
export const WIDE_PERIOD_DAYS = 120;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * Per player: Σ score_percentage of the current evaluations in the period and criteria filter. The
 * scoring rule (docs/product.md#scoring) averages per (player, criterion) first; evaluations_current_uq allows one current evaluation per
 * (player, criterion), so that average is the row itself and one GROUP BY suffices (ADR 0006).
 */
function filteredTotals(db: Kysely<DB>, scope: ScoreScope) {
  let q = db
    .selectFrom('evaluations as e')
    .select(['e.player_id', (eb) => eb.fn.sum<number>('e.score_percentage').as('total')])
    .where('e.is_current', '=', 1);
  const from = scope.from !== undefined && scope.from > DEFAULT_PERIOD_FROM ? scope.from : undefined;
  const to = scope.to !== undefined && scope.to < DEFAULT_PERIOD_TO ? scope.to : undefined;
  // A short period reads its own dates on evaluations_board_idx. A long one compares an expression
  // instead: a date range over most rows made the planner sort every row it found, while
  // evaluations_totals_idx yields them grouped by player (ADR 0006, ADR 0023).
  const short = from !== undefined && daysBetween(from, to ?? todayDate()) <= WIDE_PERIOD_DAYS;
  const day = short ? sql<string>`e.date` : sql<string>`(e.date || '')`;
  if (from !== undefined) q = q.where(day, '>=', from);
  if (to !== undefined) q = q.where(day, '<=', to);
  if (scope.criteriaIds?.length) q = q.where('e.criterion_id', 'in', [...scope.criteriaIds]);
  if (scope.playerIds) q = q.where('e.player_id', 'in', scope.playerIds.length ? [...scope.playerIds] : [-1]);
  if (scope.teamId !== undefined) q = q.where('e.player_id', 'in', teamMembers(db, scope.teamId));
  return q.groupBy('e.player_id');
}

const unboundedPeriod = (scope: LeaderboardFilter) =>
  (scope.from ?? DEFAULT_PERIOD_FROM) <= DEFAULT_PERIOD_FROM && (scope.to ?? DEFAULT_PERIOD_TO) >= DEFAULT_PERIOD_TO;
/** No period bound and no criteria: what player_scores answers. */
export const isUnfiltered = (scope: LeaderboardFilter) => !scope.criteriaIds?.length && unboundedPeriod(scope);

/**
 * A team's member ids, as a sub-query: `player_id IN (…)` lets both databases seek each member on the
 * player's index, where a correlated EXISTS made SQLite probe it for every player of the club.
 */
export const teamMembers = (db: Kysely<DB>, teamId: number) =>
  db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId);

/** Narrowed to what a scope reads (the given players, or a team's members), else the whole table. */
function inPlayers<Q extends { where: (...args: any[]) => Q }>(
  db: Kysely<DB>,
  q: Q,
  column: 'ps.player_id' | 'pl.player_id',
  scope: ScoreScope,
): Q {
  if (scope.playerIds) q = q.where(column, 'in', scope.playerIds.length ? [...scope.playerIds] : [-1]);
  if (scope.teamId !== undefined) q = q.where(column, 'in', teamMembers(db, scope.teamId));
  return q;
}

/**
 * Sub-query of (player_id, total): Σ over criteria of the current score_percentage. What the figures
 * kept on write answer is read from them (ADR 0008, ADR 0023): without a period or criteria filter
 * player_scores, for whole levels (resolveScope) player_level_scores; the rest is aggregated.
 */
export function playerTotalsQuery(db: Kysely<DB>, scope: ScoreScope = {}) {
  if (scope.levelIds?.length && unboundedPeriod(scope)) {
    const q = db
      .selectFrom('player_level_scores as pl')
      .select(['pl.player_id', (eb) => eb.fn.sum<number>('pl.total').as('total')])
      .where('pl.level_id', 'in', [...scope.levelIds]);
    return inPlayers(db, q, 'pl.player_id', scope).groupBy('pl.player_id');
  }
  if (!isUnfiltered(scope)) {
    return filteredTotals(db, scope);
  }
  return inPlayers(db, db.selectFrom('player_scores as ps').select(['ps.player_id', 'ps.total']), 'ps.player_id', scope);
}

/**
 * The scope as the figures kept on write can answer it (ADR 0023): a period bound beyond every
 * current evaluation is no bound (two lookups at the ends of evaluations_board_idx), and a criteria
 * filter that is exactly some whole levels becomes those levels. Same totals, fewer rows read.
 */
export async function resolveScope<S extends ScoreScope>(db: Kysely<DB>, scope: S): Promise<S> {
  if (isUnfiltered(scope)) return scope;
  let { from, to } = scope;
  if (!unboundedPeriod(scope)) {
    // Two statements: SQLite answers min() or max() alone from the end of evaluations_board_idx,
    // but both in one statement by scanning every current row.
    const end = async (which: 'min' | 'max') =>
      (
        await db
          .selectFrom('evaluations')
          .select((eb) => eb.fn[which]<string>('date').as('day'))
          .where('is_current', '=', 1)
          .executeTakeFirst()
      )?.day;
    const [first, last] = [await end('min'), await end('max')];
    if (!first || (from !== undefined && from <= first)) from = undefined;
    if (!last || (to !== undefined && to >= last)) to = undefined;
  }
  let levelIds: number[] | undefined;
  if (scope.criteriaIds?.length) {
    const criteria = await db.selectFrom('criteria').select(['id', 'level_id']).execute();
    const asked = new Set(scope.criteriaIds);
    const known = criteria.filter((c) => asked.has(c.id));
    const levels = [...new Set(known.map((c) => c.level_id))];
    const whole = levels.every((l) => criteria.every((c) => c.level_id !== l || asked.has(c.id)));
    if (known.length && whole) levelIds = levels;
  }
  const { from: _f, to: _t, ...rest } = scope;
  return { ...rest, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), ...(levelIds ? { levelIds } : {}) } as S;
}

/** Totals of the given players (or all in scope); players without evaluations are absent (= 0). */
export async function playerTotals(db: Kysely<DB>, scope: ScoreScope = {}): Promise<Map<number, number>> {
  const rows = await playerTotalsQuery(db, await resolveScope(db, scope)).execute();
  return new Map(rows.map((r) => [r.player_id, Number(r.total) || 0]));
}

export async function playerTotal(db: Kysely<DB>, playerId: number, scope: LeaderboardFilter = {}): Promise<number> {
  return (await playerTotals(db, { ...scope, playerIds: [playerId] })).get(playerId) ?? 0;
}

/**
 * Per team: playerCount and average = Σ players' totals ÷ playerCount (no players → 0). Without a
 * filter it is read from team_scores, kept on write (migration 0030, ADR 0023): a row per team.
 */
export async function teamAverages(
  db: Kysely<DB>,
  scope: LeaderboardFilter & { teamIds?: readonly number[] } = {},
): Promise<Map<number, { playerCount: number; averageScore: number }>> {
  const resolved = await resolveScope(db, scope);
  const teamIds = scope.teamIds ? (scope.teamIds.length ? [...scope.teamIds] : [-1]) : undefined;
  if (isUnfiltered(resolved)) {
    let kept = db.selectFrom('team_scores').select(['team_id', 'players', 'total']).where('players', '>', 0);
    if (teamIds) kept = kept.where('team_id', 'in', teamIds);
    const rows = await kept.execute();
    return new Map(rows.map((r) => [r.team_id, { playerCount: r.players, averageScore: averageOfUnits(r.players, r.total) }]));
  }
  let q = db
    .selectFrom('team_players as tp')
    .leftJoin(playerTotalsQuery(db, resolved).as('pt'), 'pt.player_id', 'tp.player_id')
    .select([
      'tp.team_id',
      (eb) => eb.fn.count<number>('tp.player_id').as('player_count'),
      sql<number>`coalesce(sum(pt.total), 0)`.as('total_sum'),
    ])
    .groupBy('tp.team_id');
  if (teamIds) q = q.where('tp.team_id', 'in', teamIds);
  const rows = await q.execute();
  return new Map(
    rows.map((r) => {
      const n = Number(r.player_count);
      return [r.team_id, { playerCount: n, averageScore: n ? Number(r.total_sum) / n : 0 }];
    }),
  );
}

/**
 * Count, Σ score and Σ score² of the club's current scores per criterion: the between-player SD of
 * the smallest worthwhile change (shared/progress.ts sdFromSums), one aggregate whatever the club's size.
 */
export async function clubSpread(db: Kysely<DB>, criterionIds: readonly number[]) {
  if (!criterionIds.length) return [];
  return db
    .selectFrom('evaluations')
    .select((eb) => [
      'criterion_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('score').as('sum'),
      sql<number>`sum(score * score)`.as('sum_squares'),
    ])
    .where('is_current', '=', 1)
    .where('criterion_id', 'in', [...criterionIds])
    .groupBy('criterion_id')
    .execute();
}

/**
 * The club's current measurements of measured criteria: the kept value and the attempts (JSON) of
 * each, for the typical error (shared/measured.ts measuredSwc). One statement for all the criteria.
 */
export async function clubMeasurements(db: Kysely<DB>, criterionIds: readonly number[]) {
  if (!criterionIds.length) return [];
  return db
    .selectFrom('evaluations')
    .select(['criterion_id', 'measured_value', 'measured_attempts'])
    .where('is_current', '=', 1)
    .where('measured_value', 'is not', null)
    .where('criterion_id', 'in', [...criterionIds])
    .execute();
}
