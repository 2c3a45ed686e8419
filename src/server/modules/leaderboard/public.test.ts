import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { PUBLIC_BOARD_OFF, PUBLIC_PERIODS, publicPeriodStart } from '../../../shared/schemas/leaderboard.js';
import { nowIso, todayDate } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { statementsDuring } from '../../test/statements.js';

/** Public boards: no sign-in, names per the admin setting, nothing private in the answers. */

let t: TestApp;
let admin: Client;
let teamId: number;
/** What the demo install starts with, read before any test changes it. */
let installed: string | undefined;
beforeAll(async () => {
  t = await createTestApp();
  installed = (await t.db.selectFrom('settings').select('value').where('key', '=', 'public_leaderboard_names').executeTakeFirst())?.value;
  admin = await t.login('admin');
  teamId = (await t.db.selectFrom('teams').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  // A photo key and e-mails that must never leak.
  await t.db
    .updateTable('players')
    .set({ profile_img: 'photo-key.webp' })
    .where('id', 'in', t.db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId))
    .execute();
});
afterAll(() => t.close());

const setNames = (value: string) => t.db.updateTable('settings').set({ value }).where('key', '=', 'public_leaderboard_names').execute();
const PRIVATE = ['email', 'player_email', 'dob', 'profile_img', 'teamIds', 'coachUser', 'video_links', 'pdf', 'notes'];

function expectNothingPrivate(body: string) {
  expect(body).not.toContain('@');
  const json = JSON.parse(body);
  const keys = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        keys.add(k);
        walk(x);
      }
    }
  };
  walk(json);
  for (const k of PRIVATE) expect(keys.has(k), k).toBe(false);
}

describe('public leaderboards', () => {
  it('answers without sign-in with the same ranks and scores as the staff board', async () => {
    await setNames('full');
    const pub = await t.anon.get('/api/public/leaderboard?pageSize=200');
    expect(pub.statusCode).toBe(200);
    expectNothingPrivate(pub.body);
    const staff = (await admin.get('/api/leaderboard/players?pageSize=200')).json().data;
    const data = pub.json().data;
    expect(data.view).toBe('players');
    expect(data.total).toBe(staff.total);
    expect(
      data.rows.map((r: { id: number; rank: number; totalScore: number; last_name: string }) => [r.id, r.rank, r.totalScore, r.last_name]),
    ).toEqual(
      staff.rows.map((r: { id: number; rank: number; totalScore: number; last_name: string }) => [r.id, r.rank, r.totalScore, r.last_name]),
    );
    expect(Object.keys(data.rows[0]).sort()).toEqual(['first_name', 'id', 'last_name', 'rank', 'totalScore']);
  });

  it('teams view: name, coach name, players and average only', async () => {
    const res = await t.anon.get('/api/public/leaderboard?view=teams');
    expect(res.statusCode).toBe(200);
    expectNothingPrivate(res.body);
    const rows = res.json().data.rows;
    expect(rows).toHaveLength(4);
    expect(Object.keys(rows[0]).sort()).toEqual(['averageScore', 'coachName', 'id', 'name', 'playerCount', 'rank']);
  });

  it('team board: only that team, with its name; 404 for an unknown team; 400 on bad input', async () => {
    const res = await t.anon.get(`/api/public/leaderboard/team/${teamId}`);
    expect(res.statusCode).toBe(200);
    expectNothingPrivate(res.body);
    const data = res.json().data;
    const members = await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).execute();
    expect(data.total).toBe(members.length);
    expect(data.team.name).toBe('U14 Boys');
    // Photos need sign-in (ADR 0004): neither the key nor the field is public.
    expect(res.body).not.toContain('photo-key');
    expect((await t.anon.get('/api/public/leaderboard/team/999999')).statusCode).toBe(404);
    expect((await t.anon.get('/api/public/leaderboard/team/abc')).statusCode).toBe(400);
    expect((await t.anon.get('/api/public/leaderboard?view=secret')).statusCode).toBe(400);
  });

  it("'initial' shows first name and last initial only", async () => {
    await setNames('initial');
    const rows = (await t.anon.get(`/api/public/leaderboard/team/${teamId}?pageSize=200`)).json().data.rows as {
      id: number;
      first_name: string;
      last_name: string;
    }[];
    const real = new Map((await t.db.selectFrom('players').select(['id', 'first_name', 'last_name']).execute()).map((p) => [p.id, p]));
    for (const r of rows) {
      expect(r.first_name).toBe(real.get(r.id)!.first_name);
      expect(r.last_name).toBe(`${[...real.get(r.id)!.last_name][0]!.toUpperCase()}.`);
    }
    const search = (await t.anon.get(`/api/public/leaderboard?q=${encodeURIComponent(real.get(rows[0]!.id)!.first_name)}`)).json().data;
    expect(search.rows.every((r: { last_name: string }) => /^.\.$/u.test(r.last_name))).toBe(true);
  });

  it("search matches only the shown name: a full last name finds nobody under 'initial', finds the player under 'full'", async () => {
    const player = await t.db.selectFrom('players').select(['id', 'first_name', 'last_name']).orderBy('id').executeTakeFirstOrThrow();
    const idsFor = async (text: string, url = '/api/public/leaderboard') => {
      const res = await t.anon.get(`${url}?pageSize=200&q=${encodeURIComponent(text)}`);
      expect(res.statusCode).toBe(200);
      return (res.json().data.rows as { id: number }[]).map((r) => r.id);
    };
    const initial = player.last_name[0]!;
    await setNames('initial');
    expect(await idsFor(player.last_name)).not.toContain(player.id);
    expect(await idsFor(`${player.first_name} ${player.last_name}`)).not.toContain(player.id);
    expect(await idsFor(`${player.last_name} ${player.first_name}`)).not.toContain(player.id);
    expect(await idsFor(player.last_name, `/api/public/leaderboard/team/${teamId}`)).not.toContain(player.id);
    expect(await idsFor(`${player.first_name} ${initial}`)).toContain(player.id);
    expect(await idsFor(`${player.first_name} ${initial.toLowerCase()}.`)).toContain(player.id);
    await setNames('full');
    expect(await idsFor(player.last_name)).toContain(player.id);
    expect(await idsFor(`${player.last_name} ${player.first_name}`)).toContain(player.id);
  });

  it('a fresh install, and a never-saved setting, show first name and last initial: players are often minors', async () => {
    expect(installed).toBe('initial');
    const saved = await t.db.selectFrom('settings').selectAll().where('key', '=', 'public_leaderboard_names').execute();
    await t.db.deleteFrom('settings').where('key', '=', 'public_leaderboard_names').execute();
    try {
      const res = await t.anon.get(`/api/public/leaderboard/team/${teamId}?pageSize=200`);
      const rows = res.json().data.rows as { id: number; last_name: string }[];
      const real = new Map((await t.db.selectFrom('players').select(['id', 'last_name']).execute()).map((p) => [p.id, p.last_name]));
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.last_name).toBe(`${[...real.get(r.id)!][0]!.toUpperCase()}.`);
        expect(res.body).not.toContain(real.get(r.id)!);
      }
    } finally {
      await t.db.insertInto('settings').values(saved).execute();
    }
  });

  it("'off' answers 404 with a clear message on every public board", async () => {
    await setNames('off');
    for (const url of [
      '/api/public/leaderboard',
      '/api/public/leaderboard?view=teams',
      `/api/public/leaderboard/team/${teamId}`,
      '/api/public/leaderboard/criteria',
    ]) {
      const res = await t.anon.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(PUBLIC_BOARD_OFF);
    }
    // Staff boards are not affected.
    expect((await admin.get('/api/leaderboard/players')).statusCode).toBe(200);
    await setNames('full');
  });

  type Row = { id: number; rank: number; totalScore: number };
  const PERIODS = Object.keys(PUBLIC_PERIODS) as (keyof typeof PUBLIC_PERIODS)[];
  const ranks = (rows: Row[]) => rows.map((r) => [r.id, r.rank, r.totalScore]);

  it('offers fixed periods and whole levels, each the same board as the staff filter it stands for', async () => {
    const level = (await t.db.selectFrom('levels').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const criteria = (await t.db.selectFrom('criteria').select('id').where('level_id', '=', level).execute()).map((c) => c.id).join(',');
    for (const period of PERIODS) {
      const from = publicPeriodStart(period, todayDate());
      const staffQuery = `pageSize=200&criteria=${criteria}${from ? `&from=${from}` : ''}`;
      const pub = await t.anon.get(`/api/public/leaderboard?pageSize=200&period=${period}&level=${level}`);
      expect(pub.statusCode, period).toBe(200);
      expect(ranks(pub.json().data.rows)).toEqual(ranks((await admin.get(`/api/leaderboard/players?${staffQuery}`)).json().data.rows));
      const team = await t.anon.get(`/api/public/leaderboard/team/${teamId}?pageSize=200&period=${period}&level=${level}`);
      expect(ranks(team.json().data.rows)).toEqual(
        ranks((await admin.get(`/api/leaderboard/players?${staffQuery}&team_id=${teamId}`)).json().data.rows),
      );
    }
    expect(publicPeriodStart('30d', '2026-03-01')).toBe('2026-01-31');
    expect((await t.anon.get('/api/public/leaderboard?period=7y')).statusCode).toBe(400);
  });

  it('an unknown level or club answers 400 with its field on every public board', async () => {
    const club = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const cases = [
      ['/api/public/leaderboard?level=999999', 'level', MSG.boardUnknownLevel],
      ['/api/public/leaderboard?view=teams&level=999999', 'level', MSG.boardUnknownLevel],
      [`/api/public/leaderboard/team/${teamId}?level=999999`, 'level', MSG.boardUnknownLevel],
      ['/api/public/leaderboard?view=teams&category=999999', 'category', MSG.boardUnknownClub],
      ['/api/public/leaderboard?category=999999', 'category', MSG.boardUnknownClub],
    ] as const;
    for (const [url, field, message] of cases) {
      const res = await t.anon.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message, field });
    }
    expect((await t.anon.get(`/api/public/leaderboard?view=teams&category=${club}`)).statusCode).toBe(200);
  });

  it('the teams view of every period, level and club is the staff teams board of the same filter', async () => {
    const levels = await t.db.selectFrom('levels').select('id').orderBy('id').execute();
    const clubs = await t.db.selectFrom('categories').select('id').orderBy('id').execute();
    const teamRanks = (rows: (Row & { averageScore: number; playerCount: number })[]) =>
      rows.map((r) => [r.id, r.rank, r.averageScore, r.playerCount]);
    for (const period of PERIODS) {
      for (const level of [undefined, ...levels.map((l) => l.id)]) {
        const criteria =
          level === undefined
            ? []
            : (await t.db.selectFrom('criteria').select('id').where('level_id', '=', level).execute()).map((c) => c.id);
        const from = publicPeriodStart(period, todayDate());
        for (const club of [undefined, ...clubs.map((c) => c.id)]) {
          const pub = `/api/public/leaderboard?view=teams&period=${period}${level ? `&level=${level}` : ''}${club ? `&category=${club}` : ''}`;
          const staff = `/api/leaderboard/teams?${criteria.length ? `criteria=${criteria.join(',')}&` : ''}${from ? `from=${from}&` : ''}${club ? `category=${club}` : ''}`;
          const rows = (await t.anon.get(pub)).json().data.rows;
          expect(rows.length, pub).toBeGreaterThan(0);
          expect(teamRanks(rows), pub).toEqual(teamRanks((await admin.get(staff)).json().data));
        }
      }
    }
  });

  it('free dates and criteria are not offered to visitors: each would be a new aggregate', async () => {
    const all = (await t.anon.get('/api/public/leaderboard?pageSize=200')).json().data.rows;
    const criterion = (await t.db.selectFrom('criteria').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    for (const query of ['to=1971-01-01', `criteria=${criterion}`, 'from=2999-01-01&to=2999-12-31']) {
      const res = await t.anon.get(`/api/public/leaderboard?pageSize=200&${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(ranks(res.json().data.rows), query).toEqual(ranks(all));
    }
  });

  it('visitors see scores at most PUBLIC_BOARD_MAX_AGE_SECONDS old; staff see them at once', async () => {
    const lagging = await createTestApp({ config: { PUBLIC_BOARD_MAX_AGE_SECONDS: 3600 } });
    try {
      const staff = await lagging.login('admin');
      const before = (await lagging.anon.get('/api/public/leaderboard?pageSize=200')).json().data.rows as Row[];
      const last = before.at(-1)!;
      const criterion = await lagging.db
        .selectFrom('criteria')
        .innerJoin('levels', 'levels.id', 'criteria.level_id')
        .select(['criteria.id', 'levels.kind'])
        .orderBy('criteria.id')
        .executeTakeFirstOrThrow();
      const written = await staff.post(`/api/player/${last.id}/evaluation`, {
        criteria_id: criterion.id,
        score: criterion.kind === 'yes_no' ? 'Yes' : 10,
        notes: 'max age',
      });
      expect(written.statusCode).toBe(200);
      expect(ranks((await staff.get('/api/leaderboard/players?pageSize=200')).json().data.rows)).not.toEqual(ranks(before));
      expect(ranks((await lagging.anon.get('/api/public/leaderboard?pageSize=200')).json().data.rows)).toEqual(ranks(before));
    } finally {
      await lagging.close();
    }
  });

  it('public criteria list for the criteria filter', async () => {
    const res = await t.anon.get('/api/public/leaderboard/criteria');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBe(2);
  });
});

/**
 * ADR 0015: whatever view, club, team or page visitors ask for, the server computes one club ranking
 * per period × level and score version (the aggregates below), each through the work gate.
 */
describe('public boards under a flood of combinations', () => {
  /** A club ranking or a teams board's averages (scores.repository.ts): the statements that cost. */
  const aggregates = (statements: string[]) => statements.filter((text) => /coalesce\((sum\()?pt\.total/.test(text)).length;
  const periods = Object.keys(PUBLIC_PERIODS);
  type Row = { id: number; rank: number; totalScore: number };

  /** Every public board of `app`: both views, every period, level and club, two pages, and two teams' boards. */
  async function everyBoard(app: TestApp): Promise<{ urls: string[]; rankings: number }> {
    const levels = ['', ...(await app.db.selectFrom('levels').select('id').execute()).map((r) => `&level=${r.id}`)];
    const clubs = ['', ...(await app.db.selectFrom('categories').select('id').execute()).map((r) => `&category=${r.id}`)];
    const teams = (await app.db.selectFrom('teams').select('id').orderBy('id').limit(2).execute()).map((r) => r.id);
    const urls = periods.flatMap((p) =>
      levels.flatMap((level) => [
        ...[1, 2].map((page) => `/api/public/leaderboard?period=${p}${level}&pageSize=5&page=${page}`),
        ...clubs.map((club) => `/api/public/leaderboard?view=teams&period=${p}${level}${club}`),
        ...teams.map((team) => `/api/public/leaderboard/team/${team}?period=${p}${level}`),
      ]),
    );
    return { urls, rankings: periods.length * levels.length };
  }

  const all = (app: TestApp, urls: string[]) => Promise.all(urls.map((url) => app.anon.get(url)));
  /** Each of these makes a fresh app and asks for every board several times (PostgreSQL on a busy machine: 20 s). */
  const SLOW = 90_000;

  it(
    'asked for every board at once, runs one aggregate per period × level, and none the second time',
    async () => {
      const app = await createTestApp();
      try {
        const { urls, rankings } = await everyBoard(app);
        let answers: Awaited<ReturnType<typeof all>> = [];
        const first = await statementsDuring(async () => void (answers = await all(app, urls)));
        expect(answers.map((a) => a.statusCode)).toEqual(urls.map(() => 200));
        expect(aggregates(first)).toBe(rankings);
        expect(aggregates(await statementsDuring(async () => void (answers = await all(app, urls))))).toBe(0);
        expect(answers.map((a) => a.statusCode)).toEqual(urls.map(() => 200));
      } finally {
        await app.close();
      }
    },
    SLOW,
  );

  it(
    'after a score change, serves every board at once from its last ranking while one refresh per period × level runs',
    async () => {
      const app = await createTestApp({ config: { PUBLIC_BOARD_MAX_AGE_SECONDS: 0 } });
      try {
        const staff = await app.login('admin');
        const { urls, rankings } = await everyBoard(app);
        await all(app, urls);
        const board = async () =>
          ((await app.anon.get('/api/public/leaderboard?pageSize=200')).json().data.rows as Row[]).map((r) => [r.id, r.rank, r.totalScore]);
        const before = await board();
        const last = before.at(-1)![0]!;
        const criterion = await app.db
          .selectFrom('criteria')
          .innerJoin('levels', 'levels.id', 'criteria.level_id')
          .select(['criteria.id', 'levels.kind'])
          .orderBy('criteria.id')
          .executeTakeFirstOrThrow();
        const written = await staff.post(`/api/player/${last}/evaluation`, {
          criteria_id: criterion.id,
          score: criterion.kind === 'yes_no' ? 'Yes' : 10,
          notes: 'refresh',
        });
        expect(written.statusCode).toBe(200);
        const after = (await staff.get('/api/leaderboard/players?pageSize=200')).json().data.rows as Row[];
        let served: unknown[] = [];
        const during = await statementsDuring(async () => {
          served = await board();
          // Visitors keep asking for every board until each has its new ranking.
          for (let round = 0; round < 50; round++) {
            const answers = await all(app, urls);
            expect(answers.filter((a) => a.statusCode !== 200)).toEqual([]);
            if (JSON.stringify(await board()) === JSON.stringify(after.map((r) => [r.id, r.rank, r.totalScore]))) break;
            await new Promise((r) => setTimeout(r, 20));
          }
          await all(app, urls);
        });
        expect(served).toEqual(before);
        expect(await board()).toEqual(after.map((r) => [r.id, r.rank, r.totalScore]));
        expect(aggregates(during)).toBeLessThanOrEqual(rankings);
      } finally {
        await app.close();
      }
    },
    SLOW,
  );

  it(
    'the teams view passes the work gate: beyond one running and 16 waiting, 503 with Retry-After',
    async () => {
      const app = await createTestApp();
      try {
        const now = nowIso();
        for (let i = 0; i < 10; i++) {
          const level = await app.db
            .insertInto('levels')
            .values({ name: `Extra ${i}`, kind: 'scale_1_10', position: 10 + i, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          await app.db
            .insertInto('criteria')
            .values({
              name: `Extra criterion ${i}`,
              level_id: level.id,
              weight: 1,
              description: '',
              video_links: '[]',
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
        const levels = ['', ...(await app.db.selectFrom('levels').select('id').execute()).map((r) => `&level=${r.id}`)];
        const urls = periods.flatMap((p) => levels.map((level) => `/api/public/leaderboard?view=teams&period=${p}${level}`));
        let answers: Awaited<ReturnType<typeof all>> = [];
        const statements = await statementsDuring(async () => void (answers = await all(app, urls)));
        const refused = answers.filter((a) => a.statusCode === 503);
        expect(refused.length).toBeGreaterThan(0);
        expect(answers.filter((a) => a.statusCode === 200).length).toBe(urls.length - refused.length);
        for (const res of refused) {
          expect(res.headers['retry-after']).toBe('5');
          expect(res.json().message).toBe(MSG.boardBusy);
        }
        // Each board answered ran its one aggregate; a refused one ran none.
        expect(aggregates(statements)).toBe(urls.length - refused.length);
      } finally {
        await app.close();
      }
    },
    SLOW,
  );
});
