import type { Kysely, Migration } from 'kysely';
import { createIndex } from '../schema-helpers.js';

/**
 * Offline courtside sync (issue 16): each evaluation scored on a device carries the device's id for it
 * (a random UUID), and the server writes each id once, so a batch sent twice (a lost answer, a retry,
 * two tabs) adds no rows. Rows saved by the app's other forms keep NULL, and NULLs never collide in a
 * UNIQUE index on SQLite or PostgreSQL.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('evaluations').addColumn('client_id', 'text').execute();
      await createIndex(db, 'evaluations_client_id_uq', 'evaluations', ['client_id'], { unique: true });
    },
  };
}
