import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, roleIdByKey } from '../../db/bootstrap.js';
import { addressKey } from '../../lib/address-key.js';
import { createTestApp, secondInstance, type TestApp } from '../../test/harness.js';
import { hashPassword } from './passwords.js';

/**
 * Issue 25 #7: the per-address limits key an IPv6 client by its /64, an account has a failure budget
 * over the addresses it never signed in from, the password change backs off on wrong current
 * passwords, and every budget is one budget across processes and restarts (db/limits.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
}, 30_000);
afterAll(() => t.close());

const inject = (app: TestApp, url: string, payload: object, remoteAddress: string) =>
  app.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (app: TestApp, email: string, password: string, remoteAddress: string) =>
  inject(app, '/api/auth/login', { email, password }, remoteAddress);
/** A random address in the /64 2001:db8:25:7::/64, as a phone or home router hands them out. */
const inSlash64 = () => `2001:db8:25:7:${[0, 0, 0, 0].map(() => Math.floor(Math.random() * 0x10000).toString(16)).join(':')}`;
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

async function user(app: TestApp, email: string, password: string) {
  return insertUser(app.db, {
    first_name: 'Limit',
    last_name: 'Tester',
    email,
    password_hash: await hashPassword(password),
    role_id: await roleIdByKey(app.db, 'coach'),
  });
}

describe('addressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('%s → %s', (ip, key) => expect(addressKey(ip)).toBe(key));
});

describe('IPv6 clients are one client per /64', () => {
  it('200 guesses at one account from one /64: 3 free failures, then the backoff answers 429', async () => {
    await user(t, 'six@example.org', 'right-password-6');
    const statuses = [];
    for (let i = 0; i < 200; i++) statuses.push((await login(t, 'six@example.org', `guess-${i}`, inSlash64())).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 429]);
    // A guess gets through only when a doubling wait (1 s, 2 s, 4 s…) has run out.
    expect(tally(statuses)[429]).toBeGreaterThanOrEqual(190);
  }, 60_000);

  it('tryout joins from one /64 share the per-address limit', async () => {
    const limited = await createTestApp({ seed: 'none', config: { LOGIN_MAX_PER_MINUTE: 10 } });
    try {
      const statuses = [];
      for (let i = 0; i < 30; i++)
        statuses.push((await inject(limited, '/api/tryout/join', { code: 'ZZZZZZZZ', name: 'Guess' }, inSlash64())).statusCode);
      expect(tally(statuses)).toEqual({ 404: 10, 429: 20 });
      // Another /64 has its own allowance.
      expect((await inject(limited, '/api/tryout/join', { code: 'ZZZZZZZZ', name: 'Guess' }, '2001:db8:25:8::1')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  }, 30_000);
});

describe('per-account failure budget', () => {
  it('guessing spread over many addresses waits after 10 failures; the owner from a known address does not', async () => {
    await user(t, 'spread@example.org', 'owner-password-1');
    expect((await login(t, 'spread@example.org', 'owner-password-1', '198.51.100.7')).statusCode).toBe(200); // the owner, at home
    const statuses = [];
    for (let i = 0; i < 40; i++) statuses.push((await login(t, 'spread@example.org', `guess-${i}`, `203.0.113.${i + 1}`)).statusCode);
    // One guess per address: the pair backoff never starts, the account's budget does.
    expect(statuses.slice(0, 12)).toEqual([...Array<number>(11).fill(401), 429]);
    expect(tally(statuses)[429]).toBeGreaterThanOrEqual(25);
    const elsewhere = await login(t, 'spread@example.org', 'owner-password-1', '192.0.2.200');
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await login(t, 'spread@example.org', 'owner-password-1', '198.51.100.7')).statusCode).toBe(200);
  }, 30_000);
});

describe('password change', () => {
  it('backs off on wrong current passwords: 3 free, then 429 with Retry-After, even for the right one', async () => {
    await user(t, 'change@example.org', 'current-password-1');
    const signedIn = await t.login({ email: 'change@example.org', password: 'current-password-1' });
    const change = (current_password: string) =>
      signedIn.post('/api/auth/password', { current_password, new_password: 'brand-new-password-2' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await change(`wrong-${i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await change('current-password-1');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await login(t, 'change@example.org', 'current-password-1', '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('one budget across processes and restarts', () => {
  it('two app processes on one database share the per-address limit, and a restart forgives nothing', async () => {
    const a = await createTestApp({ seed: 'none', config: { LOGIN_MAX_PER_MINUTE: 4 } });
    const b = await secondInstance(a);
    try {
      const statuses = [];
      for (const app of [a, b, a, b, a, b])
        statuses.push((await login(app, `nobody${statuses.length}@example.org`, 'x', '203.0.113.50')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      await b.close();
      const restarted = await secondInstance(a);
      try {
        expect((await login(restarted, 'nobody9@example.org', 'x', '203.0.113.50')).statusCode).toBe(429);
      } finally {
        await restarted.close();
      }
    } finally {
      await b.close().catch(() => {});
      await a.close();
    }
  }, 30_000);

  it('two app processes share the sign-in backoff of an account and address', async () => {
    const b = await secondInstance(t);
    try {
      await user(t, 'shared@example.org', 'shared-password-1');
      const statuses = [];
      for (const app of [t, b, t, b, t, b]) statuses.push((await login(app, 'shared@example.org', 'wrong', '203.0.113.60')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await b.close();
    }
  });
});
