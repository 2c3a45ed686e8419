import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelativeAge } from '../../../shared/schemas/relative-age.js';
import type { SessionResults } from '../../../shared/schemas/eval-session.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { newPlayers, publishedSession, targetSeason } from '../drafts/drafts.fixtures.js';

let t: TestApp;
let admin: Client;
let coach: Client;
const f = { players: [] as number[], session: 0, draft: 0, teams: [] as number[] };

const ok = <T>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Two players a quarter, in the order the session ranks them (earlier born, higher scored); the last has no date. */
const DATES = ['2014-01-10', '2014-02-10', '2014-04-10', '2014-05-10', '2014-07-10', '2014-08-10', '2014-10-10', '2014-11-10', null];

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach] = await Promise.all([t.login('admin'), t.login('coach')]);
  f.players = await newPlayers(t.db, DATES.length, 'Relative', 2014);
  for (const [i, id] of f.players.entries())
    await t.db.updateTable('players').set({ birth_date: DATES[i]! }).where('id', '=', id).execute();
  f.session = await publishedSession(t.db, 'Relative-age tryout', f.players);
  const season = await targetSeason(t.db, '2027/28', ['U14 Relative']);
  f.teams = season.teamIds;
  f.draft = ok<{ id: number }>(
    await admin.post('/api/drafts', {
      name: 'Relative draft',
      season_id: season.seasonId,
      teams: [{ team_id: f.teams[0], target_size: 3 }],
    }),
  ).id;
  await t.settled();
});
afterAll(() => t.close());

describe('GET /api/eval-session/:id/relative-age', () => {
  const url = (top: unknown = 4, id = f.session) => `/api/eval-session/${id}/relative-age?top=${top}`;

  it('401 signed out, 403 without sessions write, 404 for an unknown session', async () => {
    expect((await t.anon.get(url())).statusCode).toBe(401);
    expect((await coach.get(url())).statusCode).toBe(403);
    expect((await admin.get(url(4, 999999))).statusCode).toBe(404);
  });

  it('400 for a number of selected players that is not a whole number from 1; half of the scored players by default', async () => {
    for (const top of [0, -1, 'x', 2.5, 100000]) expect((await admin.get(url(top))).statusCode, String(top)).toBe(400);
    expect((await admin.get('/api/eval-session/abc/relative-age?top=3')).statusCode).toBe(400);
    const byDefault = ok<RelativeAge>(await admin.get(`/api/eval-session/${f.session}/relative-age`));
    expect([byDefault.top, byDefault.selection]).toEqual([4, 'the top 4 of the results']); // 9 scored players
  });

  it('compares the top N with every scored player, leaving out the one without a birth date', async () => {
    const results = ok<SessionResults>(await admin.get(`/api/eval-session/${f.session}/results`));
    const top = results.rows.filter((r) => r.rank !== null && r.rank <= 4).map((r) => r.playerId);
    const r = ok<RelativeAge>(await admin.get(url()));
    expect(r.selection).toBe('the top 4 of the results');
    expect([r.candidates, r.missing]).toEqual([8, 1]);
    expect(r.selected).toBe(top.filter((id) => DATES[f.players.indexOf(id)] !== null).length);
    expect(r.quarters.map((q) => q.candidates)).toEqual([2, 2, 2, 2]);
    expect(r.quarters.map((q) => q.expected)).toEqual([1, 1, 1, 1].map((x) => (x * r.selected) / 4));
    expect(r.df).toBe(3);
    expect(r.p).toBeGreaterThan(0);
    expect(r.small_sample).toBe(true);
    expect(r.sentence).toMatch(/January–March/);
    expect(r.adjusted).toHaveLength(8);
    expect(r.adjusted.map((a) => a.player_id)).not.toContain(f.players[8]);
    expect(r.adjusted.every((a) => a.residual !== null && a.adjusted_rank !== null)).toBe(true);
  });
});

describe('GET /api/draft/:id/relative-age', () => {
  it('401 signed out, 403 without teams write, 400 for a bad id, 404 for an unknown draft', async () => {
    expect((await t.anon.get(`/api/draft/${f.draft}/relative-age`)).statusCode).toBe(401);
    expect((await coach.get(`/api/draft/${f.draft}/relative-age`)).statusCode).toBe(403);
    expect((await admin.get('/api/draft/abc/relative-age')).statusCode).toBe(400);
    expect((await admin.get('/api/draft/999999/relative-age')).statusCode).toBe(404);
  });

  it('counts the candidates placed on a team as selected', async () => {
    const empty = ok<RelativeAge>(await admin.get(`/api/draft/${f.draft}/relative-age`));
    expect([empty.candidates, empty.selected, empty.missing]).toEqual([0, 0, 0]);
    let { version } = ok<{ version: number }>(await admin.get(`/api/draft/${f.draft}`));
    ({ version } = ok<{ version: number }>(
      await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: version, session_id: f.session }),
    ));
    // The two born in January–March and one born in April–June go on the team.
    for (const i of [0, 1, 2])
      ({ version } = ok<{ version: number }>(
        await admin.post(`/api/draft/${f.draft}/move`, { expected_version: version, player_id: f.players[i], team_id: f.teams[0] }),
      ));
    const r = ok<RelativeAge>(await admin.get(`/api/draft/${f.draft}/relative-age`));
    expect(r.selection).toBe('placed on a team');
    expect([r.candidates, r.selected, r.missing]).toEqual([8, 3, 1]);
    expect(r.quarters.map((q) => q.selected)).toEqual([2, 1, 0, 0]);
    // Expected 0.75 a quarter: (1.25² + 0.25² + 0.75² + 0.75²) / 0.75 = 2.75 / 0.75 = 11/3.
    expect(r.chi_square).toBeCloseTo(11 / 3, 9);
    expect(r.sentence).toBe('Players born in January–March were selected; none born in October–December were.');
    expect(r.verdict).toMatch(/could be chance/);
  });
});
