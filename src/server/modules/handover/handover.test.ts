import { describe, expect, it } from 'vitest';
import { dateOfAge } from '../../../shared/age.js';
import { settingsMessages } from '../../../shared/schemas/reference.js';
import type { Mail } from '../../mail/mailer.js';
import { WITHHELD } from '../../mail/mailer.js';
import { appWithSmtp } from '../../mail/mail.fixtures.js';
import { loadOutboxKey, unseal } from '../../mail/outbox-seal.js';
import { familyMessages } from '../../policies/family.js';
import { handoverPolicyMessages } from '../../policies/handover.js';
import { playerMessages } from '../../policies/players.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { consentedPlayerIds } from '../family/consents.repository.js';
import { familyLogin, familyOf } from '../family/family.fixtures.js';
import { guardianRuleMessages } from '../guardians/links.service.js';
import { handoverMessages, runHandoverNotices } from './handover.service.js';
import { now as clockNow } from '../../lib/time.js';

const YEAR = clockNow().getUTCFullYear();
const claimToken = (text: string) => decodeURIComponent(/\/claim\?token=(\S+)/.exec(text)![1]!);

async function newPlayer(admin: Client, last: string, dob: number | null, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/players', {
    first_name: 'Robin',
    last_name: last,
    email: `parent.${last.toLowerCase()}@example.org`,
    dob: dob === null ? undefined : String(dob),
    team_id: [],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; first_name: string };
}

/** The claim link of the newest outbox message to this address (the test key opens the sealed text). */
async function outboxClaimToken(t: TestApp, to: string): Promise<string> {
  const row = await t.db
    .selectFrom('mail_outbox')
    .select(['text', 'sensitive'])
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(row.sensitive).toBe(1);
  expect(row.text).not.toContain('/claim?token=');
  return claimToken(unseal(loadOutboxKey(t.app.config), to, row.text));
}

describe('age settings', () => {
  let t: TestApp, admin: Client, coach: Client;
  const ready = (async () => {
    t = await createTestApp();
    [admin, coach] = await Promise.all([t.login('admin'), t.login('coach')]);
  })();

  it('defaults 13 and 16; admin-only, bounded, never a hand-over below the own-login age; audited', async () => {
    await ready;
    expect((await admin.get('/api/settings')).json().data).toMatchObject({ own_login_age: 13, handover_age: 16 });
    expect((await t.anon.post('/api/settings', { handover_age: 17 })).statusCode).toBe(401);
    expect((await coach.post('/api/settings', { handover_age: 17 })).statusCode).toBe(403);
    for (const bad of [{ handover_age: 12 }, { handover_age: 19 }, { own_login_age: 'x' }, { handover_age: 16.5 }]) {
      expect((await admin.post('/api/settings', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const below = await admin.post('/api/settings', { own_login_age: 17 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ message: settingsMessages.handoverBelowOwnLogin, field: 'handover_age' });
    const ok = await admin.post('/api/settings', { own_login_age: 14, handover_age: 17 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ own_login_age: 14, handover_age: 17 });
    const audit = await t.db.selectFrom('audit_log').select('summary').where('entity', '=', 'settings').execute();
    expect(audit.some((a) => a.summary === 'own_login_age = 14; handover_age = 17')).toBe(true);
    await admin.post('/api/settings', { own_login_age: 13, handover_age: 16 });
  }, 120_000);

  it('a player under the own-login age gets no sign-in: player save, CSV import and Users alike', async () => {
    await ready;
    const young = YEAR - 12;
    const refusal = playerMessages.tooYoung(13, dateOfAge(young, 13));
    const created = await admin.post('/api/players', {
      first_name: 'Tiny',
      last_name: 'Login',
      email: 'tiny.parent@example.org',
      dob: String(young),
      player_email: 'tiny@example.org',
      team_id: [],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ message: refusal, field: 'player_email' });
    const p = await newPlayer(admin, 'Youngster', young);
    const edit = await admin.post(`/api/player/${p.id}`, {
      first_name: 'Robin',
      last_name: 'Youngster',
      dob: String(young),
      player_email: 'young.one@example.org',
      team_id: [],
    });
    expect(edit.json()).toEqual({ message: refusal, field: 'player_email' });
    // Old enough (13 this year): allowed.
    expect(
      (
        await admin.post(`/api/player/${p.id}`, {
          first_name: 'Robin',
          last_name: 'Youngster',
          dob: String(YEAR - 13),
          player_email: 'young.one@example.org',
          team_id: [],
        })
      ).statusCode,
    ).toBe(200);
    const csv = `FirstName,LastName,Email,Dob,PlayerEmail\nCsv,Kid,csv.parent@example.org,${young},csv.kid@example.org\n`;
    const bulk = await admin.upload('/api/players/bulk', { team_id: '' }, { field: 'bulkFile', name: 'p.csv', content: csv });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().message).toContain(refusal);
    const q = await newPlayer(admin, 'Userless', young);
    await t.db.updateTable('players').set({ player_email: 'userless@example.org' }).where('id', '=', q.id).execute();
    const roles = (await admin.get('/api/roles')).json().data as { id: number; key: string }[];
    const user = await admin.post('/api/users', {
      first_name: 'Robin',
      last_name: 'Userless',
      email: 'userless@example.org',
      role: roles.find((r) => r.key === 'player')!.id,
    });
    expect(user.statusCode).toBe(400);
    expect(user.json().message).toBe(refusal);
  });
});

describe('hand-over: notices, claim link, claim and what guardians see after', () => {
  let t: TestApp, admin: Client, coach: Client, player: Client;
  const ready = (async () => {
    t = await createTestApp({ config: { PUBLIC_BOARD_MAX_AGE_SECONDS: 1 } });
    [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
  })();

  it('GET /api/player/:id/handover: 401, 403 for a player, 400, the status', async () => {
    await ready;
    const p = await newPlayer(admin, 'Status', YEAR - 15);
    expect((await t.anon.get(`/api/player/${p.id}/handover`)).statusCode).toBe(401);
    expect((await player.get(`/api/player/${p.id}/handover`)).statusCode).toBe(403);
    expect((await admin.get('/api/player/abc/handover')).statusCode).toBe(400);
    const res = await admin.get(`/api/player/${p.id}/handover`);
    expect(res.json().data).toEqual({
      playerId: p.id,
      handoverDate: `${YEAR + 1}-01-01`,
      handoverAge: 16,
      reached: false,
      noticeAt: null,
      claimedAt: null,
      playerEmail: null,
    });
  }, 120_000);

  it('claim link: 401, 403 without user management, 400 before the date, to a guardian, or bad input; sent sensitive', async () => {
    await ready;
    const early = await newPlayer(admin, 'Early', YEAR - 15);
    const p = await newPlayer(admin, 'Claimer', YEAR - 16);
    expect((await t.anon.post(`/api/player/${p.id}/handover/claim-link`, { email: 'robin@example.org' })).statusCode).toBe(401);
    const coachRes = await coach.post(`/api/player/${p.id}/handover/claim-link`, { email: 'robin@example.org' });
    expect(coachRes.statusCode).toBe(403);
    expect((await player.post(`/api/player/${p.id}/handover/claim-link`, { email: 'robin@example.org' })).statusCode).toBe(403);
    expect((await admin.post(`/api/player/${p.id}/handover/claim-link`, { email: 'nope' })).statusCode).toBe(400);
    const notYet = await admin.post(`/api/player/${early.id}/handover/claim-link`, { email: 'early@example.org' });
    expect(notYet.json()).toEqual({ message: handoverMessages.notYet(`${YEAR + 1}-01-01`), field: 'email' });
    const parent = await admin.post(`/api/player/${p.id}/handover/claim-link`, { email: 'parent.claimer@example.org' });
    expect(parent.json()).toEqual({ message: guardianRuleMessages.playerEmailIsGuardian, field: 'email' });
    const taken = await admin.post(`/api/player/${p.id}/handover/claim-link`, { email: 'coach@demo.club' });
    expect(taken.json()).toEqual({ message: handoverMessages.emailTaken, field: 'email' });
    const sent = await admin.post(`/api/player/${p.id}/handover/claim-link`, { email: 'Robin.Claimer@example.org' });
    expect(sent.statusCode, sent.body).toBe(200);
    await outboxClaimToken(t, 'robin.claimer@example.org');
    const audit = await t.db.selectFrom('audit_log').select('summary').where('action', '=', 'claim_link').execute();
    expect(audit.some((a) => a.summary.includes('robin.claimer@example.org'))).toBe(true);
  });

  it("claims once; the parent's view ends, consents are the player's; the player decides per guardian", async () => {
    await ready;
    const p = (await t.db
      .selectFrom('players')
      .select(['id', 'first_name'])
      .where('last_name', '=', 'Claimer')
      .executeTakeFirstOrThrow()) as { id: number; first_name: string };
    await familyOf(admin, 'second.parent@example.org', [p.id]);
    const parent = await familyLogin(t, 'parent.claimer@example.org');
    const second = await familyLogin(t, 'second.parent@example.org');
    expect((await parent.get(`/api/family/player/${p.id}`)).statusCode).toBe(200);
    for (const g of [parent, second])
      expect((await g.post(`/api/family/player/${p.id}/consent`, { purpose: 'public_name', granted: true })).statusCode).toBe(200);
    expect((await consentedPlayerIds(t.db, 'public_name', [p.id])).has(p.id)).toBe(true);

    const token = await outboxClaimToken(t, 'robin.claimer@example.org');
    expect((await t.anon.post('/api/handover/claim', { token: 'x', password: 'Long enough pass 1' })).statusCode).toBe(400);
    expect((await t.anon.post('/api/handover/claim', { token, password: 'short' })).statusCode).toBe(400);
    const bad = await t.anon.post('/api/handover/claim', { token: 'not-a-real-claim-token-at-all', password: 'Maple river 2026!' });
    expect(bad.json()).toEqual({ message: handoverMessages.invalidLink, field: 'token' });
    const claimed = await t.anon.post('/api/handover/claim', { token, password: 'Maple river 2026!' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toEqual({ email: 'robin.claimer@example.org' });
    expect((await t.anon.post('/api/handover/claim', { token, password: 'Maple river 2026!' })).statusCode).toBe(400);

    // The guardians: the child is listed as managing their own account, with no data; consents are closed.
    const me = (await parent.get('/api/family/me')).json().data;
    expect(me.children.find((c: { id: number }) => c.id === p.id)).toMatchObject({ ownAccount: true, firstName: 'Robin' });
    const view = await parent.get(`/api/family/player/${p.id}`);
    expect(view.statusCode).toBe(403);
    expect(view.json().message).toBe(familyMessages.ownAccount('Robin'));
    expect((await parent.post(`/api/family/player/${p.id}/consent`, { purpose: 'public_name', granted: false })).statusCode).toBe(403);
    // The player's own consents start as what was in effect; history (links) stays.
    expect((await consentedPlayerIds(t.db, 'public_name', [p.id])).has(p.id)).toBe(true);

    const robin = await t.login({ email: 'robin.claimer@example.org', password: 'Maple river 2026!' });
    expect((await t.anon.get(`/api/player/${p.id}/family`)).statusCode).toBe(401);
    expect((await player.get(`/api/player/${p.id}/family`)).statusCode).toBe(403);
    expect((await robin.get('/api/player/abc/family')).statusCode).toBe(400);
    const family = (await robin.get(`/api/player/${p.id}/family`)).json().data;
    expect(family.claimedAt).not.toBeNull();
    expect(family.guardians.map((g: { email: string; sharesAfterHandover: boolean }) => [g.email, g.sharesAfterHandover])).toEqual([
      ['parent.claimer@example.org', false],
      ['second.parent@example.org', false],
    ]);
    expect(family.consents.find((c: { purpose: string }) => c.purpose === 'public_name').granted).toBe(true);

    const link = family.guardians[0].id as number;
    // Staff read the choices but never make them; another player is refused; bad bodies are 400.
    const staff = await admin.post(`/api/player/${p.id}/family/guardian/${link}`, { shares_after_handover: true, receives_reports: true });
    expect(staff.json()).toEqual({ message: handoverPolicyMessages.playerDecides });
    expect(
      (await player.post(`/api/player/${p.id}/family/guardian/${link}`, { shares_after_handover: true, receives_reports: true }))
        .statusCode,
    ).toBe(403);
    expect((await robin.post(`/api/player/${p.id}/family/guardian/${link}`, { shares_after_handover: 'yes' })).statusCode).toBe(400);
    expect(
      (await t.anon.post(`/api/player/${p.id}/family/guardian/${link}`, { shares_after_handover: true, receives_reports: true }))
        .statusCode,
    ).toBe(401);
    const otherLink = (await t.db.selectFrom('guardian_links').select('id').where('player_id', '!=', p.id).executeTakeFirstOrThrow()).id;
    expect(
      (await robin.post(`/api/player/${p.id}/family/guardian/${otherLink}`, { shares_after_handover: true, receives_reports: true }))
        .statusCode,
    ).toBe(404);
    const shared = await robin.post(`/api/player/${p.id}/family/guardian/${link}`, {
      shares_after_handover: true,
      receives_reports: false,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().data.guardians[0]).toMatchObject({ sharesAfterHandover: true, receivesReports: false });
    const again = await parent.get(`/api/family/player/${p.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.mayConsent).toBe(false);
    expect((await second.get(`/api/family/player/${p.id}`)).statusCode).toBe(403);

    // The player's own consent counts alone now.
    expect((await t.anon.post(`/api/player/${p.id}/family/consent`, { purpose: 'public_name', granted: false })).statusCode).toBe(401);
    expect((await robin.post(`/api/player/${p.id}/family/consent`, { purpose: 'nope', granted: false })).statusCode).toBe(400);
    expect((await player.post(`/api/player/${p.id}/family/consent`, { purpose: 'public_name', granted: false })).statusCode).toBe(403);
    expect((await robin.post(`/api/player/${p.id}/family/consent`, { purpose: 'public_name', granted: false })).statusCode).toBe(200);
    expect((await consentedPlayerIds(t.db, 'public_name', [p.id])).has(p.id)).toBe(false);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'summary']).where('entity_id', 'in', [p.id, link]).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['claim', 'consent', 'update']));
  });

  it('the demo player (not claimed) may not decide yet', async () => {
    await ready;
    const id = (await t.db.selectFrom('users').select('player_id').where('email', '=', 'player@demo.club').executeTakeFirstOrThrow())
      .player_id!;
    const res = await player.post(`/api/player/${id}/family/consent`, { purpose: 'media', granted: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(handoverPolicyMessages.notClaimed);
  });

  it('the notice job (injected clock): 30 days before, once, to the player and every live guardian; the claim link at the date', async () => {
    await ready;
    const p = await newPlayer(admin, 'Noticed', YEAR - 15, { player_email: 'noticed.kid@example.org' });
    await familyOf(admin, 'noticed.second@example.org', [p.id]);
    const sent: Mail[] = [];
    const mailer = { send: async (m: Mail) => void sent.push(m) };
    const mine = () => sent.filter((m) => /noticed/.test(m.to));
    await runHandoverNotices(t.db, mailer, 'http://club.test', new Date(Date.UTC(YEAR, 10, 30)));
    expect(mine()).toEqual([]);
    await runHandoverNotices(t.db, mailer, 'http://club.test', new Date(Date.UTC(YEAR, 11, 3)));
    expect(
      mine()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['noticed.kid@example.org', 'noticed.second@example.org', 'parent.noticed@example.org']);
    expect(mine().every((m) => !m.text.includes('/claim?token='))).toBe(true);
    await runHandoverNotices(t.db, mailer, 'http://club.test', new Date(Date.UTC(YEAR, 11, 20)));
    expect(mine()).toHaveLength(3);
    await runHandoverNotices(t.db, mailer, 'http://club.test', new Date(Date.UTC(YEAR + 1, 0, 1, 1)));
    const claim = mine().slice(3);
    expect(claim.map((m) => [m.to, m.sensitive])).toEqual([['noticed.kid@example.org', true]]);
    expect(claim[0]!.text).toMatch(/\/claim\?token=/);
    await runHandoverNotices(t.db, mailer, 'http://club.test', new Date(Date.UTC(YEAR + 1, 0, 2)));
    expect(mine()).toHaveLength(4);
    const h = await t.db.selectFrom('player_handovers').selectAll().where('player_id', '=', p.id).executeTakeFirstOrThrow();
    expect(h.notice_at).not.toBeNull();
    expect(h.claim_mail_at).not.toBeNull();
    await t.close();
  });
});

describe('hand-over mail over SMTP', () => {
  const env = appWithSmtp();

  it('the notice and the claim link go through the real SMTP path; the link is never kept', async () => {
    const { t, smtp } = env;
    const admin = await t.login('admin');
    await newPlayer(admin, 'Smtp', YEAR - 16, { player_email: 'smtp.kid@example.org' });
    await runHandoverNotices(t.db, t.app.mailer, t.app.config.PUBLIC_URL, clockNow());
    const notice = await smtp.waitFor((m) => m.to.includes('parent.smtp@example.org'));
    expect(notice.subject).toBe('Robin takes over their club account');
    const link = await smtp.waitFor((m) => m.to.includes('smtp.kid@example.org') && m.subject === 'Your account is yours now');
    expect(link.text).toMatch(/\/claim\?token=/);
    const kept = await t.db
      .selectFrom('mail_outbox')
      .select(['text', 'sensitive'])
      .where('to_address', '=', 'smtp.kid@example.org')
      .where('subject', '=', 'Your account is yours now')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ text: WITHHELD, sensitive: 1 });
  });
});
