import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { newestFirstPage, type Paging } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'bulk_upload'
  | 'suspend'
  | 'reactivate'
  | 'password_reset'
  | 'role_change'
  | 'remove_from_team'
  // Families (ADR 0019).
  | 'invite'
  | 'revoke'
  | 'decline'
  | 'sign_in'
  | 'sign_in_link'
  | 'consent'
  // Age and hand-over.
  | 'handover_notice'
  | 'claim_link'
  | 'claim'
  // Reports (ADR 0020).
  | 'approve'
  | 'reissue'
  // A mail provider's bounce notice (ADR 0020 "Bounces").
  | 'bounce'
  // Privacy requests (ADR 0022).
  | 'export'
  | 'erasure_request'
  | 'erasure_refused'
  | 'erase'
  // Offers (docs/product.md#offers).
  | 'offer'
  | 'offer_answer'
  | 'offer_expire'
  | 'template';

/**
 * Records who did what to which record. Call it inside the same transaction as the write when there
 * is one, so the trail never disagrees with the data.
 */
export async function recordAudit(
  db: Kysely<DB>,
  actor: Pick<Actor, 'id'> | null,
  action: AuditAction,
  entity: string,
  entityId: number | null,
  summary = '',
): Promise<void> {
  let userName = 'system';
  if (actor) {
    const u = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', actor.id).executeTakeFirst();
    if (u) userName = `${u.first_name} ${u.last_name}`;
  }
  await db
    .insertInto('audit_log')
    .values({
      user_id: actor?.id ?? null,
      user_name: userName,
      action,
      entity,
      entity_id: entityId,
      summary: summary.slice(0, 2000),
      created_at: nowIso(),
    })
    .execute();
}

/** A guardian's own action (a guardian is no user): named by e-mail in the trail. */
export async function recordGuardianAudit(
  db: Kysely<DB>,
  guardianEmail: string,
  action: AuditAction,
  entity: string,
  entityId: number | null,
  summary = '',
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: null,
      user_name: `Guardian ${guardianEmail}`,
      action,
      entity,
      entity_id: entityId,
      summary: summary.slice(0, 2000),
      created_at: nowIso(),
    })
    .execute();
}

export interface AuditFilter extends Paging {
  entity?: string;
  userId?: number;
  /** Inclusive dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

/** One page of the trail, newest first, with the total for paging. */
export async function listAudit(db: Kysely<DB>, filter: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (filter.entity) q = q.where('entity', '=', filter.entity);
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  // Timestamps are ISO text: a date bound compares as text (ADR 0002).
  if (filter.from) q = q.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) q = q.where('created_at', '<=', `${filter.to}T23:59:59.999Z`);
  return newestFirstPage(q, filter);
}

/** The filter choices: entities and the people who appear in the trail (including deleted users by name). */
export async function auditFacets(db: Kysely<DB>) {
  const [entities, users] = await Promise.all([
    db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute(),
    db.selectFrom('audit_log').select(['user_id', 'user_name']).where('user_id', 'is not', null).distinct().orderBy('user_name').execute(),
  ]);
  return { entities: entities.map((e) => e.entity), users: users.map((u) => ({ id: u.user_id as number, name: u.user_name })) };
}
