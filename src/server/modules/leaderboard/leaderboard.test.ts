import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardTotals, rank, roundPercent, teamAverage, type ScoredEvaluation } from '../../../shared/scoring.js';
import type { Client, TestApp } from '../../test/harness.js';
import { statementsDuring } from '../../test/statements.js';
import { loadEvaluations, randomClubApp, type RandomClub } from './leaderboard.fixtures.js';

/** Board math against src/shared/scoring.ts on random data, paging, search, caching, access. */

let t: TestApp, admin: Client, club: RandomClub;
beforeAll(async () => {
  ({ t, admin, club } = await randomClubApp(7));
});
afterAll(() => t.close());

type Row = { rank: number; id: number; totalScore: number; teamIds: number[]; coachUser: number[] };

async function wholeBoard(client: Client, query: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await client.get(`/api/leaderboard/players?pageSize=200&page=${page}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    rows.push(...data.rows);
    if (rows.length >= data.total) return rows;
  }
}

function expectedBoard(
  evaluations: ScoredEvaluation[],
  playerIds: number[],
  filter: { from?: string; to?: string; criteriaIds?: number[] },
) {
  const totals = leaderboardTotals(evaluations, filter);
  return rank(
    playerIds.map((id) => ({ id, total: totals.get(id) ?? 0 })),
    (r) => r.total,
  );
}

const query = (f: { from?: string; to?: string; criteriaIds?: number[]; teamId?: number }) =>
  `${f.from ? `&from=${f.from}` : ''}${f.to ? `&to=${f.to}` : ''}${f.criteriaIds?.length ? `&criteria=${f.criteriaIds.join(',')}` : ''}${f.teamId ? `&team_id=${f.teamId}` : ''}`;

describe('players board math', () => {
  it('matches the shared module on random filters (ties, players without evaluations, teams)', async () => {
    const evaluations = await loadEvaluations(t.db);
    const allPlayers = (await t.db.selectFrom('players').select('id').execute()).map((p) => p.id);
    const members = await t.db.selectFrom('team_players').select(['team_id', 'player_id']).execute();
    const teamIds = (await t.db.selectFrom('teams').select('id').execute()).map((x) => x.id);
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(club.criteriaIds),
        fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
        fc.option(fc.constantFrom(...teamIds), { nil: undefined }),
        async (criteria, fromDay, span, teamId) => {
          const from = fromDay === undefined ? undefined : club.day(fromDay);
          const to = fromDay === undefined || span === undefined ? undefined : club.day(fromDay + span);
          const filter = { ...(from ? { from } : {}), ...(to ? { to } : {}), criteriaIds: criteria };
          const players = teamId ? members.filter((m) => m.team_id === teamId).map((m) => m.player_id) : allPlayers;
          const expected = expectedBoard(evaluations, players, filter);
          const actual = await wholeBoard(admin, query({ ...filter, ...(teamId ? { teamId } : {}) }));
          expect(actual.length).toBe(expected.length);
          const byId = new Map(actual.map((r) => [r.id, r]));
          for (const e of expected) {
            const a = byId.get(e.id)!;
            expect(a, `player ${e.id}`).toBeDefined();
            expect(a.totalScore).toBeCloseTo(roundPercent(e.total), 6);
            expect(a.rank, `rank of ${e.id}`).toBe(e.rank);
          }
          // Highest first, and ranks never decrease down the board.
          for (let i = 1; i < actual.length; i++) expect(actual[i]!.rank).toBeGreaterThanOrEqual(actual[i - 1]!.rank);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('lets equal totals share a rank (1, 2, 2, 4) and puts players without evaluations at 0', async () => {
    const rows = await wholeBoard(admin, `&team_id=${club.tieTeamId}`);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 2, 4, 5]);
    expect(rows.at(-1)!.totalScore).toBe(0);
  });

  it('answers an empty team with no rows', async () => {
    const res = await admin.get(`/api/leaderboard/players?team_id=${club.emptyTeamId}`);
    expect(res.json().data).toMatchObject({ rows: [], total: 0, team: { id: club.emptyTeamId } });
  });

  it('returns team ids and coach user ids of each player', async () => {
    const rows = await wholeBoard(admin, `&team_id=${club.tieTeamId}`);
    for (const r of rows) {
      expect(r.teamIds).toContain(club.tieTeamId);
      expect(r.coachUser).toContain(club.coachUserId);
    }
  });
});

describe('teams board math', () => {
  it('matches teamAverage on random filters; empty teams average 0', async () => {
    const evaluations = await loadEvaluations(t.db);
    const members = await t.db.selectFrom('team_players').select(['team_id', 'player_id']).execute();
    const teams = await t.db.selectFrom('teams').select(['id', 'category_id']).execute();
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(club.criteriaIds),
        fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
        async (criteria, fromDay) => {
          const filter = { ...(fromDay !== undefined ? { from: club.day(fromDay) } : {}), criteriaIds: criteria };
          const totals = leaderboardTotals(evaluations, filter);
          const expected = rank(
            teams.map((team) => ({
              id: team.id,
              avg: teamAverage(members.filter((m) => m.team_id === team.id).map((m) => totals.get(m.player_id) ?? 0)),
            })),
            (x) => x.avg,
          );
          const res = await admin.get(`/api/leaderboard/teams?${query(filter).slice(1)}`);
          expect(res.statusCode, res.body).toBe(200);
          const actual = new Map((res.json().data as { id: number; rank: number; averageScore: number }[]).map((r) => [r.id, r]));
          expect(actual.size).toBe(teams.length);
          for (const e of expected) {
            expect(actual.get(e.id)!.averageScore).toBeCloseTo(roundPercent(e.avg), 6);
            expect(actual.get(e.id)!.rank).toBe(e.rank);
          }
        },
      ),
      { numRuns: 12 },
    );
    const empty = (await admin.get('/api/leaderboard/teams')).json().data.find((r: { id: number }) => r.id === club.emptyTeamId);
    expect(empty).toMatchObject({ playerCount: 0, averageScore: 0 });
  });

  it('filters by club (category)', async () => {
    const teams = (await admin.get(`/api/leaderboard/teams?category=${club.categoryId}`)).json().data as { id: number }[];
    const ids = (await t.db.selectFrom('teams').select('id').where('category_id', '=', club.categoryId).execute()).map((x) => x.id);
    expect(teams.map((x) => x.id).sort()).toEqual(ids.sort());
    expect(teams[0]).toMatchObject({ coachName: expect.any(String), coachUser: expect.any(Number), playerCount: expect.any(Number) });
  });
});

describe('paging, search and caching', () => {
  it('pages in order and a search keeps the board ranks', async () => {
    const all = await wholeBoard(admin, '');
    const p2 = (await admin.get('/api/leaderboard/players?pageSize=10&page=2')).json().data;
    expect(p2.rows.map((r: Row) => r.id)).toEqual(all.slice(10, 20).map((r) => r.id));
    expect(p2.total).toBe(all.length);
    const target = all[17]!;
    const player = await t.db
      .selectFrom('players')
      .select(['first_name', 'last_name'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    const found = (
      await admin.get(`/api/leaderboard/players?q=${encodeURIComponent(`${player.first_name} ${player.last_name}`.toUpperCase())}`)
    ).json().data;
    expect(found.rows.find((r: Row) => r.id === target.id)).toMatchObject({ rank: target.rank });
    expect((await admin.get('/api/leaderboard/players?q=%25')).json().data.total).toBe(0);
  });

  it('answers a warm board, filtered or not, without a statement', async () => {
    for (const filter of [`&criteria=${club.criteriaIds.slice(0, 2).join(',')}&from=${club.day(3)}`, `&from=1971-01-01`, '']) {
      const url = `/api/leaderboard/players?page=1${filter}`;
      expect((await admin.get(url)).statusCode).toBe(200);
      expect(await statementsDuring(async () => void (await admin.get(url)))).toEqual([]);
    }
  });

  it("reads a team's board from the team and the teams board from the team totals, at any version (ADR 0023)", async () => {
    await admin.get('/api/leaderboard/teams');
    await t.db
      .updateTable('score_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    await t.settled();
    const read = (url: string) =>
      statementsDuring(async () => void expect((await admin.get(url)).statusCode).toBe(200)).then((all) =>
        all.filter((s) => !/score_state|"sessions"/.test(s)),
      );
    const team = await read(`/api/leaderboard/players?team_id=${club.tieTeamId}`);
    // Its name, its members with their totals, their cards and teams: none reads the club.
    expect(team).toHaveLength(3);
    expect(team[1]).toMatch(/"team_players" where "team_id" = /);
    expect(team[2]).toMatch(/where "p"\."id" in \(/);
    // The period's first and last dates (it covers them all), then a row per team.
    const teams = (await read('/api/leaderboard/teams?from=1971-01-01')).filter((s) => !/(min|max)\("date"\)/.test(s));
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatch(/"team_scores"/);
    expect(teams[0]).not.toMatch(/"team_players"|"evaluations"/);
  });

  it('sees a new evaluation at once (the ranking cache follows the database version)', async () => {
    const before = await wholeBoard(admin, `&team_id=${club.tieTeamId}`);
    const last = before.at(-1)!;
    await t.db
      .insertInto('evaluations')
      .values({
        player_id: last.id,
        criterion_id: club.criteriaIds[0]!,
        score: 10,
        score_percentage: 99,
        evaluator_user_id: null,
        evaluator_name: 'Test',
        date: club.day(1),
        notes: '',
        video_links: '[]',
        is_current: 1,
        created_at: club.day(1),
        updated_at: club.day(1),
      })
      .execute();
    await t.settled();
    const after = await wholeBoard(admin, `&team_id=${club.tieTeamId}`);
    expect(after[0]).toMatchObject({ id: last.id, rank: 1, totalScore: 99 });
  });

  it('shows a renamed player at once and orders ties by the new name (cached pages follow the version)', async () => {
    const board = await wholeBoard(admin, `&team_id=${club.tieTeamId}`);
    const page = async () =>
      (await admin.get(`/api/leaderboard/players?team_id=${club.tieTeamId}&pageSize=200`)).json().data.rows as (Row & {
        first_name: string;
        last_name: string;
      })[];
    await page(); // fills the page cache
    const [tiedA, tiedB] = board.filter((r) => board.some((o) => o.id !== r.id && o.rank === r.rank)).slice(-2);
    expect(tiedA && tiedB && tiedA.rank === tiedB.rank).toBe(true);
    await t.db.updateTable('players').set({ first_name: 'Aaron', last_name: 'Aaberg' }).where('id', '=', tiedB!.id).execute();
    await t.settled();
    const rows = await page();
    const renamed = rows.find((r) => r.id === tiedB!.id)!;
    expect(renamed).toMatchObject({ first_name: 'Aaron', last_name: 'Aaberg', rank: tiedB!.rank });
    const tie = rows.filter((r) => r.rank === tiedB!.rank);
    expect(tie[0]!.id).toBe(tiedB!.id);
  });

  it('shows a renamed coach on the cached teams board at once', async () => {
    const board = (await admin.get('/api/leaderboard/teams')).json().data as { id: number; coachUser: number; coachName: string }[];
    const team = board[0]!;
    await t.db.updateTable('users').set({ first_name: 'Renata', last_name: 'Newname' }).where('id', '=', team.coachUser).execute();
    await t.settled();
    const after = (await admin.get('/api/leaderboard/teams')).json().data as typeof board;
    expect(after.find((r) => r.id === team.id)?.coachName).toBe('Renata Newname');
  });
});

describe('access', () => {
  it('401 without a session', async () => {
    for (const url of ['/api/leaderboard/players', '/api/leaderboard/teams', '/api/leaderboard/criteria'])
      expect((await t.anon.get(url)).statusCode).toBe(401);
  });

  it('400 on bad filters, naming the field', async () => {
    const bad = await admin.get('/api/leaderboard/players?criteria=1,x');
    expect(bad.statusCode).toBe(400);
    const period = await admin.get('/api/leaderboard/players?from=2025-02-01&to=2025-01-01');
    expect(period.statusCode).toBe(400);
    expect(period.json().field).toBe('from');
    expect((await admin.get('/api/leaderboard/teams?from=yesterday')).statusCode).toBe(400);
    expect((await admin.get('/api/leaderboard/players?pageSize=100000')).statusCode).toBe(400);
  });

  it('404 for an unknown team', async () => {
    expect((await admin.get('/api/leaderboard/players?team_id=999999')).statusCode).toBe(404);
  });

  it('coaches (teams < 2) see the club-wide board without contact data', async () => {
    const coach = await t.login('coach');
    const res = await coach.get('/api/leaderboard/players?pageSize=5');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('@');
    expect(Object.keys(res.json().data.rows[0]).sort()).toEqual([
      'coachUser',
      'first_name',
      'id',
      'last_name',
      'profile_img',
      'rank',
      'teamIds',
      'totalScore',
    ]);
    expect((await coach.get('/api/leaderboard/teams')).statusCode).toBe(200);
  });

  it('a player sees only their own team board, with their own rank; never the club or teams board', async () => {
    const player = await t.login('player');
    const me = (await player.get('/api/auth/me')).json().data;
    const own = await t.db.selectFrom('team_players').select('team_id').where('player_id', '=', me.player).executeTakeFirstOrThrow();
    const other = await t.db.selectFrom('teams').select('id').where('id', '!=', own.team_id).executeTakeFirstOrThrow();
    expect((await player.get('/api/leaderboard/players')).statusCode).toBe(403);
    expect((await player.get(`/api/leaderboard/players?team_id=${other.id}`)).statusCode).toBe(403);
    expect((await player.get('/api/leaderboard/teams')).statusCode).toBe(403);
    const res = await player.get(`/api/leaderboard/players?team_id=${own.team_id}&pageSize=2`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.me).toMatchObject({ id: me.player, rank: expect.any(Number), page: expect.any(Number) });
    const board = await wholeBoard(admin, `&team_id=${own.team_id}`);
    expect(data.me.rank).toBe(board.find((r) => r.id === me.player)!.rank);
    expect(data.me.page).toBe(Math.floor(board.findIndex((r) => r.id === me.player) / 2) + 1);
  });

  it('lists levels with criteria for the criteria modal', async () => {
    const coach = await t.login('coach');
    const data = (await coach.get('/api/leaderboard/criteria')).json().data;
    expect(data.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(['Fundamentals', 'Game IQ']));
    expect(data[0].criteria[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });
});
