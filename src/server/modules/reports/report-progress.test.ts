import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  betweenPlayerSd,
  percentileRank,
  playerTotal,
  progressBetween,
  PROGRESS_WORDS,
  smallestWorthwhileChange,
  typicalError,
} from '../../../shared/scoring.js';
import { reportSnapshotSchema } from '../../../shared/schemas/report-snapshot.js';
import type { Cycle, Report, TeamReports } from '../../../shared/schemas/report.js';
import type { Client, TestApp } from '../../test/harness.js';
import { data } from '../eval-sessions/eval-sessions.fixtures.js';
import { evaluationSuite, type DemoFacts } from '../evaluations/evaluations.fixtures.js';
import { familyLogin } from '../family/family.fixtures.js';
import { snapshotOf } from './reports.fixtures.js';

/**
 * A report's change since the last report by the real-progress rule and its measured lines
 * (docs/product.md#reports), through the API on a real database. Dates are fixed (2025), never today's.
 */
let t: TestApp, admin: Client, coach: Client, player: Client, facts: DemoFacts;
let laneId: number, dribbleId: number, teamId: number, self: number;
let peers: number[];
const SPRING = { opens_on: '2025-01-01', closes_on: '2025-03-31' };
const SUMMER = { opens_on: '2025-04-01', closes_on: '2025-06-30' };

const lane = {
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
};
const evaluate = async (playerId: number, body: Record<string, unknown>) => {
  const res = await admin.post(`/api/player/${playerId}/evaluation`, { notes: '', video_links: [], ...body });
  expect(res.statusCode, res.body).toBe(200);
};
const sendLane = async (playerId: number, date: string, attempts: number[]) => evaluate(playerId, { criteria_id: laneId, date, attempts });
/** A peer's runs: distinct values (10.1x s) that never equal the player's own, each with a second, slower run. */
const peerRuns = (i: number): number[] => [Number((10.11 + i * 0.03).toFixed(2)), Number((10.41 + i * 0.03).toFixed(2))];

async function cycle(name: string, dates: { opens_on: string; closes_on: string }): Promise<Cycle> {
  const season = (await t.db.selectFrom('seasons').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  return data<Cycle>(await admin.post('/api/report-cycles', { name, season_id: season, team_ids: [teamId], ...dates }));
}
async function draftOf(cycleId: number): Promise<number> {
  data(await admin.post(`/api/report-cycle/${cycleId}/team/${teamId}/reports`, { player_ids: [self] }));
  const rows = data<TeamReports>(await coach.get(`/api/report-cycle/${cycleId}/team/${teamId}/reports`)).rows;
  return rows.find((r) => r.player.id === self)!.report!.id;
}
const read = async (id: number) => data<Report>(await coach.get(`/api/report/${id}`)).snapshot;
const approve = async (id: number) => {
  data(await coach.post(`/api/report/${id}`, { overall_comment: 'A season of hard work.' }));
  return data<Report>(await coach.post(`/api/report/${id}/approve`)).snapshot;
};
const criterion = (s: Report['snapshot'], id: number) => s.criteria.find((c) => c.criterion_id === id)!;

beforeAll(async () => {
  ({ t, admin, coach, player, facts } = await evaluationSuite());
  teamId = (await t.db.selectFrom('teams').select('id').where('name', '=', 'U14 Boys').executeTakeFirstOrThrow()).id;
  self = facts.selfPlayerId;
  // 21 other players, all born 2012: U14 in 2025.
  peers = [...new Set(facts.members.map((m) => m.id))].filter((id) => id !== self).slice(0, 21);
  await t.db
    .updateTable('players')
    .set({ dob: 2012 })
    .where('id', 'in', [self, ...peers])
    .execute();
  const level = data<{ id: number }>(await admin.post('/api/levels', { name: 'Report tests', kind: 'measured' }));
  laneId = data<{ id: number }>(
    await admin.post('/api/criteria', {
      criteria: 'Lane agility',
      level: level.id,
      score: 20,
      description: '',
      video_links: [],
      measure: lane,
    }),
  ).id;
  const scaleLevel = (await t.db.selectFrom('levels').select('id').where('kind', '=', 'scale_1_10').orderBy('id').executeTakeFirstOrThrow())
    .id;
  dribbleId = data<{ id: number }>(
    await admin.post('/api/criteria', { criteria: 'Report dribbling', level: scaleLevel, score: 10, description: '', video_links: [] }),
  ).id;
});
afterAll(() => t.close());

describe("a report's change since the last report and its measured lines", () => {
  let spring: Report['snapshot'];
  let summerId: number;

  it('the first report has no change to show, and no percentile while fewer than 20 U14 players are measured', async () => {
    await sendLane(self, '2025-03-01', [11.3, 11.04]);
    for (const [i, p] of peers.slice(0, 4).entries()) await sendLane(p, '2025-02-01', peerRuns(i));
    await evaluate(self, { criteria_id: dribbleId, date: '2025-03-01', score: 5 });
    const id = await draftOf((await cycle('Spring 2025', SPRING)).id);
    spring = await approve(id);
    expect(criterion(spring, laneId)).toMatchObject({
      points: 9,
      measured: { value: 11.04, unit: 's', label: '11.04 s → 9 points, U14 bands', percentile: null },
      progress: null,
    });
    expect(criterion(spring, dribbleId)).toMatchObject({ points: 5, measured: null, progress: null });
    expect(spring.total_progress).toBeNull();
    await t.db.updateTable('reports').set({ state: 'sent' }).where('id', '=', id).execute();
  });

  it('a change smaller than the typical error is "No clear change"; a larger one on a 1–10 criterion "Improved", with the SWC frozen', async () => {
    await sendLane(self, '2025-05-10', [11.2, 11.0]);
    await evaluate(self, { criteria_id: dribbleId, date: '2025-05-10', score: 8 });
    for (const [i, p] of peers.slice(0, 3).entries()) await evaluate(p, { criteria_id: dribbleId, date: '2025-05-10', score: 2 + i * 3 });
    summerId = await draftOf((await cycle('Summer 2025', SUMMER)).id);
    const s = await read(summerId);

    const laneRows = await t.db
      .selectFrom('evaluations')
      .select(['measured_attempts'])
      .where('criterion_id', '=', laneId)
      .where('is_current', '=', 1)
      .execute();
    const te = typicalError(laneRows.map((r) => JSON.parse(r.measured_attempts!) as number[]))!;
    expect(te).toBeGreaterThan(0.04);
    const laneLine = criterion(s, laneId);
    expect(laneLine.measured?.label).toBe('11.00 s → 9 points, U14 bands');
    expect(laneLine.progress).toMatchObject({ progress: 'no_change', words: 'No clear change', unit: 's', basis: 'typical_error' });
    expect(laneLine.progress!.swc).toBeCloseTo(te, 9);

    const dribbles = await t.db
      .selectFrom('evaluations')
      .select('score')
      .where('criterion_id', '=', dribbleId)
      .where('is_current', '=', 1)
      .execute();
    const swc = smallestWorthwhileChange(betweenPlayerSd(dribbles.map((r) => Number(r.score))))!;
    expect(swc).toBeLessThan(3);
    expect(criterion(s, dribbleId).progress).toMatchObject({ progress: 'improved', words: 'Improved', unit: 'points', basis: 'spread' });
    expect(criterion(s, dribbleId).progress!.swc).toBeCloseTo(swc, 9);

    // The total: 0.2 × the spread of the club's current totals, read by the same rule.
    const shares = await t.db
      .selectFrom('evaluations')
      .select(['player_id', 'criterion_id', 'score_percentage'])
      .where('is_current', '=', 1)
      .execute();
    const byPlayer = new Map<number, { criterionId: number; scorePercentage: number }[]>();
    for (const r of shares)
      byPlayer.set(r.player_id, [
        ...(byPlayer.get(r.player_id) ?? []),
        { criterionId: r.criterion_id, scorePercentage: Number(r.score_percentage) },
      ]);
    const totalSwc = smallestWorthwhileChange(betweenPlayerSd([...byPlayer.values()].map(playerTotal)));
    expect(s.total_progress!.swc).toBeCloseTo(totalSwc!, 9);
    const expected = progressBetween(spring.total!, s.total!, totalSwc);
    expect(s.total_progress).toMatchObject({ progress: expected, words: PROGRESS_WORDS[expected], unit: 'percentage points' });
  });

  it("the player's own percentile appears at 20 measured U14 players, not at 19", async () => {
    // Self and 4 peers so far: 14 more make 19.
    for (const [i, p] of peers.slice(4, 18).entries()) await sendLane(p, '2025-05-01', peerRuns(i + 4));
    expect(criterion(await read(summerId), laneId).measured!.percentile).toBeNull();
    await sendLane(peers[18]!, '2025-05-01', peerRuns(18));
    const line = criterion(await read(summerId), laneId).measured!;
    const values = (
      await t.db.selectFrom('evaluations').select('measured_value').where('criterion_id', '=', laneId).where('is_current', '=', 1).execute()
    ).map((r) => Number(r.measured_value));
    expect(values).toHaveLength(20);
    expect(line.percentile).toEqual({ percent: Math.round(percentileRank('lower', 11, values) * 100), age_group: 'U14' });
  });

  it('approval freezes the lines: a later measurement moves neither the percentile nor the SWC', async () => {
    const frozen = await approve(summerId);
    await sendLane(peers[19]!, '2025-05-02', [8.5, 12.5]);
    expect(await read(summerId)).toEqual(frozen);
    expect(frozen.criteria.find((c) => c.criterion_id === laneId)!.measured!.percentile).not.toBeNull();
  });

  it("the family sees the child's own measurement and percentile, never another player's value", async () => {
    await t.db.updateTable('reports').set({ state: 'sent' }).where('id', '=', summerId).execute();
    const guardian = await t.db
      .selectFrom('guardian_links as l')
      .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
      .select('g.email')
      .where('l.player_id', '=', self)
      .where('l.status', '=', 'active')
      .orderBy('l.is_primary', 'desc')
      .executeTakeFirstOrThrow();
    const family = await familyLogin(t, guardian.email);
    const res = await family.get(`/api/family/player/${self}/report/${summerId}`);
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().data.snapshot.criteria.find((c: { criterion_id: number }) => c.criterion_id === laneId);
    expect(line.measured.label).toBe('11.00 s → 9 points, U14 bands');
    expect(line.measured.percentile.age_group).toBe('U14');
    const child = await family.get(`/api/family/player/${self}`);
    expect(child.statusCode).toBe(200);
    const evaluations = child.json().data.evaluations as { criterion: string; score: string; current: boolean }[];
    expect(evaluations.find((e) => e.criterion === 'Lane agility' && e.current)!.score).toBe('11.00 s → 9 points, U14 bands');
    const others = peers.slice(0, 20).flatMap((_, i) => peerRuns(i).map((v) => v.toFixed(2)));
    for (const body of [res.body, child.body]) for (const v of [...others, '8.50', '12.50']) expect(body).not.toContain(v);
    // The PDF: the same line (its font has no arrow) and the rule as a footnote.
    const pdf = await family.get(`/api/family/player/${self}/report/${summerId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    expect(text).toContain('11.00 s -> 9 points, U14 bands');
    expect(text).toContain('Since the last report: No clear change*');
    expect(text).toMatch(/\* Lane agility: A change counts when it is at least [\d.]+ s: the typical error of measuring it twice/);
    // Another family's child is not reachable by id.
    expect((await family.get(`/api/family/player/${peers[0]}/report/${summerId}`)).statusCode).toBe(404);
  });

  it('401 signed out and 403 for a player on the staff read; a bad id is 400', async () => {
    expect((await t.anon.get(`/api/report/${summerId}`)).statusCode).toBe(401);
    expect((await player.get(`/api/report/${summerId}`)).statusCode).toBe(403);
    expect((await coach.get('/api/report/abc')).statusCode).toBe(400);
  });

  it('a snapshot frozen before these lines were kept still parses, with none of them', () => {
    const old = reportSnapshotSchema.parse(JSON.parse(JSON.stringify(snapshotOf({ first_name: 'A', last_name: 'B' }))));
    expect(old.total_progress).toBeNull();
    expect(old.criteria[0]).toMatchObject({ points: null, measured: null, progress: null });
  });
});
