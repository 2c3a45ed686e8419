import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, createVersionTriggers, portable } from '../schema-helpers.js';

/**
 * Age and hand-over (issue 26, docs/decisions/0019-families.md): when a player was told and claimed
 * their account, the one-time claim links, what each guardian still sees once the player decides, and
 * the player's own consents (which replace the guardians' after the claim).
 */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('player_handovers')
        .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id').onDelete('cascade'))
        // Set once: the notice 30 days before, and the claim link mailed to the player at the date.
        .addColumn('notice_at', 'text')
        .addColumn('claim_mail_at', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await t
        .id(db.schema.createTable('player_claim_tokens'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'player_claim_tokens_player_idx', 'player_claim_tokens', ['player_id', 'created_at']);

      // After the claim the player decides per guardian; 0 = "nothing new" (the default).
      await db.schema
        .alterTable('guardian_links')
        .addColumn('shares_after_handover', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('player_consents')
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('granted', 'integer', (c) => c.notNull())
        .addColumn('text_version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_consents_pk', ['player_id', 'purpose'])
        .execute();

      // Who consents changes at the claim, and the player's own choices after it: both move the score
      // version so cached public pages are rebuilt within the boards' refresh interval (ADR 0006).
      await createVersionTriggers(db, dialect, WATCHED);
    },
  };
}

const WATCHED = [
  { table: 'player_consents', name: 'player_consents_version_insert', event: 'insert' },
  { table: 'player_consents', name: 'player_consents_version_update', event: 'update' },
  { table: 'player_handovers', name: 'player_handovers_version_insert', event: 'insert' },
  { table: 'player_handovers', name: 'player_handovers_version_update', event: 'update of claimed_at' },
];
