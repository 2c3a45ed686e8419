import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { permissionsAt } from '../../../shared/permissions.js';
import { privacyMessages, type PlayerPrivacy, type PrivacyList, type PrivacyRequest } from '../../../shared/schemas/privacy.js';
import { insertUser } from '../../db/bootstrap.js';
import { hashPassword } from '../auth/passwords.js';
import { familyLogin, familyOf } from '../family/family.fixtures.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';
import { insertRole } from '../roles/roles.repository.js';
import type { Client, TestApp } from '../../test/harness.js';
import type { PlayerExport } from './export.service.js';
import { nowIso, nowMs } from '../../lib/time.js';

let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, coach, player, ids } = s);
});

const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function newPlayer(first: string, last: string, email: string): Promise<number> {
  return data<{ id: number }>(await admin.post('/api/players', { first_name: first, last_name: last, email, team_id: [ids.own] })).id;
}

describe('subject access export', () => {
  it('401 / 403 / 400 / 404', async () => {
    expect((await t.anon.get(`/api/player/${ids.ownPlayer}/privacy/export.json`)).statusCode).toBe(401);
    expect((await coach.get(`/api/player/${ids.ownPlayer}/privacy/export.json`)).statusCode).toBe(403);
    expect((await player.get(`/api/player/${ids.linkedPlayer}/privacy/export.pdf`)).statusCode).toBe(403);
    expect((await admin.get('/api/player/abc/privacy/export.json')).statusCode).toBe(400);
    expect((await admin.get('/api/player/99999999/privacy/export.pdf')).statusCode).toBe(404);
  });

  it("holds the player's profile, teams, evaluations with family comments, achievements, reports, guardians, consents and audit; lists what it leaves out", async () => {
    const id = await newPlayer('Export', 'Subject', 'export.parent@example.org');
    const sibling = await newPlayer('Export', 'Sibling', 'export.parent@example.org');
    const criterion = (await t.db.selectFrom('criteria').select('id').executeTakeFirstOrThrow()).id;
    data(await admin.post(`/api/player/${id}/evaluation`, { criteria_id: criterion, score: 8, notes: 'Great footwork, for the family' }));
    data(await admin.post(`/api/player/${sibling}/evaluation`, { criteria_id: criterion, score: 3, notes: 'Sibling comment' }));
    data(await admin.post(`/api/player/${id}/notes`, { details: 'Staff-only remark' }));
    const award = (await t.db.selectFrom('achievements').select('id').executeTakeFirstOrThrow()).id;
    data(await admin.post(`/api/player/${id}/achievements`, { achievement_id: award, detail: 'Most improved' }));
    const guardian = await familyLogin(t, 'export.parent@example.org');
    data(await guardian.post(`/api/family/player/${id}/consent`, { purpose: 'public_name', granted: true }));
    await insertReport(id, '{"player":"Export Subject","total":80}');

    const res = await admin.get(`/api/player/${id}/privacy/export.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="player-${id}-data.json"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const doc = JSON.parse(res.body) as PlayerExport;
    expect(doc.player).toMatchObject({ id, firstName: 'Export', lastName: 'Subject', parentEmail: 'export.parent@example.org' });
    expect(doc.teams.map((x) => x.name)).toEqual(['U14 Boys']);
    expect(doc.evaluations).toEqual([
      expect.objectContaining({ comment: 'Great footwork, for the family', score: expect.anything(), by: 'Coach' }),
    ]);
    expect(doc.achievements).toEqual([expect.objectContaining({ detail: 'Most improved' })]);
    expect(doc.reports).toEqual([expect.objectContaining({ snapshot: { player: 'Export Subject', total: 80 } })]);
    expect(doc.guardians).toEqual([
      expect.objectContaining({
        email: 'export.parent@example.org',
        status: 'active',
        consents: [expect.objectContaining({ purpose: 'public_name', granted: true })],
      }),
    ]);
    expect(doc.audit.some((a) => a.entity === 'player' && a.action === 'create')).toBe(true);
    expect(doc.audit.some((a) => a.action === 'consent')).toBe(true);
    expect(doc.exclusions.find((x) => x.what === 'Staff notes')).toMatchObject({ count: 1 });
    // Never another player's data, a staff note or a secret.
    expect(res.body).not.toContain('Sibling');
    expect(res.body).not.toContain('Staff-only remark');
    expect(res.body).not.toMatch(/password_hash|token_hash|\$argon2/);

    const pdf = await admin.get(`/api/player/${id}/privacy/export.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    expect(text).toContain('Personal data of Export Subject');
    expect(text).toContain('Great footwork, for the family');
    expect(text).toContain('export.parent@example.org');
    expect(text).toContain('Not included');
    expect(text).not.toContain('Staff-only remark');
    const audit = await t.db.selectFrom('audit_log').select('summary').where('action', '=', 'export').where('entity_id', '=', id).execute();
    expect(audit).toHaveLength(2);
  });

  it('names no staff member, as it says: audit entries by staff say Club staff, staff notes leave no entry, teams no coach', async () => {
    const id = await newPlayer('Unnamed', 'Staff', 'unnamed.staff@example.org');
    const criterion = (await t.db.selectFrom('criteria').select('id').executeTakeFirstOrThrow()).id;
    data(await coach.post(`/api/player/${id}/evaluation`, { criteria_id: criterion, score: 6, notes: 'Coach comment' }));
    data(await admin.post(`/api/player/${id}/notes`, { details: 'Note by staff' }));
    const guardian = await familyLogin(t, 'unnamed.staff@example.org');
    data(await guardian.post(`/api/family/player/${id}/consent`, { purpose: 'media', granted: true }));
    const staff = (await t.db.selectFrom('users').select(['first_name', 'last_name']).where('player_id', 'is', null).execute()).map(
      (u) => `${u.first_name} ${u.last_name}`,
    );
    expect(staff.length).toBeGreaterThan(2);

    const res = await admin.get(`/api/player/${id}/privacy/export.json`);
    const doc = JSON.parse(res.body) as PlayerExport;
    expect(staff.filter((name) => res.body.includes(name))).toEqual([]);
    expect(doc.audit.some((a) => a.entity === 'evaluation' && a.by === 'Club staff')).toBe(true);
    expect(doc.audit.some((a) => a.action === 'consent' && a.by === 'Guardian unnamed.staff@example.org')).toBe(true);
    expect(doc.audit.filter((a) => a.entity === 'note')).toEqual([]);
    expect(doc.teams).toEqual([{ name: 'U14 Boys', club: expect.any(String), season: expect.any(String) }]);
    expect(doc.exclusions.find((x) => x.what === 'Names of staff')?.why).toContain('Club staff');
    const pdf = await admin.get(`/api/player/${id}/privacy/export.pdf`);
    const text = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    expect(staff.filter((name) => text.includes(name))).toEqual([]);
  });
});

async function insertReport(playerId: number, snapshot: string): Promise<void> {
  const now = nowIso();
  const season = (await t.db.selectFrom('seasons').select('id').executeTakeFirstOrThrow()).id;
  const cycle = await t.db
    .insertInto('report_cycles')
    .values({
      name: 'Autumn',
      season_id: season,
      opens_on: '2026-09-01',
      closes_on: '2026-11-30',
      show_team_average: 0,
      show_rank: 0,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('reports')
    .values({
      cycle_id: cycle.id,
      player_id: playerId,
      team_id: ids.own,
      state: 'sent',
      overall_comment: 'Keep going',
      criterion_comments: '{}',
      focus: '[]',
      snapshot,
      created_by: null,
      approved_by: null,
      approved_at: now,
      sent_at: now,
      viewed_at: null,
      revoked_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('erasure requests', () => {
  it('401 / 403 / 400 on every route', async () => {
    expect((await t.anon.post(`/api/player/${ids.linkedPlayer}/erasure-request`, {})).statusCode).toBe(401);
    expect((await t.anon.get('/api/privacy/requests')).statusCode).toBe(401);
    expect((await t.anon.post('/api/privacy/request/1/decide', { decision: 'refuse', reason: 'x' })).statusCode).toBe(401);
    expect((await t.anon.post(`/api/family/player/${ids.linkedPlayer}/erasure-request`, {})).statusCode).toBe(401);
    expect((await coach.post(`/api/player/${ids.ownPlayer}/erasure-request`, {})).statusCode).toBe(403);
    expect((await coach.get('/api/privacy/requests')).statusCode).toBe(403);
    expect((await player.get('/api/privacy/requests')).statusCode).toBe(403);
    expect((await player.post(`/api/player/${ids.otherPlayer}/erasure-request`, {})).statusCode).toBe(403);
    expect((await admin.post(`/api/player/${ids.ownPlayer}/erasure-request`, { reason: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await admin.get('/api/privacy/requests?open=yes')).statusCode).toBe(400);
    const refuse = await admin.post('/api/privacy/request/1/decide', { decision: 'refuse' });
    expect(refuse.statusCode).toBe(400);
    expect(refuse.json()).toEqual({ message: privacyMessages.reasonRequired, field: 'reason' });
    expect((await admin.post('/api/privacy/request/1/decide', { decision: 'maybe' })).statusCode).toBe(400);
    expect((await admin.post('/api/privacy/request/99999999/decide', { decision: 'approve' })).statusCode).toBe(404);
  });

  it('the player asks for their own erasure; a second request joins the open one; the admin sees it with its 30-day deadline and refuses with a reason', async () => {
    const res = await player.post(`/api/player/${ids.linkedPlayer}/erasure-request`, { reason: 'I am leaving the club' });
    const mine = data<PlayerPrivacy>(res);
    expect(res.json().message).toBe(MSG.success);
    expect(mine.requests).toEqual([
      expect.objectContaining({ requestedBy: 'player', status: 'open', reason: 'I am leaving the club', daysLeft: 30 }),
    ]);
    const again = data<PlayerPrivacy>(await admin.post(`/api/player/${ids.linkedPlayer}/erasure-request`, {}));
    expect(again.requests).toHaveLength(1);
    expect(data<PlayerPrivacy>(await player.get(`/api/player/${ids.linkedPlayer}/privacy`)).requests).toHaveLength(1);

    const list = data<PrivacyList>(await admin.get('/api/privacy/requests?open=1'));
    const row = list.requests.find((r) => r.playerId === ids.linkedPlayer)!;
    expect(row.dueAt.slice(0, 10)).toBe(new Date(nowMs() + 30 * 86_400_000).toISOString().slice(0, 10));
    expect(list.counts).toMatchObject({ open: list.requests.length, overdue: 0, dueSoon: 0 });

    const decided = data<PrivacyRequest>(
      await admin.post(`/api/privacy/request/${row.id}/decide`, { decision: 'refuse', reason: 'Season fees still open' }),
    );
    expect(decided).toMatchObject({ status: 'refused', decisionReason: 'Season fees still open', decidedBy: 'Alex Admin', daysLeft: null });
    const twice = await admin.post(`/api/privacy/request/${row.id}/decide`, { decision: 'approve' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(privacyMessages.notOpen);
    expect(
      (await t.db.selectFrom('players').select('first_name').where('id', '=', ids.linkedPlayer).executeTakeFirstOrThrow()).first_name,
    ).not.toBe('Erased');
    expect(data<PrivacyList>(await admin.get('/api/privacy/requests?open=1')).requests.some((r) => r.id === row.id)).toBe(false);
  });

  it('counts overdue and due-soon requests for the dashboard', async () => {
    const id = await newPlayer('Overdue', 'Request', 'overdue.parent@example.org');
    data(await admin.post(`/api/player/${id}/erasure-request`, {}));
    await t.db
      .updateTable('privacy_requests')
      .set({ due_at: new Date(nowMs() - 86_400_000).toISOString() })
      .where('player_id', '=', id)
      .execute();
    const soon = await newPlayer('Soon', 'Request', 'soon.parent@example.org');
    data(await admin.post(`/api/player/${soon}/erasure-request`, {}));
    await t.db
      .updateTable('privacy_requests')
      .set({ due_at: new Date(nowMs() + 3 * 86_400_000).toISOString() })
      .where('player_id', '=', soon)
      .execute();
    const { counts, requests } = data<PrivacyList>(await admin.get('/api/privacy/requests?open=1'));
    expect(counts.overdue).toBeGreaterThanOrEqual(1);
    expect(counts.dueSoon).toBeGreaterThanOrEqual(1);
    expect(requests[0]!.playerId).toBe(id);
    expect(requests[0]!.daysLeft).toBeLessThan(0);
  });

  it('a guardian asks for their active child only: another family is 404, a revoked link 403, nothing written', async () => {
    const [a, b] = [await newPlayer('Family', 'One', 'fam.one@example.org'), await newPlayer('Family', 'Two', 'fam.two@example.org')];
    const { links } = await familyOf(admin, 'fam.both@example.org', [a, b]);
    data(await admin.post(`/api/player/${b}/guardian/${links[1]}/revoke`));
    const guardian = await familyLogin(t, 'fam.both@example.org');
    const count = async () => (await t.db.selectFrom('privacy_requests').select('id').execute()).length;
    const before = await count();
    expect((await guardian.post(`/api/family/player/${ids.otherPlayer}/erasure-request`, {})).statusCode).toBe(404);
    expect((await guardian.post(`/api/family/player/${b}/erasure-request`, {})).statusCode).toBe(403);
    expect((await guardian.get(`/api/family/player/${b}/privacy`)).statusCode).toBe(403);
    expect((await guardian.post(`/api/player/${a}/erasure-request`, {})).statusCode).toBe(401);
    expect(await count()).toBe(before);
    const made = data<PlayerPrivacy>(await guardian.post(`/api/family/player/${a}/erasure-request`, { reason: 'Please delete' }));
    expect(made.requests).toEqual([expect.objectContaining({ requestedBy: 'guardian', status: 'open' })]);
    expect(data<PlayerPrivacy>(await guardian.get(`/api/family/player/${a}/privacy`)).requests).toHaveLength(1);
  });

  it('a user manager reaching only their own team neither exports nor decides for another team', async () => {
    const roleId = await insertRole(t.db, {
      title: 'Team privacy officer',
      admin: false,
      permissions: { ...permissionsAt(0), user_management: 2, teams: 1, players: 1 },
    });
    const email = 'privacy.officer@example.org';
    await insertUser(t.db, {
      first_name: 'Priv',
      last_name: 'Officer',
      email,
      password_hash: await hashPassword('officer-password-1'),
      role_id: roleId,
    });
    const officer = await t.login({ email, password: 'officer-password-1' });
    expect((await officer.get(`/api/player/${ids.otherPlayer}/privacy/export.json`)).statusCode).toBe(403);
    const other = data<PlayerPrivacy>(await admin.post(`/api/player/${ids.otherPlayer}/erasure-request`, {})).requests[0]!;
    const before = await t.db.selectFrom('privacy_requests').select(['id', 'status']).where('id', '=', other.id).executeTakeFirstOrThrow();
    expect((await officer.post(`/api/privacy/request/${other.id}/decide`, { decision: 'approve' })).statusCode).toBe(403);
    expect(await t.db.selectFrom('privacy_requests').select(['id', 'status']).where('id', '=', other.id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
    expect(data<PrivacyList>(await officer.get('/api/privacy/requests')).requests).toEqual([]);
  });

  it('an erased player has nothing left to erase (409)', async () => {
    const id = await newPlayer('Twice', 'Erased', 'twice.parent@example.org');
    const req = data<PlayerPrivacy>(await admin.post(`/api/player/${id}/erasure-request`, {})).requests[0]!;
    const done = data<PrivacyRequest>(await admin.post(`/api/privacy/request/${req.id}/decide`, { decision: 'approve' }));
    expect(done).toMatchObject({ status: 'erased', playerName: 'Erased Player' });
    const again = await admin.post(`/api/player/${id}/erasure-request`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(privacyMessages.alreadyErased);
    expect(data<PlayerPrivacy>(await admin.get(`/api/player/${id}/privacy`)).erased).toBe(true);
  });
});
