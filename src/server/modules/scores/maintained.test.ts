import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TEMPLATES } from '../../../shared/constants.js';
import { currentEvaluations, leaderboardTotals, type ScoredEvaluation } from '../../../shared/scoring.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { TEAM_TOTAL_UNIT } from '../../db/team-units.js';
import { rebuildScores } from './rebuild.repository.js';
import { nowMs } from '../../lib/time.js';

/**
 * ADR 0023: after any sequence of writes, the figures kept on write (current flags, player_scores,
 * player_level_scores, team_scores) equal what src/shared/scoring.ts computes from the history, and a rebuild
 * from the history changes nothing.
 */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

/** The history with its real dates: the shared module decides what is current. */
async function history(): Promise<(ScoredEvaluation & { flagged: boolean })[]> {
  const rows = await t.db
    .selectFrom('evaluations')
    .select(['id', 'player_id', 'criterion_id', 'date', 'created_at', 'score_percentage', 'is_current'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    playerId: r.player_id,
    criterionId: r.criterion_id,
    date: r.date,
    createdAt: r.created_at,
    scorePercentage: Number(r.score_percentage),
    flagged: Number(r.is_current) === 1,
  }));
}

async function expectMaintainedMatchHistory() {
  const all = await history();
  const current = new Set(currentEvaluations(all).map((e) => e.id));
  expect(
    all
      .filter((e) => e.flagged)
      .map((e) => e.id)
      .sort(),
  ).toEqual([...current].sort());

  const totals = leaderboardTotals(all);
  const kept = new Map(
    (await t.db.selectFrom('player_scores').select(['player_id', 'total']).execute()).map((r) => [r.player_id, Number(r.total)]),
  );
  const players = (await t.db.selectFrom('players').select('id').execute()).map((p) => p.id);
  for (const id of players) expect(kept.get(id) ?? 0, `player ${id}`).toBeCloseTo(totals.get(id) ?? 0, 6);
  for (const id of kept.keys()) expect(players).toContain(id);

  const criteria = await t.db.selectFrom('criteria').select(['id', 'level_id']).execute();
  const levels = [...new Set(criteria.map((c) => c.level_id))];
  const keptLevels = await t.db.selectFrom('player_level_scores').select(['player_id', 'level_id', 'total']).execute();
  for (const level of levels) {
    const expected = leaderboardTotals(all, { criteriaIds: criteria.filter((c) => c.level_id === level).map((c) => c.id) });
    const actual = new Map(keptLevels.filter((r) => r.level_id === level).map((r) => [r.player_id, Number(r.total)]));
    expect([...actual.keys()].sort(), `level ${level}`).toEqual([...expected.keys()].sort());
    for (const [id, total] of expected) expect(actual.get(id), `player ${id}, level ${level}`).toBeCloseTo(total, 6);
  }
  for (const r of keptLevels) expect(levels).toContain(r.level_id);

  // team_scores: each team's member count and Σ of its members' totals, in units (team-units.ts).
  const members = await t.db.selectFrom('team_players').select(['team_id', 'player_id']).execute();
  const expectedTeams = new Map<number, { players: number; total: number }>();
  for (const m of members) {
    const team = expectedTeams.get(m.team_id) ?? { players: 0, total: 0 };
    team.players += 1;
    team.total += Math.round((kept.get(m.player_id) ?? 0) * TEAM_TOTAL_UNIT);
    expectedTeams.set(m.team_id, team);
  }
  const keptTeams = (await t.db.selectFrom('team_scores').select(['team_id', 'players', 'total']).execute()).filter((r) => r.players > 0);
  expect(new Map(keptTeams.map((r) => [r.team_id, { players: r.players, total: Number(r.total) }]))).toEqual(expectedTeams);
  for (const [team, { players, total }] of expectedTeams) {
    const fromHistory = members.filter((m) => m.team_id === team).reduce((sum, m) => sum + (totals.get(m.player_id) ?? 0), 0);
    expect(total / TEAM_TOTAL_UNIT / players, `team ${team}`).toBeCloseTo(fromHistory / players, 5);
  }
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

describe('figures kept on write equal the history (ADR 0023)', () => {
  it('after random single, team, import, edit, delete, criterion move and delete, player delete; rebuild changes nothing', async () => {
    const players = await t.db.selectFrom('players').select(['id', 'first_name', 'last_name', 'email']).orderBy('id').limit(8).execute();
    const teams = await t.db.selectFrom('team_players').select(['team_id', 'player_id']).execute();
    const criteria = await t.db
      .selectFrom('criteria as c')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select(['c.id', 'c.name', 'c.level_id', 'l.name as level_name', 'l.kind'])
      .execute();
    const levelsOfKind = (kind: string) => [...new Set(criteria.filter((c) => c.kind === kind).map((c) => c.level_id))];
    const scoreFor = (kind: string, n: number) => (kind === 'yes_no' ? n % 2 : (n % 10) + 1);
    const csvScore = (kind: string, n: number) => (kind === 'yes_no' ? (n % 2 ? 'Yes' : 'No') : String((n % 10) + 1));
    const day = (n: number) => new Date(nowMs() - (n % 40) * 86_400_000).toISOString().slice(0, 10);

    const step = fc.record({
      action: fc.constantFrom('save', 'save', 'team', 'import', 'edit', 'delete', 'move', 'join', 'leave'),
      player: fc.constantFrom(...players),
      criterion: fc.constantFrom(...criteria),
      n: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          const c = s.criterion;
          const list = (await admin.get(`/api/player/${s.player.id}/evaluation`)).json().data.evaluations as {
            id: number;
            criteria_id: number;
          }[];
          const target = list[s.n % Math.max(1, list.length)];
          if (s.action === 'team') {
            // Memberships as they are now: join and leave steps change them.
            const now = await t.db.selectFrom('team_players').select(['team_id', 'player_id']).execute();
            const team = now.find((m) => m.player_id === s.player.id)?.team_id ?? now[0]!.team_id;
            const members = now.filter((m) => m.team_id === team).slice(0, 5);
            const body = {
              criteria_id: c.id,
              date: day(s.n),
              evaluator_name: 'T',
              scores: members.map((m, i) => ({ player_id: m.player_id, score: scoreFor(c.kind, s.n + i) })),
            };
            expect((await admin.post(`/api/team/${team}/evaluations`, body)).statusCode).toBe(200);
          } else if (s.action === 'import') {
            const rows = [s.player, players[(s.n + 1) % players.length]!].map((p, i) =>
              [p.first_name, p.last_name, p.email, c.level_name, c.name, csvScore(c.kind, s.n + i), '', ''].map(csvCell).join(','),
            );
            const content = [CSV_TEMPLATES.evaluation.join(','), ...rows].join('\n') + '\n';
            const res = await admin.upload(
              '/api/players/evaluation/bulk',
              { evaluator: 'T' },
              { field: 'bulkFile', name: 'e.csv', content, type: 'text/csv' },
            );
            expect(res.statusCode, res.body).toBe(200);
          } else if (s.action === 'join' || s.action === 'leave') {
            // Memberships as any writer makes them: the triggers follow team_players itself.
            const team = teams[s.n % teams.length]!.team_id;
            const member = { team_id: team, player_id: s.player.id };
            if (s.action === 'join')
              await t.db
                .insertInto('team_players')
                .values(member)
                .onConflict((oc) => oc.doNothing())
                .execute();
            else await t.db.deleteFrom('team_players').where('team_id', '=', team).where('player_id', '=', s.player.id).execute();
          } else if (s.action === 'move') {
            // As another process (or a future edit form) would: the triggers follow any level change.
            const to = levelsOfKind(c.kind)[s.n % levelsOfKind(c.kind).length]!;
            await t.db.updateTable('criteria').set({ level_id: to }).where('id', '=', c.id).execute();
            c.level_id = to;
          } else if (s.action === 'edit' && target) {
            const kind = criteria.find((k) => k.id === target.criteria_id)!.kind;
            const body = {
              criteria_id: target.criteria_id,
              score: scoreFor(kind, s.n + 1),
              evaluator_name: 'T',
              notes: '',
              video_links: [],
              date: day(s.n),
            };
            expect((await admin.post(`/api/player/${s.player.id}/evaluation/${target.id}`, body)).statusCode).toBe(200);
          } else if (s.action === 'delete' && target) {
            expect((await admin.post(`/api/player/${s.player.id}/evaluation/${target.id}/delete`, {})).statusCode).toBe(200);
          } else {
            const body = {
              criteria_id: c.id,
              score: scoreFor(c.kind, s.n),
              evaluator_name: 'T',
              notes: '',
              video_links: [],
              date: day(s.n),
            };
            expect((await admin.post(`/api/player/${s.player.id}/evaluation`, body)).statusCode).toBe(200);
          }
        }
        await expectMaintainedMatchHistory();
      }),
      { numRuns: 12 },
    );

    expect((await admin.post(`/api/criterion/${criteria[0]!.id}/delete`, {})).statusCode).toBe(200);
    await expectMaintainedMatchHistory();
    expect((await admin.post(`/api/player/${players[0]!.id}/delete`, {})).statusCode).toBe(200);
    await expectMaintainedMatchHistory();
    await t.db.deleteFrom('teams').where('id', '=', teams[0]!.team_id).execute();
    await expectMaintainedMatchHistory();
    expect(await t.db.selectFrom('team_scores').select('team_id').where('team_id', '=', teams[0]!.team_id).execute()).toEqual([]);

    const before = await t.db.selectFrom('player_level_scores').selectAll().orderBy('player_id').orderBy('level_id').execute();
    expect((await rebuildScores(t.db)).flagsFixed).toBe(0);
    expect(await t.db.selectFrom('player_level_scores').selectAll().orderBy('player_id').orderBy('level_id').execute()).toEqual(before);
  });

  it('a rebuild restores damaged figures and current flags from the history', async () => {
    const [someone] = await t.db
      .selectFrom('evaluations')
      .select(['id', 'player_id', 'criterion_id'])
      .where('is_current', '=', 1)
      .limit(1)
      .execute();
    await t.db.updateTable('evaluations').set({ is_current: 0 }).where('id', '=', someone!.id).execute();
    await t.db.updateTable('player_scores').set({ total: 12345 }).execute();
    await t.db.deleteFrom('player_level_scores').where('player_id', '=', someone!.player_id).execute();
    await t.db.insertInto('player_level_scores').values({ player_id: 999_999, level_id: 1, total: 1 }).execute();
    await t.db.updateTable('team_scores').set({ total: 7, players: 99 }).execute();
    const result = await rebuildScores(t.db);
    expect(result.flagsFixed).toBe(1);
    await expectMaintainedMatchHistory();
  });
});
