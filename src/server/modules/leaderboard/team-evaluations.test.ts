import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardTotals, roundPercent, teamAverage } from '../../../shared/scoring.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { loadEvaluations } from './leaderboard.fixtures.js';

/** The API's /api/player_evaluations and /api/team_evaluations ("Team evaluation row"). */

let t: TestApp;
let admin: Client;
let coach: Client;
let coachTeams: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  coach = await t.login('coach');
  const coachId = (await coach.get('/api/auth/me')).json().data.id;
  coachTeams = (await t.db.selectFrom('teams').select('id').where('coach_user_id', '=', coachId).orderBy('id').execute()).map((x) => x.id);
});
afterAll(() => t.close());

/** 401 signed out, 403 for a player (evaluation < 1) and for a coach naming another coach's team. */
async function expectScoped(url: string) {
  expect((await t.anon.get(url)).statusCode).toBe(401);
  expect((await (await t.login('player')).get(url)).statusCode).toBe(403);
  const other = await t.db.selectFrom('teams').select('id').where('id', 'not in', coachTeams).executeTakeFirstOrThrow();
  expect((await coach.get(`${url}?team_id=${other.id}`)).statusCode).toBe(403);
}

describe('player_evaluations', () => {
  it('players of a team with their current evaluations, playerCount and averageScore', async () => {
    const teamId = coachTeams[0]!;
    const res = await coach.get(`/api/player_evaluations?team_id=${teamId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const members = (await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).execute()).map(
      (m) => m.player_id,
    );
    const totals = leaderboardTotals(await loadEvaluations(t.db));
    expect(data.playerCount).toBe(members.length);
    expect(data.averageScore).toBeCloseTo(roundPercent(teamAverage(members.map((m) => totals.get(m) ?? 0))), 6);
    for (const p of data.players) {
      expect(p.totalScore).toBeCloseTo(roundPercent(totals.get(p.id) ?? 0), 6);
      const current = await t.db.selectFrom('evaluations').select('id').where('player_id', '=', p.id).where('is_current', '=', 1).execute();
      expect(p.evaluations.map((e: { id: number }) => e.id).sort()).toEqual(current.map((c) => c.id).sort());
    }
    expect(data.players[0].evaluations[0]).toMatchObject({
      criteria: expect.any(String),
      level_name: expect.any(String),
      score_percentage: expect.any(Number),
      date: expect.any(String),
    });
  });

  it('without team_id: every player for admins, only their own teams’ players for coaches; paged', async () => {
    const all = (await admin.get('/api/player_evaluations?pageSize=10')).json().data;
    expect(all.playerCount).toBe(40);
    expect(all.players).toHaveLength(10);
    const mine = (await coach.get('/api/player_evaluations')).json().data;
    expect(mine.playerCount).toBe(20);
  });

  it('access: 401, 403 (evaluation < 1; another coach’s team), 400', async () => {
    await expectScoped('/api/player_evaluations');
    expect((await admin.get('/api/player_evaluations?team_id=x')).statusCode).toBe(400);
  });
});

describe('team_evaluations', () => {
  it('team rows with players, playerCount and averageScore; coaches see their own teams', async () => {
    const rows = (await admin.get('/api/team_evaluations')).json().data;
    expect(rows.total).toBe(4);
    const totals = leaderboardTotals(await loadEvaluations(t.db));
    for (const row of rows.rows) {
      expect(row.playerCount).toBe(row.players.length);
      expect(row.averageScore).toBeCloseTo(roundPercent(teamAverage(row.players.map((p: { id: number }) => totals.get(p.id) ?? 0))), 6);
    }
    const mine = (await coach.get('/api/team_evaluations')).json().data;
    expect(mine.rows.map((r: { id: number }) => r.id).sort()).toEqual([...coachTeams].sort());
    const one = (await coach.get(`/api/team_evaluations?team_id=${coachTeams[1]}`)).json().data;
    expect(one.rows.map((r: { id: number }) => r.id)).toEqual([coachTeams[1]]);
  });

  it('access: 401, 403, 400', async () => {
    await expectScoped('/api/team_evaluations');
    expect((await admin.get('/api/team_evaluations?pageSize=1000')).statusCode).toBe(400);
  });
});
