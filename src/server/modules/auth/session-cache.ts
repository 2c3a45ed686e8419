import type { Kysely } from 'kysely';
import { changeFeedOf, localSessionChanges } from '../../db/change-feed.js';
import type { DB } from '../../db/types.js';
import { findSession, type SessionUser } from './sessions.repository.js';

const MAX_ENTRIES = 10_000;

interface Cache {
  /** The feed's auth epoch and the local change count the entries were read under. */
  epoch: number;
  local: number;
  entries: Map<string, SessionUser>;
}

const caches = new WeakMap<Kysely<DB>, Cache>();

/**
 * The session of a token hash with its user and role (ADR 0011). On PostgreSQL, while the change
 * feed is trusted, answers come from memory until an auth notification or a local change; a cached
 * entry's timestamps are still checked by the caller on every request. Elsewhere: one query, as before.
 * `fresh` skips the cached copy (the caller is about to end the session on its timestamps).
 */
export async function lookupSession(db: Kysely<DB>, tokenHash: string, fresh = false): Promise<SessionUser | null> {
  const feed = changeFeedOf(db);
  if (!feed?.trusted) return findSession(db, tokenHash);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { epoch: feed.authEpoch, local: localSessionChanges(), entries: new Map() }));
  if (cache.epoch !== feed.authEpoch || cache.local !== localSessionChanges()) {
    cache.entries.clear();
    cache.epoch = feed.authEpoch;
    cache.local = localSessionChanges();
  }
  const hit = fresh ? undefined : cache.entries.get(tokenHash);
  if (hit) return hit;
  const { epoch, local } = cache;
  const found = await findSession(db, tokenHash);
  // Kept only when nothing changed while it was read: an older answer never outlives a newer change.
  if (found && feed.trusted && epoch === feed.authEpoch && local === localSessionChanges()) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(tokenHash, found);
  }
  return found;
}

/** The session after its 60 s touch was written; the cached copy (if any) becomes that too. */
export function sessionTouched(db: Kysely<DB>, tokenHash: string, session: SessionUser, at: string): SessionUser {
  const touched = { ...session, lastSeenAt: at };
  const entries = caches.get(db)?.entries;
  if (entries?.get(tokenHash) === session) entries.set(tokenHash, touched);
  return touched;
}
