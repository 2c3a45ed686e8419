import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionPlayerScores, SessionResults, SessionSheet } from '../../../shared/schemas/eval-session.js';
import type { Client, TestApp } from '../../test/harness.js';
import { evaluationSuite, type DemoFacts } from '../evaluations/evaluations.fixtures.js';
import { data } from './eval-sessions.fixtures.js';

/** A measured criterion in an evaluation session (ADR 0030, 0016): evaluators' values average, then earn points by the rule. */
let t: TestApp, admin: Client, coach: Client, player: Client, facts: DemoFacts;
let laneId: number;
let sessionId: number;
let players: number[];
const bands = (nine = 11.2) => [
  { points: 10, limit: 10.8 },
  { points: 9, limit: nine },
  { points: 8, limit: 11.6 },
  { points: 7, limit: 12 },
];
const lane = (nine?: number) => ({
  unit: 's',
  decimals: 2,
  direction: 'lower',
  min: 8,
  max: 20,
  attempts: 'best',
  attemptCount: 2,
  rule: { method: 'bands', bandSets: [{ ageGroup: 'U14', bands: bands(nine) }] },
});
const score = (client: Client, entries: Record<string, unknown>[]) => client.post(`/api/eval-session/${sessionId}/scores`, { entries });

beforeAll(async () => {
  ({ t, admin, coach, player, facts } = await evaluationSuite());
  players = facts.own
    .filter((m) => m.team_id === facts.ownTeams[0]!.id)
    .map((m) => m.id)
    .slice(0, 3);
  // Born 2012: U14 in 2025, the session's year (the age group never reads today's date).
  await t.db.updateTable('players').set({ dob: 2012 }).where('id', 'in', players).execute();
  const level = data<{ id: number }>(await admin.post('/api/levels', { name: 'Combine tests', kind: 'measured' }));
  laneId = data<{ id: number }>(
    await admin.post('/api/criteria', {
      criteria: 'Lane agility',
      level: level.id,
      score: 20,
      description: '',
      video_links: [],
      measure: lane(),
    }),
  ).id;
  const s = data<{ session: { id: number } }>(
    await admin.post('/api/eval-sessions', {
      name: 'Combine day',
      startDate: '2025-05-09',
      endDate: '2025-05-10',
      minEvaluators: 2,
      criteria: [{ criterionId: laneId, weight: 100 }],
    }),
  );
  sessionId = s.session.id;
  data(await admin.post(`/api/eval-session/${sessionId}/players`, { playerIds: players }));
  data(await admin.post(`/api/eval-session/${sessionId}/evaluators`, { userId: facts.coachId }));
  const adminId = (await t.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.club').executeTakeFirstOrThrow()).id;
  data(await admin.post(`/api/eval-session/${sessionId}/evaluators`, { userId: adminId }));
  data(await admin.post(`/api/eval-session/${sessionId}/open`));
});
afterAll(() => t.close());

describe('a measured criterion in an evaluation session', () => {
  it('401 signed out, 403 for a user who is not its evaluator, 400 for attempts of the wrong shape', async () => {
    expect((await t.anon.post(`/api/eval-session/${sessionId}/scores`, { entries: [] })).statusCode).toBe(401);
    expect((await score(player, [{ playerId: players[0], criterionId: laneId, attempts: ['11.2'] }])).statusCode).toBe(403);
    expect((await score(coach, [{ playerId: players[0], criterionId: laneId, attempts: [{ made: 'x' }] }])).statusCode).toBe(400);
    expect((await score(coach, [{ playerId: players[0], criterionId: laneId, attempts: Array(11).fill(11) }])).statusCode).toBe(400);
  });

  it('takes attempts with units, keeps the best, and refuses bad units, out-of-range values and too many attempts in plain words', async () => {
    const outcomes = data<{ status: string; reason?: string }[]>(
      await score(coach, [
        { playerId: players[0], criterionId: laneId, attempts: ['11.3', '11.04 s'] },
        { playerId: players[1], criterionId: laneId, attempts: [10.5] },
        { playerId: players[2], criterionId: laneId, attempts: ['0.4'] },
        { playerId: players[2], criterionId: laneId, attempts: ['11 cm'] },
        { playerId: players[2], criterionId: laneId, attempts: [11, 11.1, 11.2] },
        { playerId: players[2], criterionId: laneId, attempts: [] },
      ]),
    );
    expect(outcomes.map((o) => o.reason ?? o.status)).toEqual([
      'saved',
      'saved',
      "A Lane agility of 0.40 s is outside this test's range (8–20 s). Check the measurement.",
      'Lane agility is measured in s; "11 cm" is in cm.',
      'Lane agility takes at most 2 attempts; 3 were entered.',
      'Enter the Lane agility measurement.',
    ]);
    // The evaluator's own sheet shows the attempts entered and the test to enter them by.
    const sheet = data<SessionSheet>(await coach.get(`/api/eval-session/${sessionId}/sheet`));
    expect(sheet.session.criteria[0]!.measure).toMatchObject({ unit: 's', direction: 'lower', attemptCount: 2 });
    expect(sheet.scores.find((s) => s.playerId === players[0])).toMatchObject({ attempts: [11.3, 11.04], score: 9 });
    data(
      await score(admin, [
        { playerId: players[0], criterionId: laneId, attempts: [11.4] },
        { playerId: players[1], criterionId: laneId, attempts: ['10.7', '10.9'] },
      ]),
    );
  });

  it("averages the evaluators' values, then maps the mean by the rule; the drill-down shows each value", async () => {
    data(await admin.post(`/api/eval-session/${sessionId}/close`));
    data(await admin.post(`/api/eval-session/${sessionId}/unlock`));
    const r = data<SessionResults>(await admin.get(`/api/eval-session/${sessionId}/results`));
    const row = (id: number) => r.rows.find((x) => x.playerId === id)!;
    // (11.04 + 11.4) / 2 = 11.22 s → 8 points; (10.5 + 10.7) / 2 = 10.6 s → 10 points.
    expect(row(players[0]!).cells[0]).toMatchObject({ mean: 8, percentage: 80, measured: '11.22 s → 8 points, U14 bands' });
    expect(row(players[1]!)).toMatchObject({ rank: 1, total: 100 });
    expect(row(players[1]!).cells[0]!.measured).toBe('10.60 s → 10 points, U14 bands');
    expect(row(players[2]!)).toMatchObject({ complete: false, total: null, rank: null });
    expect(r.criteria[0]!.measure).toMatchObject({ unit: 's' });
    const drill = data<SessionPlayerScores>(await admin.get(`/api/eval-session/${sessionId}/results/${players[0]}`));
    expect(drill.scores.map((s) => s.measured).sort()).toEqual(['11.04 s', '11.40 s']);
  });

  it('the results CSV writes the mean value under a heading with its unit, and its points beside it, both as numbers', async () => {
    const url = `/api/eval-session/${sessionId}/results.csv`;
    expect((await t.anon.get(url)).statusCode).toBe(401);
    expect((await player.get(url)).statusCode).toBe(403);
    expect((await admin.get('/api/eval-session/x/results.csv')).statusCode).toBe(400);
    // A name a spreadsheet would run as a formula stays text beside the measured columns.
    const first = await t.db.selectFrom('players').select('first_name').where('id', '=', players[0]!).executeTakeFirstOrThrow();
    await t.db.updateTable('players').set({ first_name: '=HYPERLINK("x")' }).where('id', '=', players[0]!).execute();
    const res = await admin.get(url);
    await t.db.updateTable('players').set({ first_name: first.first_name }).where('id', '=', players[0]!).execute();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header!.slice(14)).toEqual(['Combine tests: Lane agility (s)', 'Combine tests: Lane agility points']);
    const byName = new Map(rows.map((r) => [r[header!.indexOf('LastName')], r.slice(14)]));
    const results = data<SessionResults>(await admin.get(`/api/eval-session/${sessionId}/results`));
    const last = (id: number) => results.rows.find((x) => x.playerId === id)!.lastName;
    // Numbers, never "11.22 s": the unit is in the heading.
    expect(byName.get(last(players[0]!))).toEqual(['11.22', '8']);
    expect(byName.get(last(players[1]!))).toEqual(['10.6', '10']);
    expect(byName.get(last(players[2]!))).toEqual(['', '']);
  });

  it('publishes the mean measurement with its points and basis; a later rule change re-scores it', async () => {
    data(await admin.post(`/api/eval-session/${sessionId}/publish`));
    const published = await t.db
      .selectFrom('evaluations')
      .select(['player_id', 'score', 'score_percentage', 'measured_value', 'measured_attempts', 'points_basis', 'is_current', 'date'])
      .where('criterion_id', '=', laneId)
      .orderBy('player_id')
      .execute();
    expect(published.map((e) => ({ ...e, score: Number(e.score), measured_value: Number(e.measured_value) }))).toEqual([
      {
        player_id: players[0],
        score: 8,
        score_percentage: 16,
        measured_value: 11.22,
        measured_attempts: '[11.04,11.4]',
        points_basis: 'U14 bands',
        is_current: 1,
        date: '2025-05-10',
      },
      {
        player_id: players[1],
        score: 10,
        score_percentage: 20,
        measured_value: 10.6,
        measured_attempts: '[10.5,10.7]',
        points_basis: 'U14 bands',
        is_current: 1,
        date: '2025-05-10',
      },
    ]);
    const evals = data<{
      player: { birth_year: number | null };
      evaluations: { criteria_id: number; measured: { label: string } | null }[];
    }>(await admin.get(`/api/player/${players[0]}/evaluation`));
    expect(evals.evaluations.find((e) => e.criteria_id === laneId)!.measured!.label).toBe('11.22 s → 8 points, U14 bands');
    // The evaluation form previews a measured test's points for the player's age group: it reads the birth year here.
    expect(evals.player.birth_year).toBe(2012);
    const level = (await t.db.selectFrom('criteria').select('level_id').where('id', '=', laneId).executeTakeFirstOrThrow()).level_id;
    data(
      await admin.post(`/api/criterion/${laneId}`, {
        criteria: 'Lane agility',
        level,
        score: 20,
        description: '',
        video_links: [],
        measure: lane(11.3),
      }),
    );
    const after = await t.db
      .selectFrom('evaluations')
      .select('score')
      .where('criterion_id', '=', laneId)
      .where('player_id', '=', players[0]!)
      .executeTakeFirstOrThrow();
    expect(Number(after.score)).toBe(9);
  });
});

describe('editing a published session measurement', () => {
  it("keeps the session's mean and the evaluators' values when the edit sends no measurement, and re-reads only its points", async () => {
    const row = await t.db
      .selectFrom('evaluations')
      .select(['id'])
      .where('criterion_id', '=', laneId)
      .where('player_id', '=', players[0]!)
      .executeTakeFirstOrThrow();
    const url = `/api/player/${players[0]}/evaluation/${row.id}`;
    const body = { criteria_id: laneId, score: null, notes: 'Slipped on the first run', video_links: [] };
    expect((await t.anon.post(url, body)).statusCode).toBe(401);
    expect((await player.post(url, body)).statusCode).toBe(403);
    const bad = await admin.post(url, { ...body, attempts: ['0.4'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("outside this test's range (8–20 s)");
    expect((await admin.post(url, body)).statusCode).toBe(200);
    const kept = await t.db
      .selectFrom('evaluations')
      .select(['score', 'measured_value', 'measured_attempts', 'points_basis', 'notes'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    // 11.22 s, not the best of the two evaluators' values (11.04): under the changed bands (9 up to 11.3 s) 9 points.
    expect({ ...kept, score: Number(kept.score), measured_value: Number(kept.measured_value) }).toEqual({
      score: 9,
      measured_value: 11.22,
      measured_attempts: '[11.04,11.4]',
      points_basis: 'U14 bands',
      notes: 'Slipped on the first run',
    });
    // New attempts replace the measurement.
    data(await admin.post(url, { ...body, attempts: ['11.5', '11.45'] }));
    const replaced = await t.db
      .selectFrom('evaluations')
      .select(['score', 'measured_value'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect([Number(replaced.measured_value), Number(replaced.score)]).toEqual([11.45, 8]);
  });
});

describe('made of attempts in a session and its results CSV', () => {
  it('keeps the best share made per evaluator, averages them, and heads the column "% made"; a 1–10 criterion keeps one column', async () => {
    const level = (await t.db.selectFrom('criteria').select('level_id').where('id', '=', laneId).executeTakeFirstOrThrow()).level_id;
    const freeId = data<{ id: number }>(
      await admin.post('/api/criteria', {
        criteria: 'Free throws',
        level,
        score: 20,
        description: '',
        video_links: [],
        measure: {
          unit: 'made_of_attempts',
          decimals: 0,
          direction: 'higher',
          min: 0,
          max: 10,
          attempts: 'best',
          attemptCount: 2,
          rule: {
            method: 'bands',
            bandSets: [
              {
                ageGroup: 'U14',
                bands: [
                  { points: 10, limit: 90 },
                  { points: 8, limit: 70 },
                  { points: 6, limit: 50 },
                ],
              },
            ],
          },
        },
      }),
    ).id;
    const scale = facts.scale[0]!;
    const s = data<{ session: { id: number } }>(
      await admin.post('/api/eval-sessions', {
        name: 'Shooting day',
        startDate: '2025-06-01',
        endDate: '2025-06-01',
        minEvaluators: 2,
        criteria: [
          { criterionId: freeId, weight: 60 },
          { criterionId: scale.id, weight: 40 },
        ],
      }),
    ).session.id;
    const p = players[0]!;
    data(await admin.post(`/api/eval-session/${s}/players`, { playerIds: [p] }));
    data(await admin.post(`/api/eval-session/${s}/evaluators`, { userId: facts.coachId }));
    const adminId = (await t.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.club').executeTakeFirstOrThrow()).id;
    data(await admin.post(`/api/eval-session/${s}/evaluators`, { userId: adminId }));
    data(await admin.post(`/api/eval-session/${s}/open`));
    const post = (client: Client, entries: Record<string, unknown>[]) => client.post(`/api/eval-session/${s}/scores`, { entries });
    const refused = data<{ status: string; reason?: string }[]>(
      await post(coach, [{ playerId: p, criterionId: freeId, attempts: [{ made: 11, attempts: 10 }] }]),
    );
    expect(refused[0]!.reason).toBe('11/10 is not a valid Free throws: made must be a whole number between 0 and the shots taken.');
    data(
      await post(coach, [
        { playerId: p, criterionId: freeId, attempts: [{ made: 6, attempts: 10 }, '8/10'] },
        { playerId: p, criterionId: scale.id, score: 7 },
      ]),
    );
    data(
      await post(admin, [
        { playerId: p, criterionId: freeId, attempts: [{ made: 6, attempts: 10 }] },
        { playerId: p, criterionId: scale.id, score: 8 },
      ]),
    );
    data(await admin.post(`/api/eval-session/${s}/close`));
    data(await admin.post(`/api/eval-session/${s}/unlock`));
    const r = data<SessionResults>(await admin.get(`/api/eval-session/${s}/results`));
    // Coach keeps 80 %, admin 60 %: the mean 70 % earns 8 points.
    expect(r.rows[0]!.cells[0]!.measured).toBe('70 % made → 8 points, U14 bands');
    const [header, row] = parse((await admin.get(`/api/eval-session/${s}/results.csv`)).body) as string[][];
    expect(header!.slice(14)).toEqual([
      'Combine tests: Free throws (% made)',
      'Combine tests: Free throws points',
      `${scale.level}: ${scale.name}`,
    ]);
    expect(row!.slice(14)).toEqual(['70', '8', '7.5']);
  });
});
