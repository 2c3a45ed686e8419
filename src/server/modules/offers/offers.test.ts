import { describe, expect, it } from 'vitest';
import { ANSWERED_OFFER_LINK, INVALID_OFFER_LINK } from '../../../shared/schemas/offer.js';
import { appWithSmtp } from '../../mail/mail.fixtures.js';
import type { Mail } from '../../mail/mailer.js';
import type { CapturedMail } from '../../mail/smtp-capture.js';
import type { TestApp } from '../../test/harness.js';
import { expireDue } from './answers.service.js';
import { finalisedDraft, offerToken, type FinalisedDraft } from './offers.fixtures.js';
import { nowMs } from '../../lib/time.js';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(nowMs() + n * DAY).toISOString().slice(0, 10);

async function guardianEmails(t: TestApp, playerId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
    .select('g.email')
    .where('l.player_id', '=', playerId)
    .where('l.status', '=', 'active')
    .where('l.receives_reports', '=', 1)
    .execute();
  return rows.map((r) => r.email);
}

const offerOf = (t: TestApp, draftId: number, playerId: number) =>
  t.db
    .selectFrom('offers')
    .selectAll()
    .where('draft_id', '=', draftId)
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
const candidateOf = (t: TestApp, draftId: number, playerId: number) =>
  t.db
    .selectFrom('draft_candidates')
    .selectAll()
    .where('draft_id', '=', draftId)
    .where('player_id', '=', playerId)
    .executeTakeFirstOrThrow();
const member = async (t: TestApp, teamId: number, playerId: number) =>
  !!(await t.db
    .selectFrom('team_players')
    .select('player_id')
    .where('team_id', '=', teamId)
    .where('player_id', '=', playerId)
    .executeTakeFirst());

/** Previews and sends the draft's default offers; answers the preview and the send. */
async function sendAll(t: TestApp, d: FinalisedDraft, deadline = inDays(14)) {
  const admin = await t.login('admin');
  const preview = await admin.post(`/api/draft/${d.draftId}/offers/preview`, { deadline });
  expect(preview.statusCode, preview.body).toBe(200);
  const p = preview.json().data;
  const sent = await admin.post(`/api/draft/${d.draftId}/offers`, { deadline, confirmation: p.confirmation });
  expect(sent.statusCode, sent.body).toBe(200);
  return { preview: p, sent: sent.json().data };
}

/** The newest offer mail to this address (its token). */
async function tokenFor(
  smtp: { waitFor(m: (x: CapturedMail) => boolean): Promise<CapturedMail>; messages: CapturedMail[] },
  email: string,
  team: string,
) {
  await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(team));
  const mails = smtp.messages.filter((m) => m.to.includes(email) && m.subject.includes(team));
  return offerToken(mails[mails.length - 1]!.text);
}

describe('offers', () => {
  const env = appWithSmtp();

  it('routes refuse anonymous (401), callers without teams write (403), bad input (400) and unknown drafts (404)', async () => {
    const { t } = env;
    const d = await finalisedDraft(t.db);
    const [coach, player, admin] = [await t.login('coach'), await t.login('player'), await t.login('admin')];
    const deadline = inDays(7);
    const routes: [string, string, unknown][] = [
      ['GET', `/api/draft/${d.draftId}/offers`, undefined],
      ['POST', `/api/draft/${d.draftId}/offers/preview`, { deadline }],
      ['POST', `/api/draft/${d.draftId}/offers`, { deadline, confirmation: 'a'.repeat(64) }],
      ['GET', '/api/message-templates', undefined],
      ['POST', '/api/message-template/offer', { subject: 'S', body: '{link}' }],
    ];
    for (const [method, url, body] of routes) {
      const call = (c: typeof admin) => (method === 'GET' ? c.get(url) : c.post(url, body));
      expect((await call(t.anon)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(coach)).statusCode, `${method} ${url} coach`).toBe(403);
      expect((await call(player)).statusCode, `${method} ${url} player`).toBe(403);
    }
    expect((await admin.get('/api/draft/x/offers')).statusCode).toBe(400);
    expect((await admin.get('/api/draft/999999/offers')).statusCode).toBe(404);
    expect((await admin.post('/api/draft/999999/offers/preview', { deadline })).statusCode).toBe(404);
    const bad = await admin.post(`/api/draft/${d.draftId}/offers/preview`, { deadline: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('deadline');
    expect((await admin.post(`/api/draft/${d.draftId}/offers/preview`, { deadline: '2000-01-01' })).statusCode).toBe(400);
    expect((await admin.post(`/api/draft/${d.draftId}/offers/preview`, { deadline, player_ids: [d.waitlisted[0]] })).statusCode).toBe(400);
    expect((await admin.post(`/api/draft/${d.draftId}/offers`, { deadline })).statusCode).toBe(400);
    expect((await admin.post('/api/message-template/nope', { subject: 'S', body: 'B' })).statusCode).toBe(400);
    expect((await admin.post('/api/message-template/offer', { subject: '', body: '{link}' })).statusCode).toBe(400);
    const noLink = await admin.post('/api/message-template/offer', { subject: 'S', body: 'No link here' });
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().field).toBe('body');
    expect((await t.anon.post('/api/offer-link', {})).statusCode).toBe(400);
    expect((await t.anon.post('/api/offer-link', { token: 'not-a-real-token-at-all' })).json().message).toBe(INVALID_OFFER_LINK);
    expect((await t.anon.post('/api/offer-link/answer', { token: 'not-a-real-token-at-all', answer: 'maybe' })).statusCode).toBe(400);
    expect((await t.anon.post('/api/offer-link/answer', { token: 'not-a-real-token-at-all', answer: 'accept' })).statusCode).toBe(400);

    // An open draft has no offers yet.
    await t.db.updateTable('drafts').set({ state: 'open' }).where('id', '=', d.draftId).execute();
    expect((await admin.post(`/api/draft/${d.draftId}/offers/preview`, { deadline })).statusCode).toBe(409);
  });

  it('the send is what the preview showed, only with its confirmation; every chosen player is an offer or listed with why', async () => {
    const { t, smtp } = env;
    const d = await finalisedDraft(t.db, { selected: 4 });
    const noConsent = d.selected[3]!;
    await t.db
      .updateTable('guardian_consents')
      .set({ granted: 0 })
      .where('purpose', '=', 'reports')
      .where('link_id', 'in', t.db.selectFrom('guardian_links').select('id').where('player_id', '=', noConsent))
      .execute();
    const admin = await t.login('admin');
    const deadline = inDays(10);
    const url = `/api/draft/${d.draftId}/offers`;
    const p = (await admin.post(`${url}/preview`, { deadline })).json().data;
    expect(p.items.map((i: { player_id: number }) => i.player_id).sort()).toEqual(d.selected.slice(0, 3).sort());
    expect(p.undeliverable).toEqual([expect.objectContaining({ player_id: noConsent, reason: 'no_consent' })]);
    expect(p.offers).toBe(3);
    expect(p.recipients).toBe(p.items.reduce((n: number, i: { to: unknown[] }) => n + i.to.length, 0));
    expect(p.recipients).toBeGreaterThan(0);

    // Nothing goes out without the preview's confirmation, nor with a stale one.
    expect((await admin.post(url, { deadline, confirmation: 'b'.repeat(64) })).statusCode).toBe(409);
    expect((await admin.post(url, { deadline: inDays(11), confirmation: p.confirmation })).statusCode).toBe(409);
    expect(await t.db.selectFrom('offers').select('id').where('draft_id', '=', d.draftId).execute()).toEqual([]);

    const before = smtp.messages.length;
    const sent = await admin.post(url, { deadline, confirmation: p.confirmation });
    expect(sent.statusCode, sent.body).toBe(200);
    const { sent: n, failed, ...rest } = sent.json().data;
    expect(rest).toEqual(p);
    expect({ n, failed }).toEqual({ n: p.recipients, failed: 0 });
    await smtp.waitFor(() => smtp.messages.length - before >= p.recipients);
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'sensitive'])
      .where('subject', 'like', `%${p.items[0].team.name}%`)
      .execute();
    expect(outbox.length).toBe(p.recipients);
    expect(outbox.every((m) => m.sensitive === 1)).toBe(true);
    const stored = await t.db.selectFrom('offer_deliveries').select(['token_hash', 'email']).execute();
    const mail = smtp.messages.find((m) => m.subject.includes(p.items[0].team.name))!;
    expect(stored.some((s) => s.token_hash === offerToken(mail.text))).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash!))).toBe(true);

    // The default of the next send leaves out players with an open offer.
    const again = (await admin.post(`${url}/preview`, { deadline })).json().data;
    expect(again.offers).toBe(0);
    expect(again.undeliverable.map((u: { player_id: number }) => u.player_id)).toEqual([noConsent]);
    expect((await admin.post(`${url}/preview`, { deadline, player_ids: [d.selected[0]] })).statusCode).toBe(400);

    const view = (await admin.get(url)).json().data;
    expect(view.unsent).toBe(1);
    expect(view.offers).toHaveLength(3);
    expect(view.offers.every((o: { state: string; to: unknown[] }) => o.state === 'pending' && o.to.length > 0)).toBe(true);
  });

  it('accept by link keeps the membership; a used link refuses a second answer; the page shows only the first name, team and deadline', async () => {
    const { t, smtp } = env;
    const d = await finalisedDraft(t.db);
    const { preview } = await sendAll(t, d);
    const team = preview.items[0].team.name as string;
    const playerId = d.selected[0]!;
    const [email] = await guardianEmails(t, playerId);
    const token = await tokenFor(smtp, email!, team);

    const shown = await t.anon.post('/api/offer-link', { token });
    expect(shown.statusCode, shown.body).toBe(200);
    const player = await t.db
      .selectFrom('players')
      .select(['first_name', 'last_name'])
      .where('id', '=', playerId)
      .executeTakeFirstOrThrow();
    expect(shown.json().data).toMatchObject({ first_name: player.first_name, team, state: 'pending', answerable: true });
    expect(shown.body).not.toContain(player.last_name);

    const ok = await t.anon.post('/api/offer-link/answer', { token, answer: 'accept' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ state: 'accepted', answerable: false });
    expect(await member(t, d.teamId, playerId)).toBe(true);
    expect((await candidateOf(t, d.draftId, playerId)).decision).toBe('selected');
    const offer = (await offerOf(t, d.draftId, playerId))!;
    expect(offer).toMatchObject({ state: 'accepted', answered_by: 'guardian' });

    const second = await t.anon.post('/api/offer-link/answer', { token, answer: 'decline' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ANSWERED_OFFER_LINK);
    expect((await offerOf(t, d.draftId, playerId))!.state).toBe('accepted');
    expect(await member(t, d.teamId, playerId)).toBe(true);
    const events = await t.db.selectFrom('draft_events').select(['kind', 'version']).where('draft_id', '=', d.draftId).execute();
    expect(events.map((e) => e.kind)).toEqual(['offer_accepted']);
    const draft = await t.db.selectFrom('drafts').select('version').where('id', '=', d.draftId).executeTakeFirstOrThrow();
    expect(draft.version).toBe(events[0]!.version);
  });

  it('a decline withdraws the player, promotes the next waitlisted player with a new offer of the same length and tells staff', async () => {
    const { t, smtp } = env;
    const d = await finalisedDraft(t.db);
    const { preview } = await sendAll(t, d);
    const team = preview.items[0].team.name as string;
    const declining = d.selected[1]!;
    const [email] = await guardianEmails(t, declining);
    const token = await tokenFor(smtp, email!, team);
    const first = (await offerOf(t, d.draftId, declining))!;

    const res = await t.anon.post('/api/offer-link/answer', { token, answer: 'decline' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await member(t, d.teamId, declining)).toBe(false);
    expect(await candidateOf(t, d.draftId, declining)).toMatchObject({ decision: 'withdrawn' });

    const next = d.waitlisted[0]!;
    expect(await candidateOf(t, d.draftId, next)).toMatchObject({ decision: 'selected', team_id: d.teamId, waitlist_rank: null });
    expect(await member(t, d.teamId, next)).toBe(true);
    expect((await candidateOf(t, d.draftId, d.waitlisted[1]!)).decision).toBe('waitlisted');
    const promoted = (await offerOf(t, d.draftId, next))!;
    expect(promoted).toMatchObject({ state: 'pending', replaces_offer_id: first.id, team_id: d.teamId });
    const firstLength = Date.parse(first.deadline) - Date.parse(first.created_at);
    expect(Math.abs(Date.parse(promoted.deadline) - Date.parse(promoted.created_at) - firstLength)).toBeLessThan(1000);
    const [nextEmail] = await guardianEmails(t, next);
    expect(await tokenFor(smtp, nextEmail!, team)).toBeTruthy();
    // The draft's creator (the admin) and the team's coach are told.
    const staff = await smtp.waitFor((m) => m.to.includes('admin@demo.club') && m.subject.startsWith(team));
    expect(staff.text).toContain('declined');
    const coach = await t.db
      .selectFrom('teams as t')
      .innerJoin('users as u', 'u.id', 't.coach_user_id')
      .select('u.email')
      .where('t.id', '=', d.teamId)
      .executeTakeFirstOrThrow();
    await smtp.waitFor((m) => m.to.includes(coach.email) && m.subject.startsWith(team));
    const kinds = (await t.db.selectFrom('draft_events').select('kind').where('draft_id', '=', d.draftId).orderBy('version').execute()).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(['offer_declined', 'promoted']);
  });

  it('an expired offer promotes the next waitlisted player (clock injected); a run twice expires nothing twice', async () => {
    const { t } = env;
    const d = await finalisedDraft(t.db);
    await sendAll(t, d, inDays(3));
    const sent: Mail[] = [];
    const mailer = { send: async (m: Mail) => void sent.push(m) };
    const expiring = d.selected[2]!;
    // Two offers answer in time; the third passes its deadline.
    await t.db
      .updateTable('offers')
      .set({ state: 'accepted' })
      .where('draft_id', '=', d.draftId)
      .where('player_id', '!=', expiring)
      .execute();

    expect(await expireDue(t.db, mailer, 'http://club.test', new Date(nowMs() + 2 * DAY))).toBe(0);
    expect((await offerOf(t, d.draftId, expiring))!.state).toBe('pending');

    const later = new Date(nowMs() + 4 * DAY);
    expect(await expireDue(t.db, mailer, 'http://club.test', later)).toBe(1);
    expect((await offerOf(t, d.draftId, expiring))!).toMatchObject({ state: 'expired', answered_by: 'deadline' });
    expect(await member(t, d.teamId, expiring)).toBe(false);
    expect((await candidateOf(t, d.draftId, expiring)).decision).toBe('withdrawn');
    const next = d.waitlisted[0]!;
    expect((await candidateOf(t, d.draftId, next)).decision).toBe('selected');
    expect(await member(t, d.teamId, next)).toBe(true);
    const promoted = (await offerOf(t, d.draftId, next))!;
    expect(promoted.state).toBe('pending');
    expect(Date.parse(promoted.deadline)).toBeGreaterThan(later.getTime());
    const nextEmails = await guardianEmails(t, next);
    expect(sent.filter((m) => nextEmails.includes(m.to) && m.sensitive).length).toBe(nextEmails.length);
    expect(sent.some((m) => m.to === 'admin@demo.club' && m.text.includes('did not answer'))).toBe(true);

    // The same clock again: nothing left to expire, nobody promoted twice.
    expect(await expireDue(t.db, mailer, 'http://club.test', later)).toBe(0);
    expect((await candidateOf(t, d.draftId, d.waitlisted[1]!)).decision).toBe('waitlisted');
  });

  it('templates: admins read the defaults, edit them, and the next offer mail uses the edit', async () => {
    const { t, smtp } = env;
    const admin = await t.login('admin');
    const list = (await admin.get('/api/message-templates')).json().data;
    expect(list.map((x: { key: string }) => x.key)).toEqual(['offer', 'promotion_notice']);
    expect(list[0].body).toContain('{link}');
    const saved = await admin.post('/api/message-template/offer', {
      subject: 'Team place: {player} in {team}',
      body: 'Dear family, answer by {deadline}: {link}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ key: 'offer', subject: 'Team place: {player} in {team}' });
    const d = await finalisedDraft(t.db, { selected: 1, waitlisted: 0 });
    const { preview } = await sendAll(t, d);
    const [email] = await guardianEmails(t, d.selected[0]!);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email!) && m.subject.startsWith('Team place:') && m.subject.includes(preview.items[0].team.name),
    );
    expect(mail.text).toMatch(/^Dear family, answer by \d+ \w+ \d{4}: http:\/\/\S+\/offer\?token=/);
  });
});
