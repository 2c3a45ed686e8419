import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, portable } from '../schema-helpers.js';

/**
 * Erasure requests (issue 30, docs/decisions/0022-privacy-requests.md): made by a guardian, the player
 * or an admin on their behalf, decided by an admin within 30 days (`due_at`). A request holds no
 * personal data of its own once the player is erased: the free texts are cleared by the erasure.
 */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .id(db.schema.createTable('privacy_requests'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('erasure'))
        // 'guardian' (requester_guardian_id), 'player' (the player's own sign-in) or 'admin' (on their behalf).
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('requester_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('requester_guardian_id', 'integer', (c) => c.references('guardians.id').onDelete('set null'))
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        // open → erased (approved and carried out in one transaction) or refused (with a reason).
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decided_at', 'text')
        .addColumn('decision_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'privacy_requests_status_idx', 'privacy_requests', ['status', 'due_at']);
      await createIndex(db, 'privacy_requests_player_idx', 'privacy_requests', ['player_id', 'status']);
      // One open request per player: a second one joins the first instead of restarting the clock.
      await createIndex(db, 'privacy_requests_open_uq', 'privacy_requests', ['player_id'], { unique: true, where: "status = 'open'" });
    },
  };
}
