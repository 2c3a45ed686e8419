import type { Kysely } from 'kysely';
import type { LimitsDB } from '../db/limits.js';
import { hit } from '../db/rate-limits.repository.js';
import { nowMs } from './time.js';

/** @fastify/rate-limit calls incr with the route's window too (its types leave it out). */
type Incr = (key: string, callback: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number) => void;

/**
 * A store for @fastify/rate-limit over the shared counters (db/limits.ts): every process of one
 * database counts against one budget, and a restart forgives nothing. Each route counts apart.
 */
export function databaseRateLimitStore(db: Kysely<LimitsDB>) {
  return class DatabaseStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr: Incr = (key, callback, timeWindow = 60_000) => {
      const now = nowMs();
      hit(db, `${this.prefix}${key}`, timeWindow, now).then(
        (row) => callback(null, { current: row.hits, ttl: Math.max(0, row.expires_at - now) }),
        (err: Error) => callback(err),
      );
    };

    /** Called with the route's merged options, whose routeInfo is the route. */
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(undefined, `rl:${String(route.method ?? '')} ${route.url ?? ''}|`);
    }
  };
}
