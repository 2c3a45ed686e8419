import type { Kysely, Migration } from 'kysely';

/**
 * Issue 40: what publishing a session writes, chosen by its director: `raw` (the session's means, as
 * before and the default) or `fair` (the fair scores, evaluators' severity taken out: ADR 0027).
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('eval_sessions')
        .addColumn('publish_basis', 'text', (c) => c.notNull().defaultTo('raw'))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('eval_sessions').dropColumn('publish_basis').execute();
    },
  };
}
