import type { Kysely } from 'kysely';
import type { BuiltInRoleKey, Permissions, Section } from '../../../shared/permissions.js';
import { SECTIONS } from '../../../shared/permissions.js';
import { sessionsChanged } from '../../db/change-feed.js';
import { precompiled } from '../../db/precompiled.js';
import type { DB } from '../../db/types.js';

export interface SessionUser {
  sessionId: number;
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  user: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    status: number;
    player_id: number | null;
    must_change_password: number;
    role_id: number;
    role_title: string;
    role_key: BuiltInRoleKey | null;
    role_admin: boolean;
    permissions: Permissions;
  };
}

export async function createSession(
  db: Kysely<DB>,
  row: { token_hash: string; user_id: number; csrf_token: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...row, last_seen_at: row.created_at })
    .execute();
}

const sessionByHash = precompiled((db) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      's.id as session_id',
      's.csrf_token',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.status',
      'u.player_id',
      'u.must_change_password',
      'r.id as role_id',
      'r.title as role_title',
      'r.key as role_key',
      'r.admin as role_admin',
      ...SECTIONS.map((s) => `r.${s}` as const),
    ])
    .where('s.token_hash', '=', ''),
);

/** One query per request: the session, its user and the user's role (permission changes apply at once). */
export async function findSession(db: Kysely<DB>, tokenHash: string): Promise<SessionUser | null> {
  const [row] = await sessionByHash(db, [tokenHash]);
  if (!row) return null;
  const permissions = Object.fromEntries(SECTIONS.map((s: Section) => [s, Number(row[s])])) as Permissions;
  return {
    sessionId: row.session_id,
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    user: {
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      status: row.status,
      player_id: row.player_id,
      must_change_password: row.must_change_password,
      role_id: row.role_id,
      role_title: row.role_title,
      role_key: row.role_key as BuiltInRoleKey | null,
      role_admin: row.role_admin === 1,
      permissions,
    },
  };
}

export async function touchSession(db: Kysely<DB>, sessionId: number, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Kysely<DB>, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  sessionsChanged();
}

/** Ends every session of a user (suspend, delete, role change, password change), optionally but one. */
export async function deleteUserSessions(db: Kysely<DB>, userId: number, exceptSessionId?: number): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
  sessionsChanged();
}

export async function findUserForLogin(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status', 'must_change_password', 'password_expires_at'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Sessions past their absolute lifetime, or idle since before `idleSince`. */
export async function deleteExpiredSessions(db: Kysely<DB>, now: string, idleSince: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('last_seen_at', '<', idleSince)]))
    .execute();
  sessionsChanged();
}

export async function findPasswordHash(db: Kysely<DB>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash ?? null;
}

/** A new password also ends every reset link still out: one mailed before it must not undo it. */
export async function setPassword(db: Kysely<DB>, userId: number, passwordHash: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: 0, password_expires_at: null, updated_at: at })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('password_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  sessionsChanged();
}
