import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { roundPercent } from '../../shared/scoring.js';
import { statementsDuring } from '../test/statements.js';
import { createTestApp, secondInstance, type Client, type TestApp } from '../test/harness.js';
import { ChangeFeed } from './change-feed.js';
import { nowMs } from '../lib/time.js';

/**
 * ADR 0011: two app instances on one database (two pools on PostgreSQL, two connections to one file on
 * SQLite). Another process's change reaches this one within notification delivery; this process's
 * own write is seen by its next read at once; without the feed, every request reads the database.
 */
const postgres = process.env.TEST_DB === 'postgres';

let a: TestApp;
let b: TestApp;
let playerId: number;
let criterionId: number;
let playerUserId: number;

/** What another process's change may take to arrive: polls `read` for up to 2 s. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = nowMs() + 2000;
  for (;;) {
    const value = await read();
    if (ok(value) || nowMs() > until) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const feedOf = (t: TestApp) => t.app.database.changes!;
const status = async (c: Client, url = '/api/auth/me') => (await c.get(url)).statusCode;
const boardTotal = async (c: Client) =>
  ((await c.get('/api/leaderboard/players?pageSize=200')).json().data.rows as { id: number; totalScore: number }[]).find(
    (r) => r.id === playerId,
  )?.totalScore;
const storedTotal = async (t: TestApp) =>
  roundPercent(
    Number((await t.db.selectFrom('player_scores').select('total').where('player_id', '=', playerId).executeTakeFirst())?.total ?? 0),
  );
/** A score for the criterion that differs from its current one, so the total moves. */
async function newScore(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('evaluations')
    .select('score')
    .where('player_id', '=', playerId)
    .where('criterion_id', '=', criterionId)
    .where('is_current', '=', 1)
    .executeTakeFirst();
  return Number(row?.score) === 3 ? 8 : 3;
}
const evaluate = async (admin: Client, t: TestApp) =>
  admin.post(`/api/player/${playerId}/evaluation`, {
    criteria_id: criterionId,
    score: await newScore(t),
    evaluator_name: 'Ada Admin',
    notes: '',
    video_links: [],
  });

beforeAll(async () => {
  a = await createTestApp();
  b = await secondInstance(a);
  if (postgres) await eventually(async () => feedOf(a).live && feedOf(b).live, Boolean);
  playerId = (await a.db.selectFrom('users').select('player_id').where('email', '=', 'player@demo.club').executeTakeFirstOrThrow())
    .player_id!;
  playerUserId = (await a.db.selectFrom('users').select('id').where('email', '=', 'player@demo.club').executeTakeFirstOrThrow()).id;
  criterionId = (
    await a.db
      .selectFrom('criteria as c')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select('c.id')
      .where('l.kind', '=', 'scale_1_10')
      .orderBy('c.id')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('another app process on the same database', () => {
  it('is listened to on PostgreSQL only', () => {
    expect(a.app.database.changes?.live ?? false).toBe(postgres);
  });

  it('suspends a user there: the live session here ends', async () => {
    const player = await a.login('player');
    expect(await status(player)).toBe(200);
    expect(await status(player)).toBe(200); // served from the session cache on PostgreSQL
    const admin = await b.login('admin');
    expect((await admin.post(`/api/user/${playerUserId}/suspend`)).statusCode).toBe(200);
    expect(
      await eventually(
        () => status(player),
        (s) => s === 401,
      ),
    ).toBe(401);
    expect((await admin.post(`/api/user/${playerUserId}/reactivate`)).statusCode).toBe(200);
  });

  it('ends a session there: it ends here', async () => {
    const coach = await a.login('coach');
    expect(await status(coach)).toBe(200);
    const out = await b.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: coach.cookie, 'x-csrf-token': coach.csrf },
    });
    expect(out.statusCode).toBe(200);
    expect(
      await eventually(
        () => status(coach),
        (s) => s === 401,
      ),
    ).toBe(401);
  });

  it('adds an evaluation there: the cached board here shows it', async () => {
    const here = await a.login('admin');
    const before = await boardTotal(here);
    expect(await boardTotal(here)).toBe(before); // cached
    expect((await evaluate(await b.login('admin'), b)).statusCode).toBe(200);
    const expected = await storedTotal(b);
    expect(expected).not.toBe(before);
    expect(
      await eventually(
        () => boardTotal(here),
        (v) => v === expected,
      ),
    ).toBe(expected);
  });

  it('lowers a role there: its users are refused here', async () => {
    const coach = await a.login('coach');
    expect(await status(coach, '/api/teams')).toBe(200);
    const role = await b.db.selectFrom('roles').selectAll().where('key', '=', 'coach').executeTakeFirstOrThrow();
    await b.db.updateTable('roles').set({ teams: 0 }).where('id', '=', role.id).execute();
    try {
      expect(
        await eventually(
          () => status(coach, '/api/teams'),
          (s) => s === 403,
        ),
      ).toBe(403);
    } finally {
      await b.db.updateTable('roles').set({ teams: role.teams }).where('id', '=', role.id).execute();
    }
    expect(
      await eventually(
        () => status(coach, '/api/teams'),
        (s) => s === 200,
      ),
    ).toBe(200);
  });
});

describe('this process', () => {
  it('serves warm signed-in requests without a statement (PostgreSQL: the feed; SQLite: the WAL-index watch)', async () => {
    const admin = await a.login('admin');
    const paths = [
      '/api/auth/me',
      '/api/leaderboard/players',
      '/api/leaderboard/teams',
      '/api/teams',
      '/api/players',
      `/api/player/${playerId}`,
    ];
    for (const path of paths) expect((await admin.get(path)).statusCode, path).toBe(200);
    const statements = await statementsDuring(async () => {
      for (const path of paths) expect((await admin.get(path)).statusCode, path).toBe(200);
    });
    expect(statements).toEqual([]);
  });

  it('sees its own write at the next read', async () => {
    // PostgreSQL: notifications dropped, only what the write request itself does can make the next read fresh.
    vi.spyOn(ChangeFeed.prototype as unknown as { notified(): void }, 'notified').mockImplementation(() => {});
    const admin = await a.login('admin');
    const player = await a.login('player');
    const before = await boardTotal(admin);
    expect(await status(player)).toBe(200);
    expect((await evaluate(admin, a)).statusCode).toBe(200);
    const after = await boardTotal(admin);
    expect(after).not.toBe(before);
    expect(after).toBe(await storedTotal(a));
    expect((await admin.post(`/api/user/${playerUserId}/suspend`)).statusCode).toBe(200);
    expect(await status(player)).toBe(401);
    expect((await admin.post(`/api/user/${playerUserId}/reactivate`)).statusCode).toBe(200);
  });
});

describe.runIf(postgres)('the PostgreSQL change feed', () => {
  it('is told each version with its number and each change a session depends on, but not the touch', async () => {
    const listener = new pg.Client({ connectionString: a.url });
    await listener.connect();
    const received: { channel: string; payload: string }[] = [];
    listener.on('notification', (n) => received.push({ channel: n.channel, payload: n.payload ?? '' }));
    await listener.query('LISTEN score_version; LISTEN session_auth');
    // Sends a marker after `statement`: notifications arrive in commit order, so what came before it is all.
    const notifiedBy = async (statement: string) => {
      received.length = 0;
      await sql.raw(statement).execute(a.db);
      await sql`select pg_notify('session_auth', 'marker')`.execute(a.db);
      await eventually(async () => received.some((n) => n.payload === 'marker'), Boolean);
      return received.filter((n) => n.payload !== 'marker');
    };
    try {
      const bumped = await notifiedBy('update score_state set version = version + 1 where id = 1');
      const { version } = await a.db.selectFrom('score_state').select('version').executeTakeFirstOrThrow();
      expect(bumped).toEqual([{ channel: 'score_version', payload: String(version) }]);
      for (const statement of [
        'delete from sessions where id = -1',
        'update users set updated_at = updated_at where id = -1',
        'delete from users where id = -1',
        'update roles set updated_at = updated_at where id = -1',
        'delete from roles where id = -1',
      ]) {
        const auth = (await notifiedBy(statement)).filter((n) => n.channel === 'session_auth');
        expect(auth, statement).toEqual([{ channel: 'session_auth', payload: '' }]);
      }
      expect(await notifiedBy('update sessions set last_seen_at = last_seen_at')).toEqual([]);
      expect(
        await notifiedBy(
          "insert into sessions (token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at) select 'x', id, 'y', '', '', '' from users limit 1",
        ),
      ).toEqual([]);
    } finally {
      await listener.end();
    }
  });

  it('checks expiry against the cached session, and writes the touch into the database and the cache', async () => {
    const coach = await a.login('coach');
    const { id } = await a.db.selectFrom('sessions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await status(coach)).toBe(200);
    const start = nowMs();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start + 5 * 60_000);
    expect(await status(coach)).toBe(200);
    const touched = await a.db.selectFrom('sessions').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Date.parse(touched.last_seen_at)).toBe(start + 5 * 60_000);
    // The cached copy has the new time: no second touch, no query.
    const query = vi.spyOn(pg.Client.prototype, 'query');
    clock.mockReturnValue(start + 6 * 60_000);
    expect(await status(coach)).toBe(200);
    expect(query).not.toHaveBeenCalled();
    clock.mockReturnValue(start + 6 * 60_000 + a.app.config.SESSION_IDLE_MINUTES * 60_000);
    expect(await status(coach)).toBe(401);
    expect(await a.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('reads the database while not listening, and listens again after losing its connection', async () => {
    const feed = feedOf(a);
    const admin = await a.login('admin');
    const player = await a.login('player');
    await boardTotal(admin);
    expect(await status(player)).toBe(200);

    await feed.stop();
    expect(feed.scoreVersion()).toBeNull();
    // Changes written by the other process's pool, seen here at once: nothing is taken from memory.
    expect((await evaluate(await b.login('admin'), b)).statusCode).toBe(200);
    expect(await boardTotal(admin)).toBe(await storedTotal(b));
    await b.db.updateTable('users').set({ status: 2 }).where('id', '=', playerUserId).execute();
    expect(await status(player)).toBe(401);
    await b.db.updateTable('users').set({ status: 1 }).where('id', '=', playerUserId).execute();

    feed.start();
    expect(await eventually(async () => feed.live, Boolean)).toBe(true);
    const { rows } = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where application_name = 'club-change-feed' and datname = current_database()`.execute(a.db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2); // both instances' listeners
    const again = await a.login('player');
    expect(await status(again)).toBe(200); // served (from the database) while reconnecting
    expect(await eventually(async () => feed.live && feedOf(b).live, Boolean)).toBe(true);
    expect((await evaluate(await b.login('admin'), b)).statusCode).toBe(200);
    const expected = await storedTotal(b);
    expect(
      await eventually(
        () => boardTotal(admin),
        (v) => v === expected,
      ),
    ).toBe(expected);
  });

  it('does not keep the process alive', async () => {
    const index = fileURLToPath(new URL('./index.ts', import.meta.url));
    const code = `
      const { openDatabase } = await import(${JSON.stringify(index)});
      const database = openDatabase(${JSON.stringify(a.url)});
      database.changes.start();
      while (!database.changes.live) await new Promise((r) => setTimeout(r, 20));
      console.log('listening');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const exit = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearTimeout(timer);
    expect(out).toContain('listening');
    expect(exit).toBe(0);
  }, 30_000);
});
