import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_LINKS_MESSAGE, type Resource } from '../../../shared/schemas/resource.js';
import { hashPassword } from '../auth/passwords.js';
import { nowIso } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: Client;
let coach: Client;
let player: Client;
let roleId: Record<string, number>;

const titles = (res: { json(): unknown }) => (res.json() as { data: Resource[] }).data.map((r) => r.title).sort();
const byTitle = async (title: string) =>
  (await t.db.selectFrom('resources').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;

const valid = () => ({
  title: `Rebounding basics ${Math.random().toString(36).slice(2, 8)}`,
  category: 'Rebounding',
  video_links: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', ''],
  document_links: [''],
  tags: ['boards', '', 'boards'],
  access: [] as number[],
});

/** A signed-in user of a new role with the given resources level (and nothing else). */
async function userWithRole(title: string, resources: 0 | 1 | 2): Promise<{ client: Client; roleId: number }> {
  const now = nowIso();
  const role = await t.db
    .insertInto('roles')
    .values({
      title,
      key: null,
      admin: 0,
      teams: 0,
      players: 0,
      evaluation: 0,
      criteria: 0,
      user_management: 0,
      reports: 0,
      resources,
      emails: 0,
      sessions: 0,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = `${title.toLowerCase().replace(/\W+/g, '.')}@test.club`;
  await t.db
    .insertInto('users')
    .values({
      first_name: title,
      last_name: 'User',
      email,
      password_hash: await hashPassword('a-long-test-password'),
      role_id: role.id,
      status: 1,
      player_id: null,
      must_change_password: 0,
      password_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { client: await t.login({ email, password: 'a-long-test-password' }), roleId: role.id };
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
  const roles = await t.db.selectFrom('roles').select(['id', 'title']).execute();
  roleId = Object.fromEntries(roles.map((r) => [r.title, r.id]));
});
afterAll(() => t.close());

describe('GET /api/resources', () => {
  it('401 without a session', async () => {
    expect((await t.anon.get('/api/resources')).statusCode).toBe(401);
  });

  it('403 for a role without resources permission', async () => {
    const { client } = await userWithRole('No Resources', 0);
    expect((await client.get('/api/resources')).statusCode).toBe(403);
    expect((await client.get('/api/resources/roles')).statusCode).toBe(403);
  });

  it('lists only resources whose access list holds the viewer role; writers see all', async () => {
    expect(titles(await admin.get('/api/resources'))).toEqual([
      'Ball handling at home',
      'Form shooting progression',
      'Practice planning guide',
    ]);
    expect(titles(await coach.get('/api/resources'))).toEqual(['Form shooting progression', 'Practice planning guide']);
    expect(titles(await player.get('/api/resources?auth_role=Admin'))).toEqual(['Ball handling at home', 'Form shooting progression']);
  });

  it('a custom role with resources write sees every resource without being in any access list', async () => {
    const { client } = await userWithRole('Content Editor', 2);
    expect(titles(await client.get('/api/resources'))).toHaveLength(3);
    const { client: reader } = await userWithRole('Content Reader', 1);
    expect(titles(await reader.get('/api/resources'))).toEqual([]);
  });

  it('answers every field of docs/product.md#data', async () => {
    const list = (await admin.get('/api/resources')).json().data as Resource[];
    const form = list.find((r) => r.title === 'Form shooting progression')!;
    expect(form).toMatchObject({
      category: 'Shooting',
      video_links: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      document_links: ['https://www.fiba.basketball/'],
      tags: ['drills', 'shooting'],
      access: [roleId.Coach, roleId.Player].sort((a, b) => a! - b!),
      access_names: ['Coach', 'Player'],
    });
    expect(form.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('filters by category and by tag, within what the viewer may see', async () => {
    expect(titles(await admin.get('/api/resources?category=Coaching'))).toEqual(['Practice planning guide']);
    expect(titles(await player.get('/api/resources?category=Coaching'))).toEqual([]);
    expect(titles(await admin.get('/api/resources?tag=homework'))).toEqual(['Ball handling at home']);
    expect(titles(await coach.get('/api/resources?tag=homework'))).toEqual([]);
    expect(titles(await admin.get('/api/resources?tag=none-such'))).toEqual([]);
  });

  it('facets only show categories and tags of visible resources', async () => {
    const facets = (await player.get('/api/resources/facets')).json().data;
    expect(facets.categories).toEqual(['Ball handling', 'Shooting']);
    expect(facets.tags).toEqual(['drills', 'homework', 'shooting']);
    expect((await admin.get('/api/resources/facets')).json().data.categories).toContain('Coaching');
  });
});

describe('GET /api/resources/{id} and /roles', () => {
  it('a role outside the access list gets 404; one inside gets the resource', async () => {
    const planning = await byTitle('Practice planning guide');
    const homework = await byTitle('Ball handling at home');
    expect((await player.get(`/api/resources/${planning}`)).statusCode).toBe(404);
    expect((await coach.get(`/api/resources/${homework}`)).statusCode).toBe(404);
    expect((await coach.get(`/api/resources/${planning}`)).json().data.title).toBe('Practice planning guide');
    expect((await admin.get(`/api/resources/${homework}`)).statusCode).toBe(200);
    expect((await admin.get('/api/resources/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/resources/abc')).statusCode).toBe(400);
  });

  it('lists roles with id and title', async () => {
    const roles = (await coach.get('/api/resources/roles')).json().data as { id: number; title: string }[];
    expect(roles.map((r) => r.title)).toEqual(expect.arrayContaining(['Superadmin', 'Admin', 'Coach', 'Player']));
    expect(Object.keys(roles[0]!).sort()).toEqual(['id', 'title']);
  });
});

describe('POST /api/resources', () => {
  it('401 signed out, 403 with resources read only', async () => {
    expect((await t.anon.post('/api/resources', valid())).statusCode).toBe(401);
    expect((await coach.post('/api/resources', valid())).statusCode).toBe(403);
    expect((await player.post('/api/resources', valid())).statusCode).toBe(403);
  });

  it.each([
    ['title', { title: '  ' }, 'This field is required'],
    ['category', { category: '' }, 'This field is required'],
    ['tags', { tags: ['', 'later'] }, 'This field is required'],
    ['links', { video_links: [''], document_links: ['', 'https://example.com/second'] }, RESOURCE_LINKS_MESSAGE],
    ['video_links', { video_links: ['ftp://example.com/clip'] }, 'Please enter a valid http(s) link.'],
    ['document_links', { document_links: ['javascript:alert(1)'] }, 'Please enter a valid http(s) link.'],
  ])('400 naming %s', async (field, patch, message) => {
    const res = await admin.post('/api/resources', { ...valid(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
  });

  it('the links message carries no "Error: " prefix (the page adds it once)', () => {
    expect(RESOURCE_LINKS_MESSAGE).toBe('Please fill in video links or document links as they both cannot be empty!');
  });

  it('400 for an unknown role in access', async () => {
    const res = await admin.post('/api/resources', { ...valid(), access: [999999] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('access');
  });

  it('creates, drops empty rows and duplicates, audits, and shows it only to the chosen roles', async () => {
    const body = { ...valid(), document_links: ['https://example.com/guide.html'], access: [roleId.Player!, roleId.Player!] };
    const res = await admin.post('/api/resources', body);
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json() as { data: Resource; message: string };
    expect(message).toBe('Operation successful!');
    expect(data).toMatchObject({
      title: body.title,
      category: 'Rebounding',
      video_links: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      document_links: ['https://example.com/guide.html'],
      tags: ['boards'],
      access: [roleId.Player],
      access_names: ['Player'],
    });
    expect(titles(await player.get('/api/resources'))).toContain(body.title);
    expect(titles(await coach.get('/api/resources'))).not.toContain(body.title);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'resource')
      .where('entity_id', '=', data.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('accepts a document link alone', async () => {
    const res = await admin.post('/api/resources', { ...valid(), video_links: [], document_links: ['https://example.com/doc'] });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/resources/{id} (edit)', () => {
  it('401, 403, 400, 404', async () => {
    const id = await byTitle('Form shooting progression');
    expect((await t.anon.post(`/api/resources/${id}`, valid())).statusCode).toBe(401);
    expect((await coach.post(`/api/resources/${id}`, valid())).statusCode).toBe(403);
    expect((await admin.post(`/api/resources/${id}`, { ...valid(), title: '' })).statusCode).toBe(400);
    expect((await admin.post('/api/resources/999999', valid())).statusCode).toBe(404);
  });

  it('updates fields, tags and access; a removed role loses it at once', async () => {
    const created = (await admin.post('/api/resources', { ...valid(), access: [roleId.Coach!] })).json().data as Resource;
    expect(titles(await coach.get('/api/resources'))).toContain(created.title);
    const res = await admin.post(`/api/resources/${created.id}`, {
      title: `${created.title} v2`,
      category: 'Defense',
      video_links: [],
      document_links: ['https://example.com/defense'],
      tags: ['closeouts', 'team'],
      access: [roleId.Player!],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: `${created.title} v2`,
      category: 'Defense',
      video_links: [],
      tags: ['closeouts', 'team'],
      access_names: ['Player'],
    });
    expect((await coach.get(`/api/resources/${created.id}`)).statusCode).toBe(404);
    expect((await player.get(`/api/resources/${created.id}`)).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'resource')
      .where('entity_id', '=', created.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });
});

describe('POST /api/resources/{id}/delete', () => {
  it('401, 403, 404', async () => {
    const id = await byTitle('Practice planning guide');
    expect((await t.anon.post(`/api/resources/${id}/delete`, {})).statusCode).toBe(401);
    expect((await coach.post(`/api/resources/${id}/delete`, {})).statusCode).toBe(403);
    expect((await admin.post('/api/resources/999999/delete', {})).statusCode).toBe(404);
  });

  it('deletes the resource with its tags and access rows, and audits', async () => {
    const created = (await admin.post('/api/resources', { ...valid(), access: [roleId.Coach!] })).json().data as Resource;
    const res = await admin.post(`/api/resources/${created.id}/delete`, created);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: created.id }, message: 'Operation successful!' });
    expect((await admin.get(`/api/resources/${created.id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('resource_tags').select('tag').where('resource_id', '=', created.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('resource_access').select('role_id').where('resource_id', '=', created.id).execute()).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'resource')
      .where('entity_id', '=', created.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });
});

describe('link preview routes', () => {
  it('401 signed out on both addresses', async () => {
    expect((await t.anon.get('/get-og-data.php?url=https://example.com/')).statusCode).toBe(401);
    expect((await t.anon.get('/api/link-preview?url=https://example.com/')).statusCode).toBe(401);
  });

  it('400 for a missing or non-http(s) url', async () => {
    expect((await player.get('/api/link-preview')).statusCode).toBe(400);
    const res = await player.get(`/api/link-preview?url=${encodeURIComponent('file:///etc/passwd')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('url');
  });

  it('an internal address is a failed preview (logged), never fetched', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:10.0.0.1]/',
      'http://example.com:8080/',
    ]) {
      const res = await coach.get(`/get-og-data.php?url=${encodeURIComponent(url)}`);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ success: false, title: '', description: '', image: '' });
    }
  });

  it('serves a fresh cached preview on both addresses', async () => {
    const url = 'https://docs.example.org/guide';
    await t.db
      .insertInto('link_previews')
      .values({ url, success: 1, title: 'Guide', description: 'How to', image: 'https://docs.example.org/i.png', fetched_at: nowIso() })
      .execute();
    const legacy = await player.get(`/get-og-data.php?url=${encodeURIComponent(url + '#section')}`);
    expect(legacy.json()).toEqual({ success: true, title: 'Guide', description: 'How to', image: 'https://docs.example.org/i.png' });
    const api = await player.get(`/api/link-preview?url=${encodeURIComponent(url)}`);
    expect(api.json()).toEqual({ data: { success: true, title: 'Guide', description: 'How to', image: 'https://docs.example.org/i.png' } });
  });
});

describe('GET /api/player-area/{playerId}/criteria-videos', () => {
  let own: number;
  let other: number;
  beforeAll(async () => {
    own = (await player.get('/api/auth/me')).json().data.player;
    const someone = await t.db.selectFrom('players').select('id').where('id', '!=', own).executeTakeFirstOrThrow();
    other = someone.id;
  });

  it('401 signed out', async () => {
    expect((await t.anon.get(`/api/player-area/${own}/criteria-videos`)).statusCode).toBe(401);
  });

  it('the player reads their own criterion videos', async () => {
    const res = await player.get(`/api/player-area/${own}/criteria-videos`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; criteria: string; video_links: string[] }[];
    const evaluated = await t.db
      .selectFrom('evaluations')
      .select('criterion_id')
      .distinct()
      .where('player_id', '=', own)
      .where('is_current', '=', 1)
      .execute();
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((c) => c.id).sort()).toEqual(evaluated.map((e) => e.criterion_id).sort());
    expect(list.some((c) => c.video_links.length > 0)).toBe(true);
  });

  it("a player reading another player's data is refused (403); an unknown player is 404", async () => {
    expect((await player.get(`/api/player-area/${other}/criteria-videos`)).statusCode).toBe(403);
    expect((await player.get('/api/player-area/999999/criteria-videos')).statusCode).toBe(404);
  });

  it('staff: 404 for an unknown player, 400 for a bad id; a role without criteria and not a player is 403', async () => {
    expect((await admin.get('/api/player-area/999999/criteria-videos')).statusCode).toBe(404);
    expect((await admin.get('/api/player-area/abc/criteria-videos')).statusCode).toBe(400);
    const { client } = await userWithRole('Resources Only', 1);
    expect((await client.get(`/api/player-area/${own}/criteria-videos`)).statusCode).toBe(403);
  });
});
