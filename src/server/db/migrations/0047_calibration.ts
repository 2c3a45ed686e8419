import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, portable } from '../schema-helpers.js';

/**
 * Issue 40: a calibration round before a tryout (ADR 0027). The director marks 3–5 of the session's
 * players; every evaluator scores them, and sees how far they sit from the panel. The round's scores live
 * in their own table so that nothing that reads the session's scores (results, publishing, the fair
 * analysis, reports) can count them.
 */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('eval_session_players')
        .addColumn('calibration', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await t
        .id(db.schema.createTable('eval_session_calibration_scores'))
        .addColumn('session_id', 'integer', (c) => c.notNull().references('eval_sessions.id').onDelete('cascade'))
        .addColumn('evaluator_id', 'integer', (c) => c.notNull().references('eval_session_evaluators.id').onDelete('cascade'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('criterion_id', 'integer', (c) => c.notNull().references('criteria.id').onDelete('cascade'))
        .addColumn('score', t.real, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(
        db,
        'eval_session_calibration_scores_uq',
        'eval_session_calibration_scores',
        ['session_id', 'evaluator_id', 'player_id', 'criterion_id'],
        { unique: true },
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('eval_session_calibration_scores').execute();
      await db.schema.alterTable('eval_session_players').dropColumn('calibration').execute();
    },
  };
}
