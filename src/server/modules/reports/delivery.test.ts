import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { INVALID_REPORT_LINK, REVOKED_REPORT_LINK } from '../../../shared/schemas/report-delivery.js';
import { appWithSmtp } from '../../mail/mail.fixtures.js';
import { WITHHELD } from '../../mail/mailer.js';
import { startSmtpCapture } from '../../mail/smtp-capture.js';
import { clientFor, createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { familyLogin } from '../family/family.fixtures.js';
import { recipientsOf } from './recipients.js';
import { approvedReport, COACH_COMMENT, reportCycle } from './reports.fixtures.js';
import { nowIso } from '../../lib/time.js';

/** The token of a report mail's link. */
const reportToken = (text: string): string => decodeURIComponent(/\/report\/open\?token=(\S+)/.exec(text)![1]!);

const PRIVATE_NOTE = 'Private staff note: talk to the parents about attendance';

interface Setup {
  teamId: number;
  cycleId: number;
  players: number[];
  reports: Map<number, number>;
  self: number;
}

/**
 * U14 Boys (the demo coach's team, holding the demo player with their own sign-in): a cycle with an
 * approved report for every player but one (a draft), one player whose guardians' consent is
 * withdrawn, one whose only guardian does not receive reports, one with no guardian left at all.
 */
async function setup(
  t: TestApp,
  admin: Client,
): Promise<Setup & { draft: number; noConsent: number; noGuardian: number; noEmail: number }> {
  const team = await t.db.selectFrom('teams').select('id').where('name', '=', 'U14 Boys').executeTakeFirstOrThrow();
  const players = (
    await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', team.id).orderBy('player_id').execute()
  ).map((r) => r.player_id);
  const self = (await t.db.selectFrom('users').select('player_id').where('email', '=', 'player@demo.club').executeTakeFirstOrThrow())
    .player_id!;
  const others = players.filter((p) => p !== self);
  const [draft, noConsent, noGuardian, noEmail] = others.slice(-4) as [number, number, number, number];
  const cycleId = await reportCycle(t.db, [team.id]);
  const reports = new Map<number, number>();
  for (const p of players)
    reports.set(p, await approvedReport(t.db, { cycleId, playerId: p, teamId: team.id, state: p === draft ? 'draft' : 'approved' }));
  const links = (p: number) => t.db.selectFrom('guardian_links').select('id').where('player_id', '=', p);
  await t.db
    .updateTable('guardian_consents')
    .set({ granted: 0 })
    .where('purpose', '=', 'reports')
    .where('link_id', 'in', links(noConsent))
    .execute();
  await t.db.updateTable('guardian_links').set({ receives_reports: 0 }).where('player_id', '=', noGuardian).execute();
  await t.db.updateTable('guardian_links').set({ status: 'revoked' }).where('player_id', '=', noEmail).execute();
  await admin.post(`/api/player/${self}/notes`, { details: PRIVATE_NOTE });
  await t.settled();
  return { teamId: team.id, cycleId, players, reports, self, draft, noConsent, noGuardian, noEmail };
}

async function guardianOf(t: TestApp, playerId: number): Promise<string> {
  return (
    await t.db
      .selectFrom('guardian_links as l')
      .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
      .select('g.email')
      .where('l.player_id', '=', playerId)
      .where('l.status', '=', 'active')
      .orderBy('l.is_primary', 'desc')
      .executeTakeFirstOrThrow()
  ).email;
}

async function useLink(
  t: TestApp,
  token: string,
): Promise<{ client: Client; data: { kind: string; player_id: number; report_id: number } }> {
  const res = await t.anon.post('/api/report-link/session', { token });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === 'gsid' || c.name === 'sid')!;
  let csrf = res.json().data.csrfToken as string;
  const client = clientFor(t.app, `${set.name}=${set.value}`, csrf);
  if (set.name === 'sid') {
    csrf = (await client.get('/api/auth/me')).json().data.csrfToken;
    return { client: clientFor(t.app, client.cookie, csrf), data: res.json().data };
  }
  return { client, data: res.json().data };
}

const pdfText = async (body: Buffer) => (await new PDFParse({ data: body }).getText()).text;

describe('report delivery over SMTP', () => {
  const env = appWithSmtp();

  it('previews "N reports to M recipients" naming every undeliverable player with why, then sends one-time links', async () => {
    const { t, smtp } = env;
    const admin = await t.login('admin');
    const s = await setup(t, admin);
    const url = `/api/team/${s.teamId}/report-delivery/${s.cycleId}`;

    const cycles = (await admin.get(`/api/team/${s.teamId}/report-delivery/cycles`)).json().data;
    expect(cycles[0]).toMatchObject({ id: s.cycleId, approved: s.players.length - 1, sent: 0 });

    const preview = (await admin.get(url)).json().data;
    const reasons = Object.fromEntries(preview.undeliverable.map((u: { player_id: number; reason: string }) => [u.player_id, u.reason]));
    expect(reasons).toEqual({
      [s.draft]: 'not_approved',
      [s.noConsent]: 'no_consent',
      [s.noGuardian]: 'no_guardian',
      [s.noEmail]: 'no_email',
    });
    // Nobody is skipped in silence.
    expect(preview.items.length + preview.undeliverable.length + preview.already_sent).toBe(s.players.length);
    expect(preview.reports).toBe(s.players.length - 4);
    const mine = preview.items.find((i: { player_id: number }) => i.player_id === s.self);
    expect(mine.to).toContainEqual({ kind: 'player', email: 'player@demo.club' });
    expect(mine.to.some((r: { kind: string }) => r.kind === 'guardian')).toBe(true);
    expect(preview.recipients).toBe(preview.items.reduce((n: number, i: { to: unknown[] }) => n + i.to.length, 0));

    expect((await admin.post(url, {})).statusCode).toBe(400);
    const sent = await admin.post(url, { confirm: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      reports: preview.reports,
      recipients: preview.recipients,
      sent: preview.recipients,
      failed: 0,
    });

    const parent = await guardianOf(t, s.self);
    const mail = await smtp.waitFor((m) => m.to.includes(parent) && m.subject.startsWith('Evaluation report'));
    const token = reportToken(mail.text);
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select(['text', 'sensitive'])
      .where('subject', 'like', 'Evaluation report%')
      .execute();
    expect(outbox.length).toBe(preview.recipients);
    expect(outbox.every((r) => r.sensitive === 1 && r.text === WITHHELD)).toBe(true);
    const deliveries = await t.db.selectFrom('report_deliveries').selectAll().execute();
    expect(
      deliveries.every(
        (d) => d.status === 'sent' && d.sent_at && d.token_hash && d.token_hash.length === 64 && !d.token_hash.includes(token),
      ),
    ).toBe(true);
    const report = await t.db.selectFrom('reports').selectAll().where('id', '=', s.reports.get(s.self)!).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ state: 'sent' });
    expect(report.sent_at).not.toBeNull();
    const draft = await t.db.selectFrom('reports').select('state').where('id', '=', s.reports.get(s.draft)!).executeTakeFirstOrThrow();
    expect(draft.state).toBe('draft');
    // A second send finds nothing left to send.
    const again = (await admin.post(url, { confirm: true })).json().data;
    expect(again).toMatchObject({ reports: 0, sent: 0, already_sent: preview.reports });

    // The parent opens the link: signed in once into the family portal, on the report.
    const { client: family, data } = await useLink(t, token);
    expect(data).toEqual({ kind: 'guardian', player_id: s.self, report_id: report.id, csrfToken: expect.any(String) });
    const second = await t.anon.post('/api/report-link/session', { token });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ message: INVALID_REPORT_LINK, field: 'token' });
    const list = (await family.get(`/api/family/player/${s.self}/reports`)).json().data;
    expect(list.map((r: { id: number }) => r.id)).toEqual([report.id]);
    const opened = await family.get(`/api/family/player/${s.self}/report/${report.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.snapshot.overall_comment).toBe(COACH_COMMENT);
    expect(opened.json().data.state).toBe('viewed');
    expect(JSON.stringify(opened.json().data)).not.toMatch(/Casey|Jordan|Private staff note/);
    const viewed = await t.db
      .selectFrom('report_deliveries as d')
      .innerJoin('guardians as g', 'g.id', 'd.guardian_id')
      .select('d.viewed_at')
      .where('g.email', '=', parent)
      .where('d.report_id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(viewed.viewed_at).not.toBeNull();

    const pdf = await family.get(`/api/family/player/${s.self}/report/${report.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain(COACH_COMMENT);
    expect(text).not.toContain('Private staff note');
    expect(text).not.toMatch(/Casey|Jordan/);

    // The player's own copy: into the player area.
    const own = await smtp.waitFor((m) => m.to.includes('player@demo.club') && m.subject.startsWith('Evaluation report'));
    const { client: player, data: pdata } = await useLink(t, reportToken(own.text));
    expect(pdata.kind).toBe('player');
    expect((await player.get(`/api/player-area/${s.self}/reports`)).json().data.map((r: { id: number }) => r.id)).toEqual([report.id]);
    const read = await player.get(`/api/player-area/${s.self}/report/${report.id}`);
    expect(read.statusCode, read.body).toBe(200);
    const ppdf = await player.get(`/api/player-area/${s.self}/report/${report.id}/pdf`);
    expect(await pdfText(ppdf.rawPayload)).not.toContain('Private staff note');

    // Staff see the deliveries on the player's profile.
    const rows = (await admin.get(`/api/player/${s.self}/report-deliveries`)).json().data;
    expect(rows[0].deliveries.length).toBeGreaterThanOrEqual(2);
    expect(rows[0].deliveries.every((d: { status: string }) => d.status === 'sent')).toBe(true);

    // Revoked: gone from the portal and the player area; an unused link answers 410.
    const other = s.players.find((p) => p !== s.self && !reasons[p])!;
    const otherParent = await guardianOf(t, other);
    const otherMail = await smtp.waitFor((m) => m.to.includes(otherParent) && m.subject.startsWith('Evaluation report'));
    const revoked = await admin.post(`/api/report/${report.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.state).toBe('revoked');
    expect((await admin.post(`/api/report/${report.id}/revoke`)).statusCode).toBe(409);
    expect((await family.get(`/api/family/player/${s.self}/reports`)).json().data).toEqual([]);
    expect((await family.get(`/api/family/player/${s.self}/report/${report.id}`)).statusCode).toBe(404);
    expect((await family.get(`/api/family/player/${s.self}/report/${report.id}/pdf`)).statusCode).toBe(404);
    expect((await player.get(`/api/player-area/${s.self}/report/${report.id}`)).statusCode).toBe(404);
    await admin.post(`/api/report/${s.reports.get(other)!}/revoke`);
    const gone = await t.anon.post('/api/report-link/session', { token: reportToken(otherMail.text) });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(REVOKED_REPORT_LINK);
  });
});

describe('report delivery: refusals, failures and consent', () => {
  it('answers 401, 403 and 400; a coach sends only for their teams; a guardian reaches only their children', async () => {
    const t = await createTestApp();
    try {
      const admin = await t.login('admin');
      const coach = await t.login('coach');
      const player = await t.login('player');
      const s = await setup(t, admin);
      const other = await t.db.selectFrom('teams').select('id').where('name', '=', 'U18 Boys').executeTakeFirstOrThrow();
      const otherPlayer = (
        await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', other.id).executeTakeFirstOrThrow()
      ).player_id;
      const otherCycle = await reportCycle(t.db, [other.id], 'Other');
      const otherReport = await approvedReport(t.db, { cycleId: otherCycle, playerId: otherPlayer, teamId: other.id, state: 'sent' });
      const url = `/api/team/${s.teamId}/report-delivery/${s.cycleId}`;

      expect((await t.anon.get(url)).statusCode).toBe(401);
      expect((await t.anon.post(url, { confirm: true })).statusCode).toBe(401);
      expect((await player.get(url)).statusCode).toBe(403);
      expect((await player.post(url, { confirm: true })).statusCode).toBe(403);
      expect((await admin.get(`/api/team/abc/report-delivery/${s.cycleId}`)).statusCode).toBe(400);
      expect((await admin.post(url, { confirm: 'yes' })).statusCode).toBe(400);
      // The cycle must cover the team.
      expect((await admin.get(`/api/team/${s.teamId}/report-delivery/${otherCycle}`)).statusCode).toBe(404);
      expect((await coach.get(`/api/team/${other.id}/report-delivery/${otherCycle}`)).statusCode).toBe(403);
      expect((await coach.post(`/api/team/${other.id}/report-delivery/${otherCycle}`, { confirm: true })).statusCode).toBe(403);
      expect((await coach.post(`/api/report/${otherReport}/revoke`)).statusCode).toBe(403);
      expect((await coach.get(`/api/player/${otherPlayer}/report-deliveries`)).statusCode).toBe(403);
      expect((await coach.get(`/api/player-area/${otherPlayer}/report/${otherReport}`)).statusCode).toBe(403);
      expect((await player.get(`/api/player-area/${otherPlayer}/report/${otherReport}`)).statusCode).toBe(403);
      expect((await player.get(`/api/player-area/${s.self}/report/${otherReport}`)).statusCode).toBe(404);
      expect((await player.get(`/api/player-area/${s.self}/report/${otherReport}/pdf`)).statusCode).toBe(404);
      expect((await t.anon.post('/api/report-link/session', { token: 'nope' })).statusCode).toBe(400);
      expect((await t.anon.post('/api/report-link/session', {})).statusCode).toBe(400);

      const sent = await coach.post(url, { confirm: true });
      expect(sent.statusCode, sent.body).toBe(200);
      // Without SMTP the mails wait in the outbox, sealed; the deliveries count as sent.
      const outbox = await t.db
        .selectFrom('mail_outbox')
        .select(['status', 'sensitive', 'text'])
        .where('subject', 'like', 'Evaluation report%')
        .execute();
      expect(outbox.length).toBe(sent.json().data.recipients);
      expect(outbox.every((r) => r.status === 'stored' && r.sensitive === 1 && !r.text.includes('/report/open'))).toBe(true);

      const family = await familyLogin(t, await guardianOf(t, s.self));
      const mine = s.reports.get(s.self)!;
      expect((await family.get(`/api/family/player/${s.self}/report/${mine}`)).statusCode).toBe(200);
      expect((await family.get(`/api/family/player/${otherPlayer}/reports`)).statusCode).toBe(404);
      expect((await family.get(`/api/family/player/${otherPlayer}/report/${otherReport}`)).statusCode).toBe(404);
      expect((await family.get(`/api/family/player/${s.self}/report/${otherReport}`)).statusCode).toBe(404);
      expect((await family.get(`/api/family/player/${s.self}/report/${s.reports.get(s.draft)!}`)).statusCode).toBe(404);
      expect((await family.get(`/api/family/player/x/reports`)).statusCode).toBe(400);
      expect((await t.anon.get(`/api/family/player/${s.self}/reports`)).statusCode).toBe(401);
      expect((await admin.get(`/api/family/player/${s.self}/reports`)).statusCode).toBe(401);
      expect((await family.get(`/api/player-area/${s.self}/reports`)).statusCode).toBe(401);
      // A staff reader marks nothing viewed.
      const teammate = s.players.find((p) => p !== s.self && p !== s.draft)!;
      const staffRead = await coach.get(`/api/player-area/${teammate}/report/${s.reports.get(teammate)!}`);
      expect(staffRead.statusCode, staffRead.body).toBe(200);
      const after = await t.db.selectFrom('reports').select('state').where('id', '=', s.reports.get(teammate)!).executeTakeFirstOrThrow();
      expect(after.state).toBe('sent');
    } finally {
      await t.close();
    }
  });

  it('records an SMTP failure on the delivery and shows it on the player profile', async () => {
    const smtp = await startSmtpCapture();
    const url = smtp.url;
    await smtp.close();
    const t = await createTestApp({ config: { SMTP_URL: url } });
    try {
      const admin = await t.login('admin');
      const s = await setup(t, admin);
      const res = await admin.post(`/api/team/${s.teamId}/report-delivery/${s.cycleId}`, { confirm: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.failed).toBe(res.json().data.recipients);
      const rows = (await admin.get(`/api/player/${s.self}/report-deliveries`)).json().data;
      expect(rows[0].deliveries.length).toBeGreaterThan(0);
      expect(rows[0].deliveries.every((d: { status: string; error: string | null }) => d.status === 'failed' && d.error)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("a withdrawn reports consent cancels the guardians' queued deliveries and ends their links", async () => {
    const t = await createTestApp();
    try {
      const admin = await t.login('admin');
      const s = await setup(t, admin);
      const id = s.reports.get(s.self)!;
      await t.db.updateTable('reports').set({ state: 'sent' }).where('id', '=', id).execute();
      const guardian = await t.db
        .selectFrom('guardian_links as l')
        .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
        .select(['g.id', 'g.email'])
        .where('l.player_id', '=', s.self)
        .where('l.status', '=', 'active')
        .where('l.parental_responsibility', '=', 1)
        .executeTakeFirstOrThrow();
      const now = nowIso();
      const row = {
        report_id: id,
        recipient_kind: 'guardian' as const,
        guardian_id: guardian.id,
        user_id: null,
        email: guardian.email,
        expires_at: now,
        error: null,
        sent_at: null,
        viewed_at: null,
        created_at: now,
      };
      await t.db
        .insertInto('report_deliveries')
        .values([
          { ...row, token_hash: 'a'.repeat(64), status: 'queued' },
          { ...row, token_hash: 'b'.repeat(64), status: 'sent' },
          { ...row, recipient_kind: 'player', guardian_id: null, token_hash: 'c'.repeat(64), status: 'queued' },
        ])
        .execute();
      const family = await familyLogin(t, guardian.email);
      const res = await family.post(`/api/family/player/${s.self}/consent`, { purpose: 'reports', granted: false });
      expect(res.statusCode, res.body).toBe(200);
      const after = await t.db
        .selectFrom('report_deliveries')
        .select(['recipient_kind', 'status', 'token_hash'])
        .where('report_id', '=', id)
        .orderBy('id')
        .execute();
      expect(after).toEqual([
        { recipient_kind: 'guardian', status: 'cancelled', token_hash: null },
        { recipient_kind: 'guardian', status: 'sent', token_hash: null },
        // The player's own copy needs no family consent.
        { recipient_kind: 'player', status: 'queued', token_hash: 'c'.repeat(64) },
      ]);
      expect((await recipientsOf(t.db, [s.self])).get(s.self)!.to.map((r) => r.kind)).toEqual(['player']);
    } finally {
      await t.close();
    }
  });
});
