import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { Permissions } from '../../../shared/permissions.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

const none: Permissions = {
  teams: 0,
  players: 0,
  evaluation: 0,
  criteria: 0,
  user_management: 0,
  reports: 0,
  resources: 0,
  emails: 0,
  sessions: 0,
};
const perms = (p: Partial<Permissions>): Permissions => ({ ...none, ...p });

let t: TestApp;
let sa: Client;
let admin: Client;
let roleIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  sa = await t.login('superadmin');
  admin = await t.login('admin');
  const rows = await t.db.selectFrom('roles').select(['id', 'key']).where('key', 'is not', null).execute();
  roleIds = Object.fromEntries(rows.map((r) => [r.key!, r.id]));
});
afterAll(() => t.close());

async function auditOf(entityId: number) {
  return t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'role').where('entity_id', '=', entityId).orderBy('id').execute();
}

describe('GET /api/roles', () => {
  it('answers 401 signed out and 403 without user management', async () => {
    expect((await t.anon.get('/api/roles')).statusCode).toBe(401);
    expect((await (await t.login('coach')).get('/api/roles')).statusCode).toBe(403);
    expect((await (await t.login('player')).get('/api/roles')).statusCode).toBe(403);
  });

  it('lists every role with its permissions, user count and users (auth_role ignored)', async () => {
    const res = await admin.get('/api/roles?auth_role=Player');
    expect(res.statusCode).toBe(200);
    const roles = res.json().data as {
      title: string;
      key: string;
      admin: boolean;
      userCount: number;
      users: { first_name: string }[];
      permissions: Permissions;
    }[];
    expect(roles.map((r) => r.title)).toEqual(expect.arrayContaining(['Superadmin', 'Admin', 'Coach', 'Player']));
    const coach = roles.find((r) => r.key === 'coach')!;
    expect(coach.userCount).toBe(2);
    expect(coach.users.map((u) => u.first_name).sort()).toEqual(['Casey', 'Jordan']);
    expect(coach.permissions.teams).toBe(1);
    expect(coach.admin).toBe(false);
    expect(roles.find((r) => r.key === 'admin')!.admin).toBe(true);
  });
});

describe('POST /api/roles', () => {
  it('answers 401 signed out and 403 below user management write', async () => {
    const body = { title: 'Scout', permissions: perms({ players: 1 }) };
    expect((await t.anon.post('/api/roles', body)).statusCode).toBe(401);
    expect((await (await t.login('coach')).post('/api/roles', body)).statusCode).toBe(403);
  });

  it('answers 400 with the product messages: title required, at least one permission', async () => {
    const noTitle = await admin.post('/api/roles', { title: '  ', permissions: perms({ players: 1 }) });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toEqual({ message: MSG.required, field: 'title' });
    const nothing = await admin.post('/api/roles', { title: 'Empty', permissions: none });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ message: MSG.onePermission, field: 'permissions' });
    const badLevel = await admin.post('/api/roles', { title: 'Bad', permissions: { ...none, teams: 3 } });
    expect(badLevel.statusCode).toBe(400);
  });

  it('creates a role, refuses a duplicate title (any case) and records the audit entry', async () => {
    const res = await admin.post('/api/roles', { title: 'Scout', permissions: perms({ players: 1, reports: 1 }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.success);
    const id = res.json().data.id as number;
    const row = await t.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Scout', key: null, admin: 0, players: 1, reports: 1, teams: 0 });
    const dup = await admin.post('/api/roles', { title: 'scout', permissions: perms({ players: 1 }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().field).toBe('title');
    const audit = await auditOf(id);
    expect(audit[0]).toMatchObject({ action: 'create', user_name: 'Alex Admin' });
    expect(audit[0]!.summary).toContain('players read');
  });

  it('the Admin option gives user management level 1 and is Superadmin-only', async () => {
    const byAdmin = await admin.post('/api/roles', { title: 'Office', admin: true, permissions: perms({ teams: 1 }) });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(MSG.adminRolesSuperadminOnly);
    const res = await sa.post('/api/roles', { title: 'Office', admin: true, permissions: perms({ teams: 1 }) });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('roles').selectAll().where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row.admin).toBe(1);
    expect(row.user_management).toBe(1);
  });

  it("refuses to grant a level above the actor's own (escalation)", async () => {
    // A custom manager role: user management write but only read on teams.
    const mgr = await sa.post('/api/roles', { title: 'Team manager', permissions: perms({ user_management: 2, teams: 1 }) });
    const mgrRoleId = mgr.json().data.id as number;
    const userRes = await sa.post('/api/users', {
      first_name: 'Mia',
      last_name: 'Manager',
      email: 'mia.manager@example.org',
      role: mgrRoleId,
    });
    expect(userRes.statusCode).toBe(200);
    await t.db
      .updateTable('users')
      .set({
        must_change_password: 0,
        password_expires_at: null,
        password_hash: (
          await t.db.selectFrom('users').select('password_hash').where('email', '=', 'coach@demo.club').executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('email', '=', 'mia.manager@example.org')
      .execute();
    const mia = await t.login({ email: 'mia.manager@example.org', password: 'demo-coach' });

    const up = await mia.post('/api/roles', { title: 'Head coach', permissions: perms({ teams: 2 }) });
    expect(up.statusCode).toBe(403);
    expect(up.json()).toEqual({ message: MSG.noEscalation, field: 'title' });
    const ok = await mia.post('/api/roles', { title: 'Assistant', permissions: perms({ teams: 1 }) });
    expect(ok.statusCode).toBe(200);
    // Raising an existing role above her own level is escalation too.
    const raise = await mia.post(`/api/role/${ok.json().data.id}`, { title: 'Assistant', permissions: perms({ teams: 2 }) });
    expect(raise.statusCode).toBe(403);
    // Her own role is off limits, even to lower it.
    const own = await mia.post(`/api/role/${mgrRoleId}`, { title: 'Team manager', permissions: perms({ user_management: 2 }) });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MSG.ownRole);
    // A role above her levels (Coach has players write) is not hers to edit or delete.
    expect((await mia.post(`/api/role/${roleIds.coach}`, { title: 'Coach', permissions: perms({ teams: 1 }) })).statusCode).toBe(403);
    // Nor is the built-in Player role, even within her own levels: it is every player's account.
    const player = await mia.post(`/api/role/${roleIds.player}`, {
      title: 'Player',
      permissions: perms({ resources: 1, teams: 1, user_management: 1 }),
    });
    expect(player.statusCode).toBe(403);
    expect(player.json()).toEqual({ message: MSG.builtInRolesSuperadminOnly, field: 'title' });
    const levels = await t.db
      .selectFrom('roles')
      .select(['teams', 'user_management'])
      .where('key', '=', 'player')
      .executeTakeFirstOrThrow();
    expect(levels).toEqual({ teams: 0, user_management: 0 });
  });

  it('built-in roles are changed by Superadmin only (an Admin neither)', async () => {
    const current = (await sa.get('/api/roles')).json().data.find((r: { key: string }) => r.key === 'player');
    const byAdmin = await admin.post(`/api/role/${roleIds.player}`, { title: 'Player', permissions: { ...current.permissions, teams: 1 } });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(MSG.builtInRolesSuperadminOnly);
    const bySa = await sa.post(`/api/role/${roleIds.player}`, { title: 'Player', permissions: { ...current.permissions, reports: 1 } });
    expect(bySa.statusCode).toBe(200);
    await sa.post(`/api/role/${roleIds.player}`, { title: 'Player', permissions: current.permissions });
  });
});

describe('POST /api/role/{id}', () => {
  it('answers 401, 403 (coach), 404 and 400', async () => {
    const body = { title: 'X', permissions: perms({ teams: 1 }) };
    expect((await t.anon.post(`/api/role/${roleIds.coach}`, body)).statusCode).toBe(401);
    expect((await (await t.login('coach')).post(`/api/role/${roleIds.coach}`, body)).statusCode).toBe(403);
    expect((await admin.post('/api/role/99999', body)).statusCode).toBe(404);
    expect((await admin.post(`/api/role/${roleIds.coach}`, { title: 'Coach', permissions: none })).statusCode).toBe(400);
  });

  it('edits a role; its users get the new levels on their next request; audit records the change', async () => {
    const coach = await t.login('coach');
    expect((await coach.get('/api/auth/me')).json().data.permissions.criteria).toBe(1);
    const current = (await sa.get('/api/roles')).json().data.find((r: { key: string }) => r.key === 'coach');
    const res = await sa.post(`/api/role/${roleIds.coach}`, { title: 'Coach', permissions: { ...current.permissions, criteria: 2 } });
    expect(res.statusCode).toBe(200);
    expect((await coach.get('/api/auth/me')).json().data.permissions.criteria).toBe(2);
    const audit = await auditOf(roleIds.coach!);
    expect(audit.at(-1)).toMatchObject({ action: 'role_change' });
    expect(audit.at(-1)!.summary).toContain('criteria read → write');
    await sa.post(`/api/role/${roleIds.coach}`, { title: 'Coach', permissions: current.permissions });
  });

  it('only Superadmin edits admin roles; nobody edits their own; the built-in admin flag is fixed', async () => {
    const p = perms({ teams: 2, user_management: 2 });
    const byAdmin = await admin.post(`/api/role/${roleIds.admin}`, { title: 'Admin', admin: true, permissions: p });
    expect(byAdmin.statusCode).toBe(403);
    const own = await sa.post(`/api/role/${roleIds.superadmin}`, { title: 'Superadmin', admin: true, permissions: p });
    expect(own.statusCode).toBe(403);
    const flag = await sa.post(`/api/role/${roleIds.player}`, { title: 'Player', admin: true, permissions: perms({ resources: 1 }) });
    expect(flag.statusCode).toBe(400);
    // Making a custom role an admin role is Superadmin's alone.
    const custom = await admin.post('/api/roles', { title: 'Volunteer', permissions: perms({ resources: 1 }) });
    const promote = await admin.post(`/api/role/${custom.json().data.id}`, {
      title: 'Volunteer',
      admin: true,
      permissions: perms({ resources: 1 }),
    });
    expect(promote.statusCode).toBe(403);
    expect(
      (await sa.post(`/api/role/${custom.json().data.id}`, { title: 'Volunteer', admin: true, permissions: perms({ resources: 1 }) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /api/role/{id}/delete', () => {
  it('answers 401, 403 and 404', async () => {
    expect((await t.anon.post(`/api/role/${roleIds.coach}/delete`, {})).statusCode).toBe(401);
    expect((await (await t.login('coach')).post(`/api/role/${roleIds.coach}/delete`, {})).statusCode).toBe(403);
    expect((await admin.post('/api/role/99999/delete', {})).statusCode).toBe(404);
  });

  it('never deletes Player or Coach (nor the admin roles)', async () => {
    for (const key of ['player', 'coach']) {
      const res = await admin.post(`/api/role/${roleIds[key]}/delete`, {});
      expect(res.statusCode).toBe(409);
    }
    expect((await sa.post(`/api/role/${roleIds.admin}/delete`, {})).statusCode).toBe(409);
    expect(await t.db.selectFrom('roles').select('id').where('key', 'is not', null).execute()).toHaveLength(4);
  });

  it('refuses a role with users with the product message, deletes it once empty, and audits', async () => {
    const role = await admin.post('/api/roles', { title: 'Statistician', permissions: perms({ reports: 1 }) });
    const roleId = role.json().data.id as number;
    const user = await admin.post('/api/users', { first_name: 'Stat', last_name: 'Person', email: 'stat@example.org', role: roleId });
    expect(user.statusCode).toBe(200);
    const blocked = await admin.post(`/api/role/${roleId}/delete`, {});
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ message: MSG.roleHasUsers, field: 'title' });
    expect((await admin.post(`/api/user/${user.json().data.id}/delete`, {})).statusCode).toBe(200);
    const ok = await admin.post(`/api/role/${roleId}/delete`, {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.success);
    expect(await t.db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst()).toBeUndefined();
    expect((await auditOf(roleId)).map((a) => a.action)).toEqual(['create', 'delete']);
  });
});
