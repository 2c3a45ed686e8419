import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { startSmtpCapture, type SmtpCapture } from '../../mail/smtp-capture.js';
import { hashPassword } from '../auth/passwords.js';
import { insertUser } from '../../db/bootstrap.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { insertRole } from '../roles/roles.repository.js';
import { nowMs } from '../../lib/time.js';

let t: TestApp;
let smtp: SmtpCapture;
let sa: Client;
let admin: Client;
let roleIds: Record<string, number>;
let ids: Record<string, number>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ config: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org' } });
  sa = await t.login('superadmin');
  admin = await t.login('admin');
  const rows = await t.db.selectFrom('roles').select(['id', 'key']).where('key', 'is not', null).execute();
  roleIds = Object.fromEntries(rows.map((r) => [r.key!, r.id]));
  const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
  ids = Object.fromEntries(users.map((u) => [u.email.split('@')[0]!, u.id]));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const temporaryPasswordIn = (text: string) => /Temporary password: (\S+)/.exec(text)?.[1];

describe('GET /api/users', () => {
  it('answers 401 signed out and 403 without user management', async () => {
    expect((await t.anon.get('/api/users')).statusCode).toBe(401);
    expect((await (await t.login('coach')).get('/api/users')).statusCode).toBe(403);
  });

  it('lists users with role, status and coach/player flags; filters by role; ignores auth_role', async () => {
    const res = await admin.get('/api/users?auth_role=Player');
    expect(res.statusCode).toBe(200);
    const users = res.json().data as {
      email: string;
      role_title: string;
      isCoach: boolean;
      isPlayer: boolean;
      player: number | null;
      status: number;
    }[];
    expect(users.length).toBeGreaterThanOrEqual(5);
    const coach = users.find((u) => u.email === 'coach@demo.club')!;
    expect(coach).toMatchObject({ role_title: 'Coach', isCoach: true, isPlayer: false, player: null, status: 1 });
    const player = users.find((u) => u.email === 'player@demo.club')!;
    expect(player.isPlayer).toBe(true);
    expect(typeof player.player).toBe('number');
    const coaches = (await admin.get(`/api/users?role=${roleIds.coach}`)).json().data as { email: string }[];
    expect(coaches.map((u) => u.email).sort()).toEqual(['coach@demo.club', 'jordan.reyes@demo.club']);
    expect((await admin.get('/api/users?role=abc')).statusCode).toBe(400);
  });
});

describe('POST /api/users', () => {
  it('answers 401, 403 and 400 naming the field', async () => {
    const body = { first_name: 'A', last_name: 'B', email: 'ab@example.org', role: roleIds.coach };
    expect((await t.anon.post('/api/users', body)).statusCode).toBe(401);
    expect((await (await t.login('coach')).post('/api/users', body)).statusCode).toBe(403);
    const missing = await admin.post('/api/users', { ...body, first_name: '' });
    expect(missing.json()).toEqual({ message: MSG.required, field: 'first_name' });
    expect((await admin.post('/api/users', { ...body, email: 'not-an-email' })).json().field).toBe('email');
    expect((await admin.post('/api/users', { ...body, role: undefined })).json().field).toBe('role');
    const noRole = await admin.post('/api/users', { ...body, role: 99999 });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().field).toBe('role');
  });

  it('creates a user with a temporary password e-mailed over SMTP, valid 24 h, to change at first sign-in', async () => {
    const res = await admin.post('/api/users', {
      first_name: 'Nina',
      last_name: 'Novak',
      email: 'Nina.Novak@Example.org',
      role: roleIds.coach,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.success);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'nina.novak@example.org', must_change_password: 1, status: 1 });
    const hours = (Date.parse(row.password_expires_at!) - nowMs()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const mail = await smtp.waitFor((m) => m.to.includes('nina.novak@example.org'));
    expect(mail.subject).toBe('Your club account');
    expect(mail.text).toContain('https://club.example.org/login');
    const password = temporaryPasswordIn(mail.text)!;
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);

    // Sign-in works, then only me / password / logout until the password is changed.
    const nina = await t.login({ email: 'nina.novak@example.org', password });
    expect((await nina.get('/api/auth/me')).json().data.mustChangePassword).toBe(true);
    const blocked = await nina.get('/api/teams');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MSG.mustChangePassword);
    expect((await nina.post('/api/auth/password', { current_password: password, new_password: 'Court-Vision-2026' })).statusCode).toBe(200);
    expect((await nina.get('/api/auth/me')).json().data.mustChangePassword).toBe(false);
    expect((await nina.get('/api/teams')).statusCode).not.toBe(403);

    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'user').where('entity_id', '=', row.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'password_reset']);
  });

  it('refuses a duplicate e-mail on the email field', async () => {
    const res = await admin.post('/api/users', { first_name: 'X', last_name: 'Y', email: 'COACH@demo.club', role: roleIds.coach });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('email');
  });

  it('refuses an expired temporary password at sign-in', async () => {
    await admin.post('/api/users', { first_name: 'Old', last_name: 'Temp', email: 'old.temp@example.org', role: roleIds.coach });
    const mail = await smtp.waitFor((m) => m.to.includes('old.temp@example.org'));
    await t.db
      .updateTable('users')
      .set({ password_expires_at: new Date(nowMs() - 1000).toISOString() })
      .where('email', '=', 'old.temp@example.org')
      .execute();
    const res = await t.anon.post('/api/auth/login', { email: 'old.temp@example.org', password: temporaryPasswordIn(mail.text) });
    expect(res.statusCode).toBe(401);
  });

  it('Admin cannot create Superadmin or Admin users; Superadmin can', async () => {
    for (const key of ['superadmin', 'admin']) {
      const res = await admin.post('/api/users', { first_name: 'P', last_name: 'Q', email: `${key}2@example.org`, role: roleIds[key] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.adminUsersSuperadminOnly);
    }
    expect(
      (await sa.post('/api/users', { first_name: 'Second', last_name: 'Admin', email: 'admin2@example.org', role: roleIds.admin }))
        .statusCode,
    ).toBe(200);
  });

  it('links a Player-role account to the player with that player e-mail, and refuses an unknown one', async () => {
    const player = await t.db.selectFrom('players').select('id').where('player_email', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('players').set({ player_email: 'young.star@example.org' }).where('id', '=', player.id).execute();
    const ok = await admin.post('/api/users', {
      first_name: 'Young',
      last_name: 'Star',
      email: 'young.star@example.org',
      role: roleIds.player,
    });
    expect(ok.statusCode).toBe(200);
    const row = await t.db.selectFrom('users').select('player_id').where('id', '=', ok.json().data.id).executeTakeFirstOrThrow();
    expect(row.player_id).toBe(player.id);
    const unknown = await admin.post('/api/users', {
      first_name: 'No',
      last_name: 'Body',
      email: 'nobody@example.org',
      role: roleIds.player,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('email');
  });
});

describe('POST /api/users/bulk', () => {
  const csv = (rows: string[]) => ['FirstName,LastName,Email', ...rows].join('\n');

  it('answers 401, 403 and 400 (role, file type, header)', async () => {
    const file = { field: 'bulkFile', name: 'users.csv', content: csv(['A,B,a@b.org']) };
    expect((await t.anon.upload('/api/users/bulk', { role: String(roleIds.coach) }, file)).statusCode).toBe(401);
    expect((await (await t.login('coach')).upload('/api/users/bulk', { role: String(roleIds.coach) }, file)).statusCode).toBe(403);
    const noRole = await admin.upload('/api/users/bulk', {}, file);
    expect(noRole.json()).toEqual({ message: MSG.required, field: 'role' });
    const notCsv = await admin.upload(
      '/api/users/bulk',
      { role: String(roleIds.coach) },
      { ...file, name: 'users.xlsx', type: 'application/octet-stream' },
    );
    expect(notCsv.json()).toEqual({ message: MSG.csvOnly, field: 'bulkFile' });
    const header = await admin.upload('/api/users/bulk', { role: String(roleIds.coach) }, { ...file, content: 'Name,Mail\nA,a@b.org' });
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toContain('FirstName, LastName, Email');
    const adminRole = await admin.upload('/api/users/bulk', { role: String(roleIds.admin) }, file);
    expect(adminRole.statusCode).toBe(403);
  });

  it('is all-or-nothing and reports every bad row', async () => {
    const before = (await t.db.selectFrom('users').select('id').execute()).length;
    const content = csv([
      'Good,One,good.one@example.org',
      ',Missing,missing@example.org',
      'Bad,Mail,not-a-mail',
      'Dup,Coach,coach@demo.club',
      'Good,Two,good.one@example.org',
    ]);
    const res = await admin.upload('/api/users/bulk', { role: String(roleIds.coach) }, { field: 'bulkFile', name: 'users.csv', content });
    expect(res.statusCode).toBe(400);
    const message = res.json().message as string;
    expect(message).toMatch(/^row 3: FirstName: This field is required/m);
    expect(message).toMatch(/^row 4: Email: /m);
    expect(message).toMatch(/^row 5: .*coach@demo\.club already exists/m);
    expect(message).toMatch(/^row 6: .*more than once.*row 2/m);
    expect((await t.db.selectFrom('users').select('id').execute()).length).toBe(before);
    expect(smtp.messages.some((m) => m.to.includes('good.one@example.org'))).toBe(false);
  });

  it('creates every user of a good file, e-mails each, and audits the upload', async () => {
    const content = '\uFEFF' + csv(['Ana,Costa,ana.costa@example.org', 'Ben,Walker,ben.walker@example.org', ',,']);
    const res = await admin.upload('/api/users/bulk', { role: String(roleIds.coach) }, { field: 'bulkFile', name: 'users.csv', content });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { created: 2 }, message: MSG.success });
    await smtp.waitFor((m) => m.to.includes('ana.costa@example.org'));
    await smtp.waitFor((m) => m.to.includes('ben.walker@example.org'));
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'bulk_upload')
      .where('entity', '=', 'user')
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain('ana.costa@example.org');
  });
});

describe('POST /api/user/{id} (edit)', () => {
  it('answers 401, 403, 404 and 400', async () => {
    const body = { first_name: 'Casey', last_name: 'Coach' };
    expect((await t.anon.post(`/api/user/${ids.coach}`, body)).statusCode).toBe(401);
    expect((await (await t.login('coach')).post(`/api/user/${ids.coach}`, body)).statusCode).toBe(403);
    expect((await admin.post('/api/user/99999', body)).statusCode).toBe(404);
    expect((await admin.post(`/api/user/${ids.coach}`, { first_name: '', last_name: 'X' })).json().field).toBe('first_name');
  });

  it('edits names but never the e-mail or the role', async () => {
    const res = await admin.post(`/api/user/${ids['jordan.reyes']}`, {
      first_name: 'Jordy',
      last_name: 'Reyes',
      email: 'hacked@example.org',
      role: roleIds.superadmin,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', ids['jordan.reyes']!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Jordy', email: 'jordan.reyes@demo.club', role_id: roleIds.coach });
    await admin.post(`/api/user/${ids['jordan.reyes']}`, { first_name: 'Jordan', last_name: 'Reyes' });
  });

  it('Admin cannot edit a Superadmin or another Admin user; Superadmin can', async () => {
    expect((await admin.post(`/api/user/${ids.superadmin}`, { first_name: 'S', last_name: 'S' })).statusCode).toBe(403);
    const admin2 = await t.db.selectFrom('users').select('id').where('email', '=', 'admin2@example.org').executeTakeFirstOrThrow();
    expect((await admin.post(`/api/user/${admin2.id}`, { first_name: 'S', last_name: 'S' })).statusCode).toBe(403);
    expect((await sa.post(`/api/user/${admin2.id}`, { first_name: 'Second', last_name: 'Admin' })).statusCode).toBe(200);
  });
});

describe('suspend, reactivate, delete', () => {
  it('answers 401, 403 and 404', async () => {
    for (const action of ['suspend', 'reactivate', 'delete', 'reset-password']) {
      expect((await t.anon.post(`/api/user/${ids.coach}/${action}`, {})).statusCode).toBe(401);
      expect((await (await t.login('player')).post(`/api/user/${ids.coach}/${action}`, {})).statusCode).toBe(403);
      expect((await admin.post(`/api/user/99999/${action}`, {})).statusCode).toBe(404);
    }
  });

  it('refuses a coach assigned to teams with the product message naming the user', async () => {
    for (const action of ['suspend', 'delete']) {
      const res = await admin.post(`/api/user/${ids.coach}/${action}`, {});
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MSG.coachBlocked('Casey Coach'), field: 'email' });
    }
    expect((await t.db.selectFrom('users').select('status').where('id', '=', ids.coach!).executeTakeFirstOrThrow()).status).toBe(1);
  });

  it('nobody suspends or deletes themself; Admin cannot touch Superadmin/Admin users', async () => {
    expect((await admin.post(`/api/user/${ids.admin}/suspend`, {})).statusCode).toBe(403);
    expect((await sa.post(`/api/user/${ids.superadmin}/delete`, {})).statusCode).toBe(403);
    expect((await admin.post(`/api/user/${ids.superadmin}/suspend`, {})).statusCode).toBe(403);
    expect((await admin.post(`/api/user/${ids.superadmin}/reset-password`, {})).statusCode).toBe(403);
  });

  it('nobody but Superadmin manages a user whose role has a level above their own (no escalation)', async () => {
    const none = {
      teams: 0,
      players: 0,
      evaluation: 0,
      criteria: 0,
      user_management: 0,
      reports: 0,
      resources: 0,
      emails: 0,
      sessions: 0,
    } as const;
    const managerRole = await insertRole(t.db, { title: 'User managers', admin: false, permissions: { ...none, user_management: 2 } });
    const higherRole = await insertRole(t.db, {
      title: 'Report writers',
      admin: false,
      permissions: { ...none, user_management: 1, reports: 2 },
    });
    const equalRole = await insertRole(t.db, { title: 'User readers', admin: false, permissions: { ...none, user_management: 1 } });
    const hash = await hashPassword('manager-password-1');
    await insertUser(t.db, {
      first_name: 'Mona',
      last_name: 'Manager',
      email: 'mona@example.org',
      password_hash: hash,
      role_id: managerRole,
    });
    const higher = await insertUser(t.db, {
      first_name: 'Rita',
      last_name: 'Reports',
      email: 'rita@example.org',
      password_hash: hash,
      role_id: higherRole,
    });
    const equal = await insertUser(t.db, {
      first_name: 'Ursula',
      last_name: 'Reader',
      email: 'ursula@example.org',
      password_hash: hash,
      role_id: equalRole,
    });
    const mona = await t.login({ email: 'mona@example.org', password: 'manager-password-1' });
    const writes: [string, unknown][] = [
      ['', { first_name: 'R', last_name: 'R' }],
      ['/suspend', {}],
      ['/reactivate', {}],
      ['/reset-password', {}],
      ['/delete', {}],
    ];
    for (const [action, body] of writes) {
      const res = await mona.post(`/api/user/${higher}${action}`, body);
      expect(res.statusCode, action).toBe(403);
      expect(res.json(), action).toEqual({ message: MSG.noEscalation, field: 'email' });
    }
    const rita = await t.db.selectFrom('users').select(['first_name', 'status']).where('id', '=', higher).executeTakeFirstOrThrow();
    expect(rita).toEqual({ first_name: 'Rita', status: 1 });
    // Creating a user with that role is refused the same way; a role within the manager's own levels is fine.
    const created = await mona.post('/api/users', {
      first_name: 'New',
      last_name: 'Writer',
      email: 'new.writer@example.org',
      role: higherRole,
    });
    expect(created.json()).toEqual({ message: MSG.noEscalation, field: 'email' });
    expect((await mona.post(`/api/user/${equal}/suspend`, {})).statusCode).toBe(200);
    expect((await mona.post(`/api/user/${equal}/reactivate`, {})).statusCode).toBe(200);
    // Superadmin manages everyone.
    expect((await sa.post(`/api/user/${higher}/suspend`, {})).statusCode).toBe(200);
    expect((await sa.post(`/api/user/${higher}/reactivate`, {})).statusCode).toBe(200);
  });

  it("suspending ends the user's live session at once; reactivating lets them back in", async () => {
    await admin.post('/api/users', { first_name: 'Sue', last_name: 'Spend', email: 'sue@example.org', role: roleIds.coach });
    const mail = await smtp.waitFor((m) => m.to.includes('sue@example.org'));
    const sue = await t.login({ email: 'sue@example.org', password: temporaryPasswordIn(mail.text)! });
    expect((await sue.get('/api/auth/me')).statusCode).toBe(200);
    const id = (await t.db.selectFrom('users').select('id').where('email', '=', 'sue@example.org').executeTakeFirstOrThrow()).id;
    const res = await admin.post(`/api/user/${id}/suspend`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.success);
    expect((await sue.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toHaveLength(0);
    const listed = (await admin.get('/api/users')).json().data.find((u: { id: number }) => u.id === id);
    expect(listed.status).toBe(2);
    const login = await t.anon.post('/api/auth/login', { email: 'sue@example.org', password: temporaryPasswordIn(mail.text) });
    expect(login.statusCode).toBe(403);
    expect((await admin.post(`/api/user/${id}/reactivate`, {})).statusCode).toBe(200);
    expect((await t.anon.post('/api/auth/login', { email: 'sue@example.org', password: temporaryPasswordIn(mail.text) })).statusCode).toBe(
      200,
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'user')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'suspend', 'reactivate']);
  });

  it('deletes a user, ending their sessions, keeping the trail', async () => {
    await admin.post('/api/users', { first_name: 'Del', last_name: 'Me', email: 'del@example.org', role: roleIds.coach });
    const mail = await smtp.waitFor((m) => m.to.includes('del@example.org'));
    const del = await t.login({ email: 'del@example.org', password: temporaryPasswordIn(mail.text)! });
    const id = (await t.db.selectFrom('users').select('id').where('email', '=', 'del@example.org').executeTakeFirstOrThrow()).id;
    expect((await admin.post(`/api/user/${id}/delete`, {})).statusCode).toBe(200);
    expect((await del.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'user')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });
});

describe('POST /api/user/{id}/reset-password', () => {
  it('refuses players (they use Forgot password)', async () => {
    const res = await admin.post(`/api/user/${ids.player}/reset-password`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('email');
  });

  it('e-mails a new temporary password, ends the sessions, forces a change, and audits', async () => {
    const before = await t.login('coach');
    const res = await admin.post(`/api/user/${ids.coach}/reset-password`, {});
    expect(res.statusCode).toBe(200);
    expect((await before.get('/api/auth/me')).statusCode).toBe(401);
    const mail = await smtp.waitFor((m) => m.to.includes('coach@demo.club') && m.subject === 'Your password has been reset');
    const password = temporaryPasswordIn(mail.text)!;
    expect((await t.anon.post('/api/auth/login', { email: 'coach@demo.club', password: 'demo-coach' })).statusCode).toBe(401);
    const coach = await t.login({ email: 'coach@demo.club', password });
    expect((await coach.get('/api/auth/me')).json().data.mustChangePassword).toBe(true);
    expect((await coach.get('/api/players')).statusCode).toBe(403);
    const row = await t.db.selectFrom('users').select('password_expires_at').where('id', '=', ids.coach!).executeTakeFirstOrThrow();
    expect(Date.parse(row.password_expires_at!) - nowMs()).toBeGreaterThan(23.9 * 3_600_000);
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select(['text', 'status'])
      .where('to_address', '=', 'coach@demo.club')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(outbox.status).toBe('sent');
    expect(outbox.text).not.toContain(password);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'password_reset')
      .where('entity_id', '=', ids.coach!)
      .executeTakeFirstOrThrow();
    expect(audit.user_name).toBe('Alex Admin');
  });
});
