import type { Kysely, Migration } from 'kysely';

/**
 * Mail whose text carries a secret (a temporary password, a reset link) is flagged, so the outbox
 * never shows it and masks it once delivered, or after a day when it could not be.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('mail_outbox')
        .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
