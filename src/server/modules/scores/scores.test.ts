import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardTotals, teamAverage } from '../../../shared/scoring.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { loadEvaluations } from '../leaderboard/leaderboard.fixtures.js';
import { playerTotals, teamAverages } from './scores.repository.js';
import { nowMs } from '../../lib/time.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('SQL aggregates match src/shared/scoring.ts', () => {
  it('player totals and team averages on the demo club, with random filters', async () => {
    const evaluations = await loadEvaluations(t.db);
    const criteriaIds = [...new Set(evaluations.map((e) => e.criterionId))];
    const teams = await t.db.selectFrom('team_players').select(['team_id', 'player_id']).execute();
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(criteriaIds),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 150 }),
        async (criteria, fromAgo, span) => {
          const from = new Date(nowMs() - fromAgo * 86_400_000).toISOString().slice(0, 10);
          const to = new Date(nowMs() - (fromAgo - span) * 86_400_000).toISOString().slice(0, 10);
          const filter = { from, to, criteriaIds: criteria };
          const expected = leaderboardTotals(evaluations, filter);
          const actual = await playerTotals(t.db, filter);
          expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
          for (const [id, total] of expected) expect(actual.get(id)).toBeCloseTo(total, 6);

          const averages = await teamAverages(t.db, filter);
          const byTeam = new Map<number, number[]>();
          for (const m of teams) byTeam.set(m.team_id, [...(byTeam.get(m.team_id) ?? []), expected.get(m.player_id) ?? 0]);
          for (const [teamId, totals] of byTeam) expect(averages.get(teamId)?.averageScore).toBeCloseTo(teamAverage(totals), 6);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('player_scores (kept by triggers) matches src/shared/scoring.ts after every kind of write', () => {
  it('creates, supersedes, edits and deletes evaluations, then deletes a criterion and a player', async () => {
    const admin = await t.login('admin');
    const players = (await t.db.selectFrom('players').select('id').orderBy('id').limit(6).execute()).map((p) => p.id);
    const criteria = await t.db
      .selectFrom('criteria as c')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select(['c.id', 'l.kind'])
      .execute();
    const scoreFor = (kind: string, n: number) => (kind === 'yes_no' ? (n % 2 ? 'Yes' : 'No') : (n % 10) + 1);

    const expectTotalsMatch = async () => {
      const expected = leaderboardTotals(await loadEvaluations(t.db));
      const actual = await playerTotals(t.db);
      const ids = await t.db.selectFrom('players').select('id').execute();
      for (const { id } of ids) expect(actual.get(id) ?? 0).toBeCloseTo(expected.get(id) ?? 0, 6);
      const unfiltered = await teamAverages(t.db);
      const filtered = await teamAverages(t.db, { from: '1970-01-02' });
      for (const [team, stats] of filtered) expect(unfiltered.get(team)?.averageScore).toBeCloseTo(stats.averageScore, 6);
      // The teams page reads the averages through the score-version cache: never stale after a write.
      const listed = (await admin.get('/api/teams')).json().data as { id: number; playerCount: number; averageScore: number }[];
      for (const team of listed) {
        expect(team.averageScore).toBeCloseTo(unfiltered.get(team.id)?.averageScore ?? 0, 2);
        expect(team.playerCount).toBe(unfiltered.get(team.id)?.playerCount ?? 0);
      }
    };

    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            player: fc.constantFrom(...players),
            criterion: fc.constantFrom(...criteria),
            n: fc.nat(),
            action: fc.constantFrom('save', 'save', 'edit', 'delete'),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (steps) => {
          for (const s of steps) {
            const list = (await admin.get(`/api/player/${s.player}/evaluation`)).json().data.evaluations as {
              id: number;
              criteria_id: number;
              level: number;
            }[];
            const target = list[s.n % Math.max(1, list.length)];
            const payload = {
              criteria_id: s.criterion.id,
              score: scoreFor(s.criterion.kind, s.n),
              evaluator_name: 'T',
              notes: '',
              video_links: [],
            };
            if (s.action === 'save' || !target) {
              expect((await admin.post(`/api/player/${s.player}/evaluation`, payload)).statusCode).toBe(200);
            } else if (s.action === 'edit') {
              const kind = criteria.find((c) => c.id === target.criteria_id)!.kind;
              const res = await admin.post(`/api/player/${s.player}/evaluation/${target.id}`, {
                ...payload,
                criteria_id: target.criteria_id,
                score: scoreFor(kind, s.n + 1),
              });
              expect(res.statusCode).toBe(200);
            } else {
              expect((await admin.post(`/api/player/${s.player}/evaluation/${target.id}/delete`, {})).statusCode).toBe(200);
            }
          }
          await expectTotalsMatch();
        },
      ),
      { numRuns: 15 },
    );

    expect((await admin.post(`/api/criterion/${criteria[0]!.id}/delete`, {})).statusCode).toBe(200);
    await expectTotalsMatch();
    expect((await admin.post(`/api/player/${players[0]}/delete`, {})).statusCode).toBe(200);
    await expectTotalsMatch();
    const orphan = await t.db.selectFrom('player_scores').select('player_id').where('player_id', '=', players[0]!).executeTakeFirst();
    expect(orphan).toBeUndefined();
  });
});
