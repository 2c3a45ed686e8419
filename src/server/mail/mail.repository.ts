import { sql, type Kysely } from 'kysely';
import { newestFirstPage, type Paging } from '../db/paging.js';
import type { DB, MailOutboxTable } from '../db/types.js';

export async function recordMail(
  db: Kysely<DB>,
  row: {
    to_address: string;
    subject: string;
    text: string;
    status: MailOutboxTable['status'];
    error: string | null;
    created_at: string;
    sent_at: string | null;
    sensitive: number;
    message_id: string;
  },
): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

export interface OutboxFilter extends Paging {
  status?: MailOutboxTable['status'];
  /** Part of the recipient address, case-insensitive. */
  to?: string;
}

/** Newest first, one page, with the total for paging. */
export async function listOutbox(db: Kysely<DB>, filter: OutboxFilter) {
  let q = db.selectFrom('mail_outbox');
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.to) q = q.where(sql<boolean>`lower(to_address) like ${`%${escapeLike(filter.to.toLowerCase())}%`} escape '\\'`);
  return newestFirstPage(q, filter);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Replaces the text of secret-bearing messages created before `before` that still hold it. */
export async function maskSecretsBefore(db: Kysely<DB>, before: string, placeholder: string): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ text: placeholder })
    .where('sensitive', '=', 1)
    .where('text', '!=', placeholder)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Secret-bearing texts still in clear (written before they were sealed), to seal at start. */
export async function clearSecrets(db: Kysely<DB>, placeholders: string[], sealedPrefix: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'text'])
    .where('sensitive', '=', 1)
    .where('text', 'not in', placeholders)
    .where('text', 'not like', `${sealedPrefix}%`)
    .execute();
}

export async function replaceText(db: Kysely<DB>, id: number, from: string, to: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ text: to }).where('id', '=', id).where('text', '=', from).execute();
}
