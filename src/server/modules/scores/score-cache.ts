import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { scoreVersion } from './scores.repository.js';

/**
 * Rankings and club-wide team averages cached per process, keyed by the score version (ADR 0006).
 * Triggers bump the version in the same transaction as any change that can move a score, so a request
 * that reads the version first never serves a value older than what it could see: correct with
 * several app processes, and no invalidation calls needed from other modules.
 */
export class RankingCache<T> {
  private readonly entries = new Map<string, { version: number; value: Promise<T> }>();

  constructor(private readonly maxEntries = 64) {}

  get(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    // A newer entry serves an older reader too: public boards read a version that may lag a little.
    if (hit && hit.version >= version) {
      // Re-insert: Map order is the LRU order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    // Concurrent misses share one computation instead of running the aggregate ten times.
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }
}

/**
 * A RankingCache per database handle, read at the current score version: what the services that
 * cache views call (`get(db, key, compute)`).
 */
export function versionedCache<T>(maxEntries: number) {
  const caches = new WeakMap<Kysely<DB>, RankingCache<T>>();
  return async (db: Kysely<DB>, key: string, compute: () => Promise<T>): Promise<T> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new RankingCache<T>(maxEntries)));
    return cache.get(await scoreVersion(db), key, compute);
  };
}
