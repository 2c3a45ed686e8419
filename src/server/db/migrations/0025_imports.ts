import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, portable } from '../schema-helpers.js';

/**
 * The import wizard (docs/decisions/0021-imports.md): one row per import from upload to undo (its
 * file's cells, the mapping, the plan the preview showed and its fingerprint, then the history), what
 * each committed import changed (so undo removes and restores exactly that), and the mapping remembered
 * per kind (the installation is the club, ADR 0019).
 */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .id(db.schema.createTable('imports'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('file_name', 'text', (c) => c.notNull())
        // uploaded → planned → committed → undone
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('uploaded'))
        .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        // JSON: the header row and the body's cells as read from the file.
        .addColumn('headers', 'text', (c) => c.notNull())
        .addColumn('cells', 'text', (c) => c.notNull())
        .addColumn('mapping', 'text')
        // JSON: one entry per row (status, reasons, values, candidate, action).
        .addColumn('plan', 'text')
        .addColumn('plan_hash', 'text')
        // What the plan read: players and guardians as they were (ADR 0011 list versions).
        .addColumn('fingerprint', 'text')
        .addColumn('counts', 'text')
        .addColumn('errors', 'text')
        .addColumn('kept', 'text')
        .addColumn('planned_at', 'text')
        .addColumn('committed_at', 'text')
        .addColumn('undone_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'imports_history_idx', 'imports', ['status', 'committed_at']);
      await createIndex(db, 'imports_owner_idx', 'imports', ['created_by', 'status']);

      await t
        .id(db.schema.createTable('import_effects'))
        .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
        // player_created, player_updated, membership_added, guardian_created
        .addColumn('effect', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('team_id', 'integer')
        // JSON of the columns an update changed, as they were before it.
        .addColumn('before', 'text')
        .execute();
      await createIndex(db, 'import_effects_import_idx', 'import_effects', ['import_id', 'effect']);

      await db.schema
        .createTable('import_mappings')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        // JSON: { field: folded header name }; matched against a new file's headers.
        .addColumn('mapping', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
