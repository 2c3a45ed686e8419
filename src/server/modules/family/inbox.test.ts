import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERED_OFFER_LINK } from '../../../shared/schemas/offer.js';
import { nowIso, nowMs } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { finalisedDraft, type FinalisedDraft } from '../offers/offers.fixtures.js';
import { approvedReport, reportCycle } from '../reports/reports.fixtures.js';
import { familyLogin } from './family.fixtures.js';

/**
 * The family portal's inbox of a child (docs/product.md#families): the open offers and the reports sent
 * to this guardian not yet opened, so a parent signed in (by a handed-out sign-in, say) needs no mailed
 * link; offers are answered there through the offers' own answer; all of it asked of the standing rule.
 */
describe('family inbox: open offers and unread reports, without a mailed link', () => {
  let t: TestApp, admin: Client;
  let d: FinalisedDraft;
  let child: number, sibling: number;
  let parent: string, otherParent: string;
  let reportId: number;

  const guardianOf = async (playerId: number, not?: string) =>
    (
      await t.db
        .selectFrom('guardian_links as l')
        .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
        .select(['g.email', 'l.id'])
        .where('l.player_id', '=', playerId)
        .where('l.status', '=', 'active')
        .where('l.receives_reports', '=', 1)
        .$if(!!not, (q) => q.where('g.email', '!=', not!))
        .orderBy('l.id')
        .executeTakeFirstOrThrow()
    ).email;
  const offerOf = (playerId: number) =>
    t.db.selectFrom('offers').selectAll().where('draft_id', '=', d.draftId).where('player_id', '=', playerId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    d = await finalisedDraft(t.db, { selected: 2, waitlisted: 0 });
    [child, sibling] = d.selected as [number, number];
    parent = await guardianOf(child);
    otherParent = await guardianOf(sibling, parent);
    // The offers go out as staff send them (to the outbox: no e-mail server here).
    const deadline = new Date(nowMs() + 14 * 86_400_000).toISOString().slice(0, 10);
    const preview = (await admin.post(`/api/draft/${d.draftId}/offers/preview`, { deadline })).json().data;
    expect((await admin.post(`/api/draft/${d.draftId}/offers`, { deadline, confirmation: preview.confirmation })).statusCode).toBe(200);
    // And a sent report of the child.
    const cycleId = await reportCycle(t.db, [d.teamId], 'Inbox cycle');
    reportId = await approvedReport(t.db, { cycleId, playerId: child, teamId: d.teamId });
    const sent = await admin.post(`/api/team/${d.teamId}/report-delivery/${cycleId}`, { confirm: true });
    expect(sent.statusCode, sent.body).toBe(200);
  });
  afterAll(async () => t.close());

  it('401 without a family session (staff included), 400 bad ids and answers, 404 another family’s child or another child’s offer', async () => {
    const family = await familyLogin(t, parent);
    const offer = await offerOf(child);
    for (const c of [t.anon, admin]) {
      expect((await c.get(`/api/family/player/${child}/inbox`)).statusCode).toBe(401);
      expect((await c.post(`/api/family/player/${child}/offer/${offer.id}/answer`, { answer: 'accept' })).statusCode).toBe(401);
    }
    expect((await family.get('/api/family/player/abc/inbox')).statusCode).toBe(400);
    expect((await family.post(`/api/family/player/${child}/offer/x/answer`, { answer: 'accept' })).statusCode).toBe(400);
    expect((await family.post(`/api/family/player/${child}/offer/${offer.id}/answer`, { answer: 'maybe' })).statusCode).toBe(400);
    const stranger = await t.db
      .selectFrom('team_players as tp')
      .innerJoin('teams as te', 'te.id', 'tp.team_id')
      .select('tp.player_id')
      .where('te.name', '=', 'U18 Boys')
      .orderBy('tp.player_id', 'desc')
      .executeTakeFirstOrThrow();
    const mine = new Set((await family.get('/api/family/me')).json().data.children.map((c: { id: number }) => c.id));
    expect(mine.has(stranger.player_id)).toBe(false);
    expect((await family.get(`/api/family/player/${stranger.player_id}/inbox`)).statusCode).toBe(404);
    const siblingOffer = await offerOf(sibling);
    // The sibling's offer asked for under this child's id is another child's offer: 404.
    expect((await family.post(`/api/family/player/${child}/offer/${siblingOffer.id}/answer`, { answer: 'accept' })).statusCode).toBe(404);
    expect((await family.post(`/api/family/player/${child}/offer/999999/answer`, { answer: 'accept' })).statusCode).toBe(404);
    expect((await offerOf(child)).state).toBe('pending');
  });

  it('lists the open offer and the unread report; a withdrawn reports consent hides the report; opening it takes it off', async () => {
    const family = await familyLogin(t, parent);
    const offer = await offerOf(child);
    const inbox = (await family.get(`/api/family/player/${child}/inbox`)).json().data;
    expect(inbox.offers).toEqual([{ id: offer.id, team: expect.any(String), deadline: offer.deadline }]);
    expect(inbox.reports).toEqual([{ id: reportId, cycle: 'Inbox cycle', team: expect.any(String), sent_at: expect.any(String) }]);

    // Without the reports consent (standing for `report`) no report is listed; the offer still is.
    const withdraw = await family.post(`/api/family/player/${child}/consent`, { purpose: 'reports', granted: false });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const hidden = (await family.get(`/api/family/player/${child}/inbox`)).json().data;
    expect(hidden.reports).toEqual([]);
    expect(hidden.offers).toHaveLength(1);
    expect((await family.post(`/api/family/player/${child}/consent`, { purpose: 'reports', granted: true })).statusCode).toBe(200);
    expect((await family.get(`/api/family/player/${child}/inbox`)).json().data.reports).toHaveLength(1);

    // Read in the portal: no longer new for this guardian.
    expect((await family.get(`/api/family/player/${child}/report/${reportId}`)).statusCode).toBe(200);
    expect((await family.get(`/api/family/player/${child}/inbox`)).json().data.reports).toEqual([]);
  });

  it('accepts from the portal through the offers’ answer, once, using up the guardian’s mailed link; a decline releases the place; a revoked guardian is 403', async () => {
    const family = await familyLogin(t, parent);
    const offer = await offerOf(child);
    const res = await family.post(`/api/family/player/${child}/offer/${offer.id}/answer`, { answer: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.offers).toEqual([]);
    const after = await offerOf(child);
    expect(after).toMatchObject({ state: 'accepted', answered_by: 'guardian' });
    expect(
      await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', d.teamId).where('player_id', '=', child).execute(),
    ).toHaveLength(1);
    const delivery = await t.db
      .selectFrom('offer_deliveries as od')
      .innerJoin('guardians as g', 'g.id', 'od.guardian_id')
      .select('od.used_at')
      .where('od.offer_id', '=', offer.id)
      .where('g.email', '=', parent)
      .executeTakeFirstOrThrow();
    expect(delivery.used_at).not.toBeNull();
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'offer_answer')
      .where('entity_id', '=', offer.id)
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([`guardian accepted the offer of player ${child}`]);
    const twice = await family.post(`/api/family/player/${child}/offer/${offer.id}/answer`, { answer: 'decline' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ANSWERED_OFFER_LINK);

    // Declined by the sibling's guardian: the place is released.
    const theirs = await familyLogin(t, otherParent);
    const siblingOffer = await offerOf(sibling);
    expect((await theirs.get(`/api/family/player/${sibling}/inbox`)).json().data.offers.map((o: { id: number }) => o.id)).toEqual([
      siblingOffer.id,
    ]);
    const declined = await theirs.post(`/api/family/player/${sibling}/offer/${siblingOffer.id}/answer`, { answer: 'decline' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await offerOf(sibling)).state).toBe('declined');

    // Revoked: the child's inbox and answers are 403 at once.
    const link = (await admin.get(`/api/player/${child}/guardians`)).json().data.find((l: { email: string }) => l.email === parent);
    expect((await admin.post(`/api/player/${child}/guardian/${link.id}/revoke`)).statusCode).toBe(200);
    expect((await family.get(`/api/family/player/${child}/inbox`)).statusCode).toBe(403);
    expect((await family.post(`/api/family/player/${child}/offer/${offer.id}/answer`, { answer: 'accept' })).statusCode).toBe(403);
  });

  it('after the hand-over a guardian the player does not share with sees no inbox (403) and cannot answer', async () => {
    const offer = await offerOf(sibling);
    const theirs = await familyLogin(t, otherParent);
    const now = nowIso();
    await t.db
      .insertInto('player_handovers')
      .values({ player_id: sibling, notice_at: now, claim_mail_at: now, claimed_at: now, updated_at: now })
      .execute();
    expect((await theirs.get(`/api/family/player/${sibling}/inbox`)).statusCode).toBe(403);
    expect((await theirs.post(`/api/family/player/${sibling}/offer/${offer.id}/answer`, { answer: 'accept' })).statusCode).toBe(403);
  });
});
