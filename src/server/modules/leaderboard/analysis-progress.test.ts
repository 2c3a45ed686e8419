import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betweenPlayerSd, measuredSwc, smallestWorthwhileChange, typicalError } from '../../../shared/scoring.js';
import type { Client, TestApp } from '../../test/harness.js';
import { evaluationSuite, type DemoFacts } from '../evaluations/evaluations.fixtures.js';

/**
 * The player analysis' real progress (docs/product.md#analysis): latest changes judged by the one rule,
 * and measured criteria over time with their unit, points and direction, on a real database.
 */
let t: TestApp, admin: Client, coach: Client, facts: DemoFacts;
let footworkId: number;
let sprintId: number;
const fresh: number[] = [];

/** Four new players in the coach's first team, so no demo evaluation crowds the latest changes. */
const own = () => fresh;
async function freshPlayers() {
  const at = '2025-01-01T00:00:00.000Z';
  for (const name of ['Ada', 'Bo', 'Cy', 'Di']) {
    const { id } = await t.db
      .insertInto('players')
      .values({
        first_name: name,
        last_name: 'Progress',
        email: `${name.toLowerCase()}.progress@example.org`,
        player_email: null,
        dob: null,
        profile_img: null,
        video_links: '[]',
        pdf_file_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('team_players').values({ team_id: facts.ownTeams[0]!.id, player_id: id }).execute();
    fresh.push(id);
  }
  await t.settled();
}
const summary = (client: Client, playerId: number) => client.get(`/api/player/${playerId}/analysis/summary`);

/** A published session's mean can be a decimal score: written as the session publish writes it. */
async function scored(playerId: number, criterionId: number, weight: number, date: string, score: number, current: boolean) {
  const at = `${date}T10:00:00.000Z`;
  await t.db
    .insertInto('evaluations')
    .values({
      player_id: playerId,
      criterion_id: criterionId,
      score,
      score_percentage: (score / 10) * weight,
      evaluator_user_id: null,
      evaluator_name: 'Session',
      date,
      notes: '',
      video_links: '[]',
      is_current: current ? 1 : 0,
      created_at: at,
      updated_at: at,
      client_id: null,
      measured_value: null,
      measured_attempts: null,
      points_basis: null,
    })
    .execute();
}

const sprint = (playerId: number, date: string, attempts: number[]) =>
  admin.post(`/api/player/${playerId}/evaluation`, { criteria_id: sprintId, date, notes: '', video_links: [], attempts });

beforeAll(async () => {
  ({ t, admin, coach, facts } = await evaluationSuite());
  await freshPlayers();
  const scaleLevel = facts.scale[0]!;
  const level = await t.db.selectFrom('criteria').select('level_id').where('id', '=', scaleLevel.id).executeTakeFirstOrThrow();
  const footwork = await admin.post('/api/criteria', {
    criteria: 'Pivot footwork',
    level: level.level_id,
    score: 10,
    description: '',
    video_links: [],
  });
  expect(footwork.statusCode, footwork.body).toBe(200);
  footworkId = footwork.json().data.id;
  const measured = await admin.post('/api/levels', { name: 'Combine tests', kind: 'measured' });
  expect(measured.statusCode).toBe(200);
  const res = await admin.post('/api/criteria', {
    criteria: 'Sprint',
    level: measured.json().data.id,
    score: 20,
    description: '',
    video_links: [],
    measure: {
      unit: 's',
      decimals: 2,
      direction: 'lower',
      min: 2,
      max: 20,
      attempts: 'best',
      attemptCount: 2,
      rule: {
        method: 'bands',
        bandSets: [
          {
            ageGroup: null,
            bands: [
              { points: 10, limit: 10.8 },
              { points: 9, limit: 11.2 },
              { points: 8, limit: 11.6 },
            ],
          },
        ],
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  sprintId = res.json().data.id;
});
afterAll(() => t.close());

describe('latest changes: improved / no clear change / declined by the smallest worthwhile change', () => {
  it('a 1–10 criterion: a change below 0.2 × the club SD is no clear change, one above it improved', async () => {
    const [a, b, c] = own();
    await scored(a!, footworkId, 10, '2025-01-10', 5, false);
    await scored(a!, footworkId, 10, '2025-02-10', 5.3, false);
    await scored(a!, footworkId, 10, '2025-03-10', 6.5, true);
    await scored(b!, footworkId, 10, '2025-01-10', 2, true);
    await scored(c!, footworkId, 10, '2025-01-10', 9, true);
    await t.settled();
    const swc = smallestWorthwhileChange(betweenPlayerSd([6.5, 2, 9]))!;
    expect(swc).toBeGreaterThan(0.3);
    expect(swc).toBeLessThan(1.2);

    const res = await summary(admin, a!);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.latestChanges.filter((r: { criterion: string }) => r.criterion === 'Pivot footwork');
    expect(rows.map((r: { date: string }) => r.date)).toEqual(['2025-03-10', '2025-02-10', '2025-01-10']);
    const [big, small, first] = rows;
    expect(big).toMatchObject({ score: 6.5, previous: 5.3, measured: null, progress: { progress: 'improved', swcSource: 'spread' } });
    expect(big.progress.swc).toBeCloseTo(swc, 9);
    expect(small).toMatchObject({ score: 5.3, previous: 5, progress: { progress: 'no_change' } });
    expect(small.progress.swc).toBeCloseTo(swc, 9);
    expect(first).toMatchObject({ previous: null, progress: null });
  });

  it('a measured test: its values against the typical error, improved when faster (lower is better)', async () => {
    const [a, b, c] = own();
    for (const [p, date, attempts] of [
      [a!, '2025-03-01', [11.5, 11.3]],
      [a!, '2025-04-01', [11.25, 11.2]],
      [a!, '2025-05-01', [10.4, 10.6]],
      [b!, '2025-03-01', [11.0, 11.6]],
      [c!, '2025-03-01', [12.0, 12.4]],
    ] as const) {
      const res = await sprint(p, date, [...attempts]);
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.settled();
    const sets = [
      [10.4, 10.6],
      [11.0, 11.6],
      [12.0, 12.4],
    ];
    const te = typicalError(sets)!;
    expect(measuredSwc(sets, [10.4, 11.0, 12.0])).toBe(te);
    expect(te).toBeGreaterThan(0.1);
    expect(te).toBeLessThan(0.8);

    const s = (await summary(admin, a!)).json().data;
    const rows = s.latestChanges.filter((r: { criterion: string }) => r.criterion === 'Sprint');
    expect(rows[0]).toMatchObject({
      date: '2025-05-01',
      measured: { unit: 's', decimals: 2, direction: 'lower', value: 10.4, previous: 11.2 },
      progress: { progress: 'improved', swcSource: 'typical_error' },
    });
    expect(rows[0].progress.swc).toBeCloseTo(te, 9);
    expect(rows[1]).toMatchObject({ measured: { value: 11.2, previous: 11.3 }, progress: { progress: 'no_change' } });

    // The series: every evaluation (history and current), oldest first, with points and the rule.
    const series = s.measured.find((m: { criterionId: number }) => m.criterionId === sprintId);
    expect(series).toMatchObject({ name: 'Sprint', unit: 's', decimals: 2, direction: 'lower', swcSource: 'typical_error' });
    expect(series.swc).toBeCloseTo(te, 9);
    expect(series.points).toEqual([
      {
        id: expect.any(Number),
        date: '2025-03-01',
        value: 11.3,
        points: 8,
        label: '11.30 s → 8 points, all-ages bands',
        change: null,
        progress: null,
      },
      {
        id: expect.any(Number),
        date: '2025-04-01',
        value: 11.2,
        points: 9,
        label: '11.20 s → 9 points, all-ages bands',
        change: -0.1,
        progress: 'no_change',
      },
      {
        id: expect.any(Number),
        date: '2025-05-01',
        value: 10.4,
        points: 10,
        label: '10.40 s → 10 points, all-ages bands',
        change: -0.8,
        progress: 'improved',
      },
    ]);
    // Only measured criteria with values make a series.
    expect(s.measured.map((m: { criterionId: number }) => m.criterionId)).toEqual([sprintId]);
  });

  it('slower is declined; a player with no measurements has no series', async () => {
    const [, b, , d] = own();
    expect((await sprint(b!, '2025-06-01', [12.5, 12.9])).statusCode).toBe(200);
    await t.settled();
    const s = (await summary(admin, b!)).json().data;
    const series = s.measured.find((m: { criterionId: number }) => m.criterionId === sprintId);
    expect(series.points.at(-1)).toMatchObject({ value: 12.5, change: 1.5, progress: 'declined' });
    expect((await summary(admin, d!)).json().data.measured).toEqual([]);
  });

  it('access is unchanged: 401, 403 for another coach’s player, 404, 400', async () => {
    const mine = own()[0]!;
    const other = facts.other[0]!.id;
    expect((await t.anon.get(`/api/player/${mine}/analysis/summary`)).statusCode).toBe(401);
    expect((await (await t.login('player')).get(`/api/player/${mine}/analysis/summary`)).statusCode).toBe(403);
    expect((await summary(coach, mine)).statusCode).toBe(200);
    expect((await summary(coach, other)).statusCode).toBe(403);
    expect((await admin.get('/api/player/999999/analysis/summary')).statusCode).toBe(404);
    expect((await admin.get('/api/player/0/analysis/summary')).statusCode).toBe(400);
  });
});
