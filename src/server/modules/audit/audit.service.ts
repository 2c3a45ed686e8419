import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { auditFacets, listAudit } from './audit.repository.js';

export const AUDIT_PAGE_SIZE = 50;

/** One page of the trail with the filter choices (Settings → Audit log). */
export async function auditPage(db: Kysely<DB>, query: { entity?: string; user?: number; from?: string; to?: string; page: number }) {
  const { entity, user, from, to, page } = query;
  const [result, facets] = await Promise.all([
    listAudit(db, { entity: entity || undefined, userId: user, from, to, page, pageSize: AUDIT_PAGE_SIZE }),
    auditFacets(db),
  ]);
  return { ...result, page, pageSize: AUDIT_PAGE_SIZE, ...facets };
}
