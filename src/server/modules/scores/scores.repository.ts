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
}

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
  // The dates are compared as expressions, not columns: a date range on evaluations_board_idx makes
  // the planner sort every row it finds, while evaluations_totals_idx yields them grouped by player.
  const day = sql<string>`(e.date || '')`;
  if (scope.from !== undefined && scope.from > DEFAULT_PERIOD_FROM) q = q.where(day, '>=', scope.from);
  if (scope.to !== undefined && scope.to < DEFAULT_PERIOD_TO) q = q.where(day, '<=', scope.to);
  if (scope.criteriaIds?.length) q = q.where('e.criterion_id', 'in', [...scope.criteriaIds]);
  if (scope.playerIds) q = q.where('e.player_id', 'in', scope.playerIds.length ? [...scope.playerIds] : [-1]);
  if (scope.teamId !== undefined) {
    const teamId = scope.teamId;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('team_players as tp').select('tp.player_id').whereRef('tp.player_id', '=', 'e.player_id').where('tp.team_id', '=', teamId)),
    );
  }
  return q.groupBy('e.player_id');
}

const isUnfiltered = (scope: LeaderboardFilter) =>
  !scope.criteriaIds?.length && (scope.from ?? DEFAULT_PERIOD_FROM) <= DEFAULT_PERIOD_FROM && (scope.to ?? DEFAULT_PERIOD_TO) >= DEFAULT_PERIOD_TO;

/**
 * Sub-query of (player_id, total): Σ over criteria of the current score_percentage. Without a period or
 * criteria filter that is player_scores, which triggers keep equal to it (migration 0007, ADR 0008).
 */
export function playerTotalsQuery(db: Kysely<DB>, scope: ScoreScope = {}) {
  if (!isUnfiltered(scope)) {
    return filteredTotals(db, scope);
  }
  let q = db.selectFrom('player_scores as ps').select(['ps.player_id', 'ps.total']);
  if (scope.playerIds) q = q.where('ps.player_id', 'in', scope.playerIds.length ? [...scope.playerIds] : [-1]);
  if (scope.teamId !== undefined) {
    const teamId = scope.teamId;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('team_players as tp').select('tp.player_id').whereRef('tp.player_id', '=', 'ps.player_id').where('tp.team_id', '=', teamId)),
    );
  }
  return q;
}

/** Totals of the given players (or all in scope); players without evaluations are absent (= 0). */
export async function playerTotals(db: Kysely<DB>, scope: ScoreScope = {}): Promise<Map<number, number>> {
  const rows = await playerTotalsQuery(db, scope).execute();
  return new Map(rows.map((r) => [r.player_id, Number(r.total) || 0]));
}

export async function playerTotal(db: Kysely<DB>, playerId: number, scope: LeaderboardFilter = {}): Promise<number> {
  return (await playerTotals(db, { ...scope, playerIds: [playerId] })).get(playerId) ?? 0;
}

/** Per team: playerCount and average = Σ players' totals ÷ playerCount (no players → 0). */
export async function teamAverages(
  db: Kysely<DB>,
  scope: LeaderboardFilter & { teamIds?: readonly number[] } = {},
): Promise<Map<number, { playerCount: number; averageScore: number }>> {
  let q = db
    .selectFrom('team_players as tp')
    .leftJoin(playerTotalsQuery(db, scope).as('pt'), 'pt.player_id', 'tp.player_id')
    .select([
      'tp.team_id',
      (eb) => eb.fn.count<number>('tp.player_id').as('player_count'),
      sql<number>`coalesce(sum(pt.total), 0)`.as('total_sum'),
    ])
    .groupBy('tp.team_id');
  if (scope.teamIds) q = q.where('tp.team_id', 'in', scope.teamIds.length ? [...scope.teamIds] : [-1]);
  const rows = await q.execute();
  return new Map(
    rows.map((r) => {
      const n = Number(r.player_count);
      return [r.team_id, { playerCount: n, averageScore: n ? Number(r.total_sum) / n : 0 }];
    }),
  );
}
