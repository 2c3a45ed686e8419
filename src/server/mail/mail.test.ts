import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../test/harness.js';
import { appWithSmtp } from './mail.fixtures.js';
import { EXPIRED, NOT_SHOWN, SECRET_KEEP_MS, WITHHELD } from './mailer.js';
import { loadOutboxKey, unseal } from './outbox-seal.js';
import { startSmtpCapture } from './smtp-capture.js';
import { nowIso, nowMs } from '../lib/time.js';

describe('mailer over SMTP (a real local smtp-server)', () => {
  const env = appWithSmtp({ MAIL_FROM: 'Club <club@example.org>' });

  it('delivers the message and records it as sent', async () => {
    await env.t.app.mailer.send({
      to: 'someone@example.org',
      subject: 'Training moved – Tuesday',
      text: 'See you at 18:00 in the gym. Ünïcödé ok.',
    });
    const mail = await env.smtp.waitFor((m) => m.to.includes('someone@example.org'));
    expect(mail.subject).toBe('Training moved – Tuesday');
    expect(mail.text).toContain('See you at 18:00 in the gym. Ünïcödé ok.');
    expect(mail.from).toBe('club@example.org');
    const row = await env.t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'someone@example.org')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
    expect(row.text).toContain('18:00');
  });

  it('keeps no secret in the outbox once a sensitive message is delivered', async () => {
    await env.t.app.mailer.send({
      to: 'secret@example.org',
      subject: 'Your password',
      text: 'Temporary password: Xy7Kq2',
      sensitive: true,
    });
    const mail = await env.smtp.waitFor((m) => m.to.includes('secret@example.org'));
    expect(mail.text).toContain('Xy7Kq2');
    const row = await env.t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'secret@example.org')
      .executeTakeFirstOrThrow();
    expect(row.text).toBe(WITHHELD);
  });
});

describe('mailer without SMTP, and when SMTP fails', () => {
  it('stores the message in the outbox when SMTP_URL is not set, a secret sealed under a key outside the database', async () => {
    const t = await createTestApp();
    try {
      await t.app.mailer.send({ to: 'plain@example.org', subject: 'Hi', text: 'Body' });
      await t.app.mailer.send({ to: 'a@example.org', subject: 'Reset', text: 'Open /reset-password?token=Tk9-secret', sensitive: true });
      const rows = await t.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
      expect(rows[0]).toMatchObject({ to_address: 'plain@example.org', status: 'stored', text: 'Body', sent_at: null });
      expect(rows[1]).toMatchObject({ to_address: 'a@example.org', status: 'stored', sent_at: null });
      expect(JSON.stringify(rows)).not.toContain('Tk9-secret');
      // The app's key (never in the database) opens it for a resend; another key, or another row's recipient, does not.
      const key = loadOutboxKey(t.app.config);
      expect(unseal(key, 'a@example.org', rows[1]!.text)).toBe('Open /reset-password?token=Tk9-secret');
      expect(() => unseal(randomBytes(32), 'a@example.org', rows[1]!.text)).toThrow();
      expect(() => unseal(key, 'plain@example.org', rows[1]!.text)).toThrow();
    } finally {
      await t.close();
    }
  });

  it('creates a 0600 key file on first start and reuses it; seals secrets kept in clear before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-key-'));
    const file = join(dir, 'keys', 'outbox.key');
    const t = await createTestApp({ config: { MAIL_OUTBOX_KEY: undefined, MAIL_OUTBOX_KEY_FILE: file } });
    try {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const key = loadOutboxKey(t.app.config);
      expect(key.length).toBe(32);
      await t.db
        .insertInto('mail_outbox')
        .values({
          to_address: 'old@example.org',
          subject: 'Your password',
          text: 'Temporary password: Old-Clear1',
          status: 'stored',
          error: null,
          created_at: nowIso(),
          sent_at: null,
          sensitive: 1,
        })
        .execute();
      const other = await secondInstance(t); // a restart: same key file, and it seals what it finds in clear
      await other.close();
      const row = await t.db.selectFrom('mail_outbox').select('text').where('to_address', '=', 'old@example.org').executeTakeFirstOrThrow();
      expect(row.text).not.toContain('Old-Clear1');
      expect(unseal(loadOutboxKey(t.app.config), 'old@example.org', row.text)).toBe('Temporary password: Old-Clear1');
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records a failed delivery with its error and keeps the text, sealed, for a resend', async () => {
    const smtp = await startSmtpCapture();
    const url = smtp.url;
    await smtp.close(); // nothing listens there any more
    const t = await createTestApp({ config: { SMTP_URL: url } });
    try {
      await t.app.mailer.send({ to: 'b@example.org', subject: 'Hi', text: 'Body', sensitive: true });
      const row = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.text).not.toContain('Body');
      expect(unseal(loadOutboxKey(t.app.config), 'b@example.org', row.text)).toBe('Body');
    } finally {
      await t.close();
    }
  });
});

describe('secrets in the outbox', () => {
  it('are never shown to admins, and are masked after 24 h when they could not be delivered', async () => {
    const t = await createTestApp();
    try {
      await t.app.mailer.send({
        to: 'new.coach@example.org',
        subject: 'Your temporary password',
        text: 'Temporary password: Xy7Kq2-secret',
        sensitive: true,
      });
      await t.app.mailer.send({ to: 'parent@example.org', subject: 'Welcome', text: 'Plain news' });
      const sa = await t.login('superadmin');
      const listed = (await sa.get('/api/mail/outbox')).json().data.items as { subject: string; text: string; status: string }[];
      expect(listed.find((m) => m.subject === 'Your temporary password')).toMatchObject({ status: 'stored', text: NOT_SHOWN });
      expect(listed.find((m) => m.subject === 'Welcome')!.text).toBe('Plain news');
      expect(JSON.stringify(listed)).not.toContain('Xy7Kq2');

      // A day later the row itself no longer holds it (a restarted process masks at start, then hourly).
      const dayAgo = new Date(nowMs() - SECRET_KEEP_MS - 60_000).toISOString();
      await t.db.updateTable('mail_outbox').set({ created_at: dayAgo }).execute();
      const other = await secondInstance(t);
      await other.close();
      const rows = await t.db.selectFrom('mail_outbox').select(['subject', 'text']).orderBy('id').execute();
      expect(rows).toEqual([
        { subject: 'Your temporary password', text: EXPIRED },
        { subject: 'Welcome', text: 'Plain news' },
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/mail/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.mailer.send({ to: 'first@example.org', subject: 'One', text: '1' });
    await t.app.mailer.send({ to: 'second@example.org', subject: 'Two', text: '2' });
    await t.db
      .insertInto('mail_outbox')
      .values({
        to_address: 'third@example.org',
        subject: 'Three',
        text: '3',
        status: 'failed',
        error: 'x',
        created_at: nowIso(),
        sent_at: null,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('answers 401 signed out and 403 to everyone but Superadmin', async () => {
    expect((await t.anon.get('/api/mail/outbox')).statusCode).toBe(401);
    for (const who of ['admin', 'coach', 'player'] as const) {
      expect((await (await t.login(who)).get('/api/mail/outbox')).statusCode).toBe(403);
    }
  });

  it('lists newest first with paging data, filtered by status and recipient', async () => {
    const sa = await t.login('superadmin');
    const all = (await sa.get('/api/mail/outbox')).json().data;
    expect(all.total).toBe(3);
    expect(all.items.map((m: { subject: string }) => m.subject)).toEqual(['Three', 'Two', 'One']);
    expect(all.page).toBe(1);
    const failed = (await sa.get('/api/mail/outbox?status=failed')).json().data;
    expect(failed.items.map((m: { to_address: string }) => m.to_address)).toEqual(['third@example.org']);
    const byTo = (await sa.get('/api/mail/outbox?to=SECOND')).json().data;
    expect(byTo.total).toBe(1);
    // LIKE wildcards in the filter are literal characters.
    expect((await sa.get('/api/mail/outbox?to=%25')).json().data.total).toBe(0);
  });

  it('answers 400 for an unknown status', async () => {
    const sa = await t.login('superadmin');
    const res = await sa.get('/api/mail/outbox?status=bogus');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('status');
  });
});
