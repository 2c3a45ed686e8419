import { sql, type Kysely } from 'kysely';
import type { Criterion, Measure } from '../../../shared/schemas/criterion.js';
import type { DB } from '../../db/types.js';
import { jsonList } from '../../lib/reply.js';
import { nowIso } from '../../lib/time.js';
import { exists } from '../../db/exists.js';

type Db = Kysely<DB>;

/** A measured criterion's test and rule, as `toMeasure` reads them (criterion_measures joined as m). */
export const MEASURE_COLUMNS = [
  'm.unit',
  'm.decimals',
  'm.direction',
  'm.min_value',
  'm.max_value',
  'm.attempts',
  'm.attempt_count',
  'm.rule',
] as const;

function baseQuery(db: Db) {
  const counts = db
    .selectFrom('evaluations')
    .select(['criterion_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('criterion_id')
    .as('ec');
  return db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .leftJoin('criterion_measures as m', 'm.criterion_id', 'c.id')
    .leftJoin(counts, 'ec.criterion_id', 'c.id')
    .select([
      ...MEASURE_COLUMNS,

      'c.id',
      'c.name',
      'c.level_id',
      'l.name as level_name',
      'l.kind as level_kind',
      'c.weight',
      'c.description',
      'c.video_links',
      sql<number>`coalesce(ec.n, 0)`.as('evaluation_count'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const toCriterion = (r: Row): Criterion => ({
  id: r.id,
  criteria: r.name,
  level: r.level_id,
  level_name: r.level_name,
  level_kind: r.level_kind,
  score: Number(r.weight),
  description: r.description,
  video_links: jsonList(r.video_links),
  evaluationCount: Number(r.evaluation_count),
  measure: toMeasure(r),
});

export interface MeasureRow {
  unit: string | null;
  decimals: number | null;
  direction: string | null;
  min_value: number | null;
  max_value: number | null;
  attempts: string | null;
  attempt_count: number | null;
  rule: string | null;
}

/** A stored test (written through measureSchema, so its values are the checked ones), or null. */
export function toMeasure(r: MeasureRow): Measure | null {
  if (r.unit === null || r.rule === null) return null;
  return {
    unit: r.unit as Measure['unit'],
    decimals: Number(r.decimals),
    direction: r.direction as Measure['direction'],
    min: Number(r.min_value),
    max: Number(r.max_value),
    attempts: r.attempts as Measure['attempts'],
    attemptCount: Number(r.attempt_count),
    rule: JSON.parse(r.rule) as Measure['rule'],
  };
}

/** Writes (or replaces) a criterion's test and points rule. */
export async function saveMeasure(db: Db, criterionId: number, m: Measure): Promise<void> {
  const values = {
    unit: m.unit,
    decimals: m.decimals,
    direction: m.direction,
    min_value: m.min,
    max_value: m.max,
    attempts: m.attempts,
    attempt_count: m.attemptCount,
    rule: JSON.stringify(m.rule),
    updated_at: nowIso(),
  };
  await db
    .insertInto('criterion_measures')
    .values({ criterion_id: criterionId, ...values })
    .onConflict((oc) => oc.column('criterion_id').doUpdateSet(values))
    .execute();
}

export async function deleteMeasure(db: Db, criterionId: number): Promise<void> {
  await db.deleteFrom('criterion_measures').where('criterion_id', '=', criterionId).execute();
}

/** Evaluations (current and history) per criterion: one pass over evaluations_criterion_idx. */
export async function evaluationCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('evaluations')
    .select(['criterion_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('criterion_id')
    .execute();
  return new Map(rows.map((r) => [r.criterion_id, Number(r.n)]));
}

/**
 * Criteria in level order, then by name; optionally one level only. The counts come from the caller
 * (cached per score version: counting every evaluation on each visit was the slowest read of a large club).
 */
export async function listCriteria(db: Db, counts: ReadonlyMap<number, number>, levelId?: number): Promise<Criterion[]> {
  let q = db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .leftJoin('criterion_measures as m', 'm.criterion_id', 'c.id')
    .select([
      ...MEASURE_COLUMNS,
      'c.id',
      'c.name',
      'c.level_id',
      'l.name as level_name',
      'l.kind as level_kind',
      'c.weight',
      'c.description',
      'c.video_links',
      sql<number>`0`.as('evaluation_count'),
    ])
    .orderBy('l.position')
    .orderBy('l.name')
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id');
  if (levelId !== undefined) q = q.where('c.level_id', '=', levelId);
  return (await q.execute()).map((r) => ({ ...toCriterion(r), evaluationCount: counts.get(r.id) ?? 0 }));
}

export async function findCriterion(db: Db, id: number): Promise<Criterion | undefined> {
  const row = await baseQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toCriterion(row) : undefined;
}

export async function findLevel(db: Db, id: number) {
  return db.selectFrom('levels').select(['id', 'name', 'kind']).where('id', '=', id).executeTakeFirst();
}

/** Names are unique within a level (case-insensitive), so bulk files can name a criterion by level + name. */
export async function nameTaken(db: Db, levelId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('criteria')
    .select('id')
    .where('level_id', '=', levelId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return exists(q);
}

export interface CriterionValues {
  name: string;
  levelId: number;
  description: string;
  videoLinks: string[];
}

export async function insertCriterion(db: Db, v: CriterionValues & { weight: number }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('criteria')
    .values({
      name: v.name,
      level_id: v.levelId,
      weight: v.weight,
      description: v.description,
      video_links: JSON.stringify(v.videoLinks),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The weight is deliberately not updatable: stored score_percentages were computed with it. */
export async function updateCriterion(db: Db, id: number, v: CriterionValues): Promise<void> {
  await db
    .updateTable('criteria')
    .set({ name: v.name, level_id: v.levelId, description: v.description, video_links: JSON.stringify(v.videoLinks), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the criterion and every evaluation of it (current and history); returns how many evaluations went. */
export async function deleteCriterion(db: Db, id: number): Promise<number> {
  const res = await db.deleteFrom('evaluations').where('criterion_id', '=', id).executeTakeFirst();
  await db.deleteFrom('criteria').where('id', '=', id).execute();
  return Number(res.numDeletedRows);
}
