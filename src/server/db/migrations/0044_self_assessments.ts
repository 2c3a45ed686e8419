import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex } from '../schema-helpers.js';

/**
 * Self-assessment (issue 41 point 5, ADR 0029): the player's own score of one criterion in one report
 * cycle, on the criterion's own scale (1–10, or Yes = 1 / No = 0). One row per player × cycle ×
 * criterion; a cleared score is a deleted row. It goes with the player, the cycle or the criterion.
 */
export function migration(_: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('self_assessments')
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('cycle_id', 'integer', (c) => c.notNull().references('report_cycles.id').onDelete('cascade'))
        .addColumn('criterion_id', 'integer', (c) => c.notNull().references('criteria.id').onDelete('cascade'))
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('self_assessments_pk', ['player_id', 'cycle_id', 'criterion_id'])
        .execute();
      await createIndex(db, 'self_assessments_cycle_idx', 'self_assessments', ['cycle_id']);
      await createIndex(db, 'self_assessments_criterion_idx', 'self_assessments', ['criterion_id']);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('self_assessments').execute();
    },
  };
}
