import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { CoachOption, Team } from '../../../shared/schemas/team.js';
import { nowIso } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { playerTotals } from '../scores/scores.repository.js';

let t: TestApp;
let superadmin: Client;
let admin: Client;
let coach: Client;
let player: Client;
const ids = {
  northside: 0,
  riverside: 0,
  season2526: 0,
  season2627: 0,
  coachRole: 0,
  adminRole: 0,
  casey: 0,
  jordan: 0,
  adminUser: 0,
};

const teamId = async (name: string) => (await t.db.selectFrom('teams').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const teamCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditCount = async (action: string, entityId?: number) => {
  let q = t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entity', '=', 'team')
    .where('action', '=', action);
  if (entityId !== undefined) q = q.where('entity_id', '=', entityId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
const save = (over: Record<string, unknown> = {}) => ({
  name: 'U12 Mixed',
  category: ids.northside,
  coachRole: ids.coachRole,
  coachUser: ids.casey,
  season: ids.season2627,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  [superadmin, admin, coach, player] = await Promise.all([t.login('superadmin'), t.login('admin'), t.login('coach'), t.login('player')]);
  const named = async (table: 'categories' | 'seasons', name: string) =>
    (await t.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const user = async (email: string) =>
    (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const role = async (key: string) => (await t.db.selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
  Object.assign(ids, {
    northside: await named('categories', 'Northside Hawks'),
    riverside: await named('categories', 'Riverside Tigers'),
    season2526: await named('seasons', '2025/26'),
    season2627: await named('seasons', '2026/27'),
    coachRole: await role('coach'),
    adminRole: await role('admin'),
    casey: await user('coach@demo.club'),
    jordan: await user('jordan.reyes@demo.club'),
    adminUser: await user('admin@demo.club'),
  });
});
afterAll(() => t.close());

describe('GET /api/teams', () => {
  it('needs a session (401) and teams permission (403 for players)', async () => {
    expect((await t.anon.get('/api/teams')).statusCode).toBe(401);
    expect((await player.get('/api/teams')).statusCode).toBe(403);
  });

  it('lists every team with its club, season, coach, player count and average score', async () => {
    const res = await admin.get('/api/teams?auth_id=999');
    expect(res.statusCode).toBe(200);
    const teams = res.json().data as Team[];
    expect(teams.map((x) => x.name)).toEqual(['U14 Boys', 'U14 Girls', 'U16 Girls', 'U18 Boys']);
    const boys = teams[0]!;
    expect(boys).toEqual({
      id: await teamId('U14 Boys'),
      name: 'U14 Boys',
      category: 'Northside Hawks',
      categoryId: ids.northside,
      season: '2026/27',
      seasonId: ids.season2627,
      coachName: 'Casey Coach',
      coachUser: ids.casey,
      coachRole: ids.coachRole,
      playerCount: 10,
      averageScore: expect.any(Number),
      superAdmin: false,
    });
    // The average is Σ of the members' totals ÷ playerCount (docs/product.md#scoring), members without evaluations count 0.
    const members = await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', boys.id).execute();
    const totals = await playerTotals(t.db, { playerIds: members.map((m) => m.player_id) });
    const expected = [...totals.values()].reduce((a, b) => a + b, 0) / members.length;
    expect(boys.averageScore).toBeGreaterThan(0);
    expect(boys.averageScore).toBeCloseTo(expected, 9);
  });

  it('tells whether the viewer is a Superadmin', async () => {
    const teams = (await superadmin.get('/api/teams')).json().data as Team[];
    expect(teams.every((x) => x.superAdmin)).toBe(true);
  });

  it('filters by club', async () => {
    const teams = (await admin.get(`/api/teams?category=${ids.riverside}`)).json().data as Team[];
    expect(teams.map((x) => x.name)).toEqual(['U14 Girls', 'U18 Boys']);
    expect((await admin.get('/api/teams?category=999999')).json().data).toEqual([]);
  });

  it('refuses a malformed club filter (400)', async () => {
    const res = await admin.get('/api/teams?category=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('category');
  });

  it('gives a coach (teams 1) only their own teams', async () => {
    const teams = (await coach.get('/api/teams')).json().data as Team[];
    expect(teams.map((x) => x.name)).toEqual(['U14 Boys', 'U16 Girls']);
    expect(teams.every((x) => x.coachUser === ids.casey)).toBe(true);
    expect((await coach.get(`/api/teams?category=${ids.riverside}`)).json().data).toEqual([]);
  });

  it('is never stale: every column it shows moves the cache version, even when written outside the app', async () => {
    const list = async () => (await admin.get('/api/teams')).json().data as Team[];
    const before = await list();
    const team = before[0]!;
    const original = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'role_id'])
      .where('id', '=', team.coachUser)
      .executeTakeFirstOrThrow();
    const club = await t.db.selectFrom('categories').select('name').where('id', '=', team.categoryId).executeTakeFirstOrThrow();
    const season = await t.db.selectFrom('seasons').select('name').where('id', '=', team.seasonId).executeTakeFirstOrThrow();
    try {
      const listed = async () => (await list()).find((x) => x.id === team.id)!;
      // Written as another process would: the app sees it once notified (t.settled(), ADR 0011).
      await t.db.updateTable('categories').set({ name: 'Renamed Club' }).where('id', '=', team.categoryId).execute();
      await t.settled();
      expect((await listed()).category).toBe('Renamed Club');
      await t.db.updateTable('seasons').set({ name: '2099/00' }).where('id', '=', team.seasonId).execute();
      await t.settled();
      expect((await listed()).season).toBe('2099/00');
      await t.db.updateTable('users').set({ role_id: ids.adminRole }).where('id', '=', team.coachUser).execute();
      await t.settled();
      expect((await listed()).coachRole).toBe(ids.adminRole);
      await t.db.updateTable('users').set({ first_name: 'Renata' }).where('id', '=', team.coachUser).execute();
      await t.settled();
      expect((await listed()).coachName).toMatch(/^Renata /);
      await t.db.updateTable('teams').set({ name: 'AAA Renamed' }).where('id', '=', team.id).execute();
      await t.settled();
      expect((await listed()).name).toBe('AAA Renamed');
    } finally {
      await t.db.updateTable('categories').set(club).where('id', '=', team.categoryId).execute();
      await t.db.updateTable('seasons').set(season).where('id', '=', team.seasonId).execute();
      await t.db.updateTable('users').set(original).where('id', '=', team.coachUser).execute();
      await t.db.updateTable('teams').set({ name: team.name }).where('id', '=', team.id).execute();
      await t.settled();
    }
    expect(await list()).toEqual(before);
  });
});

describe('GET /api/coach/{coachId}/teams', () => {
  it('needs a session (401) and teams write (403 for a coach)', async () => {
    expect((await t.anon.get(`/api/coach/${ids.casey}/teams`)).statusCode).toBe(401);
    expect((await coach.get(`/api/coach/${ids.casey}/teams`)).statusCode).toBe(403);
    expect((await player.get(`/api/coach/${ids.casey}/teams`)).statusCode).toBe(403);
  });

  it('lists one coach’s teams and names the coach', async () => {
    const res = await admin.get(`/api/coach/${ids.jordan}/teams`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Team[]; coach: { id: number; first_name: string; last_name: string } };
    expect(body.coach).toEqual({ id: ids.jordan, first_name: 'Jordan', last_name: 'Reyes' });
    expect(body.data.map((x) => x.name)).toEqual(['U14 Girls', 'U18 Boys']);
  });

  it('answers an empty list for a user without teams, 404 for no such user, 400 for a bad id', async () => {
    const res = await admin.get(`/api/coach/${ids.adminUser}/teams`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect((await admin.get('/api/coach/999999/teams')).statusCode).toBe(404);
    expect((await admin.get('/api/coach/abc/teams')).statusCode).toBe(400);
  });
});

describe('GET /api/team/{teamId}', () => {
  it('needs a session (401) and teams permission (403)', async () => {
    const id = await teamId('U14 Boys');
    expect((await t.anon.get(`/api/team/${id}`)).statusCode).toBe(401);
    expect((await player.get(`/api/team/${id}`)).statusCode).toBe(403);
  });

  it('answers the team to staff and to its own coach', async () => {
    const id = await teamId('U16 Girls');
    for (const client of [admin, coach]) {
      const res = await client.get(`/api/team/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id,
        name: 'U16 Girls',
        category: 'Northside Hawks',
        coachName: 'Casey Coach',
        playerCount: 10,
      });
    }
  });

  it('refuses a coach another coach’s team (403), without leaking it', async () => {
    const res = await coach.get(`/api/team/${await teamId('U18 Boys')}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('U18 Boys');
  });

  it('answers 404 for an unknown team and 400 for a malformed id', async () => {
    expect((await admin.get('/api/team/999999')).statusCode).toBe(404);
    expect((await coach.get('/api/team/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/team/abc')).statusCode).toBe(400);
    expect((await admin.get('/api/team/0')).statusCode).toBe(400);
  });
});

describe('GET /api/teams/coach-options', () => {
  it('needs a session (401) and teams write (403)', async () => {
    expect((await t.anon.get('/api/teams/coach-options')).statusCode).toBe(401);
    expect((await coach.get('/api/teams/coach-options')).statusCode).toBe(403);
  });

  it('offers only coach roles (teams exactly 1, not admin) with their active users', async () => {
    const now = nowIso();
    const perms = { players: 1, evaluation: 1, criteria: 1, user_management: 0, reports: 0, resources: 0, emails: 0, sessions: 0 };
    const assistant = await t.db
      .insertInto('roles')
      .values({ title: 'Assistant Coach', key: null, admin: 0, teams: 1, ...perms, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('roles')
      .values({ title: 'Club Office', key: null, admin: 1, teams: 1, ...perms, created_at: now, updated_at: now })
      .execute();
    await t.db.updateTable('users').set({ status: 2 }).where('id', '=', ids.jordan).execute();
    try {
      const res = await admin.get('/api/teams/coach-options');
      expect(res.statusCode).toBe(200);
      const options = res.json().data as CoachOption[];
      expect(options.map((o) => o.title)).toEqual(['Assistant Coach', 'Coach']);
      expect(options.find((o) => o.id === assistant.id)!.users).toEqual([]);
      expect(options.find((o) => o.id === ids.coachRole)!.users).toEqual([{ id: ids.casey, first_name: 'Casey', last_name: 'Coach' }]);
    } finally {
      await t.db.updateTable('users').set({ status: 1 }).where('id', '=', ids.jordan).execute();
    }
  });
});

describe('POST /api/teams', () => {
  it('needs a session (401) and teams write (403 for a coach)', async () => {
    expect((await t.anon.post('/api/teams', save())).statusCode).toBe(401);
    expect((await coach.post('/api/teams', save())).statusCode).toBe(403);
    expect(await teamCount()).toBe(4);
  });

  it.each(['name', 'category', 'coachRole', 'coachUser', 'season'])('requires %s (400 naming the field)', async (field) => {
    const res = await admin.post('/api/teams', save({ [field]: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.required, field });
  });

  it('refuses references that do not exist or do not fit (400 naming the field)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ category: 999999 }, 'category'],
      [{ season: 999999 }, 'season'],
      [{ coachRole: ids.adminRole, coachUser: ids.adminUser }, 'coachRole'],
      [{ coachUser: ids.adminUser }, 'coachUser'],
      [{ coachUser: 999999 }, 'coachUser'],
    ];
    for (const [over, field] of cases) {
      const res = await admin.post('/api/teams', save(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await teamCount()).toBe(4);
  });

  it('refuses a suspended coach', async () => {
    await t.db.updateTable('users').set({ status: 2 }).where('id', '=', ids.jordan).execute();
    try {
      const res = await admin.post('/api/teams', save({ coachUser: ids.jordan }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.stringMatching(/suspended/), field: 'coachUser' });
    } finally {
      await t.db.updateTable('users').set({ status: 1 }).where('id', '=', ids.jordan).execute();
    }
  });

  it('refuses a duplicate name in the same club and season, ignoring case (409 on name)', async () => {
    const res = await admin.post('/api/teams', save({ name: '  u14 boys ' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A team named "u14 boys" already exists in Northside Hawks, season 2026/27.', field: 'name' });
  });

  it('creates a team, audits it, and allows the same name in another season', async () => {
    const res = await admin.post('/api/teams', save({ name: 'U14 Boys', season: ids.season2526, coachUser: ids.jordan }));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Team; message: string };
    expect(body.message).toBe(MSG.success);
    expect(body.data).toMatchObject({ name: 'U14 Boys', season: '2025/26', coachName: 'Jordan Reyes', playerCount: 0, averageScore: 0 });
    expect(await auditCount('create', body.data.id)).toBe(1);
    const list = (await admin.get('/api/teams')).json().data as Team[];
    expect(list.filter((x) => x.name === 'U14 Boys')).toHaveLength(2);
  });
});

describe('POST /api/team/{id}', () => {
  it('needs a session (401) and teams write (403 for a coach of the team)', async () => {
    const id = await teamId('U16 Girls');
    expect((await t.anon.post(`/api/team/${id}`, save())).statusCode).toBe(401);
    expect((await coach.post(`/api/team/${id}`, save({ name: 'Hijacked' }))).statusCode).toBe(403);
    expect((await admin.get(`/api/team/${id}`)).json().data.name).toBe('U16 Girls');
  });

  it('answers 404 for an unknown team and 400 for a missing field', async () => {
    expect((await admin.post('/api/team/999999', save({ name: 'Nobody' }))).statusCode).toBe(404);
    const res = await admin.post(`/api/team/${await teamId('U16 Girls')}`, save({ name: ' ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('name');
  });

  it('refuses renaming to another team’s name in the same club and season (409)', async () => {
    const res = await admin.post(`/api/team/${await teamId('U16 Girls')}`, save({ name: 'U14 BOYS' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('name');
  });

  it('edits name, club and coach, keeps the players, and audits', async () => {
    const id = await teamId('U16 Girls');
    const res = await admin.post(`/api/team/${id}`, save({ name: 'U16 Girls Elite', category: ids.riverside, coachUser: ids.jordan }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      name: 'U16 Girls Elite',
      category: 'Riverside Tigers',
      coachUser: ids.jordan,
      playerCount: 10,
    });
    expect(await auditCount('update', id)).toBe(1);
    // The former coach no longer reaches it; the new one does.
    expect((await coach.get(`/api/team/${id}`)).statusCode).toBe(403);
    // Keeping its own name (in another case) is not a duplicate.
    const again = await admin.post(`/api/team/${id}`, save({ name: 'U16 GIRLS ELITE', category: ids.riverside, coachUser: ids.jordan }));
    expect(again.statusCode).toBe(200);
  });
});

describe('POST /api/team/{id}/delete', () => {
  it('needs a session (401) and teams write (403 for a coach)', async () => {
    const id = await teamId('U14 Boys');
    expect((await t.anon.post(`/api/team/${id}/delete`, {})).statusCode).toBe(401);
    expect((await coach.post(`/api/team/${id}/delete`, {})).statusCode).toBe(403);
    expect((await player.post(`/api/team/${id}/delete`, {})).statusCode).toBe(403);
  });

  it('answers 404 for an unknown team and 400 for a malformed id', async () => {
    expect((await admin.post('/api/team/999999/delete', {})).statusCode).toBe(404);
    expect((await admin.post('/api/team/abc/delete', {})).statusCode).toBe(400);
  });

  it('deletes the team but keeps its players, who are left without this team', async () => {
    const id = await teamId('U18 Boys');
    const members = (await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', id).execute()).map((m) => m.player_id);
    expect(members).toHaveLength(10);
    const res = await admin.post(`/api/team/${id}/delete`, { name: 'U18 Boys' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id, playersUnassigned: 10 }, message: MSG.success });
    expect((await admin.get(`/api/team/${id}`)).statusCode).toBe(404);
    const still = await t.db.selectFrom('players').select('id').where('id', 'in', members).execute();
    expect(still).toHaveLength(10);
    expect(await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', id).execute()).toEqual([]);
    expect(await auditCount('delete', id)).toBe(1);
  });
});

describe('POST /api/teams/bulk', () => {
  const csv = (lines: string[]) => ({ field: 'bulkFile', name: 'teams.csv', content: lines.join('\r\n') + '\r\n' });
  const fields = () => ({ category: String(ids.riverside), season: String(ids.season2526) });

  it('needs a session (401) and teams write (403 for a coach)', async () => {
    const file = csv(['Name,CoachEmail', 'Bulk A,coach@demo.club']);
    expect((await t.anon.upload('/api/teams/bulk', fields(), file)).statusCode).toBe(401);
    expect((await coach.upload('/api/teams/bulk', fields(), file)).statusCode).toBe(403);
  });

  it('accepts only .csv files', async () => {
    for (const file of [
      {
        field: 'bulkFile',
        name: 'teams.xlsx',
        content: 'Name,CoachEmail\nX,coach@demo.club\n',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      { field: 'bulkFile', name: 'teams.csv', content: '%PDF-1.4', type: 'application/pdf' },
      // docs/product.md#validation names exactly two types; a .csv declared as anything else is refused too.
      { field: 'bulkFile', name: 'teams.csv', content: 'Name,CoachEmail\nX,coach@demo.club\n', type: 'text/plain' },
      { field: 'bulkFile', name: 'teams.csv', content: 'Name,CoachEmail\nX,coach@demo.club\n', type: 'application/octet-stream' },
    ]) {
      const res = await admin.upload('/api/teams/bulk', fields(), file);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.csvOnly, field: 'bulkFile' });
    }
  });

  it('requires club, season and file (400 naming the field)', async () => {
    const file = csv(['Name,CoachEmail', 'Bulk A,coach@demo.club']);
    const noClub = await admin.upload('/api/teams/bulk', { season: String(ids.season2526) }, file);
    expect(noClub.json()).toEqual({ message: MSG.required, field: 'category' });
    const noSeason = await admin.upload('/api/teams/bulk', { category: String(ids.riverside) }, file);
    expect(noSeason.json()).toEqual({ message: MSG.required, field: 'season' });
    const noFile = await admin.upload('/api/teams/bulk', fields());
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: MSG.required, field: 'bulkFile' });
    const unknownClub = await admin.upload('/api/teams/bulk', { ...fields(), category: '999999' }, file);
    expect(unknownClub.statusCode).toBe(400);
    expect(unknownClub.json().field).toBe('category');
    const json = await admin.post('/api/teams/bulk', fields());
    expect(json.statusCode).toBe(400);
  });

  it('refuses a file without the template columns or without rows', async () => {
    const wrong = await admin.upload('/api/teams/bulk', fields(), csv(['Team,Coach', 'Bulk A,coach@demo.club']));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/Name, CoachEmail/);
    const empty = await admin.upload('/api/teams/bulk', fields(), csv(['Name,CoachEmail', ',']));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/no teams/);
  });

  it('reports every bad row and writes nothing', async () => {
    const before = await teamCount();
    const res = await admin.upload(
      '/api/teams/bulk',
      fields(),
      csv([
        'Name,CoachEmail',
        'Good One,coach@demo.club',
        ',coach@demo.club',
        'Ghosts,nobody@demo.club',
        'Office,admin@demo.club',
        'U14 Girls,jordan.reyes@demo.club',
        'Good One,jordan.reyes@demo.club',
        'Good Two,',
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('bulkFile');
    expect((res.json().message as string).split('\n')).toEqual([
      'row 3: Name is required',
      'row 4: no user has the e-mail nobody@demo.club',
      'row 5: admin@demo.club is not in a coach role',
      // 'U14 Girls' exists in Riverside Tigers only in 2026/27; the upload goes to 2025/26, so it is fine.
      'row 7: the team "Good One" is already on row 2 of this file',
      'row 8: CoachEmail is required',
    ]);
    expect(await teamCount()).toBe(before);
    expect(await auditCount('bulk_upload')).toBe(0);
  });

  it('refuses rows whose team already exists in the club and season', async () => {
    const res = await admin.upload(
      '/api/teams/bulk',
      { category: String(ids.riverside), season: String(ids.season2627) },
      csv(['Name,CoachEmail', 'u14 girls,jordan.reyes@demo.club']),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('row 2: a team named "u14 girls" already exists in Riverside Tigers, season 2026/27');
  });

  it('creates every team of a good file in one go (BOM, any column order and e-mail case)', async () => {
    const before = await teamCount();
    const res = await admin.upload('/api/teams/bulk', fields(), {
      field: 'bulkFile',
      name: 'Teams.CSV',
      type: 'application/vnd.ms-excel',
      content: '\uFEFFCoachEmail,Name\n\nCOACH@demo.club,Bulk Hawks\njordan.reyes@demo.club,"Bulk, Tigers"\n',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { created: 2 }, message: MSG.success });
    expect(await teamCount()).toBe(before + 2);
    const teams = (await admin.get(`/api/teams?category=${ids.riverside}`)).json().data as Team[];
    expect(teams.find((x) => x.name === 'Bulk, Tigers')).toMatchObject({ season: '2025/26', coachName: 'Jordan Reyes', playerCount: 0 });
    expect(teams.find((x) => x.name === 'Bulk Hawks')).toMatchObject({ coachUser: ids.casey });
    expect(await auditCount('bulk_upload')).toBe(1);
  });

  it('takes a .csv sent as application/vnd.ms-excel (Excel on Windows)', async () => {
    const file = { ...csv(['Name,CoachEmail', 'Excel Team,coach@demo.club']), type: 'application/vnd.ms-excel' };
    expect((await admin.upload('/api/teams/bulk', fields(), file)).statusCode).toBe(200);
  });
});
