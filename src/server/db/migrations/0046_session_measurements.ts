import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { portable } from '../schema-helpers.js';

/**
 * Evaluation sessions take measured values (issue 42, ADR 0030): an evaluator's score of a measured
 * criterion keeps the kept value and the attempts beside the points of that value; the session's result
 * averages the values and maps the mean by the criterion's rule.
 */
export function migration({ dialect }: Database): Migration {
  const real = portable(dialect).real;
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('eval_session_scores').addColumn('measured_value', real).execute();
      await db.schema.alterTable('eval_session_scores').addColumn('measured_attempts', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('eval_session_scores').dropColumn('measured_attempts').execute();
      await db.schema.alterTable('eval_session_scores').dropColumn('measured_value').execute();
    },
  };
}
