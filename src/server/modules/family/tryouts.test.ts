import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyChildView } from '../../../shared/schemas/family.js';
import type { ReportRead } from '../../../shared/schemas/report-delivery.js';
import type { Report, TeamReports } from '../../../shared/schemas/report.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { newPlayers } from '../drafts/drafts.fixtures.js';
import { fairSession } from '../scores/session-analysis.fixtures.js';
import { familyLogin, familyOf } from './family.fixtures.js';

/**
 * What a family reads of a tryout (docs/product.md#families): by how many evaluators the child was
 * seen, never who, and on which criteria the panel agreed well, in the family portal and in the
 * child's report. Nothing about another player, no rank. Family reads go through the standing rule:
 * another family's child 404, a revoked link 403.
 */
let t: TestApp;
let admin: Client;
let family: Client;
const f = { team: 0, players: [] as number[], agreed: '', disputed: '', report: 0 };
const EMAIL = 'seen.parent@example.org';

const ok = <T>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const team = await t.db.selectFrom('teams').select(['id', 'season_id']).where('name', '=', 'U14 Boys').executeTakeFirstOrThrow();
  f.team = team.id;
  f.players = await newPlayers(t.db, 8, 'Seen', 2014);
  await t.db
    .insertInto('team_players')
    .values(f.players.map((player_id) => ({ team_id: team.id, player_id })))
    .execute();
  const session = await fairSession(t.db, 'Seen tryout', f.players, { state: 'closed' });
  [f.agreed, f.disputed] = session.criteria.map((c) => c.name) as [string, string];
  await t.settled();
  // Published for real: each complete player's means become evaluations dated the session's day.
  ok(await admin.post(`/api/eval-session/${session.id}/publish`));
  const { links } = await familyOf(admin, EMAIL, [f.players[0]!, f.players[1]!]);
  ok(await admin.post(`/api/player/${f.players[1]}/guardian/${links[1]}/revoke`));
  family = await familyLogin(t, EMAIL);

  // A report cycle over the tryout's day; the child's report approved and sent.
  const cycle = ok<{ id: number }>(
    await admin.post('/api/report-cycles', {
      name: 'Tryout cycle',
      season_id: team.season_id,
      team_ids: [team.id],
      opens_on: '2026-04-01',
      closes_on: '2026-06-30',
    }),
  );
  ok(await admin.post(`/api/report-cycle/${cycle.id}/team/${team.id}/reports`, { player_ids: [f.players[0]] }));
  const rows = ok<TeamReports>(await admin.get(`/api/report-cycle/${cycle.id}/team/${team.id}/reports`)).rows;
  f.report = rows.find((r) => r.player.id === f.players[0])!.report!.id;
  ok(await admin.post(`/api/report/${f.report}`, { overall_comment: 'A strong tryout.' }));
  ok(await admin.post(`/api/report/${f.report}/approve`));
  await t.db.updateTable('reports').set({ state: 'sent' }).where('id', '=', f.report).execute();
});
afterAll(() => t.close());

/** Nothing of the other players or the evaluators, and no rank, in what the family reads. */
function tellsNothingElse(body: string) {
  for (const i of [2, 3, 4, 5, 6, 7, 8]) expect(body).not.toContain(`Player 000${i}`);
  expect(body).not.toMatch(/Fair [A-E]/);
  expect(body).not.toMatch(/"rank":\{/);
}

describe('GET /api/family/player/:id: the child’s tryouts', () => {
  it('401 without a family session, 400 a bad id, 404 another family’s child, 403 a revoked link', async () => {
    expect((await t.anon.get(`/api/family/player/${f.players[0]}`)).statusCode).toBe(401);
    expect((await admin.get(`/api/family/player/${f.players[0]}`)).statusCode).toBe(401);
    expect((await family.get('/api/family/player/x')).statusCode).toBe(400);
    expect((await family.get(`/api/family/player/${f.players[2]}`)).statusCode).toBe(404);
    expect((await family.get(`/api/family/player/${f.players[1]}`)).statusCode).toBe(403);
  });

  it('says by how many evaluators the child was seen and where the panel agreed, and nothing about anyone else', async () => {
    const res = await family.get(`/api/family/player/${f.players[0]}`);
    const child = ok<FamilyChildView>(res);
    // Four counted evaluators; the fifth, excluded by the director, does not count.
    expect(child.tryouts).toEqual([{ session: 'Seen tryout', date: '2026-05-02', evaluators: 4, agreedOn: [f.agreed] }]);
    expect(child.evaluations.filter((e) => e.by === 'Tryout panel')).toHaveLength(2);
    tellsNothingElse(res.body);
  });
});

describe('the report: seen by, and where the panel agreed', () => {
  it('the frozen snapshot carries each tryout counted, with its evaluators and agreed criteria', async () => {
    const report = ok<Report>(await admin.get(`/api/report/${f.report}`));
    expect(report.snapshot.evaluated_by).toBe('Tryout panel, 4 evaluators');
    expect(report.snapshot.tryouts).toEqual([{ session: 'Seen tryout', evaluators: 4, agreed_on: [f.agreed] }]);
    expect(report.snapshot.rank).toBeNull();
  });

  it('GET /api/family/player/:id/report/:reportId: 401, 400, 404 another family, 403 revoked; the family reads the same', async () => {
    const url = (player: number, report: number | string = f.report) => `/api/family/player/${player}/report/${report}`;
    expect((await t.anon.get(url(f.players[0]!))).statusCode).toBe(401);
    expect((await family.get(url(f.players[0]!, 'x'))).statusCode).toBe(400);
    expect((await family.get(url(f.players[2]!))).statusCode).toBe(404);
    expect((await family.get(url(f.players[1]!))).statusCode).toBe(403);
    const res = await family.get(url(f.players[0]!));
    const read = ok<ReportRead>(res);
    expect(read.snapshot.tryouts).toEqual([{ session: 'Seen tryout', evaluators: 4, agreed_on: [f.agreed] }]);
    tellsNothingElse(res.body);
  });
});
