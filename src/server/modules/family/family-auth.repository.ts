import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { exists } from '../../db/exists.js';

/** Guardians' one-time sign-in links and their own sessions (ADR 0019). */

/** A guardian who may sign in: one with an invited or active link. */
export async function findSignableGuardian(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('guardians as g')
    .select(['g.id', 'g.email', 'g.name'])
    .where('g.email', '=', email)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('guardian_links as l')
          .select('l.id')
          .whereRef('l.guardian_id', '=', 'g.id')
          .where('l.status', 'in', ['invited', 'active']),
      ),
    )
    .executeTakeFirst();
}

/**
 * A new link replaces the guardian's earlier unused ones: all of them (`upToMinutes` null), or only
 * those that lived at most that many minutes (asked-for links, not the 7-day invitations).
 */
export async function replaceToken(
  db: Kysely<DB>,
  row: { guardian_id: number; token_hash: string; expires_at: string; created_at: string },
  upToMinutes: number | null,
): Promise<void> {
  const unused = await db
    .selectFrom('guardian_tokens')
    .select(['id', 'created_at', 'expires_at'])
    .where('guardian_id', '=', row.guardian_id)
    .where('used_at', 'is', null)
    .execute();
  const replaced = unused
    .filter((t) => upToMinutes === null || Date.parse(t.expires_at) - Date.parse(t.created_at) <= upToMinutes * 60_000)
    .map((t) => t.id);
  if (replaced.length) await db.deleteFrom('guardian_tokens').where('id', 'in', replaced).execute();
  await db
    .insertInto('guardian_tokens')
    .values({ ...row, used_at: null })
    .execute();
}

export async function hasRecentToken(db: Kysely<DB>, guardianId: number, since: string): Promise<boolean> {
  return exists(
    db
      .selectFrom('guardian_tokens')
      .select('id')
      .where('guardian_id', '=', guardianId)
      .where('used_at', 'is', null)
      .where('created_at', '>', since),
  );
}

/** The guardian's newest link as it stands (made, used): what a link asked for now would replace. */
export async function newestTokenMark(db: Kysely<DB>, guardianId: number): Promise<string> {
  const row = await db
    .selectFrom('guardian_tokens')
    .select(['id', 'used_at'])
    .where('guardian_id', '=', guardianId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? `${row.id}:${row.used_at ?? ''}` : 'none';
}

export async function findToken(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('guardian_tokens as t')
    .innerJoin('guardians as g', 'g.id', 't.guardian_id')
    .select(['t.id', 't.guardian_id', 't.expires_at', 't.used_at', 'g.email'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used only if nobody used it first (single use under concurrency). */
export async function claimToken(db: Kysely<DB>, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('guardian_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The first sign-in confirms the e-mail: invited links become active. Answers how many did. */
export async function activateInvitedLinks(db: Kysely<DB>, guardianId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('guardian_links')
    .set({ status: 'active', status_at: at, updated_at: at })
    .where('guardian_id', '=', guardianId)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setSignedIn(db: Kysely<DB>, guardianId: number, at: string): Promise<void> {
  // A sign-in (its link came by mail, or a report link did) shows the address works: a bounce flag ends.
  await db
    .updateTable('guardians')
    .set({ last_sign_in_at: at, bounced_at: null, bounce_reason: null })
    .where('id', '=', guardianId)
    .execute();
}

export async function createSession(
  db: Kysely<DB>,
  row: { token_hash: string; guardian_id: number; csrf_token: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('guardian_sessions')
    .values({ ...row, last_seen_at: row.created_at })
    .execute();
}

export async function findSession(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('guardian_sessions as s')
    .innerJoin('guardians as g', 'g.id', 's.guardian_id')
    .select(['s.id', 's.guardian_id', 's.csrf_token', 's.expires_at', 's.last_seen_at', 'g.email', 'g.name'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<DB>, id: number, at: string): Promise<void> {
  await db.updateTable('guardian_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('guardian_sessions').where('id', '=', id).execute();
}

/** Housekeeping: sessions past their end or idle limit, and sign-in links used or expired. Answers the counts. */
export async function purgeEnded(db: Kysely<DB>, now: string, idleSince: string): Promise<{ sessions: number; tokens: number }> {
  const sessions = await db
    .deleteFrom('guardian_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', idleSince)]))
    .executeTakeFirst();
  const tokens = await db
    .deleteFrom('guardian_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), tokens: Number(tokens.numDeletedRows) };
}
