import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { nowMs } from '../../lib/time.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in a demo user and answers /api/auth/me with the page globals', async () => {
    const coach = await t.login('coach');
    const me = await coach.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    const data = me.json().data;
    expect(data).toMatchObject({ email: 'coach@demo.club', role_title: 'Coach', isCoach: true, isPlayer: false, player: null });
    expect(data.permissions.teams).toBe(1);
  });

  it('links the demo player account to a player', async () => {
    const player = await t.login('player');
    const data = (await player.get('/api/auth/me')).json().data;
    expect(data.isPlayer).toBe(true);
    expect(typeof data.player).toBe('number');
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    const res = await t.anon.post('/api/auth/login', { email: 'coach@demo.club', password: 'nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Incorrect email or password.');
  });

  it('answers 400 naming the field when the email is missing', async () => {
    const res = await t.anon.post('/api/auth/login', { password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('email');
  });

  it('answers 401 on /api/auth/me without a session', async () => {
    expect((await t.anon.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('issues a new session token at every sign-in and ends it at sign-out', async () => {
    const a = await t.login('admin');
    const b = await t.login('admin');
    expect(a.cookie).not.toBe(b.cookie);
    expect((await a.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await a.get('/api/auth/me')).statusCode).toBe(401);
    expect((await b.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('sets an HttpOnly SameSite=Lax cookie', async () => {
    const res = await t.anon.post('/api/auth/login', { email: 'admin@demo.club', password: 'demo-admin' });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('refuses suspended users with a clear message', async () => {
    await t.db.updateTable('users').set({ status: 2 }).where('email', '=', 'jordan.reyes@demo.club').execute();
    await t.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.db.selectFrom('users').select('password_hash').where('email', '=', 'coach@demo.club').executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('email', '=', 'jordan.reyes@demo.club')
      .execute();
    const res = await t.anon.post('/api/auth/login', { email: 'jordan.reyes@demo.club', password: 'demo-coach' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/suspended/);
  });
});

describe('CSRF', () => {
  it('refuses a write without the session-bound token', async () => {
    const admin = await t.login('admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a cross-site write even with the token', async () => {
    const admin = await t.login('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('change password', () => {
  it('changes the password and ends the other sessions', async () => {
    const t2 = await createTestApp();
    try {
      const first = await t2.login('coach');
      const second = await t2.login('coach');
      const bad = await second.post('/api/auth/password', { current_password: 'wrong', new_password: 'a-new-password' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('current_password');
      const ok = await second.post('/api/auth/password', { current_password: 'demo-coach', new_password: 'a-new-password' });
      expect(ok.statusCode).toBe(200);
      expect((await first.get('/api/auth/me')).statusCode).toBe(401);
      expect((await second.get('/api/auth/me')).statusCode).toBe(200);
      await t2.login({ email: 'coach@demo.club', password: 'a-new-password' });
    } finally {
      await t2.close();
    }
  });
});

describe('health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.anon.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ok');
  });
});

describe('session lifetime', () => {
  it('ends a session after the idle timeout and after the absolute lifetime', async () => {
    const t2 = await createTestApp({ config: { SESSION_IDLE_MINUTES: 30, SESSION_MAX_HOURS: 24 } });
    try {
      const idle = await t2.login('coach');
      const old = new Date(nowMs() - 31 * 60_000).toISOString();
      await t2.db.updateTable('sessions').set({ last_seen_at: old }).execute();
      await t2.settled();
      expect((await idle.get('/api/auth/me')).statusCode).toBe(401);

      const absolute = await t2.login('coach');
      await t2.db
        .updateTable('sessions')
        .set({ expires_at: new Date(nowMs() - 1000).toISOString() })
        .execute();
      await t2.settled();
      expect((await absolute.get('/api/auth/me')).statusCode).toBe(401);
      const left = await t2.db.selectFrom('sessions').select('id').execute();
      expect(left).toHaveLength(0);
    } finally {
      await t2.close();
    }
  });

  it('refuses a suspended user on the next request of a live session', async () => {
    const t2 = await createTestApp();
    try {
      const coach = await t2.login('coach');
      expect((await coach.get('/api/auth/me')).statusCode).toBe(200);
      await t2.db.updateTable('users').set({ status: 2 }).where('email', '=', 'coach@demo.club').execute();
      await t2.settled();
      expect((await coach.get('/api/auth/me')).statusCode).toBe(401);
    } finally {
      await t2.close();
    }
  });

  it('throttles repeated failures on one account from one address, with a Retry-After', async () => {
    const t2 = await createTestApp();
    try {
      for (let i = 0; i < 4; i++) {
        expect((await t2.anon.post('/api/auth/login', { email: 'admin@demo.club', password: 'wrong' })).statusCode).toBe(401);
      }
      const blocked = await t2.anon.post('/api/auth/login', { email: 'admin@demo.club', password: 'demo-admin' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('1');
    } finally {
      await t2.close();
    }
  });

  it('limits sign-in attempts per IP', async () => {
    const t2 = await createTestApp({ config: { LOGIN_MAX_PER_MINUTE: 3 } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await t2.anon.post('/api/auth/login', { email: `nobody${i}@x.org`, password: 'x' })).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await t2.close();
    }
  });
});
