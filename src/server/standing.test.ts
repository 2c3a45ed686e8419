import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_OFFER_LINK } from '../shared/schemas/offer.js';
import { INVALID_REPORT_LINK } from '../shared/schemas/report-delivery.js';
import type { Mail } from './mail/mailer.js';
import { INVALID_FAMILY_LINK, requestLink, sendFamilyLink } from './modules/family/family-auth.service.js';
import { linkToken } from './modules/family/family.fixtures.js';
import { guardianMessages } from './modules/guardians/guardians.service.js';
import { handoverMessages } from './modules/handover/handover.service.js';
import { recipientsOf } from './modules/reports/recipients.js';
import { approvedReport, reportCycle } from './modules/reports/reports.fixtures.js';
import { familyMessages } from './policies/family.js';
import { guardianPolicyMessages } from './policies/guardians.js';
import { guardianMaySignIn } from './policies/standing.js';
import { nowMs, setClock } from './lib/time.js';
import { createTestApp, type Client, type TestApp } from './test/harness.js';
import { CLAIM_PASSWORD, claim, erase, holder, revoke, type Holder } from './test/standing.fixtures.js';

/**
 * The standing rule at the moment of use (policies/standing.ts, docs/product.md#families): a link
 * whose holder lost the right to act for the player answers as an expired or invalid one.
 */
let t: TestApp;
let admin: Client;
let teamId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  teamId = (await t.db.selectFrom('teams').select('id').where('name', '=', 'U14 Boys').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => t.close());

const offerView = (token: string) => t.anon.post('/api/offer-link', { token });
const offerAnswer = (token: string, answer: 'accept' | 'decline') => t.anon.post('/api/offer-link/answer', { token, answer });
const offerState = async (h: Holder) =>
  (await t.db.selectFrom('offers').select('state').where('player_id', '=', h.playerId).executeTakeFirstOrThrow()).state;
const refusedAsInvalid = async (res: Awaited<ReturnType<typeof offerView>>) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(INVALID_OFFER_LINK);
};

describe('offer links ask the standing rule when used (issue 38, point 1)', () => {
  it('a revoked guardian: the link that worked before answers as an invalid link; the child keeps the place', async () => {
    const h = await holder(t, admin, teamId, 'Offer Revoked');
    const before = await offerView(h.tokens.offer);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.answerable).toBe(true);
    await revoke(admin, h);
    await refusedAsInvalid(await offerView(h.tokens.offer));
    await refusedAsInvalid(await offerAnswer(h.tokens.offer, 'decline'));
    expect(await offerState(h)).toBe('pending');
  });

  it('a child who claimed their account: the parent may not answer unless the child shares with them', async () => {
    const h = await holder(t, admin, teamId, 'Offer Claimed');
    await claim(t, h);
    await refusedAsInvalid(await offerView(h.tokens.offer));
    await refusedAsInvalid(await offerAnswer(h.tokens.offer, 'accept'));
    expect(await offerState(h)).toBe('pending');
    // The player shares with the parent again (their own choice): the parent's link works.
    const player = await t.login({ email: h.claimEmail, password: CLAIM_PASSWORD });
    const shared = await player.post(`/api/player/${h.playerId}/family/guardian/${h.linkId}`, {
      shares_after_handover: true,
      receives_reports: true,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await offerView(h.tokens.offer)).json().data.answerable).toBe(true);
  });

  it('an erased player: the offer link answers as an invalid link', async () => {
    const h = await holder(t, admin, teamId, 'Offer Erased');
    await erase(admin, h);
    await refusedAsInvalid(await offerView(h.tokens.offer));
    await refusedAsInvalid(await offerAnswer(h.tokens.offer, 'decline'));
    expect(await offerState(h)).toBe('pending');
  });
});

describe('the claim asks it too (issue 38, point 3)', () => {
  it("an erased player's earlier claim link answers as an expired one: no sign-in, no address comes back", async () => {
    const h = await holder(t, admin, teamId, 'Claim Erased');
    await erase(admin, h);
    const res = await t.anon.post('/api/handover/claim', { token: h.tokens.claim, password: CLAIM_PASSWORD });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(handoverMessages.invalidLink);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', h.claimEmail).executeTakeFirst()).toBeUndefined();
    const player = await t.db
      .selectFrom('players')
      .select(['player_email', 'first_name'])
      .where('id', '=', h.playerId)
      .executeTakeFirstOrThrow();
    expect(player).toEqual({ player_email: null, first_name: 'Erased' });
  });
});

describe('after the hand-over without sharing (issue 38, point 5)', () => {
  it('the guardian is on no recipient list, and their sign-in and report links answer as expired ones', async () => {
    const h = await holder(t, admin, teamId, 'Handed Over');
    const cycle = await reportCycle(t.db, [teamId], 'Standing after the hand-over');
    await approvedReport(t.db, { cycleId: cycle, playerId: h.playerId, teamId });
    const listed = async () =>
      (await admin.get(`/api/team/${teamId}/report-delivery/${cycle}`))
        .json()
        .data.items.find((i: { player_id: number }) => i.player_id === h.playerId)?.to;
    expect(await listed()).toEqual([{ kind: 'guardian', email: h.email }]);

    await claim(t, h);
    expect(await listed()).toEqual([{ kind: 'player', email: h.claimEmail }]);
    // Offers go to the same recipients.
    expect((await recipientsOf(t.db, [h.playerId])).get(h.playerId)!.to.map((r) => r.kind)).toEqual(['player']);

    const signIn = await t.anon.post('/api/family/session', { token: h.tokens.signIn });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().message).toBe(INVALID_FAMILY_LINK);
    const report = await t.anon.post('/api/report-link/session', { token: h.tokens.report });
    expect(report.statusCode).toBe(400);
    expect(report.json().message).toBe(INVALID_REPORT_LINK);
    const page = await h.family.get(`/api/family/player/${h.playerId}`);
    expect(page.statusCode).toBe(403);
    expect(page.json().message).toBe(familyMessages.ownAccount('Standing'));
  });

  it("the send mails the player and not the parent; the parent's family session shows only that the player manages their own account", async () => {
    const h = await holder(t, admin, teamId, 'Send After Claim');
    const cycle = await reportCycle(t.db, [teamId], 'Send after the hand-over');
    await approvedReport(t.db, { cycleId: cycle, playerId: h.playerId, teamId });
    await claim(t, h);
    const mailsTo = async (to: string) => (await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).execute()).length;
    const [parentBefore, playerBefore] = [await mailsTo(h.email), await mailsTo(h.claimEmail)];
    const sent = await admin.post(`/api/team/${teamId}/report-delivery/${cycle}`, { confirm: true });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.settled();
    expect(await mailsTo(h.email)).toBe(parentBefore);
    expect(await mailsTo(h.claimEmail)).toBe(playerBefore + 1);
    const deliveries = await t.db
      .selectFrom('report_deliveries as d')
      .innerJoin('reports as r', 'r.id', 'd.report_id')
      .select(['d.recipient_kind', 'd.email'])
      .where('r.cycle_id', '=', cycle)
      .execute();
    expect(deliveries).toEqual([{ recipient_kind: 'player', email: h.claimEmail }]);

    const me = await h.family.get('/api/family/me');
    expect(me.statusCode, me.body).toBe(200);
    const child = (me.json().data.children as { id: number; ownAccount: boolean }[]).find((c) => c.id === h.playerId);
    expect(child).toMatchObject({ ownAccount: true });
    for (const path of ['', '/reports', '/privacy'])
      expect((await h.family.get(`/api/family/player/${h.playerId}${path}`)).statusCode, path).toBe(403);
  });

  it("staff may not change receives_reports on a claimed player's guardian link (409); other flags they may", async () => {
    const h = await holder(t, admin, teamId, 'Reports Choice');
    await claim(t, h);
    const flags = { relationship: 'parent', is_primary: true, parental_responsibility: true };
    const changed = await admin.post(`/api/player/${h.playerId}/guardian/${h.linkId}`, { ...flags, receives_reports: false });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(guardianPolicyMessages.reportsPlayerChoice);
    const link = await t.db.selectFrom('guardian_links').select('receives_reports').where('id', '=', h.linkId).executeTakeFirstOrThrow();
    expect(link.receives_reports).toBe(1);
    const same = await admin.post(`/api/player/${h.playerId}/guardian/${h.linkId}`, {
      ...flags,
      relationship: 'guardian',
      receives_reports: true,
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe("a claimed player's guardian added again by staff (issue 38, point 5)", () => {
  it("keeps the player's receives_reports choice: staff's add form does not set it", async () => {
    const h = await holder(t, admin, teamId, 'Added Again');
    await claim(t, h);
    const player = await t.login({ email: h.claimEmail, password: CLAIM_PASSWORD });
    const chose = await player.post(`/api/player/${h.playerId}/family/guardian/${h.linkId}`, {
      shares_after_handover: true,
      receives_reports: false,
    });
    expect(chose.statusCode, chose.body).toBe(200);
    await revoke(admin, h);
    const added = await admin.post(`/api/player/${h.playerId}/guardians`, { email: h.email, relationship: 'parent' });
    expect(added.statusCode, added.body).toBe(200);
    const link = await t.db
      .selectFrom('guardian_links')
      .select(['id', 'status', 'receives_reports', 'shares_after_handover'])
      .where('player_id', '=', h.playerId)
      .where('guardian_id', '=', h.guardianId)
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ id: h.linkId, status: 'invited', receives_reports: 0, shares_after_handover: 1 });
    // A new guardian of a claimed player: the player has not chosen yet, and the new link shares nothing.
    const other = await admin.post(`/api/player/${h.playerId}/guardians`, {
      email: 'standing.added.new@example.org',
      relationship: 'other',
    });
    expect(other.statusCode, other.body).toBe(200);
    const fresh = (other.json().data as { email: string; receivesReports: boolean }[]).find(
      (l) => l.email === 'standing.added.new@example.org',
    );
    expect(fresh).toBeDefined();
    const recipients = (await recipientsOf(t.db, [h.playerId])).get(h.playerId)!.to;
    expect(recipients.map((r) => r.email)).toEqual([h.claimEmail]);
  });
});

describe('family sign-in links (issue 38, point 9)', () => {
  it("asking for a link on the sign-in page keeps the parent's pending invitation; it replaces only earlier asked-for links", async () => {
    const email = 'standing.invited@example.org';
    const player = (await admin.post('/api/players', { first_name: 'Invited', last_name: 'Parent', email, team_id: [teamId] })).json().data;
    const guardian = await t.db.selectFrom('guardians').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
    const mails: Mail[] = [];
    const mailer = { send: async (m: Mail) => void mails.push(m) };
    // Each step two minutes after the one before (at most one link a minute per guardian), on the one clock.
    const later = async () => setClock(nowMs() + 120_000);
    await sendFamilyLink(t.db, mailer, 'http://club.test', guardian, 'invite');
    const invitation = linkToken(mails.at(-1)!.text);
    await later();
    await requestLink(t.db, t.app.database.limits, mailer, 'http://club.test', email);
    expect(mails).toHaveLength(2);
    const first = linkToken(mails.at(-1)!.text);
    await later();
    await requestLink(t.db, t.app.database.limits, mailer, 'http://club.test', email);
    expect(mails).toHaveLength(3);
    expect((await t.anon.post('/api/family/session', { token: first })).statusCode).toBe(400);
    const invited = await t.anon.post('/api/family/session', { token: invitation });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(player.id).toBeGreaterThan(0);
    setClock(null);
  });

  it('two asks for a link at once send one: the second waits for no check the first has not made', async () => {
    const email = 'standing.double@example.org';
    await admin.post('/api/players', { first_name: 'Double', last_name: 'Tap', email, team_id: [teamId] });
    await t.db
      .updateTable('guardian_links')
      .set({ status: 'active' })
      .where('guardian_id', 'in', t.db.selectFrom('guardians').select('id').where('email', '=', email))
      .execute();
    const mails: Mail[] = [];
    const mailer = { send: async (m: Mail) => void mails.push(m) };
    await Promise.all([1, 2, 3].map(() => requestLink(t.db, t.app.database.limits, mailer, 'http://club.test', email)));
    expect(mails).toHaveLength(1);
  });
});

describe('adding a guardian (issue 38, point 8)', () => {
  const playerSignIn = 'player@demo.club';
  const ids = async () => {
    const own = await t.db.selectFrom('users').select('player_id').where('email', '=', playerSignIn).executeTakeFirstOrThrow();
    const mate = await t.db
      .selectFrom('team_players')
      .select('player_id')
      .where('team_id', '=', teamId)
      .where('player_id', '!=', own.player_id!)
      .orderBy('player_id')
      .executeTakeFirstOrThrow();
    return { signedIn: own.player_id!, mate: mate.player_id };
  };

  it("tells only user managers that an address is another player's sign-in; to others it answers as a free one, and that address can never act as a guardian", async () => {
    const { signedIn, mate } = await ids();
    const coach = await t.login('coach');
    const refused = await admin.post(`/api/player/${mate}/guardians`, { email: playerSignIn, relationship: 'parent' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(guardianMessages.isPlayerLogin);
    // The player's own address: no secret to whoever reaches the player, refused for everyone.
    const own = await coach.post(`/api/player/${signedIn}/guardians`, { email: playerSignIn, relationship: 'parent' });
    expect(own.statusCode).toBe(400);

    const free = await coach.post(`/api/player/${mate}/guardians`, { email: 'standing.free@example.org', relationship: 'parent' });
    const taken = await coach.post(`/api/player/${mate}/guardians`, { email: playerSignIn, relationship: 'parent' });
    expect(taken.statusCode, taken.body).toBe(free.statusCode);
    const row = (res: typeof taken, email: string) =>
      (res.json().data as { email: string; status: string; relationship: string }[]).find((l) => l.email === email);
    expect(row(taken, playerSignIn)).toMatchObject({ status: 'invited', relationship: 'parent' });
    expect(row(free, 'standing.free@example.org')).toMatchObject({ status: 'invited', relationship: 'parent' });

    const guardian = await t.db.selectFrom('guardians').select('id').where('email', '=', playerSignIn).executeTakeFirstOrThrow();
    expect(await guardianMaySignIn(t.db, guardian.id)).toBe(false);
    const tokens = await t.db.selectFrom('guardian_tokens').select('id').where('guardian_id', '=', guardian.id).execute();
    expect(tokens).toEqual([]);
  });

  it("adding an existing guardian's address to another player does not rename that guardian", async () => {
    const { mate } = await ids();
    const other = await t.db
      .selectFrom('guardian_links as l')
      .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
      .select(['g.id', 'g.email', 'g.name'])
      .where('l.player_id', '!=', mate)
      .where('l.status', '=', 'active')
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
    const res = await admin.post(`/api/player/${mate}/guardians`, {
      email: other.email,
      name: 'Someone Else Entirely',
      relationship: 'other',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.db.selectFrom('guardians').select('name').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(after.name).toBe(other.name);
  });
});
