import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../test/harness.js';
import { evaluationSuite, type DemoFacts } from '../evaluations/evaluations.fixtures.js';

/** Measured criteria (docs/product.md#measured-criteria, ADR 0030) through the API, on a real database. */
let t: TestApp, admin: Client, coach: Client, player: Client, facts: DemoFacts;
let levelId: number;
let laneId: number;
const DATE = '2025-05-10';
const WEIGHT = 20;

const bands = (nine = 11.2) => [
  { points: 10, limit: 10.8 },
  { points: 9, limit: nine },
  { points: 8, limit: 11.6 },
  { points: 7, limit: 12 },
];
const lane = (over: Record<string, unknown> = {}) => ({
  unit: 's',
  decimals: 2,
  direction: 'lower',
  min: 8,
  max: 20,
  attempts: 'best',
  attemptCount: 2,
  rule: { method: 'bands', bandSets: [{ ageGroup: 'U14', bands: bands() }] },
  ...over,
});
const body = (measure: unknown, name = 'Lane agility') => ({
  criteria: name,
  level: levelId,
  score: WEIGHT,
  description: '',
  video_links: [],
  measure,
});

/** The coach's first team's players, all U14 in 2025 (born 2012), so the U14 bands read them. */
const team = () => facts.ownTeams[0]!;
const roster = () => facts.own.filter((m) => m.team_id === team().id);
const evaluate = (client: Client, playerId: number, payload: Record<string, unknown>) =>
  client.post(`/api/player/${playerId}/evaluation`, { criteria_id: laneId, date: DATE, notes: '', video_links: [], ...payload });
const current = (playerId: number) =>
  t.db
    .selectFrom('evaluations')
    .select(['id', 'score', 'score_percentage', 'measured_value', 'points_basis', 'is_current'])
    .where('player_id', '=', playerId)
    .where('criterion_id', '=', laneId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  ({ t, admin, coach, player, facts } = await evaluationSuite());
  await t.db
    .updateTable('players')
    .set({ dob: 2012 })
    .where(
      'id',
      'in',
      roster().map((m) => m.id),
    )
    .execute();
  const level = await admin.post('/api/levels', { name: 'Combine tests', kind: 'measured' });
  expect(level.statusCode).toBe(200);
  levelId = level.json().data.id;
});
afterAll(() => t.close());

describe('a measured criterion in the catalogue', () => {
  it('401 signed out, 403 without criteria write', async () => {
    expect((await t.anon.post('/api/criteria', body(lane()))).statusCode).toBe(401);
    expect((await coach.post('/api/criteria', body(lane()))).statusCode).toBe(403);
    expect((await player.post('/api/criteria', body(lane()))).statusCode).toBe(403);
  });

  it('400 in plain words: no test, a bad unit, a range upside down, attempts, bands against the direction', async () => {
    const cases: [unknown, string, string][] = [
      [undefined, 'measure', 'A measured criterion needs its test'],
      [lane({ unit: 'furlongs' }), 'measure.unit', 'Choose a unit: s, cm, m, kg, count or made of attempts.'],
      [lane({ direction: 'sideways' }), 'measure.direction', 'Choose whether a higher or a lower value is better.'],
      [lane({ min: 20, max: 8 }), 'measure.min', 'The valid range needs a lowest value of 0 or more below the highest value.'],
      [lane({ attempts: 'single', attemptCount: 3 }), 'measure.attemptCount', 'A single value takes exactly 1 attempt.'],
      [lane({ attempts: 'twice' }), 'measure.attempts', 'Choose how attempts combine'],
      [
        lane({ direction: 'higher' }),
        'measure.rule.bandSets.0.bands',
        'With higher is better, more points need a larger limit: 10 points at 10.8 and 9 points at 11.2 are the wrong way round.',
      ],
    ];
    for (const [measure, field, message] of cases) {
      const res = await admin.post('/api/criteria', body(measure, `Bad ${field}`));
      expect(res.statusCode, field).toBe(400);
      // The error body names the top-level field (lib/error-handler.ts); the form marks the inner one from the same schema.
      expect(res.json().field).toBe('measure');
      expect(res.json().message).toContain(message);
    }
  });

  it('creates Lane agility with its test and rule, and lists it', async () => {
    const res = await admin.post('/api/criteria', body(lane()));
    expect(res.statusCode).toBe(200);
    laneId = res.json().data.id;
    expect(res.json().data).toMatchObject({
      level_kind: 'measured',
      measure: { unit: 's', direction: 'lower', attempts: 'best', attemptCount: 2 },
    });
    const listed = (await coach.get(`/api/criteria?level=${levelId}`)).json().data;
    expect(listed[0].measure.rule.bandSets[0]).toEqual({ ageGroup: 'U14', bands: bands() });
  });
});

describe('measured evaluations', () => {
  it('400: out of range, too many attempts, a wrong unit, nothing measured; nothing is written', async () => {
    const p = roster()[0]!.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ attempts: [0.4] }, "A Lane agility of 0.40 s is outside this test's range (8–20 s). Check the measurement."],
      [{ attempts: [11, 11.2, 11.4] }, 'Lane agility takes at most 2 attempts; 3 were entered.'],
      [{ score: '11.04 cm' }, 'Lane agility is measured in s; "11.04 cm" is in cm.'],
      [{ score: '' }, 'Enter the Lane agility measurement.'],
    ];
    for (const [payload, message] of cases) {
      const res = await evaluate(admin, p, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'score', message });
    }
    expect(await current(p)).toEqual([]);
  });

  it('keeps the best of two runs (lower is better), stores the value beside the points, and the total follows s/10 × weight', async () => {
    const p = roster()[0]!.id;
    const before = (await admin.get(`/api/player/${p}/evaluation`)).json().data.totalScore as number;
    const res = await evaluate(admin, p, { attempts: [11.3, '11.04 s'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      score: 9,
      score_percentage: 18,
      measured: { value: 11.04, attempts: [11.3, 11.04], unit: 's', basis: 'U14 bands', label: '11.04 s → 9 points, U14 bands' },
    });
    const after = (await admin.get(`/api/player/${p}/evaluation`)).json().data.totalScore as number;
    expect(after).toBeCloseTo(before + 18, 6);
    // Faster is better: 10.5 s meets the 10-point band.
    const fast = await evaluate(admin, roster()[1]!.id, { score: '10.5' });
    expect(fast.json().data).toMatchObject({ score: 10, measured: { label: '10.50 s → 10 points, U14 bands' } });
  });

  it('a player outside every age group with bands is told so', async () => {
    const other = facts.other[0]!.id;
    await t.db.updateTable('players').set({ dob: 2016 }).where('id', '=', other).execute();
    const res = await evaluate(admin, other, { attempts: [11] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Lane agility has no bands for U10. Add bands for that age group or for all ages.');
  });

  it('the courtside sheet takes attempts per player and shows value → points', async () => {
    const [a, b] = [roster()[2]!.id, roster()[3]!.id];
    const url = `/api/team/${team().id}/evaluations`;
    const bad = await coach.post(url, { criteria_id: laneId, date: DATE, scores: [{ player_id: a, attempts: [25] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'scores.0.score', message: "A Lane agility of 25.00 s is outside this test's range (8–20 s). Check the measurement." },
    ]);
    const ok = await coach.post(url, {
      criteria_id: laneId,
      date: DATE,
      scores: [
        { player_id: a, attempts: [11.5, 11.7] },
        { player_id: b, attempts: [12.4] },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const sheet = (await coach.get(`${url}?criteria_id=${laneId}`)).json().data.players as {
      id: number;
      birth_year: number | null;
      current: { measured: string } | null;
    }[];
    expect(sheet.find((x) => x.id === a)!.current!.measured).toBe('11.50 s → 8 points, U14 bands');
    // The sheet previews a tap's points on the device (offline too) from the age group of the birth year.
    expect(sheet.find((x) => x.id === a)!.birth_year).toBe(Number(DATE.slice(0, 4)) - 13);
    expect(sheet.find((x) => x.id === b)!.current!.measured).toBe('12.40 s → 1 point, U14 bands');
  });

  it('the offline outbox carries the attempts; a bad value is refused with its message', async () => {
    const p = roster()[4]!.id;
    const entry = (attempts: unknown[]) => ({
      client_id: randomUUID(),
      team_id: team().id,
      player_id: p,
      criteria_id: laneId,
      score: '',
      attempts,
      notes: '',
      date: DATE,
      recorded_at: '2025-05-10T10:00:00.000Z',
    });
    const res = await coach.post('/api/evaluations/sync', { entries: [entry([12.1, 11.9]), entry([3])] });
    expect(res.statusCode).toBe(200);
    const [saved, refused] = res.json().data.results;
    expect(saved.status).toBe('saved');
    expect(refused).toMatchObject({
      status: 'refused',
      reason: 'invalid_score',
      message: "A Lane agility of 3.00 s is outside this test's range (8–20 s). Check the measurement.",
    });
    expect(await current(p)).toMatchObject([{ score: 7, measured_value: 11.9, points_basis: 'U14 bands', is_current: 1 }]);
  });
});

describe('changing the points rule', () => {
  it('re-scores the current evaluations of that criterion only, in one audited write; history keeps its points', async () => {
    const p = roster()[0]!.id;
    // A later evaluation makes the 11.04 s one history: 11.1 s is current (9 points under the old bands).
    await evaluate(admin, p, { attempts: [11.1], date: '2025-05-11' });
    const otherCriterion = facts.scale[0]!.id;
    const untouched = await t.db
      .selectFrom('evaluations')
      .select(['id', 'score', 'updated_at'])
      .where('criterion_id', '=', otherCriterion)
      .execute();
    const total = async () => (await admin.get(`/api/player/${p}/evaluation`)).json().data.totalScore as number;
    const before = await total();

    expect((await coach.post(`/api/criterion/${laneId}`, body(lane()))).statusCode).toBe(403);
    const wrong = await admin.post(`/api/criterion/${laneId}`, body(lane({ unit: 'cm' })));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/^The unit and direction of Lane agility cannot change because \d+ evaluations use them/);

    // 9 points now need 11.0 s or better: 11.1 s drops to 8.
    const res = await admin.post(
      `/api/criterion/${laneId}`,
      body(lane({ rule: { method: 'bands', bandSets: [{ ageGroup: 'U14', bands: bands(11.0) }] } })),
    );
    expect(res.statusCode).toBe(200);
    const rows = await current(p);
    expect(rows.map((r) => [Number(r.measured_value), r.score, r.is_current])).toEqual([
      [11.04, 9, 0],
      [11.1, 8, 1],
    ]);
    expect(await total()).toBeCloseTo(before - 2, 6);
    expect(
      await t.db.selectFrom('evaluations').select(['id', 'score', 'updated_at']).where('criterion_id', '=', otherCriterion).execute(),
    ).toEqual(untouched);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'criterion')
      .where('entity_id', '=', laneId)
      .where('action', '=', 'update')
      .execute();
    // Only 11.1 s crossed a changed limit; the other players' times keep their points.
    expect(audit.at(-1)!.summary).toBe('Lane agility; points rule changed, 1 current evaluation re-scored');
  });

  it('percentiles with fewer than 20 measured U14 players fall back to the bands, and the label says so', async () => {
    const res = await admin.post(
      `/api/criterion/${laneId}`,
      body(lane({ rule: { method: 'percentile', bandSets: [{ ageGroup: 'U14', bands: bands(11.0) }] } })),
    );
    expect(res.statusCode).toBe(200);
    const p = roster()[0]!.id;
    const list = (await admin.get(`/api/player/${p}/evaluation`)).json().data.evaluations as {
      criteria_id: number;
      measured: { label: string };
    }[];
    expect(list.find((e) => e.criteria_id === laneId)!.measured.label).toBe(
      '11.10 s → 8 points, U14 bands (fewer than 20 U14 players measured)',
    );
  });

  it('a 1–10 level still refuses a measurement-like text as before (existing rule unchanged)', async () => {
    const res = await admin.post(`/api/player/${roster()[0]!.id}/evaluation`, {
      criteria_id: facts.scale[0]!.id,
      score: '11.04 s',
      notes: '',
      video_links: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This field must be a number!');
  });
});
