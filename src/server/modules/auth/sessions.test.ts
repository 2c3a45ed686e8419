import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './passwords.js';
import { sha256 } from './tokens.js';
import { loadConfig } from '../../config.js';
import { insertUser, roleIdByKey } from '../../db/bootstrap.js';
import { fingerprint } from '../../test/fingerprint.js';
import { createTestApp, secondInstance, type Client, type TestApp } from '../../test/harness.js';
import { LoginThrottle } from './login-throttle.js';
import { nowMs } from '../../lib/time.js';

/**
 * Sessions and sign-in (issue "Proof of safety and speed"), what auth.test.ts, users.test.ts,
 * roles.test.ts and password-reset.test.ts do not already cover: fixation, sign-out, sliding idle
 * and absolute expiry from the config, role changes on live sessions, the two sign-in throttles
 * and their bypasses, cookie attributes (plain and __Host-), every form of cross-site write, and
 * the security headers.
 */
let t: TestApp;
/** SECURE_COOKIES=true (served over https). */
let secure: TestApp;
const IDLE_MINUTES = 30;
const MAX_HOURS = 2;

beforeAll(async () => {
  [t, secure] = await Promise.all([
    createTestApp({ config: { SESSION_IDLE_MINUTES: IDLE_MINUTES, SESSION_MAX_HOURS: MAX_HOURS } }),
    createTestApp({ config: { SECURE_COOKIES: true } }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([t.close(), secure.close()]);
});

const login = (app: TestApp, body: { email: string; password: string }, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const ADMIN = { email: 'admin@demo.club', password: 'demo-admin' };
const me = (app: TestApp, cookie: string) => app.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const sessionRows = (app: TestApp) => app.db.selectFrom('sessions').selectAll().execute();

describe('session fixation', () => {
  it('does not adopt a cookie planted before sign-in: a new random token, stored only as its hash', async () => {
    const planted = 'attacker-chosen-session-value-0123456789abcdef';
    const res = await login(t, ADMIN, { cookie: `sid=${planted}` });
    expect(res.statusCode).toBe(200);
    const issued = res.cookies.find((c) => c.name === 'sid')!.value;
    expect(issued).not.toBe(planted);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect((await me(t, `sid=${planted}`)).statusCode).toBe(401);
    expect((await me(t, `sid=${issued}`)).statusCode).toBe(200);
    const rows = await sessionRows(t);
    expect(rows.some((r) => r.token_hash === sha256(issued))).toBe(true);
    expect(rows.some((r) => r.token_hash === issued || r.token_hash === sha256(planted))).toBe(false);
  });

  it('signing in over a live session ends that session (one browser, one token)', async () => {
    const first = await t.login('coach');
    const again = await login(
      t,
      { email: 'coach@demo.club', password: 'demo-coach' },
      { cookie: first.cookie, 'x-csrf-token': first.csrf },
    );
    const second = again.cookies.find((c) => c.name === 'sid')!.value;
    expect(`sid=${second}`).not.toBe(first.cookie);
    expect((await me(t, first.cookie)).statusCode).toBe(401);
    expect((await me(t, `sid=${second}`)).statusCode).toBe(200);
  });
});

describe('sign-out', () => {
  it('deletes the session and clears the cookie; the old cookie and CSRF token are worthless afterwards', async () => {
    const admin = await t.login('admin');
    const token = admin.cookie.split('=')[1]!;
    const out = await admin.post('/api/auth/logout');
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(cleared.maxAge).toBe(0);
    expect(cleared.path).toBe('/');
    expect((await sessionRows(t)).some((r) => r.token_hash === sha256(token))).toBe(false);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(401);
    const write = await admin.post('/api/categories', { name: 'After sign-out' });
    expect(write.statusCode).toBe(401);
  });

  it('clears the __Host- cookie with the attributes a browser requires (Secure, Path=/)', async () => {
    const admin = await secure.login('admin');
    const out = await admin.post('/api/auth/logout');
    expect(out.statusCode).toBe(200);
    const header = String(out.headers['set-cookie']);
    expect(header).toMatch(/^__Host-sid=;/);
    // Without Secure a browser drops a __Host- Set-Cookie, and the cookie would outlive the sign-out.
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/i);
  });
});

describe('idle and absolute expiry (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS)', () => {
  const at = (minutesAgo: number) => new Date(nowMs() - minutesAgo * 60_000).toISOString();
  const rowOf = async (client: Client) => {
    const hash = sha256(client.cookie.split('=')[1]!);
    return t.db.selectFrom('sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  };

  it('lives SESSION_MAX_HOURS from sign-in, in the database and in the cookie', async () => {
    const res = await login(t, ADMIN);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.maxAge).toBe(MAX_HOURS * 3600);
    const row = (await sessionRows(t)).find((r) => r.token_hash === sha256(cookie.value))!;
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(MAX_HOURS * 3_600_000);
  });

  it('idle time slides: a request inside the window keeps the session and moves last_seen_at', async () => {
    const coach = await t.login('coach');
    const hash = sha256(coach.cookie.split('=')[1]!);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: at(IDLE_MINUTES - 1) })
      .where('token_hash', '=', hash)
      .execute();
    await t.settled();
    expect((await coach.get('/api/auth/me')).statusCode).toBe(200);
    const touched = (await rowOf(coach))!;
    expect(nowMs() - Date.parse(touched.last_seen_at)).toBeLessThan(60_000);
    // Another IDLE_MINUTES - 1 later it is still alive, because the last request counted.
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: at(IDLE_MINUTES - 1) })
      .where('token_hash', '=', hash)
      .execute();
    await t.settled();
    expect((await coach.get('/api/auth/me')).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: at(IDLE_MINUTES + 1) })
      .where('token_hash', '=', hash)
      .execute();
    await t.settled();
    expect((await coach.get('/api/auth/me')).statusCode).toBe(401);
    expect(await rowOf(coach)).toBeUndefined();
  });

  it('activity never stretches the absolute lifetime', async () => {
    const coach = await t.login('coach');
    const hash = sha256(coach.cookie.split('=')[1]!);
    // Used a minute ago, but signed in more than SESSION_MAX_HOURS ago.
    await t.db
      .updateTable('sessions')
      .set({ created_at: at(MAX_HOURS * 60 + 5), expires_at: at(5), last_seen_at: at(1) })
      .where('token_hash', '=', hash)
      .execute();
    expect((await coach.get('/api/auth/me')).statusCode).toBe(401);
    expect(await rowOf(coach)).toBeUndefined();
  });
});

describe('role changes and live sessions', () => {
  it("a lowered role refuses its users' very next request; a user's role cannot be changed through the API", async () => {
    const admin = await t.login('admin');
    // Built-in roles are Superadmin's to change.
    const sa = await t.login('superadmin');
    const coach = await t.login('coach');
    const roles: { id: number; key: string | null; title: string; admin: boolean; permissions: Record<string, number> }[] = (
      await admin.get('/api/roles')
    ).json().data;
    const coachRole = roles.find((r) => r.key === 'coach')!;
    const adminRole = roles.find((r) => r.key === 'admin')!;
    expect((await coach.get('/api/players')).statusCode).toBe(200);
    const lowered = await sa.post(`/api/role/${coachRole.id}`, {
      title: coachRole.title,
      permissions: { ...coachRole.permissions, players: 0 },
    });
    expect(lowered.statusCode).toBe(200);
    try {
      expect((await coach.get('/api/players')).statusCode).toBe(403);
      expect((await coach.get('/api/auth/me')).json().data.permissions.players).toBe(0);
    } finally {
      await sa.post(`/api/role/${coachRole.id}`, { title: coachRole.title, permissions: coachRole.permissions });
    }
    // The user edit form has no role: a role sent anyway is ignored, the live session keeps its role.
    const coachId = (await coach.get('/api/auth/me')).json().data.id;
    const edit = await admin.post(`/api/user/${coachId}`, { first_name: 'Casey', last_name: 'Coach', role: adminRole.id });
    expect([200, 400]).toContain(edit.statusCode);
    const after = (await coach.get('/api/auth/me')).json().data;
    expect(after.role).toBe(coachRole.id);
    expect(after.admin).toBe(false);
  });
});

describe('sign-in throttling', () => {
  it('per account and address: an attacker elsewhere cannot lock the owner out; the attacker waits longer each time', async () => {
    const email = 'throttled@example.org';
    await insertUser(t.db, {
      first_name: 'Throttled',
      last_name: 'User',
      email,
      password_hash: await hashPassword('right-password-1'),
      role_id: await roleIdByKey(t.db, 'coach'),
    });
    const attacker = '203.0.113.10';
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(t, { email: i % 2 ? email.toUpperCase() : ` ${email} `, password: 'wrong' }, {}, attacker)).statusCode);
    // Three free failures, then the fourth starts a wait, which the fifth (at once) runs into.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const waiting = await login(t, { email, password: 'right-password-1' }, {}, attacker);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(waiting.json().message).not.toMatch(/password/i);
    // The coach, from the gym's own address, signs in at once.
    const owner = await login(t, { email, password: 'right-password-1' }, {}, '198.51.100.99');
    expect(owner.statusCode).toBe(200);
  });

  it('backoff doubles per failure up to 15 minutes, is forgotten after an idle hour, and ends on success', async () => {
    const throttle = new LoginThrottle(t.app.database.limits);
    const at = nowMs();
    await throttle.succeed('coach@example.org', 'home', at - 60_000); // the owner signed in from home before
    for (let i = 0; i < 3; i++) await throttle.fail('coach@example.org', 'a', at);
    expect(await throttle.retryAfterMs('coach@example.org', 'a', at)).toBe(0);
    const waits = [];
    for (let i = 0; i < 14; i++) {
      await throttle.fail('coach@example.org', 'a', at);
      waits.push(await throttle.retryAfterMs('coach@example.org', 'a', at));
    }
    expect(waits.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(Math.max(...waits)).toBe(15 * 60_000);
    // 17 failures from addresses the account never signed in from: every such address waits (the
    // account's budget), the owner's known address does not.
    expect(await throttle.retryAfterMs('coach@example.org', 'b', at)).toBeGreaterThan(0);
    expect(await throttle.retryAfterMs('coach@example.org', 'home', at)).toBe(0);
    expect(await throttle.retryAfterMs('coach@example.org', 'a', at + 61 * 60_000)).toBe(0);
    await throttle.fail('x@example.org', 'a', at);
    await throttle.succeed('x@example.org', 'a', at);
    expect(await throttle.retryAfterMs('x@example.org', 'a', at)).toBe(0);
  });

  it("per IP: a made-up X-Forwarded-For does not buy a fresh allowance; a trusted proxy's does", async () => {
    const limited = await createTestApp({ seed: 'none', config: { LOGIN_MAX_PER_MINUTE: 3 } });
    try {
      const direct = [];
      for (let i = 0; i < 4; i++) {
        const res = await login(
          limited,
          { email: `nobody${i}@example.org`, password: 'x' },
          { 'x-forwarded-for': `198.51.100.${i}` },
          '203.0.113.7',
        );
        direct.push(res.statusCode);
      }
      expect(direct).toEqual([401, 401, 401, 429]);
      // Behind a reverse proxy on this host each client has its own allowance (the proxy is not one big client).
      const proxied = [];
      for (let i = 0; i < 4; i++) {
        const res = await login(
          limited,
          { email: `someone${i}@example.org`, password: 'x' },
          { 'x-forwarded-for': `192.0.2.${i}` },
          '127.0.0.1',
        );
        proxied.push(res.statusCode);
      }
      expect(proxied).toEqual([401, 401, 401, 401]);
      // A machine elsewhere on the private network is not a trusted proxy by default: its header is ignored.
      const neighbour = [];
      for (let i = 0; i < 4; i++) {
        const res = await login(
          limited,
          { email: `neighbour${i}@example.org`, password: 'x' },
          { 'x-forwarded-for': `192.0.2.${50 + i}` },
          '10.1.2.3',
        );
        neighbour.push(res.statusCode);
      }
      expect(neighbour).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  }, 30_000);
});

describe('TRUST_PROXY', () => {
  it('reads true/false, a hop count and address lists', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback');
    const hops = loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY as (address: string, hop: number) => boolean;
    expect([hops('203.0.113.1', 0), hops('203.0.113.1', 1)]).toEqual([true, false]);
  });
});

describe('SECURE_COOKIES', () => {
  it('follows an https PUBLIC_URL unless set explicitly', () => {
    expect(loadConfig({}).SECURE_COOKIES).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://club.example' }).SECURE_COOKIES).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://club.example' }).SECURE_COOKIES).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://club.example', SECURE_COOKIES: 'false' }).SECURE_COOKIES).toBe(false);
    expect(loadConfig({ SECURE_COOKIES: 'true' }).SECURE_COOKIES).toBe(true);
  });
});

describe('ended sessions leave the database', () => {
  it('a starting process deletes sessions past their lifetime or idle too long, and keeps live ones', async () => {
    const admin = await t.login('admin');
    const userId = (await me(t, admin.cookie)).json().data.id as number;
    const now = nowMs();
    const iso = (ms: number) => new Date(ms).toISOString();
    const row = (name: string, lastSeen: number, expires: number) => ({
      token_hash: sha256(name),
      user_id: userId,
      csrf_token: name,
      created_at: iso(lastSeen),
      last_seen_at: iso(lastSeen),
      expires_at: iso(expires),
    });
    await t.db
      .insertInto('sessions')
      .values([
        row('expired', now - 60_000, now - 1000),
        row('idle', now - (IDLE_MINUTES + 5) * 60_000, now + 3600_000),
        row('live', now - 60_000, now + 3600_000),
      ])
      .execute();
    const other = await secondInstance(t);
    await other.close();
    const left = (await sessionRows(t)).map((r) => r.csrf_token);
    expect(left).toContain('live');
    expect(left).not.toContain('expired');
    expect(left).not.toContain('idle');
    expect((await me(t, admin.cookie)).statusCode).toBe(200);
  });
});

describe('session cookie attributes', () => {
  it('sid: HttpOnly, SameSite=Lax, Path=/, no Domain, not Secure over plain http', async () => {
    const res = await login(t, ADMIN);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    for (const attr of ['HttpOnly', 'SameSite=Lax', 'Path=/']) expect(header).toContain(attr);
    expect(header).not.toMatch(/Domain=|Secure/i);
  });

  it('SECURE_COOKIES=true: __Host-sid with Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; a plain sid cookie is ignored; HSTS', async () => {
    const res = await login(secure, ADMIN);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43};/);
    for (const attr of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']) expect(header).toContain(attr);
    expect(header).not.toMatch(/Domain=/i);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const token = res.cookies.find((c) => c.name === '__Host-sid')!.value;
    expect((await me(secure, `__Host-sid=${token}`)).statusCode).toBe(200);
    // A sibling subdomain can toss a plain 'sid' cookie, never a __Host- one: the plain name is not read.
    expect((await me(secure, `sid=${token}`)).statusCode).toBe(401);
  });
});

describe('CSRF: cross-site writes are refused in every form', () => {
  it("refuses other origins, cross-site and same-site fetches, a null Origin, and a missing, wrong or other session's token — writing nothing", async () => {
    const admin = await t.login('admin');
    const other = await t.login('coach');
    const write = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/categories',
        payload: { name: `CSRF ${Math.random()}` },
        headers: { cookie: admin.cookie, ...headers },
      });
    const token = { 'x-csrf-token': admin.csrf };
    const before = await fingerprint(t.db);
    const refused: [string, Record<string, string>][] = [
      ['Origin of another site', { ...token, origin: 'https://evil.example' }],
      ['Origin with the same name on another port', { ...token, origin: 'http://localhost:8080' }],
      ['Origin with the same host over another scheme', { ...token, origin: 'https://localhost' }],
      ['Origin null (sandboxed frame, file:)', { ...token, origin: 'null' }],
      ['Sec-Fetch-Site: cross-site', { ...token, 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site (a sibling subdomain)', { ...token, 'sec-fetch-site': 'same-site' }],
      ['no x-csrf-token', {}],
      ['a wrong x-csrf-token', { 'x-csrf-token': 'forged' }],
      ["another session's x-csrf-token", { 'x-csrf-token': other.csrf }],
      ['an empty x-csrf-token', { 'x-csrf-token': '' }],
    ];
    for (const [label, headers] of refused) {
      const res = await write({ host: 'localhost', ...headers });
      expect(res.statusCode, label).toBe(403);
    }
    expect(await fingerprint(t.db)).toBe(before);
    // The same request from the app's own pages goes through.
    const ok = await write({ ...token, host: 'localhost', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in (login CSRF) and never changes state on GET', async () => {
    const before = (await sessionRows(t)).length;
    const res = await login(t, ADMIN, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await sessionRows(t)).length).toBe(before);
    const admin = await t.login('admin');
    for (const url of ['/api/auth/logout', '/api/category/1/delete', '/api/player/1/delete', '/api/user/3/suspend']) {
      expect((await admin.get(url)).statusCode, url).toBe(404);
    }
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('every answer (JSON, errors, docs) carries a strict CSP, nosniff and no framing', async () => {
    const admin = await t.login('admin');
    const badQuery = await admin.get('/api/leaderboard/players?page=-1');
    expect(badQuery.statusCode).toBe(400);
    for (const res of [
      await admin.get('/api/teams'),
      badQuery,
      await t.anon.get('/api/teams'),
      await t.anon.get('/api/nope'),
      await t.anon.get('/api/docs/'),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
      expect(directive('script-src'), csp).toBe("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(directive('base-uri')).toBe("base-uri 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    // HSTS only when served over https.
    expect((await t.anon.get('/api/health')).headers['strict-transport-security']).toBeUndefined();
    expect((await secure.anon.get('/api/health')).headers['strict-transport-security']).toMatch(/max-age=/);
  });
});
