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
  private readonly entries = new Map<string, { version: number; value: Promise<T>; weight?: number }>();
  private weight = 0;

  /**
   * `maxEntries` bounds the count; `weigh` and `maxWeight` bound the memory too (ADR 0023): a club
   * ranking of 50,000 rows weighs 50,000, a page of 50 rows 50, and the oldest entries go until the
   * entries kept weigh at most `maxWeight` (the newest one is always kept).
   */
  constructor(
    private maxEntries = 64,
    private readonly weigh?: (value: T) => number,
    private readonly maxWeight = Infinity,
  ) {}

  /** Bounds the entries to `n`: callers whose keys are a known, finite set size it to that set. */
  resize(n: number): void {
    this.maxEntries = n;
    this.evict();
  }

  /** What the entries kept weigh now (tests, and the bench's memory figures). */
  get totalWeight(): number {
    return this.weight;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight ?? 0;
    this.entries.delete(key);
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || (this.weight > this.maxWeight && this.entries.size > 1)) {
      this.drop(this.entries.keys().next().value as string);
    }
  }

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
    this.drop(key);
    const entry: { version: number; value: Promise<T>; weight?: number } = { version, value };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        if (!this.weigh || this.entries.get(key) !== entry) return;
        entry.weight = this.weigh(v);
        this.weight += entry.weight;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.drop(key);
      },
    );
    this.evict();
    return value;
  }
}

/** Map order is the LRU order: drops the first entries until `max` are left. */
function evictOldest(entries: Map<string, unknown>, max: number): void {
  while (entries.size > max) entries.delete(entries.keys().next().value as string);
}

interface Served<T> {
  version: number;
  /** What the value was made for (e.g. a period's first day): another stamp also asks for a refresh. */
  stamp: string;
  value: Promise<{ version: number; value: T }>;
}

/**
 * Stale-while-revalidate by score version: a key's last value is served at once even when it is older
 * than the version asked for (or made for another stamp), while one refresh per key runs in the
 * background; only a key's first value is waited for. A failed refresh keeps the old value (the next
 * reader starts another); a failed first value is not kept. Each value comes with the version it was
 * made at, so what is derived from it is cached under that version, not the one asked for.
 */
export class Revalidating<T> {
  private readonly entries = new Map<string, Served<T>>();
  private readonly busy = new Set<string>();

  constructor(private maxEntries = 64) {}

  /** See RankingCache.resize. */
  resize(n: number): void {
    this.maxEntries = n;
    evictOldest(this.entries, n);
  }

  get(version: number, key: string, stamp: string, compute: () => Promise<T>): Promise<{ version: number; value: T }> {
    const hit = this.entries.get(key);
    if (!hit) {
      const value = this.run(key, compute).then((v) => ({ version, value: v }));
      this.keep(key, { version, stamp, value });
      value.catch(() => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      });
      return value;
    }
    this.keep(key, hit);
    if ((hit.version < version || hit.stamp !== stamp) && !this.busy.has(key)) {
      this.run(key, compute).then(
        (value) => this.keep(key, { version, stamp, value: Promise.resolve({ version, value }) }),
        () => {},
      );
    }
    return hit.value;
  }

  /** One computation per key at a time: a refresh never starts beside a first value or another refresh. */
  private run(key: string, compute: () => Promise<T>): Promise<T> {
    this.busy.add(key);
    const value = compute();
    void value.finally(() => this.busy.delete(key)).catch(() => {});
    return value;
  }

  private keep(key: string, served: Served<T>): void {
    this.entries.delete(key);
    this.entries.set(key, served);
    evictOldest(this.entries, this.maxEntries);
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
