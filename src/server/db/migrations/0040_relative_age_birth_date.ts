import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';

/**
 * Issue 40, relative age (ADR 0028): an optional day of birth beside the birth year. Text YYYY-MM-DD
 * on both databases, like every other calendar day here; the birth year (`dob`) stays the record ages
 * are read from, and the schema keeps the two in the same year.
 */
export function migration(_database: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('players').addColumn('birth_date', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('players').dropColumn('birth_date').execute();
    },
  };
}
