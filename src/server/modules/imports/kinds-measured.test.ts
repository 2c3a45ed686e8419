import { describe, expect, it } from 'vitest';
import type { ImportPlan, PlanRow } from '../../../shared/schemas/import.js';
import type { Client, TestApp } from '../../test/harness.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';

/** The import wizard's evaluations kind takes a measured test's values with their units (ADR 0030, 0021). */
let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, coach, player, ids } = s);
});

const file = (content: string) => ({ field: 'file', name: 'file.csv', content });
async function upload(c: Client, content: string) {
  const res = await c.upload('/api/imports/evaluations/upload', {}, file(content));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function plan(c: Client, id: number, mapping: unknown): Promise<ImportPlan> {
  const res = await c.post(`/api/import/${id}/validate`, { mapping, decisions: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const lineOf = (p: ImportPlan, line: number) => p.rows.find((r) => r.line === line) as PlanRow;
const stored = (playerId: number, criterionId: number) =>
  t.db
    .selectFrom('evaluations')
    .select(['score', 'measured_value', 'measured_attempts', 'points_basis', 'is_current'])
    .where('player_id', '=', playerId)
    .where('criterion_id', '=', criterionId)
    .execute();

describe('the evaluations kind with a measured criterion', () => {
  it('401 signed out, 403 for a player', async () => {
    expect((await t.anon.upload('/api/imports/evaluations/upload', {}, file('a\n1\n'))).statusCode).toBe(401);
    expect((await player.upload('/api/imports/evaluations/upload', {}, file('a\n1\n'))).statusCode).toBe(403);
  });

  it('reads values with units, refuses bad units and out-of-range values per row, commits the measurement and undoes it', async () => {
    const level = (await admin.post('/api/levels', { name: 'Combine tests', kind: 'measured' })).json().data.id as number;
    const res = await admin.post('/api/criteria', {
      criteria: 'Lane agility',
      level,
      score: 20,
      description: '',
      video_links: [],
      measure: {
        unit: 's',
        decimals: 2,
        direction: 'lower',
        min: 8,
        max: 20,
        attempts: 'best',
        attemptCount: 2,
        rule: {
          method: 'bands',
          bandSets: [
            {
              ageGroup: 'U14',
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
    const laneId = res.json().data.id as number;
    // Born 2012: U14 in 2025, the year the rows are dated.
    await t.db.updateTable('players').set({ dob: 2012 }).where('id', '=', ids.ownPlayer).execute();
    const own = ids.ownPlayer;
    const csv = [
      'Player ID,Skill,Rating,Date',
      `${own},Lane agility,11.3; 11.04 s,2025-05-10`,
      `${own},Lane agility,11.04 cm,2025-05-11`,
      `${own},Lane agility,0.4,2025-05-12`,
      `${own},Lane agility,,2025-05-13`,
    ].join('\n');
    const up = await upload(coach, csv);
    const p = await plan(coach, up.id, up.mapping);
    expect(lineOf(p, 2)).toMatchObject({ status: 'valid', action: 'create' });
    expect(lineOf(p, 2).label).toContain('Lane agility 11.04 s → 9 points, U14 bands · 2025-05-10');
    expect(lineOf(p, 3).reasons).toEqual(['Lane agility is measured in s; "11.04 cm" is in cm.']);
    expect(lineOf(p, 4).reasons).toEqual(["A Lane agility of 0.40 s is outside this test's range (8–20 s). Check the measurement."]);
    expect(lineOf(p, 5).reasons).toEqual(['Score is missing.']);
    const done = await coach.post(`/api/import/${up.id}/commit`, { plan_hash: p.plan_hash });
    expect(done.statusCode, done.body).toBe(200);
    expect((await stored(own, laneId)).map((e) => ({ ...e, score: Number(e.score), measured_value: Number(e.measured_value) }))).toEqual([
      { score: 9, measured_value: 11.04, measured_attempts: '[11.3,11.04]', points_basis: 'U14 bands', is_current: 1 },
    ]);

    // The same day again with a better run updates the stored measurement; undo puts the first back.
    const again = await upload(coach, ['Player ID,Skill,Rating,Date', `${own},Lane agility,10.7 s,2025-05-10`].join('\n'));
    const p2 = await plan(coach, again.id, again.mapping);
    expect(lineOf(p2, 2)).toMatchObject({ status: 'duplicate', action: 'update' });
    expect((await coach.post(`/api/import/${again.id}/commit`, { plan_hash: p2.plan_hash })).statusCode).toBe(200);
    expect((await stored(own, laneId)).map((e) => [Number(e.score), Number(e.measured_value), e.measured_attempts])).toEqual([
      [10, 10.7, '[10.7]'],
    ]);
    const undo = await coach.post(`/api/import/${again.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await stored(own, laneId)).map((e) => [Number(e.score), Number(e.measured_value), e.measured_attempts])).toEqual([
      [9, 11.04, '[11.3,11.04]'],
    ]);
  });
});
