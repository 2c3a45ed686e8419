/**
 * Per-account sign-in throttle (the per-IP limit is @fastify/rate-limit on the route). Kept in
 * process memory: a restart forgives, which is acceptable for a throttle (ADR 0003).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();
  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  isBlocked(account: string, now = Date.now()): boolean {
    const entry = this.failures.get(account);
    if (!entry) return false;
    if (now > entry.until) {
      this.failures.delete(account);
      return false;
    }
    return entry.count >= this.maxFailures;
  }

  fail(account: string, now = Date.now()): void {
    const entry = this.failures.get(account);
    if (!entry || now > entry.until) this.failures.set(account, { count: 1, until: now + this.windowMs });
    else entry.count += 1;
    if (this.failures.size > this.maxEntries) this.prune(now);
  }

  /**
   * Bounds memory under a spray of failures on many accounts without forgiving the accounts that are
   * blocked: expired entries go first, then accounts below the limit, then (only if blocked accounts
   * alone overflow) the oldest.
   */
  private prune(now: number): void {
    for (const [account, entry] of this.failures) {
      if (now > entry.until || entry.count < this.maxFailures) this.failures.delete(account);
    }
    for (const account of this.failures.keys()) {
      if (this.failures.size <= this.maxEntries) break;
      this.failures.delete(account);
    }
  }

  succeed(account: string): void {
    this.failures.delete(account);
  }
}
