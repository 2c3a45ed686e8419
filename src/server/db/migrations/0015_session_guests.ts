import { sql, type Kysely, type Migration } from 'kysely';
import { createIndex } from '../schema-helpers.js';

/**
 * Guests a director lets in, one name each, and evaluators whose scores a director leaves out (issue
 * 25): `admitted` (staff and earlier guests 1, a guest who joins 0 until the director admits them),
 * `excluded` (their scores count in no result), and `guest_key`, a guest's name folded for the
 * one-name-per-session index.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('eval_session_evaluators')
        .addColumn('admitted', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('eval_session_evaluators')
        .addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('eval_session_evaluators').addColumn('guest_key', 'text').execute();
      // Earlier guests keep their names; a name already taken twice keeps it on its first row only.
      await sql`UPDATE eval_session_evaluators SET guest_key = lower(trim(guest_name)) WHERE user_id IS NULL AND guest_name IS NOT NULL
        AND id = (SELECT min(e2.id) FROM eval_session_evaluators e2 WHERE e2.session_id = eval_session_evaluators.session_id
          AND e2.user_id IS NULL AND lower(trim(e2.guest_name)) = lower(trim(eval_session_evaluators.guest_name)))`.execute(db);
      await sql`UPDATE eval_session_evaluators SET guest_key = lower(trim(guest_name)) || '#' || CAST(id AS TEXT)
        WHERE user_id IS NULL AND guest_name IS NOT NULL AND guest_key IS NULL`.execute(db);
      await createIndex(db, 'eval_session_evaluators_guest_uq', 'eval_session_evaluators', ['session_id', 'guest_key'], {
        unique: true,
        where: 'guest_key IS NOT NULL',
      });
    },
  };
}
