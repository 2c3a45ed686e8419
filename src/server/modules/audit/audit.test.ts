import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { recordAudit } from './audit.repository.js';

let t: TestApp;
let sa: Client;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  sa = await t.login('superadmin');
  await t.db.deleteFrom('audit_log').execute();
  adminId = (await t.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.club').executeTakeFirstOrThrow()).id;
  await recordAudit(t.db, { id: adminId }, 'create', 'team', 1, 'Team U18');
  await recordAudit(t.db, { id: adminId }, 'delete', 'team', 1, 'Team U18');
  await recordAudit(t.db, null, 'update', 'player', 7, 'by the system');
  await t.db.updateTable('audit_log').set({ created_at: '2024-01-15T10:00:00.000Z' }).where('entity', '=', 'player').execute();
  for (let i = 0; i < 55; i++) await recordAudit(t.db, { id: adminId }, 'update', 'criterion', i, `edit ${i}`);
});
afterAll(() => t.close());

describe('GET /api/audit', () => {
  it('answers 401 signed out and 403 to everyone but Superadmin', async () => {
    expect((await t.anon.get('/api/audit')).statusCode).toBe(401);
    for (const who of ['admin', 'coach', 'player'] as const) expect((await (await t.login(who)).get('/api/audit')).statusCode).toBe(403);
  });

  it('answers 400 for a malformed date or page', async () => {
    expect((await sa.get('/api/audit?from=15/01/2024')).json().field).toBe('from');
    expect((await sa.get('/api/audit?page=0')).statusCode).toBe(400);
  });

  it('pages newest first (50 a page) and offers the filter choices', async () => {
    const first = (await sa.get('/api/audit')).json().data;
    expect(first.total).toBe(58);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({ entity: 'criterion', summary: 'edit 54', user_name: 'Alex Admin', user_id: adminId });
    expect(first.entities).toEqual(['criterion', 'player', 'team']);
    expect(first.users).toEqual([{ id: adminId, name: 'Alex Admin' }]);
    const second = (await sa.get('/api/audit?page=2')).json().data;
    expect(second.items).toHaveLength(8);
  });

  it('filters by entity, user and period', async () => {
    const teams = (await sa.get('/api/audit?entity=team')).json().data;
    expect(teams.items.map((i: { action: string }) => i.action)).toEqual(['delete', 'create']);
    expect((await sa.get(`/api/audit?user=${adminId}`)).json().data.total).toBe(57);
    const old = (await sa.get('/api/audit?from=2024-01-15&to=2024-01-15')).json().data;
    expect(old.items).toHaveLength(1);
    expect(old.items[0]).toMatchObject({ entity: 'player', user_name: 'system', user_id: null });
    expect((await sa.get('/api/audit?to=2024-01-14')).json().data.total).toBe(0);
  });

  it('records the writes of this issue: a role change shows up in the trail', async () => {
    const coachRole = await t.db.selectFrom('roles').selectAll().where('key', '=', 'coach').executeTakeFirstOrThrow();
    const { id, title, key, admin, created_at, updated_at, ...permissions } = coachRole;
    void key;
    void admin;
    void created_at;
    void updated_at;
    await sa.post(`/api/role/${id}`, { title, permissions: { ...permissions, emails: 2 } });
    const roles = (await sa.get('/api/audit?entity=role')).json().data;
    expect(roles.items[0]).toMatchObject({ action: 'role_change', entity_id: id, user_name: 'Sam Superadmin' });
    expect(roles.items[0].summary).toContain('emails read → write');
  });
});

describe('update summaries record before → after (issue 6)', () => {
  const latest = async (entity: string) =>
    (await sa.get(`/api/audit?entity=${entity}`)).json().data.items[0] as { action: string; entity_id: number; summary: string };
  const teamId = async (name: string) =>
    (await t.db.selectFrom('teams').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('a player update names each changed field, teams by name, and leaves out the unchanged ones', async () => {
    const [u14, u16] = [await teamId('U14 Boys'), await teamId('U16 Girls')];
    const created = (
      await sa.post('/api/players', {
        first_name: 'Audit',
        last_name: 'Trail',
        email: 'audit.parent@example.org',
        dob: '2012',
        team_id: [u14],
      })
    ).json().data;
    const res = await sa.post(`/api/player/${created.id}`, {
      first_name: 'Audited',
      last_name: 'Trail',
      dob: '2013',
      player_email: 'audited@example.org',
      team_id: [u14, u16],
    });
    expect(res.statusCode).toBe(200);
    const entry = await latest('player');
    expect(entry).toMatchObject({ action: 'update', entity_id: created.id });
    expect(entry.summary).toBe(
      "Audited Trail: first_name 'Audit' → 'Audited'; player_email (none) → 'audited@example.org'; dob 2012 → 2013; teams 'U14 Boys' → 'U14 Boys, U16 Girls'",
    );
    await sa.post(`/api/player/${created.id}`, {
      first_name: 'Audited',
      last_name: 'Trail',
      dob: '2013',
      player_email: 'audited@example.org',
      team_id: [u14, u16],
    });
    expect((await latest('player')).summary).toBe('Audited Trail: no changes');
  });

  it('suspend and reactivate record the status change of the user', async () => {
    const coachRole = (await t.db.selectFrom('roles').select('id').where('key', '=', 'coach').executeTakeFirstOrThrow()).id;
    const id = (
      await sa.post('/api/users', { first_name: 'Sus', last_name: 'Pended', email: 'sus.pended@example.org', role: coachRole })
    ).json().data.id as number;
    expect((await sa.post(`/api/user/${id}/suspend`, {})).statusCode).toBe(200);
    expect(await latest('user')).toMatchObject({
      action: 'suspend',
      entity_id: id,
      summary: 'Sus Pended <sus.pended@example.org>: status active → suspended',
    });
    expect((await sa.post(`/api/user/${id}/reactivate`, {})).statusCode).toBe(200);
    expect(await latest('user')).toMatchObject({
      action: 'reactivate',
      entity_id: id,
      summary: 'Sus Pended <sus.pended@example.org>: status suspended → active',
    });
    await sa.post(`/api/user/${id}`, { first_name: 'Sue', last_name: 'Pended' });
    expect((await latest('user')).summary).toBe("Sus Pended <sus.pended@example.org>: first_name 'Sus' → 'Sue'");
  });

  it('resource and note updates record what changed', async () => {
    const roles = await t.db.selectFrom('roles').select(['id', 'key']).where('key', 'in', ['coach', 'player']).execute();
    const byKey = Object.fromEntries(roles.map((r) => [r.key!, r.id]));
    const body = {
      title: 'Audit drills',
      category: 'Drills',
      video_links: ['https://example.org/v'],
      document_links: [],
      tags: ['a'],
      access: [byKey.coach!],
    };
    const id = (await sa.post('/api/resources', body)).json().data.id as number;
    await sa.post(`/api/resources/${id}`, { ...body, tags: ['a', 'b'], access: [byKey.coach!, byKey.player!] });
    expect((await latest('resource')).summary).toBe("Audit drills (Drills): tags 'a' → 'a, b'; access 'Coach' → 'Coach, Player'");

    const playerId = (await t.db.selectFrom('players').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const note = (await sa.post(`/api/player/${playerId}/notes`, { details: 'First draft' })).json().data;
    await sa.post(`/api/player/${playerId}/note/${note.id}`, { details: 'Second draft' });
    expect((await latest('note')).summary).toBe(`note on player ${playerId}: details 'First draft' → 'Second draft'`);
  });
});
