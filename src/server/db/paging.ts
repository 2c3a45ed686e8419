import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { DB } from './types.js';

/**
 * A page of a log table (1-based), as the Settings pages ask for it, or the page after a cursor: the
 * id of the last entry the previous page showed (ADR 0023). A page by number skips (page − 1) × size
 * entries of the index; after a cursor it seeks, so any depth costs the first page.
 */
export interface Paging {
  page: number;
  pageSize: number;
  after?: number | undefined;
}

/** The append-only logs Settings pages through (audit trail, mail outbox): each has an increasing id. */
type LogTable = 'audit_log' | 'mail_outbox';

/** One page of a filtered log, newest first, with the filter's total and the id to continue after (null: last page). */
export async function newestFirstPage<T extends LogTable>(
  q: SelectQueryBuilder<DB, T, object>,
  { page, pageSize, after }: Paging,
): Promise<{ items: Selectable<DB[T]>[]; total: number; next: number | null }> {
  const logs = q as unknown as SelectQueryBuilder<DB, LogTable, object>;
  const [found, total] = await Promise.all([
    (after === undefined ? logs : logs.where('id', '<', after))
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize + 1)
      .offset(after === undefined ? (page - 1) * pageSize : 0)
      .execute(),
    logs.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = found.slice(0, pageSize);
  const next = found.length > pageSize ? (items.at(-1)?.id ?? null) : null;
  return { items: items as Selectable<DB[T]>[], total: Number(total.n), next };
}
