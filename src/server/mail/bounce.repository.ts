import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/** Reads and writes of a provider's bounce notice (ADR 0020 "Bounces"). */

type Db = Kysely<DB>;

const deliveryColumns = ['d.id', 'd.email', 'd.status', 'd.report_id', 'r.player_id'] as const;

export async function deliveryByMessageId(db: Db, messageId: string) {
  return db
    .selectFrom('report_deliveries as d')
    .innerJoin('reports as r', 'r.id', 'd.report_id')
    .select([...deliveryColumns])
    .where('d.message_id', '=', messageId)
    .executeTakeFirst();
}

/** The most recent delivery mailed to the address and never opened (an opened one did arrive). */
export async function latestDeliveryTo(db: Db, email: string) {
  return db
    .selectFrom('report_deliveries as d')
    .innerJoin('reports as r', 'r.id', 'd.report_id')
    .select([...deliveryColumns])
    .where(sql<boolean>`lower(d.email) = ${email.toLowerCase()}`)
    .where('d.status', 'in', ['sent', 'bounced'])
    .where('d.viewed_at', 'is', null)
    .orderBy('d.id', 'desc')
    .executeTakeFirst();
}

export async function outboxByMessageId(db: Db, messageId: string) {
  return db.selectFrom('mail_outbox').select(['id', 'to_address']).where('message_id', '=', messageId).executeTakeFirst();
}

/** sent (or failed) → bounced with the provider's reason; a cancelled delivery stays cancelled. */
export async function markBounced(db: Db, id: number, reason: string, at: string): Promise<void> {
  await db
    .updateTable('report_deliveries')
    .set({ status: 'bounced', error: reason, bounced_at: at })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'sent', 'failed', 'bounced'])
    .execute();
}

/** Flags every guardian with the address (addresses are compared case-insensitively). */
export async function flagGuardians(db: Db, email: string, reason: string, at: string): Promise<void> {
  await db
    .updateTable('guardians')
    .set({ bounced_at: at, bounce_reason: reason })
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .execute();
}
