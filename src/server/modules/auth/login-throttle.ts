import type { Kysely } from 'kysely';
import type { LimitsDB } from '../../db/limits.js';
import * as counters from '../../db/rate-limits.repository.js';
import { nowMs } from '../../lib/time.js';

/** Exponential backoff (OWASP's guidance): `free` failures, then each further one doubles the wait, up to `maxMs`. */
export interface BackoffRule {
  free: number;
  baseMs: number;
  maxMs: number;
  /** A key idle this long starts afresh. */
  forgetMs: number;
}

export const waitAfter = (failures: number, rule: BackoffRule) =>
  failures <= rule.free ? 0 : Math.min(rule.maxMs, rule.baseMs * 2 ** (failures - rule.free - 1));

const MINUTE = 60_000;
/** Per account and address: the owner mistyping, or one address guessing one account. */
export const PAIR: BackoffRule = { free: 3, baseMs: 1000, maxMs: 15 * MINUTE, forgetMs: 60 * MINUTE };
/** Per account, from addresses it has not signed in from: guessing spread over many addresses. */
export const ACCOUNT: BackoffRule = { free: 10, baseMs: 1000, maxMs: 15 * MINUTE, forgetMs: 60 * MINUTE };
/** How long a successful sign-in keeps its address known to the account. */
export const KNOWN_MS = 30 * 24 * 60 * MINUTE;

/**
 * Sign-in throttle (ADR 0003, 0018), kept in the shared counters so every process and a restart see
 * it. Two backoffs: per account AND address (3 free failures), and per account over every address it
 * has not signed in from in the last 30 days (10 free failures), which slows guessing spread over many
 * addresses. The account's owner, from an address that signed in before, waits only for their own
 * mistakes: nobody elsewhere can lock them out before practice. `address` is already an address key
 * (an IPv6 address by its /64, lib/address-key.ts).
 */
export class LoginThrottle {
  constructor(private readonly db: Kysely<LimitsDB>) {}

  /** 0 when this address may try this account now, else how long it must wait. */
  async retryAfterMs(account: string, address: string, now = nowMs()): Promise<number> {
    const k = keys(account, address);
    const live = await counters.read(this.db, [k.pair, k.account, k.known], now);
    const until = Math.max(live.get(k.pair)?.until ?? 0, live.has(k.known) ? 0 : (live.get(k.account)?.until ?? 0));
    return Math.max(0, until - now);
  }

  async fail(account: string, address: string, now = nowMs()): Promise<void> {
    const k = keys(account, address);
    const known = (await counters.read(this.db, [k.known], now)).has(k.known);
    await countFailure(this.db, k.pair, PAIR, now);
    if (!known) await countFailure(this.db, k.account, ACCOUNT, now);
  }

  async succeed(account: string, address: string, now = nowMs()): Promise<void> {
    const k = keys(account, address);
    await counters.remove(this.db, [k.pair, k.account]);
    await counters.mark(this.db, k.known, now + KNOWN_MS);
  }
}

/**
 * One backoff on one key, for a signed-in user retyping their current password (password change):
 * 3 free failures, then doubling waits.
 */
export class Backoff {
  constructor(
    private readonly db: Kysely<LimitsDB>,
    private readonly prefix: string,
    private readonly rule: BackoffRule = PAIR,
  ) {}

  async retryAfterMs(key: string, now = nowMs()): Promise<number> {
    const live = await counters.read(this.db, [this.prefix + key], now);
    return Math.max(0, (live.get(this.prefix + key)?.until ?? 0) - now);
  }

  async fail(key: string, now = nowMs()): Promise<void> {
    await countFailure(this.db, this.prefix + key, this.rule, now);
  }

  async succeed(key: string): Promise<void> {
    await counters.remove(this.db, [this.prefix + key]);
  }
}

async function countFailure(db: Kysely<LimitsDB>, key: string, rule: BackoffRule, now: number): Promise<void> {
  const wait = waitAfter(await counters.fail(db, key, rule.forgetMs, now), rule);
  if (wait > 0) await counters.setUntil(db, key, now + wait);
}

const keys = (account: string, address: string) => {
  const a = account.trim().toLowerCase();
  return { pair: `login:pair:${a}\n${address}`, account: `login:account:${a}`, known: `login:known:${a}\n${address}` };
};
