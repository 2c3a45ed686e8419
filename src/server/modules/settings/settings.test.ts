import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { nowIso } from '../../lib/time.js';

let t: TestApp;
let admin: Client;
let coach: Client;
let player: Client;

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
});
afterAll(() => t.close());

const idOf = async (table: 'categories' | 'seasons' | 'levels', name: string) =>
  (await t.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const achievementId = async (title: string) =>
  (await t.db.selectFrom('achievements').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
const auditCount = async (entity: string, action: string, entityId: number | null) => {
  let q = t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entity', '=', entity)
    .where('action', '=', action);
  if (entityId !== null) q = q.where('entity_id', '=', entityId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe('reference reads', () => {
  it.each(['/api/categories', '/api/seasons', '/api/levels', '/api/levels/', '/api/achievements', '/api/settings'])(
    '%s needs a session (401)',
    async (url) => {
      expect((await t.anon.get(url)).statusCode).toBe(401);
    },
  );

  it('lists clubs sorted by name for any signed-in user', async () => {
    const res = await player.get('/api/categories');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; name: string }[];
    expect(data.map((c) => c.name)).toEqual(['Northside Hawks', 'Riverside Tigers']);
    expect(Object.keys(data[0]!).sort()).toEqual(['id', 'name']);
  });

  it('sorts names ignoring case on both databases', async () => {
    await admin.post('/api/categories', { name: 'apex Ballers' });
    const names = ((await coach.get('/api/categories')).json().data as { name: string }[]).map((c) => c.name);
    expect(names.slice(0, 2)).toEqual(['apex Ballers', 'Northside Hawks']);
    await admin.post(`/api/category/${await idOf('categories', 'apex Ballers')}/delete`);
  });

  it('lists seasons and the achievement catalogue', async () => {
    const seasons = (await coach.get('/api/seasons')).json().data as { name: string }[];
    expect(seasons.map((s) => s.name)).toEqual(['2025/26', '2026/27']);
    const achievements = (await coach.get('/api/achievements')).json().data as { id: number; title: string }[];
    expect(achievements.map((a) => a.title)).toContain('Most Improved');
    expect(Object.keys(achievements[0]!).sort()).toEqual(['id', 'title']);
  });

  it('lists levels in position order with their kind, with or without the trailing slash', async () => {
    for (const url of ['/api/levels', '/api/levels/']) {
      const res = await coach.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        { id: expect.any(Number), name: 'Fundamentals', kind: 'scale_1_10', position: 0 },
        { id: expect.any(Number), name: 'Game IQ', kind: 'yes_no', position: 1 },
      ]);
    }
  });

  it('gives players the instructions video', async () => {
    const res = await player.get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      instructions_video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      public_leaderboard_names: 'initial',
      own_login_age: 13,
      handover_age: 16,
    });
  });

  it('falls back to defaults for settings never saved', async () => {
    const saved = await t.db.selectFrom('settings').selectAll().execute();
    await t.db.deleteFrom('settings').execute();
    try {
      expect((await player.get('/api/settings')).json().data).toEqual({
        instructions_video: '',
        public_leaderboard_names: 'initial',
        own_login_age: 13,
        handover_age: 16,
      });
    } finally {
      await t.db.insertInto('settings').values(saved).execute();
    }
  });
});

/** Clubs and seasons behave alike; both are used by teams. */
describe.each([
  {
    kind: 'club',
    list: '/api/categories',
    one: '/api/category',
    table: 'categories' as const,
    used: 'Northside Hawks',
    usedMsg: 'Northside Hawks is used by 2 teams and cannot be deleted.',
  },
  {
    kind: 'season',
    list: '/api/seasons',
    one: '/api/season',
    table: 'seasons' as const,
    used: '2026/27',
    usedMsg: '2026/27 is used by 4 teams and cannot be deleted.',
  },
])('$kind writes', ({ kind, list, one, table, used, usedMsg }) => {
  it('refuses anonymous (401) and non-admin (403) writers', async () => {
    const id = await idOf(table, used);
    for (const [url, body] of [
      [list, { name: 'X' }],
      [`${one}/${id}`, { name: 'X' }],
      [`${one}/${id}/delete`, {}],
    ] as const) {
      expect((await t.anon.post(url, body)).statusCode, url).toBe(401);
      expect((await coach.post(url, body)).statusCode, url).toBe(403);
      expect((await player.post(url, body)).statusCode, url).toBe(403);
    }
    expect(await idOf(table, used)).toBe(id);
  });

  it('requires a name (400 naming the field)', async () => {
    for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(101) }]) {
      const res = await admin.post(list, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('name');
    }
    const res = await admin.post(list, { name: '' });
    expect(res.json().message).toBe('This field is required');
  });

  it('creates, renames and deletes, recording each write in the audit trail', async () => {
    const created = await admin.post(list, { name: `  New ${kind}  ` });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ data: { id: expect.any(Number), name: `New ${kind}` }, message: 'Operation successful!' });
    const id = created.json().data.id as number;
    expect(((await coach.get(list)).json().data as { name: string }[]).map((x) => x.name)).toContain(`New ${kind}`);

    const renamed = await admin.post(`${one}/${id}`, { name: `Renamed ${kind}` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ id, name: `Renamed ${kind}` });
    // Renaming to its own name in another case is not a conflict with itself.
    expect((await admin.post(`${one}/${id}`, { name: `RENAMED ${kind}` })).statusCode).toBe(200);

    const removed = await admin.post(`${one}/${id}/delete`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Operation successful!');
    expect(await t.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();

    const entity = table === 'categories' ? 'category' : 'season';
    expect(await auditCount(entity, 'create', id)).toBe(1);
    expect(await auditCount(entity, 'update', id)).toBe(2);
    expect(await auditCount(entity, 'delete', id)).toBe(1);
  });

  it('keeps names unique ignoring case (409 on the name field)', async () => {
    const dup = await admin.post(list, { name: used.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: `A ${kind} named "${used.toUpperCase()}" already exists.`, field: 'name' });

    const other = (await admin.post(list, { name: `Other ${kind}` })).json().data.id as number;
    const clash = await admin.post(`${one}/${other}`, { name: used });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().field).toBe('name');
    await admin.post(`${one}/${other}/delete`);
  });

  it('refuses to delete one that teams use, saying how many', async () => {
    const id = await idOf(table, used);
    const res = await admin.post(`${one}/${id}/delete`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(usedMsg);
    expect(await idOf(table, used)).toBe(id);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await admin.post(`${one}/999999`, { name: 'Ghost' })).statusCode).toBe(404);
    expect((await admin.post(`${one}/999999/delete`)).statusCode).toBe(404);
    expect((await admin.post(`${one}/abc`, { name: 'Ghost' })).statusCode).toBe(400);
  });
});

describe('level writes', () => {
  it('refuses anonymous (401) and non-admin (403) writers', async () => {
    const id = await idOf('levels', 'Game IQ');
    for (const [url, body] of [
      ['/api/levels', { name: 'X', kind: 'yes_no' }],
      [`/api/level/${id}`, { name: 'X', kind: 'yes_no' }],
      [`/api/level/${id}/delete`, {}],
    ] as const) {
      expect((await t.anon.post(url, body)).statusCode, url).toBe(401);
      expect((await coach.post(url, body)).statusCode, url).toBe(403);
    }
  });

  it('requires a name and a known kind', async () => {
    const noName = await admin.post('/api/levels', { name: '', kind: 'yes_no' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().field).toBe('name');
    const badKind = await admin.post('/api/levels', { name: 'Athleticism', kind: 'stars' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().field).toBe('kind');
  });

  it('creates both kinds at the end of the list, renames, changes the kind of an unused level and deletes', async () => {
    const scale = await admin.post('/api/levels', { name: 'Athleticism', kind: 'scale_1_10' });
    expect(scale.statusCode).toBe(200);
    expect(scale.json().data).toMatchObject({ name: 'Athleticism', kind: 'scale_1_10', position: 2 });
    const yesNo = await admin.post('/api/levels', { name: 'Attitude', kind: 'yes_no' });
    expect(yesNo.json().data).toMatchObject({ name: 'Attitude', kind: 'yes_no', position: 3 });
    const id = scale.json().data.id as number;

    const changed = await admin.post(`/api/level/${id}`, { name: 'Athletic ability', kind: 'yes_no' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({ id, name: 'Athletic ability', kind: 'yes_no', position: 2 });

    expect((await admin.post(`/api/level/${id}/delete`)).statusCode).toBe(200);
    expect((await admin.post(`/api/level/${yesNo.json().data.id}/delete`)).statusCode).toBe(200);
    expect(((await coach.get('/api/levels')).json().data as unknown[]).length).toBe(2);
    expect(await auditCount('level', 'create', id)).toBe(1);
    expect(await auditCount('level', 'delete', id)).toBe(1);
  });

  it('renames a level with evaluations when the kind stays', async () => {
    const id = await idOf('levels', 'Fundamentals');
    const res = await admin.post(`/api/level/${id}`, { name: 'Fundamentals', kind: 'scale_1_10' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses to change the kind of a level that has evaluations', async () => {
    const id = await idOf('levels', 'Fundamentals');
    const res = await admin.post(`/api/level/${id}`, { name: 'Fundamentals', kind: 'yes_no' });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('kind');
    expect(res.json().message).toMatch(/^The kind of Fundamentals cannot be changed because \d+ evaluations use it/);
    expect((await t.db.selectFrom('levels').select('kind').where('id', '=', id).executeTakeFirstOrThrow()).kind).toBe('scale_1_10');
  });

  it('keeps level names unique ignoring case', async () => {
    const res = await admin.post('/api/levels', { name: 'game iq', kind: 'yes_no' });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('name');
  });

  it('refuses to delete a level that criteria use', async () => {
    const res = await admin.post(`/api/level/${await idOf('levels', 'Game IQ')}/delete`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Game IQ is used by 4 criteria and cannot be deleted.');
  });

  it('answers 404 for unknown levels', async () => {
    expect((await admin.post('/api/level/999999', { name: 'Ghost', kind: 'yes_no' })).statusCode).toBe(404);
    expect((await admin.post('/api/level/999999/delete')).statusCode).toBe(404);
  });
});

describe('achievement catalogue writes', () => {
  it('refuses anonymous (401) and non-admin (403) writers', async () => {
    const id = await achievementId('Most Improved');
    for (const [url, body] of [
      ['/api/achievements', { title: 'X' }],
      [`/api/achievement/${id}`, { title: 'X' }],
      [`/api/achievement/${id}/delete`, {}],
    ] as const) {
      expect((await t.anon.post(url, body)).statusCode, url).toBe(401);
      expect((await coach.post(url, body)).statusCode, url).toBe(403);
    }
  });

  it('requires a title', async () => {
    const res = await admin.post('/api/achievements', { title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This field is required', field: 'title' });
  });

  it('creates, renames and deletes', async () => {
    const created = await admin.post('/api/achievements', { title: 'Hustle Award' });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect((await admin.post(`/api/achievement/${id}`, { title: 'Hustle Award of the Month' })).json().data).toEqual({
      id,
      title: 'Hustle Award of the Month',
    });
    expect((await admin.post(`/api/achievement/${id}/delete`)).statusCode).toBe(200);
    expect(await auditCount('achievement', 'delete', id)).toBe(1);
  });

  it('keeps titles unique ignoring case (409 on the title field)', async () => {
    const res = await admin.post('/api/achievements', { title: 'most improved' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An achievement named "most improved" already exists.', field: 'title' });
  });

  it('refuses to delete an achievement awarded to players, counting each player once', async () => {
    const id = await achievementId('Perfect Attendance');
    const now = nowIso();
    const players = await t.db.selectFrom('players').select('id').orderBy('id').limit(2).execute();
    await t.db.deleteFrom('player_achievements').where('achievement_id', '=', id).execute();
    // The same player twice, a second player once: 2 players.
    await t.db
      .insertInto('player_achievements')
      .values(
        [players[0]!.id, players[0]!.id, players[1]!.id].map((player_id) => ({
          player_id,
          achievement_id: id,
          detail: '',
          action_by_user_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const res = await admin.post(`/api/achievement/${id}/delete`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Perfect Attendance is used by 2 players and cannot be deleted.');
  });
});

describe('global settings writes', () => {
  it('refuses anonymous (401) and non-admin (403) writers', async () => {
    expect((await t.anon.post('/api/settings', { instructions_video: '' })).statusCode).toBe(401);
    expect((await coach.post('/api/settings', { instructions_video: '' })).statusCode).toBe(403);
    expect((await player.post('/api/settings', { instructions_video: '' })).statusCode).toBe(403);
  });

  it('accepts only http(s) links and the three name modes', async () => {
    for (const instructions_video of ['javascript:alert(1)', 'ftp://example.org/v.mp4', 'not a link']) {
      const res = await admin.post('/api/settings', { instructions_video });
      expect(res.statusCode, instructions_video).toBe(400);
      expect(res.json()).toEqual({ message: 'Please enter a valid http(s) link.', field: 'instructions_video' });
    }
    const names = await admin.post('/api/settings', { public_leaderboard_names: 'everything' });
    expect(names.statusCode).toBe(400);
    expect(names.json().field).toBe('public_leaderboard_names');
    expect((await admin.post('/api/settings', {})).statusCode).toBe(400);
  });

  it('updates the video and the name mode, together or one at a time', async () => {
    const both = await admin.post('/api/settings', { instructions_video: 'https://vimeo.com/76979871', public_leaderboard_names: 'off' });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({
      data: { instructions_video: 'https://vimeo.com/76979871', public_leaderboard_names: 'off', own_login_age: 13, handover_age: 16 },
      message: 'Operation successful!',
    });

    await admin.post('/api/settings', { public_leaderboard_names: 'initial', own_login_age: 13, handover_age: 16 });
    expect((await player.get('/api/settings')).json().data).toEqual({
      instructions_video: 'https://vimeo.com/76979871',
      public_leaderboard_names: 'initial',
      own_login_age: 13,
      handover_age: 16,
    });

    const cleared = await admin.post('/api/settings', { instructions_video: '  ' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.instructions_video).toBe('');
    expect(await auditCount('settings', 'update', null)).toBeGreaterThanOrEqual(3);
  });

  it('creates a setting row that was never saved', async () => {
    await t.db.deleteFrom('settings').where('key', '=', 'instructions_video').execute();
    const res = await admin.post('/api/settings', { instructions_video: 'https://www.youtube.com/watch?v=abc' });
    expect(res.statusCode).toBe(200);
    expect((await player.get('/api/settings')).json().data.instructions_video).toBe('https://www.youtube.com/watch?v=abc');
  });
});
