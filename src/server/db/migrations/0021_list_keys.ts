import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex } from '../schema-helpers.js';

/**
 * ADR 0023: the paged lists seek to their cursor through an index on their whole sort key, so a page
 * costs the same at any depth (keyset paging). The id ends every key: PostgreSQL's indexes do not hold
 * it implicitly as SQLite's rowid does, and without it a tie on names would sort outside the index.
 * - players and users: last name, first name, id (players_list_idx replaces players_name_idx, its prefix);
 * - the audit trail by entity or by user, the outbox by status: newest first, by id;
 * The import history (migration 0025, which runs after this one on a new database) keeps
 * imports_history_idx (status, committed_at): a kind has few imports, and its page is 50 rows.
 */
export function migration(_database: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await createIndex(db, 'players_list_idx', 'players', ['last_name', 'first_name', 'id']);
      await db.schema.dropIndex('players_name_idx').execute();
      await createIndex(db, 'users_list_idx', 'users', ['last_name', 'first_name', 'id']);
      await createIndex(db, 'audit_log_entity_key_idx', 'audit_log', ['entity', 'id']);
      await createIndex(db, 'audit_log_user_key_idx', 'audit_log', ['user_id', 'id']);
      await createIndex(db, 'mail_outbox_status_key_idx', 'mail_outbox', ['status', 'id']);
      // The secret masking at start and hourly reads the messages that held a secret, not the whole outbox.
      await createIndex(db, 'mail_outbox_sensitive_idx', 'mail_outbox', ['created_at'], { where: 'sensitive = 1' });
    },
    async down(db: Kysely<any>) {
      for (const name of [
        'mail_outbox_sensitive_idx',
        'mail_outbox_status_key_idx',
        'audit_log_user_key_idx',
        'audit_log_entity_key_idx',
        'users_list_idx',
        'players_list_idx',
      ])
        await db.schema.dropIndex(name).execute();
      await createIndex(db, 'players_name_idx', 'players', ['last_name', 'first_name']);
    },
  };
}
