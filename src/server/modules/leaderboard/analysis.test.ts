import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardTotals, roundPercent, teamAverage } from '../../../shared/scoring.js';
import type { Client, TestApp } from '../../test/harness.js';
import { distribution, scoreTimeline } from './analysis.service.js';
import { loadEvaluations, randomClubApp, type RandomClub } from './leaderboard.fixtures.js';
import { nowIso } from '../../lib/time.js';

/** Analysis landing lists and summaries: math against the shared module, access and coach scoping. */

let t: TestApp, admin: Client, coach: Client, club: RandomClub;
let ownTeam: number;
let otherTeam: number;
beforeAll(async () => {
  ({ t, admin, club } = await randomClubApp(11));
  coach = await t.login('coach');
  const coachId = (await coach.get('/api/auth/me')).json().data.id;
  ownTeam = (await t.db.selectFrom('teams').select('id').where('coach_user_id', '=', coachId).orderBy('id').executeTakeFirstOrThrow()).id;
  otherTeam = (await t.db.selectFrom('teams').select('id').where('coach_user_id', '!=', coachId).orderBy('id').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

const membersOf = async (teamId: number) =>
  (await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).execute()).map((m) => m.player_id);

describe('analysis landing lists', () => {
  it('players: name, photo and email, filtered by team; coaches see only their own teams’ players', async () => {
    const all = (await admin.get('/api/analysis/players?pageSize=200')).json().data;
    expect(all.total).toBe((await t.db.selectFrom('players').select('id').execute()).length);
    expect(Object.keys(all.rows[0]).sort()).toEqual(['email', 'first_name', 'id', 'last_name', 'profile_img']);
    const team = (await admin.get(`/api/analysis/players?team_id=${ownTeam}&pageSize=200`)).json().data;
    expect(team.rows.map((r: { id: number }) => r.id).sort()).toEqual((await membersOf(ownTeam)).sort());
    const coachIds = (
      await t.db
        .selectFrom('teams')
        .select('id')
        .where('coach_user_id', '=', (await coach.get('/api/auth/me')).json().data.id)
        .execute()
    ).map((x) => x.id);
    const reachable = new Set(
      (await t.db.selectFrom('team_players').select('player_id').where('team_id', 'in', coachIds).execute()).map((m) => m.player_id),
    );
    const mine = (await coach.get('/api/analysis/players?pageSize=200')).json().data;
    expect(mine.total).toBe(reachable.size);
    for (const r of mine.rows) expect(reachable.has(r.id)).toBe(true);
    expect((await coach.get(`/api/analysis/players?team_id=${otherTeam}`)).statusCode).toBe(403);
  });

  it('teams: name, club, coach, players; filtered by club; scoped for coaches', async () => {
    const all = (await admin.get('/api/analysis/teams')).json().data;
    expect(all.length).toBe((await t.db.selectFrom('teams').select('id').execute()).length);
    const empty = all.find((x: { id: number }) => x.id === club.emptyTeamId);
    expect(empty).toMatchObject({ playerCount: 0, category: `Random Club 11`, coachName: 'Robin Random' });
    const byClub = (await admin.get(`/api/analysis/teams?category=${club.categoryId}`)).json().data;
    expect(byClub).toHaveLength(5);
    const mine = (await coach.get('/api/analysis/teams')).json().data;
    expect(mine.map((x: { name: string }) => x.name).sort()).toEqual(['U14 Boys', 'U16 Girls']);
  });

  it('401 / 403 / 400', async () => {
    for (const url of ['/api/analysis/players', '/api/analysis/teams']) {
      expect((await t.anon.get(url)).statusCode).toBe(401);
      expect((await (await t.login('player')).get(url)).statusCode).toBe(403);
    }
    expect((await admin.get('/api/analysis/players?team_id=0')).statusCode).toBe(400);
    expect((await admin.get('/api/analysis/teams?category=x')).statusCode).toBe(400);
  });
});

describe('player analysis summary', () => {
  it('total, per level and per criterion vs the team average match the shared module', async () => {
    const evaluations = await loadEvaluations(t.db);
    const totals = leaderboardTotals(evaluations);
    const teamId = club.teamIds[0]!;
    const members = await membersOf(teamId);
    const playerId = members.find((m) => (totals.get(m) ?? 0) > 0)!;
    const res = await admin.get(`/api/player/${playerId}/analysis/summary?team_id=${teamId}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.totalScore).toBeCloseTo(roundPercent(totals.get(playerId)!), 6);
    expect(s.team).toMatchObject({ id: teamId, playerCount: members.length });
    const criteria = await t.db.selectFrom('criteria').select(['id', 'level_id']).execute();
    for (const c of s.criteria) {
      const mine = leaderboardTotals(evaluations, { criteriaIds: [c.id] }).get(playerId);
      expect(c.score ?? null).toEqual(mine === undefined ? null : roundPercent(mine));
      const perCriterion = leaderboardTotals(evaluations, { criteriaIds: [c.id] });
      expect(c.teamAverage).toBeCloseTo(roundPercent(teamAverage(members.map((m) => perCriterion.get(m) ?? 0))), 6);
    }
    for (const l of s.levels) {
      const ids = criteria.filter((c) => c.level_id === l.id).map((c) => c.id);
      const perLevel = leaderboardTotals(evaluations, { criteriaIds: ids });
      expect(l.score).toBeCloseTo(roundPercent(perLevel.get(playerId) ?? 0), 6);
      expect(l.teamAverage).toBeCloseTo(roundPercent(teamAverage(members.map((m) => perLevel.get(m) ?? 0))), 6);
    }
    // The last point of the timeline is today's total; every point is the total as of that date.
    expect(s.timeline.at(-1).score).toBeCloseTo(s.totalScore, 6);
    const history = evaluations.filter((e) => e.playerId === playerId);
    expect(s.latestChanges.length).toBe(
      Math.min(10, (await t.db.selectFrom('evaluations').select('id').where('player_id', '=', playerId).execute()).length),
    );
    expect(history.length).toBeGreaterThan(0);
    expect(s.rankInTeam).toBe(
      (await admin.get(`/api/leaderboard/players?team_id=${teamId}&pageSize=200`))
        .json()
        .data.rows.find((r: { id: number }) => r.id === playerId).rank,
    );
  });

  it('a player without evaluations or teams gets an empty but valid summary', async () => {
    const lone = await t.db
      .insertInto('players')
      .values({
        first_name: 'Lone',
        last_name: 'Wolf',
        email: 'lone@example.org',
        player_email: null,
        dob: null,
        profile_img: null,
        video_links: '[]',
        pdf_file_id: null,
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const s = (await admin.get(`/api/player/${lone.id}/analysis/summary`)).json().data;
    expect(s).toMatchObject({ totalScore: 0, team: null, rankInTeam: null, timeline: [], latestChanges: [] });
    expect(s.criteria.every((c: { score: null; teamAverage: null }) => c.score === null && c.teamAverage === null)).toBe(true);
  });

  it('access: 401, 403 (reports < 1; a coach on another coach’s player), 404, 400', async () => {
    const own = (await membersOf(ownTeam))[0]!;
    const other = (await membersOf(otherTeam))[0]!;
    expect((await t.anon.get(`/api/player/${own}/analysis/summary`)).statusCode).toBe(401);
    expect((await (await t.login('player')).get(`/api/player/${own}/analysis/summary`)).statusCode).toBe(403);
    expect((await coach.get(`/api/player/${own}/analysis/summary`)).statusCode).toBe(200);
    expect((await coach.get(`/api/player/${other}/analysis/summary`)).statusCode).toBe(403);
    expect((await coach.get(`/api/player/${own}/analysis/summary?team_id=${otherTeam}`)).statusCode).toBe(403);
    expect((await admin.get('/api/player/999999/analysis/summary')).statusCode).toBe(404);
    expect((await admin.get('/api/player/abc/analysis/summary')).statusCode).toBe(400);
  });

  it('a scoped coach compares against their own team by default, never another coach’s', async () => {
    const coachId = (await coach.get('/api/auth/me')).json().data.id;
    const now = nowIso();
    const own = await t.db.selectFrom('teams').select(['category_id', 'season_id']).where('id', '=', ownTeam).executeTakeFirstOrThrow();
    // Created after otherTeam, so the player's first team (by id) is the other coach's.
    const mine = (
      await t.db
        .insertInto('teams')
        .values({
          name: 'Late Own Team',
          category_id: own.category_id,
          season_id: own.season_id,
          coach_user_id: coachId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const both = (
      await t.db
        .insertInto('players')
        .values({
          first_name: 'Two',
          last_name: 'Teams',
          email: 'two.teams@example.org',
          player_email: null,
          dob: null,
          profile_img: null,
          video_links: '[]',
          pdf_file_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('team_players')
      .values([
        { team_id: otherTeam, player_id: both },
        { team_id: mine, player_id: both },
      ])
      .execute();
    await t.settled();
    try {
      expect(otherTeam).toBeLessThan(mine);
      const res = await coach.get(`/api/player/${both}/analysis/summary`);
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().data;
      expect(s.team).toMatchObject({ id: mine, playerCount: 1 });
      expect(s.rankInTeam).toBe(1);
      expect(s.player.teams.map((x: { id: number }) => x.id)).toEqual([mine]);
      expect((await coach.get(`/api/player/${both}/analysis/summary?team_id=${otherTeam}`)).statusCode).toBe(403);
      // Unscoped staff keep every team and the first one by default.
      const all = (await admin.get(`/api/player/${both}/analysis/summary`)).json().data;
      expect(all.player.teams.map((x: { id: number }) => x.id)).toEqual([otherTeam, mine]);
      expect(all.team.id).toBe(otherTeam);
    } finally {
      await t.db.deleteFrom('team_players').where('player_id', '=', both).execute();
      await t.db.deleteFrom('players').where('id', '=', both).execute();
      await t.db.deleteFrom('teams').where('id', '=', mine).execute();
      await t.settled();
    }
  });
});

describe('team analysis summary', () => {
  it('average, per-criterion averages, distribution and ranking match the shared module', async () => {
    const evaluations = await loadEvaluations(t.db);
    const totals = leaderboardTotals(evaluations);
    for (const teamId of [...club.teamIds, club.emptyTeamId, club.tieTeamId]) {
      const res = await admin.get(`/api/team/${teamId}/analysis/summary`);
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().data;
      const members = await membersOf(teamId);
      expect(s.team.playerCount).toBe(members.length);
      expect(s.averageScore).toBeCloseTo(roundPercent(teamAverage(members.map((m) => totals.get(m) ?? 0))), 6);
      expect(s.distribution.reduce((a: number, b: { players: number }) => a + b.players, 0)).toBe(members.length);
      expect(s.ranking.map((r: { id: number }) => r.id).sort()).toEqual([...members].sort());
      if (members.length) expect(s.timeline.at(-1)?.score ?? 0).toBeCloseTo(s.averageScore, 6);
      else expect(s.timeline).toEqual([]);
      for (const c of s.criteria) {
        const per = leaderboardTotals(evaluations, { criteriaIds: [c.id] });
        if (members.length) expect(c.teamAverage).toBeCloseTo(roundPercent(teamAverage(members.map((m) => per.get(m) ?? 0))), 6);
        else expect(c.teamAverage).toBeNull();
      }
    }
  });

  it('access: 401, 403 (reports < 1; another coach’s team), 404', async () => {
    expect((await t.anon.get(`/api/team/${ownTeam}/analysis/summary`)).statusCode).toBe(401);
    expect((await (await t.login('player')).get(`/api/team/${ownTeam}/analysis/summary`)).statusCode).toBe(403);
    expect((await coach.get(`/api/team/${ownTeam}/analysis/summary`)).statusCode).toBe(200);
    expect((await coach.get(`/api/team/${otherTeam}/analysis/summary`)).statusCode).toBe(403);
    expect((await admin.get('/api/team/999999/analysis/summary')).statusCode).toBe(404);
  });
});

describe('analysis needs reports, not teams or players (docs/product.md#permissions)', () => {
  it('a coach role with reports 1 but teams 0 and players 0 opens the lists and both summaries of its own team', async () => {
    const role = await t.db
      .selectFrom('roles')
      .select(['id', 'teams', 'players', 'reports'])
      .where('key', '=', 'coach')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('roles').set({ teams: 0, players: 0, reports: 1 }).where('id', '=', role.id).execute();
    try {
      const c = await t.login('coach');
      expect((await c.get('/api/players')).statusCode).toBe(403);
      expect((await c.get('/api/analysis/teams')).statusCode).toBe(200);
      expect((await c.get(`/api/analysis/players?team_id=${ownTeam}`)).statusCode).toBe(200);
      expect((await c.get(`/api/team/${ownTeam}/analysis/summary`)).statusCode).toBe(200);
      expect((await c.get(`/api/player/${(await membersOf(ownTeam))[0]!}/analysis/summary`)).statusCode).toBe(200);
      expect((await c.get(`/api/team/${otherTeam}/analysis/summary`)).statusCode).toBe(403);
      await t.db.updateTable('roles').set({ reports: 0 }).where('id', '=', role.id).execute();
      await t.settled();
      expect((await c.get(`/api/team/${ownTeam}/analysis/summary`)).statusCode).toBe(403);
    } finally {
      await t.db
        .updateTable('roles')
        .set({ teams: role.teams, players: role.players, reports: role.reports })
        .where('id', '=', role.id)
        .execute();
      await t.settled();
    }
  });
});

describe('timeline and distribution helpers', () => {
  it('timeline: the team average as of each date, the latest evaluation per player and criterion', () => {
    const row = (id: number, playerId: number, criterionId: number, date: string, pct: number) => ({
      id,
      playerId,
      criterionId,
      date,
      createdAt: '',
      scorePercentage: pct,
      isCurrent: true,
      evaluator: '',
    });
    const rows = [
      row(1, 1, 1, '2025-01-01', 10),
      row(2, 2, 1, '2025-01-01', 20),
      row(3, 1, 1, '2025-02-01', 40),
      row(4, 1, 2, '2025-02-01', 5),
    ];
    expect(scoreTimeline(rows, 2)).toEqual([
      { date: '2025-01-01', score: 15 },
      { date: '2025-02-01', score: 32.5 },
    ]);
    expect(scoreTimeline(rows, 0)).toEqual([]);
  });

  it('distribution: ten buckets; 100 and above go to the last one', () => {
    const d = distribution([0, 9.99, 10, 55, 100, 130]);
    expect(d.map((b) => b.players)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
  });
});
