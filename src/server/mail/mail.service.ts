import type { Kysely } from 'kysely';
import type { DB, MailOutboxTable } from '../db/types.js';
import { encodeCursor } from '../../shared/schemas/cursor.js';
import { listOutbox } from './mail.repository.js';
import { EXPIRED, NOT_SHOWN, WITHHELD } from './mailer.js';

export const OUTBOX_PAGE_SIZE = 25;

/** One page of the outbox. Admins see that a password or sign-in link was sent, never the secret itself. */
export async function outboxPage(
  db: Kysely<DB>,
  query: { status?: MailOutboxTable['status']; to?: string; page: number; after?: [number] | undefined },
) {
  const { status, to, page, after } = query;
  const result = await listOutbox(db, { status, to: to || undefined, page, pageSize: OUTBOX_PAGE_SIZE, after: after?.[0] });
  const items = result.items.map(({ sensitive, ...m }) =>
    sensitive && m.text !== WITHHELD && m.text !== EXPIRED ? { ...m, text: NOT_SHOWN } : m,
  );
  return { items, total: result.total, page, pageSize: OUTBOX_PAGE_SIZE, next: result.next === null ? null : encodeCursor([result.next]) };
}
