import { describe, expect, it } from 'vitest';
import { SEEN_SIGNATURE, signWebhook, TIMESTAMP_HEADER, SIGNATURE_HEADER } from '../policies/webhook.js';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { approvedReport, reportCycle } from '../modules/reports/reports.fixtures.js';
import { appWithSmtp } from './mail.fixtures.js';
import { nowIso, nowMs } from '../lib/time.js';

const SECRET = 'bounce-test-secret-0123456789';
const URL = '/api/mail/bounces';

const now = () => String(Math.floor(nowMs() / 1000));

/** Posts the raw body as a provider would, signed (or not) with the given timestamp. */
function post(t: TestApp, body: unknown, opts: { secret?: string | null; timestamp?: string; signature?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = opts.timestamp ?? now();
  const headers: Record<string, string> = { 'content-type': 'application/json', [TIMESTAMP_HEADER]: timestamp };
  if (opts.secret !== null) headers[SIGNATURE_HEADER] = opts.signature ?? signWebhook(opts.secret ?? SECRET, timestamp, raw);
  return t.app.inject({ method: 'POST', url: URL, headers, payload: raw });
}

const auditCount = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** One approved report of a U14 Boys player with a receiving guardian, sent: its deliveries. */
async function sentReport(t: TestApp, name: string) {
  const admin = await t.login('admin');
  const team = await t.db.selectFrom('teams').select('id').where('name', '=', 'U14 Boys').executeTakeFirstOrThrow();
  const player = await t.db
    .selectFrom('team_players as tp')
    .innerJoin('guardian_links as l', 'l.player_id', 'tp.player_id')
    .select('tp.player_id')
    .where('tp.team_id', '=', team.id)
    .where('l.status', '=', 'active')
    .where('l.receives_reports', '=', 1)
    .orderBy('tp.player_id')
    .executeTakeFirstOrThrow();
  const cycleId = await reportCycle(t.db, [team.id], name);
  await approvedReport(t.db, { cycleId, playerId: player.player_id, teamId: team.id });
  const sent = await admin.post(`/api/team/${team.id}/report-delivery/${cycleId}`, { confirm: true });
  expect(sent.statusCode, sent.body).toBe(200);
  const deliveries = await t.db
    .selectFrom('report_deliveries as d')
    .innerJoin('reports as r', 'r.id', 'd.report_id')
    .select(['d.id', 'd.email', 'd.message_id', 'd.status', 'd.guardian_id'])
    .where('r.cycle_id', '=', cycleId)
    .where('d.recipient_kind', '=', 'guardian')
    .execute();
  expect(deliveries.length).toBeGreaterThan(0);
  return { admin, playerId: player.player_id, deliveries, cycleId, teamId: team.id };
}

describe('bounce webhook, disabled', () => {
  it('answers 404 when MAIL_WEBHOOK_SECRET is not set, whatever is sent', async () => {
    const t = await createTestApp();
    try {
      const res = await post(t, { type: 'bounce', email: 'a@b.example', reason: 'x' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('bounce webhook', () => {
  const env = appWithSmtp({ MAIL_WEBHOOK_SECRET: SECRET });
  const notice = { type: 'bounce', email: 'nobody@nowhere.example', reason: 'Mailbox unknown' };

  it('401 without a signature, with a wrong one, or one of another body; nothing written', async () => {
    const { t } = env;
    const before = await auditCount(t);
    expect((await post(t, notice, { secret: null })).statusCode).toBe(401);
    expect((await post(t, notice, { secret: 'another-secret-0123456789' })).statusCode).toBe(401);
    const ts = now();
    expect((await post(t, notice, { timestamp: ts, signature: signWebhook(SECRET, ts, '{}') })).statusCode).toBe(401);
    expect((await post(t, notice, { signature: 'sha256=00' })).statusCode).toBe(401);
    // A signed-in staff session is no substitute for the signature.
    const admin = await env.t.login('admin');
    expect((await admin.post(URL, notice)).statusCode).toBe(401);
    expect(await auditCount(t)).toBe(before);
  });

  it('401 for a replayed notice: a timestamp more than 5 minutes old (or ahead), even when correctly signed', async () => {
    const { t } = env;
    const old = String(Math.floor(nowMs() / 1000) - 6 * 60);
    const ahead = String(Math.floor(nowMs() / 1000) + 6 * 60);
    expect((await post(t, notice, { timestamp: old })).statusCode).toBe(401);
    expect((await post(t, notice, { timestamp: ahead })).statusCode).toBe(401);
    expect((await post(t, notice, { timestamp: 'yesterday' })).statusCode).toBe(401);
    // Within the tolerance it is accepted (ignored here: nothing of ours).
    expect((await post(t, notice, { timestamp: String(Math.floor(nowMs() / 1000) - 4 * 60) })).statusCode).toBe(202);
  });

  it('409 for a signature seen before within its 5 minutes, from any process; the same notice newly signed is accepted', async () => {
    const { t } = env;
    const once = { ...notice, email: 'replayed@nowhere.example' };
    const ts = String(Math.floor(nowMs() / 1000) - 60);
    expect((await post(t, once, { timestamp: ts })).statusCode).toBe(202);
    const again = await post(t, once, { timestamp: ts });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SEEN_SIGNATURE);
    // Another process of the same database shares the seen signatures (the shared counters).
    const other = await buildApp({
      config: t.app.config,
      database: { ...t.app.database, close: async () => {} },
      logger: false,
    });
    try {
      expect((await post({ app: other } as TestApp, once, { timestamp: ts })).statusCode).toBe(409);
    } finally {
      await other.close();
    }
    // A new timestamp is a new signature: a provider's own retry is accepted.
    expect((await post(t, once, { timestamp: String(Math.floor(nowMs() / 1000)) })).statusCode).toBe(202);
  });

  it('400 on a signed body that is not JSON or not a bounce notice', async () => {
    const { t } = env;
    expect((await post(t, 'not json')).statusCode).toBe(400);
    expect((await post(t, { type: 'delivery', email: 'a@b.example', reason: 'x' })).statusCode).toBe(400);
    expect((await post(t, { type: 'bounce', email: 'not-an-address', reason: 'x' })).statusCode).toBe(400);
    expect((await post(t, { RecordType: 'Bounce', MessageID: 'x' })).statusCode).toBe(400);
  });

  it('202 and nothing written for an unknown message id to an address we never mailed', async () => {
    const { t } = env;
    const before = await auditCount(t);
    const res = await post(t, { ...notice, message_id: '<unknown-id@elsewhere.example>' });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toEqual({ outcome: 'ignored' });
    expect(await auditCount(t)).toBe(before);
  });

  it('a bounce by Message-ID marks the report delivery bounced on the player profile, flags the guardian, audits', async () => {
    const { t, smtp } = env;
    const { admin, playerId, deliveries, cycleId, teamId } = await sentReport(t, 'Bounce by id');
    const d = deliveries[0]!;
    expect(d.status).toBe('sent');
    // The id went out as the mail's Message-ID header and is kept on the outbox row too.
    const mail = await smtp.waitFor((m) => m.to.includes(d.email) && m.raw.toLowerCase().includes(d.message_id!));
    expect(/^message-id:\s*<([^>]+)>/im.exec(mail.raw)?.[1]?.toLowerCase()).toBe(d.message_id);
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('message_id', '=', d.message_id)
      .executeTakeFirstOrThrow();
    expect(outbox.to_address).toBe(d.email);

    const res = await post(t, {
      type: 'bounce',
      message_id: `<${d.message_id!.toUpperCase()}>`,
      email: d.email,
      reason: '550 5.1.1 User unknown',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'bounced' });

    const rows = (await admin.get(`/api/player/${playerId}/report-deliveries`)).json().data;
    const shown = rows.flatMap((r: { deliveries: { id: number }[] }) => r.deliveries).find((x: { id: number }) => x.id === d.id);
    expect(shown).toMatchObject({ status: 'bounced', error: '550 5.1.1 User unknown', email: d.email });
    // The team's reports list counts it as not delivered.
    const team = (await admin.get(`/api/report-cycle/${cycleId}/team/${teamId}/reports`)).json().data;
    expect(team.rows.find((r: { player: { id: number } }) => r.player.id === playerId).report.undelivered).toBe(1);
    const guardian = await t.db
      .selectFrom('guardians')
      .select(['bounced_at', 'bounce_reason'])
      .where('id', '=', d.guardian_id!)
      .executeTakeFirstOrThrow();
    expect(guardian.bounce_reason).toBe('550 5.1.1 User unknown');
    expect(guardian.bounced_at).not.toBeNull();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'summary', 'user_name'])
      .where('entity', '=', 'report_delivery')
      .where('entity_id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'bounce', user_name: 'system' });
    expect(audit.summary).toContain('User unknown');
  });

  it("Postmark's bounce body with its own MessageID falls back to the latest unopened delivery to the address", async () => {
    const { t } = env;
    const { admin, playerId, deliveries } = await sentReport(t, 'Bounce by address');
    const d = deliveries.at(-1)!;
    const res = await post(t, {
      RecordType: 'Bounce',
      MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
      Email: d.email.toUpperCase(),
      Type: 'HardBounce',
      Description: 'The server was unable to deliver your message.',
      Details: 'smtp;550 5.1.1 unknown',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await admin.get(`/api/player/${playerId}/report-deliveries`)).json().data;
    const shown = rows.flatMap((r: { deliveries: { id: number }[] }) => r.deliveries).find((x: { id: number }) => x.id === d.id);
    expect(shown).toMatchObject({ status: 'bounced', error: 'HardBounce: The server was unable to deliver your message.' });
  });

  it('a bounce of another mail of ours (not a report) is recorded and marks no delivery', async () => {
    const { t } = env;
    const email = 'bounce-other@demo.club';
    await t.db
      .insertInto('mail_outbox')
      .values({
        to_address: email,
        subject: 's',
        text: 't',
        status: 'sent',
        error: null,
        created_at: nowIso(),
        sent_at: null,
        message_id: 'other-mail-id@club.local',
      })
      .execute();
    const before = await t.db.selectFrom('report_deliveries').select(['id', 'status']).orderBy('id').execute();
    const res = await post(t, { type: 'bounce', message_id: 'other-mail-id@club.local', email, reason: 'Mailbox full' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'recorded' });
    expect(await t.db.selectFrom('report_deliveries').select(['id', 'status']).orderBy('id').execute()).toEqual(before);
  });
});
