import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { FORGOT_PASSWORD_ANSWER } from '../../../shared/schemas/password.js';
import { appWithSmtp } from '../../mail/mail.fixtures.js';
import { assertPasswordAllowed } from './password-policy.js';
import { nowMs } from '../../lib/time.js';

const env = appWithSmtp({ PUBLIC_URL: 'https://club.example.org/' });

const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];

async function requestLink(email: string): Promise<string> {
  const res = await env.t.anon.post('/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mail = await env.smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Reset your password' && !used.has(m));
  used.add(mail);
  expect(mail.text).toContain('https://club.example.org/reset-password?token=');
  return decodeURIComponent(tokenIn(mail.text)!);
}
const used = new Set<object>();

describe('password policy', () => {
  it('needs 8 characters and refuses common or guessable passwords', () => {
    expect(() => assertPasswordAllowed('short1!', 'p')).toThrow(/at least 8/);
    for (const p of ['password1', 'iloveyou', 'qwertyuiop', 'basketball', 'Password123']) {
      expect(() => assertPasswordAllowed(p, 'p'), p).toThrow(MSG.commonPassword);
    }
    const me = ['casey.coach@demo.club', 'Casey', 'Coach'];
    expect(() => assertPasswordAllowed('Casey2024', 'p', me)).toThrow(MSG.commonPassword);
    expect(() => assertPasswordAllowed('my-casey.coach-pw', 'p', me)).toThrow(MSG.commonPassword);
    expect(() => assertPasswordAllowed('Court-Vision-2026', 'p')).not.toThrow();
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers 400 without a valid e-mail', async () => {
    const res = await env.t.anon.post('/api/auth/forgot-password', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('email');
  });

  it('gives the same answer for an unknown address and sends nothing', async () => {
    const known = await env.t.anon.post('/api/auth/forgot-password', { email: 'admin@demo.club' });
    const unknown = await env.t.anon.post('/api/auth/forgot-password', { email: 'ghost@example.org' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json().message).toBe(FORGOT_PASSWORD_ANSWER);
    await env.smtp.waitFor((m) => m.to.includes('admin@demo.club'));
    expect(env.smtp.messages.some((m) => m.to.includes('ghost@example.org'))).toBe(false);
    expect(await env.t.db.selectFrom('password_tokens').select('id').execute()).toHaveLength(1);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('answers 400 for an unknown token and for a weak password', async () => {
    const bad = await env.t.anon.post('/api/auth/reset-password', { token: 'made-up', new_password: 'Court-Vision-2026' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('token');
    expect((await env.t.anon.post('/api/auth/reset-password', { token: 'x', new_password: 'short' })).json().field).toBe('new_password');
  });

  it('sets the password with a single-use link, ends every session, and audits', async () => {
    const session = await env.t.login('coach');
    const token = await requestLink('coach@demo.club');
    const weak = await env.t.anon.post('/api/auth/reset-password', { token, new_password: 'password123' });
    expect(weak.json()).toEqual({ message: MSG.commonPassword, field: 'new_password' });
    const ok = await env.t.anon.post('/api/auth/reset-password', { token, new_password: 'Fast-Break-Layup-9' });
    expect(ok.statusCode).toBe(200);
    expect((await session.get('/api/auth/me')).statusCode).toBe(401);
    await env.t.login({ email: 'coach@demo.club', password: 'Fast-Break-Layup-9' });
    const again = await env.t.anon.post('/api/auth/reset-password', { token, new_password: 'Another-Good-One-7' });
    expect(again.statusCode).toBe(400);
    expect(again.json().field).toBe('token');
    const coachId = (await env.t.db.selectFrom('users').select('id').where('email', '=', 'coach@demo.club').executeTakeFirstOrThrow()).id;
    const audit = await env.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'password_reset')
      .where('entity_id', '=', coachId)
      .executeTakeFirstOrThrow();
    expect(audit.user_name).toBe('Casey Coach');
    // The outbox keeps no usable link once the message is delivered.
    const outbox = await env.t.db.selectFrom('mail_outbox').select('text').where('to_address', '=', 'coach@demo.club').execute();
    expect(outbox.every((o) => !o.text.includes(token))).toBe(true);
  });

  it('refuses a link older than 30 minutes', async () => {
    const token = await requestLink('player@demo.club');
    await env.t.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(nowMs() - 1000).toISOString() })
      .execute();
    const res = await env.t.anon.post('/api/auth/reset-password', { token, new_password: 'Fast-Break-Layup-9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('token');
  });

  it('issues links valid for exactly 30 minutes, replacing earlier unused ones', async () => {
    await env.t.db.deleteFrom('password_tokens').execute();
    await requestLink('superadmin@demo.club');
    const rows = await env.t.db.selectFrom('password_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect((Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)) / 60_000).toBe(30);
  });
});

describe('POST /api/auth/password (change own password)', () => {
  it('applies the policy and ends the other sessions', async () => {
    const a = await env.t.login('admin');
    const b = await env.t.login('admin');
    expect((await b.post('/api/auth/password', { current_password: 'demo-admin', new_password: 'short' })).statusCode).toBe(400);
    const common = await b.post('/api/auth/password', { current_password: 'demo-admin', new_password: 'iloveyou123' });
    expect(common.json()).toEqual({ message: MSG.commonPassword, field: 'new_password' });
    const same = await b.post('/api/auth/password', { current_password: 'demo-admin', new_password: 'demo-admin' });
    expect(same.json().field).toBe('new_password');
    expect((await b.post('/api/auth/password', { current_password: 'demo-admin', new_password: 'Pick-And-Roll-42' })).statusCode).toBe(200);
    expect((await a.get('/api/auth/me')).statusCode).toBe(401);
    expect((await b.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('ends every unused reset link: a link mailed before the change no longer works', async () => {
    await env.t.db.deleteFrom('password_tokens').execute();
    const token = await requestLink('player@demo.club');
    const player = await env.t.login({ email: 'player@demo.club', password: 'demo-player' });
    expect(
      (await player.post('/api/auth/password', { current_password: 'demo-player', new_password: 'Give-And-Go-2026' })).statusCode,
    ).toBe(200);
    expect(await env.t.db.selectFrom('password_tokens').select('id').where('used_at', 'is', null).execute()).toEqual([]);
    const late = await env.t.anon.post('/api/auth/reset-password', { token, new_password: 'Back-Door-Cut-77' });
    expect(late.statusCode).toBe(400);
    expect(late.json().field).toBe('token');
    await env.t.login({ email: 'player@demo.club', password: 'Give-And-Go-2026' });
  });

  it('answers 401 signed out', async () => {
    expect((await env.t.anon.post('/api/auth/password', { current_password: 'x', new_password: 'Pick-And-Roll-42' })).statusCode).toBe(401);
  });
});
