import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TEMPLATES } from '../../../shared/constants.js';
import type { Client, TestApp } from '../../test/harness.js';
import { evaluationCount, evaluationSuite, type DemoFacts } from './evaluations.fixtures.js';

/** The bulk evaluations CSV takes a measured test's values with their units (ADR 0030). */
let t: TestApp, admin: Client, coach: Client, player: Client, facts: DemoFacts;
let laneId: number;
let freeId: number;
const LEVEL = 'Combine tests';
const url = '/api/players/evaluation/bulk';
type Member = { first_name: string; last_name: string; email: string };
const line = (p: Member, criteria: string, score: string) => [p.first_name, p.last_name, p.email, LEVEL, criteria, score, '', ''].join(',');
const csv = (...lines: string[]) => [CSV_TEMPLATES.evaluation.join(','), ...lines].join('\n') + '\n';
const file = (content: string) => ({ field: 'bulkFile', name: 'evaluations.csv', content, type: 'text/csv' });
// All-ages bands: the import is dated today, and no test depends on today's date.
const allAges = (bands: { points: number; limit: number }[]) => ({ method: 'bands', bandSets: [{ ageGroup: null, bands }] });

beforeAll(async () => {
  ({ t, admin, coach, player, facts } = await evaluationSuite());
  const level = (await admin.post('/api/levels', { name: LEVEL, kind: 'measured' })).json().data.id as number;
  const criterion = async (name: string, measure: unknown) => {
    const res = await admin.post('/api/criteria', { criteria: name, level, score: 20, description: '', video_links: [], measure });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  laneId = await criterion('Lane agility', {
    unit: 's',
    decimals: 2,
    direction: 'lower',
    min: 8,
    max: 20,
    attempts: 'best',
    attemptCount: 2,
    rule: allAges([
      { points: 10, limit: 10.8 },
      { points: 9, limit: 11.2 },
      { points: 8, limit: 11.6 },
    ]),
  });
  freeId = await criterion('Free throws', {
    unit: 'made_of_attempts',
    decimals: 0,
    direction: 'higher',
    min: 0,
    max: 10,
    attempts: 'single',
    attemptCount: 1,
    rule: allAges([
      { points: 10, limit: 90 },
      { points: 7, limit: 70 },
    ]),
  });
});
afterAll(() => t.close());

describe('bulk CSV with measured criteria', () => {
  it('401 signed out, 403 for players', async () => {
    const content = csv(line(facts.own[0]!, 'Lane agility', '11.04 s'));
    expect((await t.anon.upload(url, {}, file(content))).statusCode).toBe(401);
    expect((await player.upload(url, {}, file(content))).statusCode).toBe(403);
  });

  it('400 row by row in plain words: a bad unit, out of range, too many attempts, points instead of a value; nothing written', async () => {
    const [a, b] = [facts.own[0]!, facts.own[1]!];
    const before = await evaluationCount(t);
    const res = await coach.upload(
      url,
      {},
      file(
        csv(
          line(a, 'Lane agility', '11.04 cm'),
          line(b, 'Lane agility', '0.4'),
          line(a, 'Lane agility', '11.2; 11.1; 11'),
          line(b, 'Free throws', '7'),
          line(a, 'Free throws', '11/10'),
        ),
      ),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      'row 2: Score: Lane agility is measured in s; "11.04 cm" is in cm.',
      "row 3: Score: A Lane agility of 0.40 s is outside this test's range (8–20 s). Check the measurement.",
      'row 4: Score: Lane agility takes at most 2 attempts; 3 were entered.',
      'row 5: Score: Free throws is entered as shots made out of shots taken, like 7/10; "7" cannot be read.',
      'row 6: Score: 11/10 is not a valid Free throws: made must be a whole number between 0 and the shots taken.',
    ]);
    expect(await evaluationCount(t)).toBe(before);
  });

  it('200: keeps the value with its unit, the best of the attempts, the points by the rule, and the basis', async () => {
    const [a, b] = [facts.own[0]!, facts.own[1]!];
    const res = await coach.upload(
      url,
      {},
      file(csv(line(a, 'Lane agility', '11.3; 11.04 s'), line(b, 'Lane agility', '10.70'), line(a, 'Free throws', '8/10'))),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db
      .selectFrom('evaluations')
      .select([
        'player_id',
        'criterion_id',
        'score',
        'score_percentage',
        'measured_value',
        'measured_attempts',
        'points_basis',
        'is_current',
      ])
      .where('criterion_id', 'in', [laneId, freeId])
      .orderBy('criterion_id')
      .orderBy('player_id')
      .execute();
    expect(rows.map((r) => ({ ...r, score: Number(r.score), measured_value: Number(r.measured_value) }))).toEqual(
      [
        { player_id: a.id, criterion_id: laneId, score: 9, score_percentage: 18, measured_value: 11.04, measured_attempts: '[11.3,11.04]' },
        { player_id: b.id, criterion_id: laneId, score: 10, score_percentage: 20, measured_value: 10.7, measured_attempts: '[10.7]' },
        {
          player_id: a.id,
          criterion_id: freeId,
          score: 7,
          score_percentage: 14,
          measured_value: 80,
          measured_attempts: '[{"made":8,"attempts":10}]',
        },
      ]
        .map((r) => ({ ...r, points_basis: 'all-ages bands', is_current: 1 }))
        .sort((x, y) => x.criterion_id - y.criterion_id || x.player_id - y.player_id),
    );
    const list = (await coach.get(`/api/player/${a.id}/evaluation`)).json().data.evaluations as {
      criteria_id: number;
      measured: { label: string } | null;
    }[];
    expect(list.find((e) => e.criteria_id === laneId)!.measured!.label).toBe('11.04 s → 9 points, all-ages bands');
    expect(list.find((e) => e.criteria_id === freeId)!.measured!.label).toBe('8/10 → 7 points, all-ages bands');
  });
});
