import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BOARD_OFF } from '../../../shared/schemas/leaderboard.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

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
  await t.db.updateTable('players').set({ profile_img: 'photo-key.webp' }).where('id', 'in', t.db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId)).execute();
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
    expect(data.rows.map((r: { id: number; rank: number; totalScore: number; last_name: string }) => [r.id, r.rank, r.totalScore, r.last_name])).toEqual(
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
    const rows = (await t.anon.get(`/api/public/leaderboard/team/${teamId}?pageSize=200`)).json().data.rows as { id: number; first_name: string; last_name: string }[];
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
    for (const url of ['/api/public/leaderboard', '/api/public/leaderboard?view=teams', `/api/public/leaderboard/team/${teamId}`, '/api/public/leaderboard/criteria']) {
      const res = await t.anon.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(PUBLIC_BOARD_OFF);
    }
    // Staff boards are not affected.
    expect((await admin.get('/api/leaderboard/players')).statusCode).toBe(200);
    await setNames('full');
  });

  it('public criteria list for the criteria filter', async () => {
    const res = await t.anon.get('/api/public/leaderboard/criteria');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBe(2);
  });
});
