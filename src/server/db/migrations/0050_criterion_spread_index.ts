import type { Kysely, Migration } from 'kysely';
import { createIndex } from '../schema-helpers.js';

/**
 * The goals' smallest worthwhile change sums each criterion's current scores (ADR 0029). On the
 * criterion-only index that read every current evaluation of the club (2.55 M rows, about a second at
 * 10× the bench club, per team goals page); with is_current and score in the index it reads the
 * criterion's current scores alone, from the index. Every use of the old index had criterion_id first.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex('evaluations_criterion_idx').execute();
      await createIndex(db, 'evaluations_criterion_idx', 'evaluations', ['criterion_id', 'is_current', 'score']);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('evaluations_criterion_idx').execute();
      await createIndex(db, 'evaluations_criterion_idx', 'evaluations', ['criterion_id']);
    },
  };
}
