import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import { scoreLabel, type Evaluation } from '../../../shared/schemas/evaluation.js';
import { measuredLabel, type Attempt, type LevelKind, type MeasureUnit } from '../../../shared/scoring.js';
import type { Measure } from '../../../shared/schemas/criterion.js';
import { MEASURE_COLUMNS, toMeasure, type MeasureRow } from '../criteria/criteria.repository.js';
import { chunked } from '../../db/precompiled.js';
import type { DB, EvaluationsTable } from '../../db/types.js';
import { jsonList } from '../../lib/reply.js';

type Db = Kysely<DB>;

/** Rows per multi-row INSERT: 12 columns × 1000 stays under both drivers' bound-parameter limits. */
export const INSERT_CHUNK = 1000;
/** Ids per IN (…) list. */
const ID_CHUNK = 500;

export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export async function findPlayer(db: Db, id: number) {
  const row = await db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name', 'profile_img'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, name: `${row.first_name} ${row.last_name}`, profile_img: row.profile_img } : undefined;
}

/** The player with their unfiltered total, kept on write in player_scores (ADR 0008): one statement. */
export async function findPlayerWithTotal(db: Db, id: number) {
  const row = await db
    .selectFrom('players as p')
    .leftJoin('player_scores as ps', 'ps.player_id', 'p.id')
    .select(['p.id', 'p.first_name', 'p.last_name', 'p.profile_img', 'p.dob', 'ps.total'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      player: { id: row.id, name: `${row.first_name} ${row.last_name}`, profile_img: row.profile_img, birth_year: row.dob },
      total: Number(row.total ?? 0),
    }
  );
}

export async function userName(db: Db, id: number): Promise<string> {
  const u = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
  return u ? `${u.first_name} ${u.last_name}` : '';
}

export interface ScoringCriterion {
  id: number;
  name: string;
  weight: number;
  levelId: number;
  levelName: string;
  kind: LevelKind;
  /** A measured criterion's test and rule; null elsewhere, and on a measured level not yet set up. */
  measure: Measure | null;
}

function criteriaQuery(db: Db) {
  return db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .leftJoin('criterion_measures as m', 'm.criterion_id', 'c.id')
    .select(['c.id', 'c.name', 'c.weight', 'c.level_id', 'l.name as level_name', 'l.kind', ...MEASURE_COLUMNS]);
}
const toScoring = (
  r: {
    id: number;
    name: string;
    weight: number;
    level_id: number;
    level_name: string;
    kind: LevelKind;
  } & MeasureRow,
): ScoringCriterion => ({
  measure: r.kind === 'measured' ? toMeasure(r) : null,
  id: r.id,
  name: r.name,
  weight: Number(r.weight),
  levelId: r.level_id,
  levelName: r.level_name,
  kind: r.kind,
});

export async function findScoringCriterion(db: Db, id: number): Promise<ScoringCriterion | undefined> {
  const row = await criteriaQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toScoring(row) : undefined;
}

export async function allScoringCriteria(db: Db): Promise<ScoringCriterion[]> {
  return (await criteriaQuery(db).execute()).map(toScoring);
}

function evaluationQuery(db: Db) {
  return db
    .selectFrom('evaluations as e')
    .innerJoin('criteria as c', 'c.id', 'e.criterion_id')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .leftJoin('criterion_measures as m', 'm.criterion_id', 'c.id')
    .select([
      'e.measured_value',
      'e.measured_attempts',
      'e.points_basis',
      'm.unit',
      'm.decimals',
      'e.id',
      'e.player_id',
      'e.criterion_id',
      'c.name as criterion_name',
      'c.level_id',
      'l.name as level_name',
      'l.kind',
      'e.score',
      'e.score_percentage',
      'e.evaluator_user_id',
      'e.evaluator_name',
      'e.date',
      'e.notes',
      'e.video_links',
      'e.is_current',
      'e.created_at',
    ]);
}
type EvaluationRow = Awaited<ReturnType<ReturnType<typeof evaluationQuery>['executeTakeFirstOrThrow']>>;

const toEvaluation = (r: EvaluationRow): Evaluation => ({
  id: r.id,
  criteria: r.criterion_name,
  criteria_id: r.criterion_id,
  level: r.level_id,
  level_name: r.level_name,
  level_kind: r.kind,
  score: Number(r.score),
  score_percentage: Number(r.score_percentage),
  scoreLabel: scoreLabel(r.kind, Number(r.score)),
  isFundamentalLevel: r.kind === 'scale_1_10',
  evaluator: r.evaluator_user_id,
  evaluator_name: r.evaluator_name,
  date: r.date,
  notes: r.notes,
  video_links: jsonList(r.video_links),
  is_current: Number(r.is_current) === 1,
  measured: measuredOf(r),
});

/** The measurement of a measured evaluation as shown beside its points. */
function measuredOf(r: EvaluationRow): Evaluation['measured'] {
  if (r.measured_value === null || r.unit === null) return null;
  const def = { unit: r.unit as MeasureUnit, decimals: Number(r.decimals) };
  const attempts = r.measured_attempts ? (JSON.parse(r.measured_attempts) as Attempt[]) : [];
  const value = Number(r.measured_value);
  const basis = r.points_basis ?? '';
  return { value, attempts, unit: def.unit, basis, label: measuredLabel(def, value, Number(r.score), basis, attempts) };
}

/** A player's current evaluations (or their history), newest first. */
export async function listEvaluations(db: Db, playerId: number, current: boolean): Promise<Evaluation[]> {
  const rows = await evaluationQuery(db)
    .where('e.player_id', '=', playerId)
    .where('e.is_current', '=', current ? 1 : 0)
    .orderBy('e.date', 'desc')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map(toEvaluation);
}

export async function historyCount(db: Db, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('evaluations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('player_id', '=', playerId)
    .where('is_current', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findEvaluation(db: Db, id: number) {
  const row = await evaluationQuery(db).where('e.id', '=', id).executeTakeFirst();
  return row ? { ...toEvaluation(row), player_id: row.player_id, created_at: row.created_at } : undefined;
}

/** A row to insert: the table's columns but the generated and flag ones, both timestamps given. */
export type NewEvaluation = Omit<Insertable<EvaluationsTable>, 'id' | 'is_current' | 'client_id' | 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};

export type FlaggedEvaluation = NewEvaluation & { is_current?: 0 | 1 };

/**
 * Inserts evaluations in multi-row chunks, as history rows (is_current = 0) unless a row says it is
 * current. Callers then run recomputeCurrent for the touched pairs, or, like the bulk import, have
 * decided the flags already and cleared the superseded rows (clearCurrent) before.
 */
export async function insertEvaluations(db: Db, rows: readonly FlaggedEvaluation[]): Promise<void> {
  const row = (r: FlaggedEvaluation) => ({
    player_id: r.player_id,
    criterion_id: r.criterion_id,
    score: r.score,
    score_percentage: r.score_percentage,
    evaluator_user_id: r.evaluator_user_id,
    evaluator_name: r.evaluator_name,
    date: r.date,
    notes: r.notes,
    video_links: r.video_links,
    created_at: r.created_at,
    updated_at: r.updated_at,
    is_current: r.is_current ?? 0,
  });
  await chunked(
    db,
    rows,
    INSERT_CHUNK,
    (part) => db.insertInto('evaluations').values(part.map(row)),
    (part) => {
      const values: unknown[] = [];
      for (const r of part) {
        values.push(
          r.player_id,
          r.criterion_id,
          r.score,
          r.score_percentage,
          r.evaluator_user_id,
          r.evaluator_name,
          r.date,
          r.notes,
          r.video_links,
          r.created_at,
          r.updated_at,
          r.is_current ?? 0,
        );
      }
      return values;
    },
  );
}

export async function insertEvaluation(db: Db, row: NewEvaluation): Promise<number> {
  const res = await db
    .insertInto('evaluations')
    .values({ ...row, is_current: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return res.id;
}

export async function updateEvaluation(
  db: Db,
  id: number,
  values: Pick<
    NewEvaluation,
    'criterion_id' | 'score' | 'score_percentage' | 'evaluator_name' | 'date' | 'notes' | 'video_links' | 'updated_at'
  > &
    Partial<Pick<NewEvaluation, 'measured_value' | 'measured_attempts' | 'points_basis'>>,
): Promise<void> {
  await db.updateTable('evaluations').set(values).where('id', '=', id).execute();
}

export async function deleteEvaluation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('evaluations').where('id', '=', id).execute();
}

export interface CurrentRow {
  id: number;
  player_id: number;
  criterion_id: number;
  date: string;
  created_at: string;
}

/** The current evaluations of these players with what orders them (ADR 0005). */
export async function currentOfPlayers(db: Db, playerIds: readonly number[]): Promise<CurrentRow[]> {
  const out: CurrentRow[] = [];
  for (const part of chunks(playerIds, ID_CHUNK)) {
    const rows = await db
      .selectFrom('evaluations')
      .select(['id', 'player_id', 'criterion_id', 'date', 'created_at'])
      .where('is_current', '=', 1)
      .where('player_id', 'in', part)
      .execute();
    out.push(...rows);
  }
  return out;
}

/** Makes these evaluations history rows. */
export async function clearCurrent(db: Db, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids, ID_CHUNK)) await db.updateTable('evaluations').set({ is_current: 0 }).where('id', 'in', part).execute();
}

/** Which (player, criterion) pairs to recompute: those of one criterion for some players. */
export interface PairScope {
  criterionId: number;
  playerIds: readonly number[];
}

function inScope(scope: PairScope, alias: 'evaluations' | 'e') {
  return (eb: ExpressionBuilder<any, any>) =>
    eb.and([eb(`${alias}.criterion_id`, '=', scope.criterionId), eb(`${alias}.player_id`, 'in', [...scope.playerIds])]);
}

/**
 * The supersede rule (ADR 0005), set-based: in every pair of the scope, the evaluation with the
 * latest (date, created_at, id) becomes current and all others history — the same order as
 * currentEvaluations() in src/shared/scoring.ts. Two UPDATE statements, whatever the row count.
 */
export async function recomputeCurrent(db: Db, scope: PairScope): Promise<void> {
  for (const playerIds of chunks(scope.playerIds, ID_CHUNK)) {
    const s = { criterionId: scope.criterionId, playerIds };
    await db.updateTable('evaluations').set({ is_current: 0 }).where('is_current', '=', 1).where(inScope(s, 'evaluations')).execute();
    const ranked = db
      .selectFrom('evaluations as e')
      .select([
        'e.id',
        sql<number>`row_number() over (partition by e.player_id, e.criterion_id order by e.date desc, e.created_at desc, e.id desc)`.as(
          'rn',
        ),
      ])
      .where(inScope(s, 'e'))
      .as('ranked');
    await db
      .updateTable('evaluations')
      .set({ is_current: 1 })
      .where('id', 'in', db.selectFrom(ranked).select('ranked.id').where('ranked.rn', '=', 1))
      .execute();
  }
}

/** Bulk matching: players whose parent e-mail is one of these (case-insensitive). */
export async function playersByEmails(db: Db, emails: readonly string[]) {
  const out: { id: number; first_name: string; last_name: string; email: string; dob: number | null }[] = [];
  for (const part of chunks(emails, ID_CHUNK)) {
    out.push(
      ...(await db
        .selectFrom('players')
        .select(['id', 'first_name', 'last_name', 'email', 'dob'])
        .where(sql`lower(email)`, 'in', part)
        .execute()),
    );
  }
  return out;
}

/** Players on any of these teams (coach scoping of bulk rows). */
export async function playerIdsOnTeams(db: Db, teamIds: readonly number[]): Promise<Set<number>> {
  if (teamIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('team_players')
    .select('player_id')
    .where('team_id', 'in', [...teamIds])
    .execute();
  return new Set(rows.map((r) => r.player_id));
}

/** The team's players by name, each with their current evaluation of the criterion (if any). */
export async function teamPlayersWithCurrent(db: Db, teamId: number, criterionId: number | undefined) {
  const rows = await db
    .selectFrom('team_players as tp')
    .innerJoin('players as p', 'p.id', 'tp.player_id')
    .leftJoin('evaluations as e', (j) =>
      j
        .onRef('e.player_id', '=', 'p.id')
        .on('e.is_current', '=', 1)
        .on('e.criterion_id', '=', criterionId ?? -1),
    )
    .select([
      'p.id',
      'p.first_name',
      'p.last_name',
      'p.profile_img',
      'p.dob',
      'e.score',
      'e.date',
      'e.measured_value',
      'e.measured_attempts',
      'e.points_basis',
    ])
    .where('tp.team_id', '=', teamId)
    .orderBy(sql`lower(p.last_name)`)
    .orderBy(sql`lower(p.first_name)`)
    .orderBy('p.id')
    .execute();
  return rows;
}

export async function findPlayerForMatching(db: Db, id: number) {
  return db.selectFrom('players').select(['id', 'first_name', 'last_name', 'email', 'dob']).where('id', '=', id).executeTakeFirst();
}

// Offline sync (issue 16): one batch's lookups, each one query for the whole batch.

/** Evaluations already saved under these device ids (migration 0012). */
export async function findByClientIds(db: Db, clientIds: readonly string[]) {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom('evaluations')
    .select(['id', 'client_id', 'evaluator_user_id'])
    .where('client_id', 'in', [...clientIds])
    .execute();
}

export async function teamsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function playersByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [...ids])
    .execute();
}

/** The (team, player) memberships among these teams and players. */
export async function membershipsAmong(db: Db, teamIds: readonly number[], playerIds: readonly number[]) {
  if (teamIds.length === 0 || playerIds.length === 0) return [];
  return db
    .selectFrom('team_players')
    .select(['team_id', 'player_id'])
    .where('team_id', 'in', [...teamIds])
    .where('player_id', 'in', [...playerIds])
    .execute();
}

export async function scoringCriteriaByIds(db: Db, ids: readonly number[]): Promise<ScoringCriterion[]> {
  if (ids.length === 0) return [];
  return (
    await criteriaQuery(db)
      .where('c.id', 'in', [...ids])
      .execute()
  ).map(toScoring);
}

/**
 * Inserts synced evaluations as history rows (callers run recomputeCurrent), returning each new id
 * with its device id. A device id saved meanwhile by another request fails the unique index
 * (db/errors.ts isUniqueViolation): the caller retries and then reads it as saved.
 */
export async function insertSyncedEvaluations(db: Db, rows: readonly (NewEvaluation & { client_id: string })[]) {
  if (rows.length === 0) return [];
  return db
    .insertInto('evaluations')
    .values(rows.map((r) => ({ ...r, is_current: 0 })))
    .returning(['id', 'client_id'])
    .execute();
}

// Measured criteria (ADR 0030): the current measurements of one test, and their points when the rule changes.

/** Every current measured evaluation of a criterion, with the player's birth year for the age group. */
export async function currentMeasurements(db: Db, criterionId: number) {
  return db
    .selectFrom('evaluations as e')
    .innerJoin('players as p', 'p.id', 'e.player_id')
    .select(['e.id', 'e.player_id', 'e.date', 'e.measured_value', 'e.score', 'e.points_basis', 'p.dob'])
    .where('e.criterion_id', '=', criterionId)
    .where('e.is_current', '=', 1)
    .where('e.measured_value', 'is not', null)
    .execute();
}

export async function setPoints(
  db: Db,
  id: number,
  v: { score: number; score_percentage: number; points_basis: string; updated_at: string },
): Promise<void> {
  await db.updateTable('evaluations').set(v).where('id', '=', id).execute();
}

export async function playerBirthYear(db: Db, id: number): Promise<number | null> {
  const row = await db.selectFrom('players').select('dob').where('id', '=', id).executeTakeFirst();
  return row?.dob ?? null;
}

export async function playerBirthYears(db: Db, ids: readonly number[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  for (const part of chunks(ids, ID_CHUNK)) {
    for (const r of await db.selectFrom('players').select(['id', 'dob']).where('id', 'in', part).execute()) out.set(r.id, r.dob);
  }
  return out;
}
