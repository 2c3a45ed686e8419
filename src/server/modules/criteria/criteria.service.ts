import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { z } from 'zod';
import {
  weightField,
  type Criterion,
  type criterionCreateSchema,
  type criterionEditSchema,
  type Measure,
} from '../../../shared/schemas/criterion.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { plural } from '../../../shared/messages.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './criteria.repository.js';
import { versionedCache } from '../scores/score-cache.js';
import { rescoreCriterionById } from '../evaluations/measured.service.js';

type Db = Kysely<DB>;
type CriterionCreate = z.output<typeof criterionCreateSchema>;
type CriterionEdit = z.output<typeof criterionEditSchema>;

const duplicate = (name: string) => conflict(`A criterion named "${name}" already exists on this level.`, 'criteria');

async function existingLevel(db: Db, levelId: number) {
  const level = await repo.findLevel(db, levelId);
  if (!level) throw badRequest('Please choose an existing level.', 'level');
  return level;
}

const needsMeasure = () =>
  badRequest(
    'A measured criterion needs its test: the unit, which direction is better, the valid range, the attempts and the points bands.',
    'measure',
  );

/** The rule and the test, without what does not change points, to tell a rule change apart. */
const pointsKey = (m: Measure | null) => (m ? JSON.stringify([m.direction, m.decimals, m.rule]) : '');

/**
 * A measured criterion's test saved with the criterion; a changed rule re-reads the points of the
 * criterion's current evaluations in the same transaction (history keeps its points). The unit and the
 * direction cannot change under stored measurements: they would change what the values mean.
 */
async function saveMeasureOf(
  trx: Db,
  id: number,
  name: string,
  before: Measure | null,
  sent: Measure,
  evaluationCount: number,
): Promise<string> {
  if (before && evaluationCount > 0 && (before.unit !== sent.unit || before.direction !== sent.direction)) {
    throw conflict(
      `The unit and direction of ${name} cannot change because ${evaluationCount} ${plural(evaluationCount, 'evaluation uses', 'evaluations use')} them. Create a new criterion instead.`,
      'measure',
    );
  }
  await repo.saveMeasure(trx, id, sent);
  if (pointsKey(before) === pointsKey(sent)) return '';
  const result = await rescoreCriterionById(trx, id);
  if ('error' in result) throw badRequest(result.error, 'measure');
  return `; points rule changed, ${result.changed} current ${plural(result.changed, 'evaluation', 'evaluations')} re-scored`;
}

async function existingCriterion(db: Db, id: number): Promise<Criterion> {
  const found = await repo.findCriterion(db, id);
  if (!found) throw notFound();
  return found;
}

export async function createCriterion(db: Db, actor: Actor, b: CriterionCreate): Promise<Criterion> {
  const id = await db.transaction().execute(async (trx) => {
    const level = await existingLevel(trx, b.level);
    if (await repo.nameTaken(trx, b.level, b.criteria)) throw duplicate(b.criteria);
    if (level.kind === 'measured' && !b.measure) throw needsMeasure();
    const id = await repo.insertCriterion(trx, {
      name: b.criteria,
      levelId: b.level,
      weight: b.score,
      description: b.description,
      videoLinks: b.video_links,
    });
    if (level.kind === 'measured') await repo.saveMeasure(trx, id, b.measure!);
    await recordAudit(trx, actor, 'create', 'criterion', id, `${b.criteria} (${level.name}, ${b.score}%)`);
    return id;
  });
  return (await repo.findCriterion(db, id))!;
}

export async function updateCriterion(db: Db, actor: Actor, id: number, b: CriterionEdit): Promise<Criterion> {
  await db.transaction().execute(async (trx) => {
    const before = await existingCriterion(trx, id);
    if (b.score !== undefined && b.score !== null && b.score !== '') {
      const sent = weightField.safeParse(b.score);
      if (!sent.success || sent.data !== before.score)
        throw badRequest('The score of a criterion cannot be changed after it is created.', 'score');
    }
    const level = await existingLevel(trx, b.level);
    if (level.kind !== before.level_kind && before.evaluationCount > 0) {
      // Stored scores mean "n out of 10" or "yes/no"; moving them to the other kind changes their meaning.
      throw conflict(
        `${before.criteria} cannot move to ${level.name} because ${before.evaluationCount} ${plural(before.evaluationCount, 'evaluation uses', 'evaluations use')} a different kind of score.`,
        'level',
      );
    }
    if (await repo.nameTaken(trx, b.level, b.criteria, id)) throw duplicate(b.criteria);
    if (level.kind === 'measured' && !b.measure && !before.measure) throw needsMeasure();
    await repo.updateCriterion(trx, id, { name: b.criteria, levelId: b.level, description: b.description, videoLinks: b.video_links });
    let rescored = '';
    if (level.kind !== 'measured') {
      if (before.measure) await repo.deleteMeasure(trx, id);
    } else if (b.measure) {
      rescored = await saveMeasureOf(trx, id, b.criteria, before.measure, b.measure, before.evaluationCount);
    }
    await recordAudit(
      trx,
      actor,
      'update',
      'criterion',
      id,
      (before.criteria === b.criteria ? b.criteria : `${before.criteria} → ${b.criteria}`) + rescored,
    );
  });
  return (await repo.findCriterion(db, id))!;
}

/** Deletes the criterion with every evaluation of it; answers how many evaluations went. */
export async function deleteCriterion(db: Db, actor: Actor, id: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = await existingCriterion(trx, id);
    const n = await repo.deleteCriterion(trx, id);
    await recordAudit(trx, actor, 'delete', 'criterion', id, `${before.criteria} with ${n} ${plural(n, 'evaluation', 'evaluations')}`);
    return n;
  });
}

/** The catalogue in level order: a plain read, answered as the repository gives it. */
// Evaluations move the score version (migration 0006), so the counts are cached under it (ADR 0023).
const counts = versionedCache<Map<number, number>>(1);

/** Criteria with their evaluation counts; names, levels and weights are read fresh (a few rows). */
export async function listCriteria(db: Db, levelId?: number): Promise<Criterion[]> {
  return repo.listCriteria(db, await counts(db, 'all', () => repo.evaluationCounts(db)), levelId);
}
