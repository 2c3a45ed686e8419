/**
 * Sign-in throttle per account AND address, with exponential backoff (OWASP's guidance): a few free
 * failures, then each further failure doubles the wait before that address may try that account again,
 * up to 15 minutes. Someone failing from another address never delays the account's owner, so nobody
 * can lock a coach out before practice; the per-IP limit (@fastify/rate-limit on the route) bounds how
 * many accounts one address may try. Kept in process memory: a restart forgives (ADR 0003).
 */
export class LoginThrottle {
  private readonly entries = new Map<string, { failures: number; until: number; last: number }>();
  constructor(
    private readonly freeFailures = 3,
    private readonly baseDelayMs = 1000,
    private readonly maxDelayMs = 15 * 60_000,
    /** A pair idle this long starts afresh. */
    private readonly forgetMs = 60 * 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** 0 when this address may try this account now, else how long it must wait. */
  retryAfterMs(account: string, address: string, now = Date.now()): number {
    const entry = this.entries.get(key(account, address));
    if (!entry) return 0;
    if (now - entry.last > this.forgetMs) {
      this.entries.delete(key(account, address));
      return 0;
    }
    return Math.max(0, entry.until - now);
  }

  fail(account: string, address: string, now = Date.now()): void {
    const k = key(account, address);
    const previous = this.entries.get(k);
    const failures = previous && now - previous.last <= this.forgetMs ? previous.failures + 1 : 1;
    const delay = failures <= this.freeFailures ? 0 : Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (failures - this.freeFailures - 1));
    this.entries.delete(k); // re-inserted last: the map's order is then least recently failed first
    this.entries.set(k, { failures, until: now + delay, last: now });
    if (this.entries.size > this.maxEntries) this.prune(now);
  }

  succeed(account: string, address: string): void {
    this.entries.delete(key(account, address));
  }

  /**
   * Bounds memory under a spray of failures: forgotten pairs go first, then pairs not waiting, then
   * (only if waiting pairs alone overflow) the least recently failed.
   */
  private prune(now: number): void {
    for (const [k, e] of this.entries) {
      if (now - e.last > this.forgetMs || e.until <= now) this.entries.delete(k);
    }
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(k);
    }
  }
}

const key = (account: string, address: string) => `${account}\n${address}`;
