import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../shared/schemas/cursor.js';
import { nowIso } from './lib/time.js';
import { createTestApp, type Client, type TestApp } from './test/harness.js';

/**
 * Keyset paging of the lists (ADR 0023), on both databases: walking `next` shows every row once in the
 * list's order, rows written meanwhile never make a row repeat or go missing, and a cursor that is not
 * one of the list's is a 400.
 */

let t: TestApp, admin: Client, superadmin: Client;
beforeAll(async () => {
  t = await createTestApp();
  [admin, superadmin] = await Promise.all([t.login('admin'), t.login('superadmin')]);
});
afterAll(() => t.close());

type Page<T> = { rows: T[]; next: string | null };

/** Every page from the first, following `next`; `between` runs after each page (concurrent writes). */
async function walk<T>(read: (after: string | null) => Promise<Page<T>>, between?: (page: number) => Promise<void>): Promise<T[]> {
  const all: T[] = [];
  let after: string | null = null;
  for (let page = 1; page < 1000; page++) {
    const { rows, next } = await read(after);
    all.push(...rows);
    if (!next) return all;
    await between?.(page);
    after = next;
  }
  throw new Error('the cursor never ended');
}

const q = (after: string | null) => (after ? `&after=${after}` : '');

function expectOk(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
}

type ListedPlayer = { id: number; first_name: string; last_name: string };
const playersPage = async (after: string | null, path = '/api/players?pageSize=7'): Promise<Page<ListedPlayer>> => {
  const res = await admin.get(`${path}${q(after)}`);
  expectOk(res);
  const { data, next } = res.json().data;
  return { rows: data, next };
};

const byName = (a: ListedPlayer, b: ListedPlayer) =>
  a.last_name < b.last_name
    ? -1
    : a.last_name > b.last_name
      ? 1
      : a.first_name < b.first_name
        ? -1
        : a.first_name > b.first_name
          ? 1
          : a.id - b.id;

async function addPlayer(last_name: string): Promise<number> {
  const team = await t.db.selectFrom('teams').select('id').orderBy('id').executeTakeFirstOrThrow();
  const res = await admin.post('/api/players', { first_name: 'Cursor', last_name, email: 'cursor@example.org', team_id: [team.id] });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.db.selectFrom('players').select('id').where('last_name', '=', last_name).executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/players?after=', () => {
  it('walks every player once, in name order, the same rows as the numbered pages', async () => {
    const walked = await walk((after) => playersPage(after));
    const numbered = (await admin.get('/api/players?pageSize=200')).json().data;
    expect(walked.map((p) => p.id)).toEqual(numbered.data.map((p: ListedPlayer) => p.id));
    expect(new Set(walked.map((p) => p.id)).size).toBe(numbered.total);
    expect([...walked].sort(byName)).toEqual(walked);
  });

  it('gives the cursor of a numbered page too, and a last page has none', async () => {
    const first = (await admin.get('/api/players?pageSize=5&page=2')).json().data;
    const after = (await admin.get(`/api/players?pageSize=5&after=${first.next}`)).json().data;
    const third = (await admin.get('/api/players?pageSize=5&page=3')).json().data;
    expect(after.data.map((p: ListedPlayer) => p.id)).toEqual(third.data.map((p: ListedPlayer) => p.id));
    const last = (await admin.get(`/api/players?pageSize=5&page=${Math.ceil(first.total / 5)}`)).json().data;
    expect(last.next).toBeNull();
  });

  it('neither repeats nor skips a player while players are added before and after the cursor', async () => {
    const before = (await admin.get('/api/players?pageSize=200')).json().data.data as ListedPlayer[];
    const added: number[] = [];
    const walked = await walk(
      (after) => playersPage(after),
      async (page) => {
        // One name sorts before every row (behind the cursor), one after every row (still ahead).
        added.push(await addPlayer(`Aaa${page}`), await addPlayer(`Zzz${page}`));
      },
    );
    const ids = walked.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of before) expect(ids).toContain(p.id);
    const seen = walked.filter((p) => added.includes(p.id)).map((p) => p.last_name);
    expect(seen.every((name) => name.startsWith('Zzz'))).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('pages a team roster by cursor as well', async () => {
    const team = (await t.db.selectFrom('teams').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const walked = await walk((after) => playersPage(after, `/api/team/${team}/players?pageSize=3`));
    const all = (await admin.get(`/api/team/${team}/players?pageSize=200`)).json().data.data as ListedPlayer[];
    expect(walked.map((p) => p.id)).toEqual(all.map((p) => p.id));
  });

  it('answers 400 to a cursor that is not one', async () => {
    for (const bad of ['not*base64', 'bm9wZQ', encodeCursor([1]), encodeCursor(['a', 'b', 'c']), 'x'.repeat(2000)]) {
      const res = await admin.get(`/api/players?after=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('GET /api/users?limit=&after=', () => {
  it('pages the users by name without repeats, the same rows as the whole list; 400 on a bad cursor', async () => {
    const all = (await admin.get('/api/users')).json();
    expect(all.next).toBeNull();
    const walked = await walk(async (after) => {
      const res = await admin.get(`/api/users?limit=2${q(after)}`);
      expectOk(res);
      return { rows: res.json().data as { id: number }[], next: res.json().next };
    });
    expect(walked.map((u) => u.id)).toEqual(all.data.map((u: { id: number }) => u.id));
    expect((await admin.get(`/api/users?limit=2&after=${encodeCursor([3])}`)).statusCode).toBe(400);
  });
});

describe('newest-first logs by cursor (audit trail, outbox)', () => {
  it('walks the audit trail newest first while entries are written', async () => {
    const entry = () => ({
      user_id: null,
      user_name: 'x',
      action: 'update' as const,
      entity: 'player',
      entity_id: 1,
      summary: '',
      created_at: nowIso(),
    });
    await t.db
      .insertInto('audit_log')
      .values(Array.from({ length: 120 }, entry))
      .execute();
    let pages = 0;
    const walked = await walk(
      async (after) => {
        const res = await superadmin.get(`/api/audit?${after ? `after=${after}` : ''}`);
        expectOk(res);
        const { items, next } = res.json().data;
        pages++;
        return { rows: items as { id: number }[], next };
      },
      async () => {
        await t.db.insertInto('audit_log').values(entry()).execute();
      },
    );
    expect(pages).toBeGreaterThan(2);
    const ids = walked.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect((await superadmin.get(`/api/audit?after=${encodeCursor(['1'])}`)).statusCode).toBe(400);
  });

  it('walks the outbox newest first; 400 on a bad cursor', async () => {
    for (let i = 0; i < 30; i++) await t.app.mailer.send({ to: `p${i}@example.org`, subject: `S${i}`, text: 'x' });
    const total = (await superadmin.get('/api/mail/outbox')).json().data.total as number;
    const walked = await walk(async (after) => {
      const res = await superadmin.get(`/api/mail/outbox${after ? `?after=${after}` : ''}`);
      expectOk(res);
      const { items, next } = res.json().data;
      return { rows: items as { id: number }[], next };
    });
    expect(new Set(walked.map((m) => m.id)).size).toBe(total);
    expect((await superadmin.get('/api/mail/outbox?after=%%%')).statusCode).toBe(400);
  });
});

describe('GET /api/guardians?after=', () => {
  it('pages by e-mail without repeats; 400 on a bad cursor', async () => {
    const all = (await admin.get('/api/guardians?pageSize=200')).json().data;
    const walked = await walk(async (after) => {
      const res = await admin.get(`/api/guardians?pageSize=2${q(after)}`);
      expectOk(res);
      const { data, next } = res.json().data;
      return { rows: data as { id: number }[], next };
    });
    expect(walked.map((g) => g.id)).toEqual(all.data.map((g: { id: number }) => g.id));
    expect((await admin.get(`/api/guardians?after=${encodeCursor([1])}`)).statusCode).toBe(400);
  });
});

describe('GET /api/imports/players/history?after=', () => {
  it('answers the first page with its cursor, and 400 to a bad one', async () => {
    const res = await admin.get('/api/imports/players/history');
    expectOk(res);
    expect(res.json()).toMatchObject({ data: expect.any(Array), next: null });
    expect((await admin.get(`/api/imports/players/history?after=${encodeCursor([1, 2])}`)).statusCode).toBe(400);
    expectOk(await admin.get(`/api/imports/players/history?after=${encodeCursor(['2026-01-01T00:00:00.000Z', 5])}`));
  });
});

describe('GET /api/leaderboard/teams?limit=&after=', () => {
  type TeamRow = { id: number; rank: number; averageScore: number };
  it('pages the board in rank order, the same rows as the whole board; 400 on a bad cursor', async () => {
    const whole = (await admin.get('/api/leaderboard/teams')).json();
    expect(whole.next).toBeUndefined();
    const walked = await walk(async (after) => {
      const res = await admin.get(`/api/leaderboard/teams?limit=1${q(after)}`);
      expectOk(res);
      return { rows: res.json().data as TeamRow[], next: res.json().next };
    });
    expect(walked).toEqual(whole.data);
    expect((await admin.get(`/api/leaderboard/teams?limit=1&after=${encodeCursor(['x', 1])}`)).statusCode).toBe(400);
    expect((await admin.get('/api/leaderboard/teams?limit=0')).statusCode).toBe(400);
  });

  it('starts below the cursor score when its team is gone, without repeating a row', async () => {
    const whole = (await admin.get('/api/leaderboard/teams')).json().data as TeamRow[];
    const res = await admin.get(`/api/leaderboard/teams?limit=100&after=${encodeCursor([whole[0]!.averageScore, 999_999])}`);
    expectOk(res);
    const rows = res.json().data as TeamRow[];
    expect(rows.every((r) => r.averageScore < whole[0]!.averageScore)).toBe(true);
  });

  it('401 signed out', async () => {
    expect((await t.anon.get('/api/leaderboard/teams?limit=5')).statusCode).toBe(401);
  });
});
