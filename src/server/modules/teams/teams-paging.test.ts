import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsAt } from '../../../shared/permissions.js';
import { encodeCursor } from '../../../shared/schemas/cursor.js';
import { TEAMS_PAGE_SIZE, type Team } from '../../../shared/schemas/team.js';
import { insertUser } from '../../db/bootstrap.js';
import { nowIso } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { hashPassword } from '../auth/passwords.js';

/**
 * GET /api/teams?limit=&after= (ADR 0023): pages are slices of the cached list in its order
 * [lower-cased name, id], found from the cursor's key, on both databases.
 */

let t: TestApp;
let admin: Client;
let coach: Client;
let player: Client;
const ids = { northside: 0, riverside: 0, season2526: 0, season2627: 0, coachRole: 0, casey: 0, jordan: 0 };

type Page = { rows: Team[]; next: string | null };

/** Deterministic pseudo-random numbers, so a failing walk can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const whole = async (client: Client, query = ''): Promise<Team[]> => {
  const res = await client.get(`/api/teams${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Team[];
};

async function page(client: Client, limit: number | null, after: string | null, query = ''): Promise<Page> {
  const params = [query, limit === null ? '' : `limit=${limit}`, after === null ? '' : `after=${after}`].filter(Boolean).join('&');
  const res = await client.get(`/api/teams?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: Team[]; next: string | null };
  expect(Object.keys(body).sort()).toEqual(['data', 'next']);
  return { rows: body.data, next: body.next };
}

/** Every page from the first, following `next`; `between` runs after each page but the last (concurrent writes). */
async function walk(read: (after: string | null) => Promise<Page>, between?: (last: Page) => Promise<void>): Promise<Team[]> {
  const all: Team[] = [];
  let after: string | null = null;
  for (let n = 0; n < 1000; n++) {
    const p = await read(after);
    all.push(...p.rows);
    if (!p.next) return all;
    await between?.(p);
    after = p.next;
  }
  throw new Error('the cursor never ended');
}

const keyOrder = (a: Team, b: Team) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

async function insertTeams(rows: { name: string; club?: number; season?: number; coach?: number }[]): Promise<number[]> {
  const now = nowIso();
  const inserted = await t.db
    .insertInto('teams')
    .values(
      rows.map((r) => ({
        name: r.name,
        category_id: r.club ?? ids.northside,
        season_id: r.season ?? ids.season2627,
        coach_user_id: r.coach ?? ids.jordan,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  // Written as another process would: the app sees it once notified (ADR 0011).
  await t.settled();
  return inserted.map((r) => r.id);
}

const save = (name: string) => ({ name, category: ids.riverside, coachRole: ids.coachRole, coachUser: ids.jordan, season: ids.season2526 });
async function createTeam(name: string): Promise<number> {
  const res = await admin.post('/api/teams', save(name));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Team).id;
}
async function deleteTeam(id: number): Promise<void> {
  expect((await admin.post(`/api/team/${id}/delete`, {})).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
  const named = async (table: 'categories' | 'seasons', name: string) =>
    (await t.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const user = async (email: string) =>
    (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  Object.assign(ids, {
    northside: await named('categories', 'Northside Hawks'),
    riverside: await named('categories', 'Riverside Tigers'),
    season2526: await named('seasons', '2025/26'),
    season2627: await named('seasons', '2026/27'),
    coachRole: (await t.db.selectFrom('roles').select('id').where('key', '=', 'coach').executeTakeFirstOrThrow()).id,
    casey: await user('coach@demo.club'),
    jordan: await user('jordan.reyes@demo.club'),
  });
  // A big club: names that tie once lower-cased (ordered by id then), digits, spaces, punctuation
  // and letters beyond ASCII, whose lower() SQLite leaves as they are. Every fifth is Casey's.
  const random = rng(23);
  const stems = [
    'Hawks',
    'hawks',
    'HAWKS',
    'Tigers',
    'u12 Mixed',
    'U12 mixed',
    'Équipe',
    'équipe',
    'Ángeles',
    'Zebras',
    'a-team',
    'A Team',
    '10s',
  ];
  await insertTeams(
    Array.from({ length: 130 }, (_, i) => ({
      name: `${stems[Math.floor(random() * stems.length)]!} ${Math.floor(random() * 12)}`,
      club: i % 3 ? ids.northside : ids.riverside,
      season: i % 2 ? ids.season2627 : ids.season2526,
      coach: i % 5 ? ids.jordan : ids.casey,
    })),
  );
});
afterAll(() => t.close());

describe('GET /api/teams without limit or after', () => {
  it('answers the whole list as before: `data` only, in the order [lower-cased name, id]', async () => {
    const res = await admin.get('/api/teams');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Team[] };
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.length).toBe(134);
    expect(body.data).toEqual([...body.data].sort(keyOrder));
  });
});

describe('GET /api/teams?limit=&after=', () => {
  it('walks every team once at random page sizes, the same teams in the same order as the whole list', async () => {
    const random = rng(7);
    for (const query of ['', `category=${ids.riverside}`]) {
      const all = await whole(admin, query);
      for (let run = 0; run < 12; run++) {
        const limit = run === 0 ? 200 : 1 + Math.floor(random() * 40);
        const walked = await walk((after) => page(admin, limit, after, query));
        expect(walked, `limit ${limit} ${query}`).toEqual(all);
      }
    }
  });

  it('pages by TEAMS_PAGE_SIZE when only a cursor is given, and the last page has no `next`', async () => {
    const all = await whole(admin);
    const first = await page(admin, TEAMS_PAGE_SIZE, null);
    expect(first.rows).toEqual(all.slice(0, TEAMS_PAGE_SIZE));
    const second = await page(admin, null, first.next);
    expect(second.rows).toEqual(all.slice(TEAMS_PAGE_SIZE, 2 * TEAMS_PAGE_SIZE));
    const exact = await page(admin, all.length, null);
    expect(exact.rows).toEqual(all);
    expect(exact.next).toBeNull();
    const beyond = await page(admin, 1, encodeCursor(['\uffff', 0]));
    expect(beyond).toEqual({ rows: [], next: null });
  });

  it('shows a team added after the cursor and not one added before it, never repeating or skipping one', async () => {
    const before = await whole(admin);
    const added = { early: [] as number[], late: [] as number[], twins: [] as number[] };
    let n = 0;
    const walked = await walk(
      (after) => page(admin, 17, after),
      async (last) => {
        n++;
        // One sorts before every team (behind the cursor), one after every team, 'é' included (still ahead) …
        added.early.push(await createTeam(`0 cursor ${n}`));
        added.late.push(await createTeam(`Ωmega cursor ${n}`));
        // … and one has the cursor team's very name in capitals: its key ties, its id is larger, so it comes next.
        const cursorTeam = last.rows.at(-1)!;
        added.twins.push(...(await insertTeams([{ name: cursorTeam.name.toUpperCase(), season: ids.season2526, club: ids.riverside }])));
      },
    );
    try {
      const shown = walked.map((x) => x.id);
      expect(new Set(shown).size).toBe(shown.length);
      for (const team of before) expect(shown).toContain(team.id);
      expect(shown.filter((id) => added.early.includes(id))).toEqual([]);
      expect(added.late.every((id) => shown.includes(id))).toBe(true);
      expect(added.twins.every((id) => shown.includes(id))).toBe(true);
      expect(walked).toEqual([...walked].sort(keyOrder));
      const after = await whole(admin);
      expect(walked).toEqual(after.filter((x) => !added.early.includes(x.id)));
    } finally {
      for (const id of [...added.early, ...added.late, ...added.twins]) await deleteTeam(id);
    }
    expect(await whole(admin)).toEqual(before);
  });

  it('continues after a cursor whose team was deleted or renamed at the first team sorting after its key', async () => {
    const all = await whole(admin);
    const first = await page(admin, 10, null);
    const cursorTeam = first.rows.at(-1)!;

    // A namesake added since: its key ties with the cursor's, its id is larger, so it sorts after it.
    const [twin] = await insertTeams([{ name: cursorTeam.name, club: ids.riverside, season: ids.season2526 }]);
    await t.db.updateTable('teams').set({ name: 'Zzzz renamed' }).where('id', '=', cursorTeam.id).execute();
    await t.settled();
    try {
      const renamed = await page(admin, 5, first.next);
      const expected = [...all.slice(10), { ...cursorTeam, id: twin! }].sort(keyOrder).slice(0, 5);
      expect(renamed.rows.map((x) => x.id)).toEqual(expected.map((x) => x.id));
      expect(renamed.rows.map((x) => x.id)).toContain(twin);
    } finally {
      await t.db.updateTable('teams').set({ name: cursorTeam.name }).where('id', '=', cursorTeam.id).execute();
      await deleteTeam(twin!);
    }

    const gone = await createTeam('Aab gone soon');
    const withGone = await whole(admin);
    const at = withGone.findIndex((x) => x.id === gone);
    const upToGone = await page(admin, at + 1, null);
    expect(upToGone.rows.at(-1)!.id).toBe(gone);
    await deleteTeam(gone);
    const next = await page(admin, 5, upToGone.next);
    expect(next.rows).toEqual(withGone.slice(at + 1, at + 6));
    expect(await whole(admin)).toEqual(all);
  });

  it('gives a coach only their reachable teams, page by page', async () => {
    const own = await whole(coach);
    expect(own.length).toBeGreaterThan(20);
    expect(own.every((x) => x.coachUser === ids.casey)).toBe(true);
    for (const limit of [1, 7, 50]) expect(await walk((after) => page(coach, limit, after))).toEqual(own);
    // A cursor taken from the admin's list places the coach within their own teams, no more.
    const adminFirst = await page(admin, 60, null);
    const rest = await walk((after) => page(coach, 9, after ?? adminFirst.next));
    expect(rest.every((x) => x.coachUser === ids.casey)).toBe(true);
    expect(rest).toEqual(own.filter((x) => keyOrder(x, adminFirst.rows.at(-1)!) > 0));
    const riverside = await whole(coach, `category=${ids.riverside}`);
    expect(await walk((after) => page(coach, 4, after, `category=${ids.riverside}`))).toEqual(riverside);
  });

  it('refuses a malformed cursor and a limit out of range (400 with the error envelope)', async () => {
    for (const bad of [
      'not*base64',
      'bm9wZQ',
      encodeCursor([1]),
      encodeCursor(['a']),
      encodeCursor([1, 'a']),
      encodeCursor(['a', 1, 2]),
      'x'.repeat(2000),
    ]) {
      const res = await admin.get(`/api/teams?limit=5&after=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid cursor.', field: 'after' });
    }
    for (const bad of ['0', '201', '-1', '1.5', 'abc', '']) {
      const res = await admin.get(`/api/teams?limit=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), field: 'limit' });
    }
    expect((await admin.get('/api/teams?limit=200')).statusCode).toBe(200);
  });

  it('needs a session (401) and the teams permission (403)', async () => {
    expect((await t.anon.get('/api/teams?limit=5')).statusCode).toBe(401);
    expect((await t.anon.get(`/api/teams?limit=5&after=${encodeCursor(['a', 1])}`)).statusCode).toBe(401);
    expect((await player.get('/api/teams?limit=5')).statusCode).toBe(403);
    // Staff with every section but teams.
    const now = nowIso();
    const role = await t.db
      .insertInto('roles')
      .values({ title: 'No teams', key: null, admin: 0, ...permissionsAt(2), teams: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const password = 'no-teams-password-2026';
    const email = 'no.teams@example.org';
    await insertUser(t.db, { first_name: 'Noa', last_name: 'Teams', email, password_hash: await hashPassword(password), role_id: role.id });
    const staff = await t.login({ email, password });
    const res = await staff.get(`/api/teams?limit=5&after=${encodeCursor(['a', 1])}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
