import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { encodeCursor } from '../../../shared/schemas/cursor.js';
import { auditFacets, listAudit } from './audit.repository.js';

export const AUDIT_PAGE_SIZE = 50;

/** One page of the trail with the filter choices (Settings → Audit log). */
export async function auditPage(
  db: Kysely<DB>,
  query: { entity?: string; user?: number; from?: string; to?: string; page: number; after?: [number] | undefined },
) {
  const { entity, user, from, to, page, after } = query;
  const [result, facets] = await Promise.all([
    listAudit(db, { entity: entity || undefined, userId: user, from, to, page, pageSize: AUDIT_PAGE_SIZE, after: after?.[0] }),
    auditFacets(db),
  ]);
  const { next, ...rest } = result;
  return { ...rest, next: next === null ? null : encodeCursor([next]), page, pageSize: AUDIT_PAGE_SIZE, ...facets };
}
