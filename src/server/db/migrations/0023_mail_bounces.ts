import type { Kysely, Migration } from 'kysely';
import { createIndex } from '../schema-helpers.js';

/**
 * Bounces (issue 27, ADR 0020 "Bounces"): every outgoing message gets its own Message-ID, kept on the
 * outbox row and on the report delivery it carried, so that a provider's bounce notice finds the
 * delivery it is about. A guardian whose address bounced is flagged for the staff until it changes.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<any>) {
      // Without the angle brackets, lower case: as the bounce webhook normalises what it receives.
      await db.schema.alterTable('mail_outbox').addColumn('message_id', 'text').execute();
      await createIndex(db, 'mail_outbox_message_idx', 'mail_outbox', ['message_id']);
      await db.schema.alterTable('report_deliveries').addColumn('message_id', 'text').execute();
      await db.schema.alterTable('report_deliveries').addColumn('bounced_at', 'text').execute();
      await createIndex(db, 'report_deliveries_message_idx', 'report_deliveries', ['message_id']);
      await db.schema.alterTable('guardians').addColumn('bounced_at', 'text').execute();
      await db.schema.alterTable('guardians').addColumn('bounce_reason', 'text').execute();
    },
  };
}
