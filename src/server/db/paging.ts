import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { DB } from './types.js';

/** A page of a log table (1-based), as the Settings pages ask for it. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** The append-only logs Settings pages through (audit trail, mail outbox): each has an increasing id. */
type LogTable = 'audit_log' | 'mail_outbox';

/** One page of a filtered log, newest first, with the filter's total for paging. */
export async function newestFirstPage<T extends LogTable>(
  q: SelectQueryBuilder<DB, T, object>,
  { page, pageSize }: Paging,
): Promise<{ items: Selectable<DB[T]>[]; total: number }> {
  const logs = q as unknown as SelectQueryBuilder<DB, LogTable, object>;
  const [items, total] = await Promise.all([
    logs
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    logs.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: items as Selectable<DB[T]>[], total: Number(total.n) };
}
