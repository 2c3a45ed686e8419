import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { GuardianLink } from '../../../shared/schemas/guardian.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';
import type { Client, TestApp } from '../../test/harness.js';
import { guardianMessages } from './guardians.service.js';

let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, coach, player, ids } = s);
});

const links = async (c: Client, playerId: number) => (await c.get(`/api/player/${playerId}/guardians`)).json().data as GuardianLink[];

describe('guardians on the player profile', () => {
  it('401 / 403 / 400', async () => {
    expect((await t.anon.get(`/api/player/${ids.ownPlayer}/guardians`)).statusCode).toBe(401);
    expect((await t.anon.post(`/api/player/${ids.ownPlayer}/guardians`, { email: 'x@example.org' })).statusCode).toBe(401);
    expect((await player.get(`/api/player/${ids.linkedPlayer}/guardians`)).statusCode).toBe(403);
    expect((await coach.get(`/api/player/${ids.otherPlayer}/guardians`)).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${ids.otherPlayer}/guardians`, { email: 'x@example.org' })).statusCode).toBe(403);
    expect((await player.get('/api/guardians')).statusCode).toBe(403);
    const bad = await coach.post(`/api/player/${ids.ownPlayer}/guardians`, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
    expect(
      (await coach.post(`/api/player/${ids.ownPlayer}/guardians`, { email: 'a@example.org', relationship: 'uncle-ish' })).statusCode,
    ).toBe(400);
    expect((await admin.get('/api/guardians?filter=nope')).statusCode).toBe(400);
  });

  it('lists the migrated primary guardian; adds a second one and moves primary to it (exactly one)', async () => {
    const before = await links(coach, ids.ownPlayer);
    expect(before.filter((l) => l.isPrimary)).toHaveLength(1);
    const res = await coach.post(`/api/player/${ids.ownPlayer}/guardians`, {
      email: ' Second.Parent@Example.org ',
      name: 'Robin',
      relationship: 'guardian',
      is_primary: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.success);
    const after = res.json().data as GuardianLink[];
    expect(after.filter((l) => l.isPrimary).map((l) => l.email)).toEqual(['second.parent@example.org']);
    expect(after.find((l) => l.email === 'second.parent@example.org')).toMatchObject({
      name: 'Robin',
      relationship: 'guardian',
      status: 'invited',
      parentalResponsibility: true,
    });
    const again = await coach.post(`/api/player/${ids.ownPlayer}/guardians`, { email: 'second.parent@example.org' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(guardianMessages.alreadyLinked);
  });

  it('refuses a guardian e-mail that is a player sign-in', async () => {
    const res = await admin.post(`/api/player/${ids.ownPlayer}/guardians`, { email: 'player@demo.club' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: guardianMessages.isPlayerLogin, field: 'email' });
  });

  it('edits flags; revoking the primary hands primary to the next live link; history stays', async () => {
    const list = await links(coach, ids.ownPlayer);
    const second = list.find((l) => l.email === 'second.parent@example.org')!;
    const edit = await coach.post(`/api/player/${ids.ownPlayer}/guardian/${second.id}`, {
      relationship: 'parent',
      is_primary: true,
      receives_reports: false,
      parental_responsibility: true,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.find((l: GuardianLink) => l.id === second.id)).toMatchObject({
      relationship: 'parent',
      receivesReports: false,
    });
    const revoked = (await coach.post(`/api/player/${ids.ownPlayer}/guardian/${second.id}/revoke`)).json().data as GuardianLink[];
    expect(revoked.find((l) => l.id === second.id)).toMatchObject({ status: 'revoked', isPrimary: false });
    expect(revoked.filter((l) => l.isPrimary)).toHaveLength(1);
    const other = (await links(admin, ids.otherPlayer))[0]!;
    expect((await coach.post(`/api/player/${ids.ownPlayer}/guardian/${other.id}/revoke`)).statusCode).toBe(404);
    const relink = await coach.post(`/api/player/${ids.ownPlayer}/guardians`, { email: 'second.parent@example.org' });
    expect(relink.json().data.find((l: GuardianLink) => l.id === second.id).status).toBe('invited');
  });
});

describe('Guardians list', () => {
  it('lists the guardians of the players the caller reaches; Unclaimed filter; coaches see only their players', async () => {
    const all = (await admin.get('/api/guardians?pageSize=200')).json().data;
    expect(all.total).toBeGreaterThan(40);
    const unclaimed = (await admin.get('/api/guardians?filter=unclaimed&pageSize=200')).json().data;
    expect(unclaimed.data.map((g: { email: string }) => g.email)).toContain('co.parent@demo.club');
    expect(unclaimed.data.every((g: { unclaimed: boolean }) => g.unclaimed)).toBe(true);
    const mine = (await coach.get('/api/guardians?pageSize=200')).json().data;
    expect(mine.total).toBeLessThan(all.total);
    const coachPlayers = new Set((await coach.get('/api/players?pageSize=200')).json().data.data.map((p: { id: number }) => p.id));
    const named = await t.db
      .selectFrom('guardian_links')
      .select('id')
      .where('player_id', 'in', [...coachPlayers] as number[])
      .execute();
    const linkIds = new Set(named.map((l) => l.id));
    expect(mine.data.flatMap((g: { players: { id: number }[] }) => g.players.map((p) => p.id)).every((id: number) => linkIds.has(id))).toBe(
      true,
    );
    expect((await admin.get('/api/guardians?q=CO.PARENT')).json().data.data.map((g: { email: string }) => g.email)).toEqual([
      'co.parent@demo.club',
    ]);
  });

  it('the count, kept per score version, follows a new link, a search match renamed and a revoked link at once', async () => {
    const total = async (query = '') => (await admin.get(`/api/guardians?pageSize=5${query}`)).json().data.total as number;
    const before = await total();
    const searched = await total('&q=count.follow');
    expect(searched).toBe(0);
    const added = await admin.post(`/api/player/${ids.ownPlayer}/guardians`, {
      email: 'count.follow@example.org',
      name: 'Sam',
      relationship: 'guardian',
      is_primary: false,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await total()).toBe(before + 1);
    expect(await total('&q=count.follow')).toBe(1);
    await t.db.updateTable('guardians').set({ email: 'count.moved@example.org' }).where('email', '=', 'count.follow@example.org').execute();
    await t.settled();
    expect(await total('&q=count.follow')).toBe(0);
    const link = (added.json().data as GuardianLink[]).find((l) => l.email === 'count.follow@example.org')!;
    await t.db.deleteFrom('guardian_links').where('id', '=', link.id).execute();
    await t.settled();
    expect(await total()).toBe(before);
  });

  it("Resend invitation: 403 for another coach's family, 404 unknown, mails a new sensitive link", async () => {
    const coParent = (await admin.get('/api/guardians?q=co.parent')).json().data.data[0];
    expect((await t.anon.post(`/api/guardian/${coParent.id}/invite`)).statusCode).toBe(401);
    expect((await player.post(`/api/guardian/${coParent.id}/invite`)).statusCode).toBe(403);
    expect((await admin.post('/api/guardian/999999/invite')).statusCode).toBe(404);
    expect((await admin.post('/api/guardian/x/invite')).statusCode).toBe(400);
    const otherFamily = (await links(admin, ids.otherPlayer))[0]!;
    expect((await coach.post(`/api/guardian/${otherFamily.guardianId}/invite`)).statusCode).toBe(403);
    const res = await admin.post(`/api/guardian/${coParent.id}/invite`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'co.parent@demo.club').executeTakeFirstOrThrow();
    expect(mail.sensitive).toBe(1);
    const listed = (await admin.get('/api/guardians?q=co.parent')).json().data.data[0];
    expect(listed.invitedAt).not.toBeNull();
  });
});

describe('players needing attention', () => {
  it("401 / 403; lists players without an active guardian or a consent, within the caller's reach", async () => {
    expect((await t.anon.get('/api/guardians/attention')).statusCode).toBe(401);
    expect((await player.get('/api/guardians/attention')).statusCode).toBe(403);
    const created = (
      await coach.post('/api/players', {
        first_name: 'Needs',
        last_name: 'Consent',
        email: 'needs.consent@example.org',
        team_id: [ids.own],
      })
    ).json().data;
    const all = (await admin.get('/api/guardians/attention')).json().data;
    expect(all.data.find((p: { id: number }) => p.id === created.id)).toEqual({
      id: created.id,
      name: 'Needs Consent',
      activeGuardians: 0,
      missingConsents: ['reports', 'media', 'public_name'],
    });
    const consented = await t.db.selectFrom('guardian_links').select('player_id').where('status', '=', 'active').execute();
    const fine = consented.map((l) => l.player_id).find((id) => id !== ids.ownPlayer && !all.data.some((p: { id: number }) => p.id === id));
    expect(fine).toBeDefined();
    const mine = (await coach.get('/api/guardians/attention')).json().data;
    expect(mine.data.some((p: { id: number }) => p.id === ids.otherPlayer)).toBe(false);
  });
});
