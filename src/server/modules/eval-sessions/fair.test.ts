import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { SessionDetail } from '../../../shared/schemas/eval-session.js';
import type { SessionFair } from '../../../shared/schemas/session-fair.js';
import { dayOffset, todayDate } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { demoFacts, type DemoFacts } from '../evaluations/evaluations.fixtures.js';
import { data, guestOf } from './eval-sessions.fixtures.js';

/**
 * The fair analysis of a session and publishing on fair scores (issue 40, ADR 0027): a panel of four
 * where Hal scores two points low and saw only some players, so the raw ranking is Hal's doing.
 */

let t: TestApp;
let admin: Client;
let coach: Client;
let facts: DemoFacts;

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach] = await Promise.all([t.login('admin'), t.login('coach')]);
  facts = await demoFacts(t);
});
afterAll(() => t.close());

const GUESTS = ['Ann', 'Ben', 'Cal', 'Hal'] as const;
/** Each player's skill on the two criteria, and who saw them (Hal, index 3, two points low). */
const SKILL = [
  [8, 8],
  [8, 7],
  [6, 6],
  [5, 6],
];
const SEEN = [
  [0, 3],
  [1, 2],
  [0, 1, 2, 3],
  [0, 1, 2],
];

interface Harsh {
  id: number;
  players: number[];
  evaluators: Map<string, number>;
}

/** An open session on two scale criteria (50/50, minimum 2), the four guests scoring as above; player 5 seen by Ann only. */
async function harshSession(name: string): Promise<Harsh> {
  const [c1, c2] = [facts.scale[0]!.id, facts.scale[1]!.id];
  const created = data<SessionDetail>(
    await admin.post('/api/eval-sessions', {
      name,
      startDate: dayOffset(-1),
      endDate: todayDate(),
      minEvaluators: 2,
      criteria: [
        { criterionId: c1, weight: 50 },
        { criterionId: c2, weight: 50 },
      ],
    }),
  );
  const id = created.session.id;
  const players = facts.own
    .map((m) => m.id)
    .filter((p, i, all) => all.indexOf(p) === i)
    .slice(0, 5);
  data(await admin.post(`/api/eval-session/${id}/players`, { playerIds: players }));
  const code = data<SessionDetail>(await admin.post(`/api/eval-session/${id}/open`)).session.guestCode!;
  const tokens = new Map<string, string>();
  for (const g of GUESTS) tokens.set(g, data<{ token: string }>(await t.anon.post('/api/tryout/join', { code, name: g })).token);
  const detail = data<SessionDetail>(await admin.get(`/api/eval-session/${id}`));
  for (const e of detail.evaluators) data(await admin.post(`/api/eval-session/${id}/evaluator/${e.id}/admit`));
  const evaluators = new Map(detail.evaluators.map((e) => [e.name, e.id]));
  for (const [g, name] of GUESTS.entries()) {
    const entries = SKILL.flatMap((skill, p) =>
      SEEN[p]!.includes(g)
        ? skill.map((s, c) => ({ playerId: players[p]!, criterionId: [c1, c2][c]!, score: s - (name === 'Hal' ? 2 : 0) }))
        : [],
    );
    if (name === 'Ann')
      entries.push({ playerId: players[4]!, criterionId: c1, score: 5 }, { playerId: players[4]!, criterionId: c2, score: 5 });
    data(await guestOf(t)(tokens.get(name)!).post('/api/tryout/scores', { entries }));
  }
  return { id, players, evaluators };
}

describe('the fair analysis of a session', () => {
  let s: Harsh;
  beforeAll(async () => {
    s = await harshSession('Harsh panel');
  });

  it('answers 401 signed out, 403 to an evaluator, 400 on a bad id, 404 on an unknown session and 409 while locked', async () => {
    expect((await t.anon.get(`/api/eval-session/${s.id}/fair`)).statusCode).toBe(401);
    expect((await coach.get(`/api/eval-session/${s.id}/fair`)).statusCode).toBe(403);
    expect((await admin.get('/api/eval-session/x/fair')).statusCode).toBe(400);
    expect((await admin.get('/api/eval-session/999999/fair')).statusCode).toBe(404);
    const locked = await admin.get(`/api/eval-session/${s.id}/fair`);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(MSG.resultsLocked);
  });

  it("shows Hal two points below the others, and fair ranks that undo Hal's draw", async () => {
    data(await admin.post(`/api/eval-session/${s.id}/unlock`));
    const f = data<SessionFair>(await admin.get(`/api/eval-session/${s.id}/fair`));
    const hal = f.evaluators.find((e) => e.name === 'Hal')!;
    expect(hal.guest).toBe(true);
    for (const c of hal.criteria) expect(c.versusOthers).toBeCloseTo(-2, 2);
    expect(hal.criteria[0]!.severity).toBeCloseTo(-1.5, 2);
    // −2 points on each of two criteria of weight 50: −20 points of the total.
    expect(hal.versusOthers).toBeCloseTo(-20, 2);
    expect(hal.sharedPlayers).toBe(2);
    expect(f.connected).toBe(true);
    expect(f.groups).toHaveLength(1);
    const byPlayer = (i: number) => f.players.find((p) => p.playerId === s.players[i])!;
    // Raw: the second player (75) above the first (70), whom Hal saw; fair: the first leads.
    expect([0, 1, 2, 3].map((i) => byPlayer(i).raw.total)).toEqual([70, 75, 55, 55]);
    expect([0, 1, 2, 3].map((i) => byPlayer(i).raw.rank)).toEqual([2, 1, 3, 3]);
    expect([0, 1, 2, 3].map((i) => byPlayer(i).fair.total)).toEqual([75, 70, 55, 50]);
    expect([0, 1, 2, 3].map((i) => byPlayer(i).fair.rank)).toEqual([1, 2, 3, 4]);
    expect([0, 1, 2, 3].map((i) => byPlayer(i).moved)).toEqual([1, -1, 0, -1]);
    expect(byPlayer(0).cells.map((c) => c.fair)).toEqual([7.5, 7.5]);
    expect(byPlayer(0).cells.map((c) => c.raw)).toEqual([7, 7]);
    for (const i of [0, 1, 2, 3]) {
      const p = byPlayer(i);
      expect(p.fair.interval![0]).toBeLessThanOrEqual(p.fair.total!);
      expect(p.fair.interval![1]).toBeGreaterThanOrEqual(p.fair.total!);
      expect(p.fair.rankRange![0]).toBeLessThanOrEqual(p.fair.rank!);
    }
    // Player 5 (Ann only) is incomplete: no total, no rank, and listed first while the session is open.
    expect(byPlayer(4)).toMatchObject({ complete: false, moved: null, raw: { total: null, rank: null }, fair: { total: null } });
    expect(f.coverage.map((c) => c.playerId)).toEqual([s.players[4]]);
    expect(f.coverage[0]!.short.map((c) => c.evaluators)).toEqual([1, 1]);
    expect(f.coverage[0]!.notYet.map((e) => e.name)).toEqual(['Ben', 'Cal', 'Hal']);
    // Agreement, in words, per criterion and for the total.
    expect(f.criteria).toHaveLength(2);
    expect(f.criteria[0]!.sentence).toMatch(new RegExp(`^${f.criteria[0]!.name}: `));
    expect(f.total.sentence).toMatch(/^Total: /);
    expect(f.publishBasis).toBe('raw');
  });

  it('exports raw and fair totals, ranks, places moved and both intervals in the results CSV', async () => {
    const f = data<SessionFair>(await admin.get(`/api/eval-session/${s.id}/fair`));
    const csv = await admin.get(`/api/eval-session/${s.id}/results.csv`);
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns.slice(0, 14)).toEqual([
      'Rank',
      'Number',
      'FirstName',
      'LastName',
      'Total',
      'TotalLow90',
      'TotalHigh90',
      'FairRank',
      'FairTotal',
      'FairTotalLow90',
      'FairTotalHigh90',
      'Moved',
      'Evaluators',
      'Complete',
    ]);
    const at = (name: string) => columns.indexOf(name);
    const byPlayer = (i: number) => f.players.find((p) => p.playerId === s.players[i])!;
    const lineOf = (i: number) => lines.find((l) => l.includes(`,${byPlayer(i).lastName},`))!.split(',');
    // The first player, whom Hal saw: 70 raw in second place, 75 fair in first, up one.
    const first = lineOf(0);
    expect([first[at('Rank')], first[at('Total')], first[at('FairRank')], first[at('FairTotal')], first[at('Moved')]]).toEqual([
      '2',
      '70',
      '1',
      '75',
      '1',
    ]);
    expect([first[at('TotalLow90')], first[at('TotalHigh90')]]).toEqual(byPlayer(0).raw.interval!.map(String));
    expect([first[at('FairTotalLow90')], first[at('FairTotalHigh90')]]).toEqual(byPlayer(0).fair.interval!.map(String));
    expect(lineOf(1)[at('Moved')]).toBe('-1');
    // The incomplete player has no totals, ranks, intervals or movement.
    const incomplete = lineOf(4);
    expect(['Rank', 'Total', 'TotalLow90', 'FairRank', 'FairTotal', 'FairTotalHigh90', 'Moved'].map((c) => incomplete[at(c)])).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it('leaves an excluded evaluator out of the fit, and lists no coverage once closed', async () => {
    data(await admin.post(`/api/eval-session/${s.id}/evaluator/${s.evaluators.get('Hal')}/exclude`, { excluded: true }));
    const f = data<SessionFair>(await admin.get(`/api/eval-session/${s.id}/fair`));
    expect(f.evaluators.map((e) => e.name)).toEqual(['Ann', 'Ben', 'Cal']);
    data(await admin.post(`/api/eval-session/${s.id}/evaluator/${s.evaluators.get('Hal')}/exclude`, { excluded: false }));
    data(await admin.post(`/api/eval-session/${s.id}/close`));
    expect(data<SessionFair>(await admin.get(`/api/eval-session/${s.id}/fair`)).coverage).toEqual([]);
  });
});

describe('publishing on fair scores', () => {
  const published = async (name: string) =>
    t.db
      .selectFrom('evaluations')
      .select(['player_id', 'criterion_id', 'score', 'score_percentage', 'notes'])
      .where('evaluator_name', '=', `Session: ${name}`)
      .execute();
  /** Players in the order of their published totals, highest first. */
  const order = (rows: { player_id: number; score_percentage: number }[], players: number[]) => {
    const totals = new Map<number, number>();
    for (const r of rows) totals.set(r.player_id, (totals.get(r.player_id) ?? 0) + r.score_percentage);
    return [...totals].sort((a, b) => b[1] - a[1]).map(([id]) => players.indexOf(id));
  };

  it('answers 401 signed out, 403 to an evaluator, 400 on a bad basis', async () => {
    const s = await harshSession('Basis checks');
    expect((await t.anon.post(`/api/eval-session/${s.id}/publish-basis`, { basis: 'fair' })).statusCode).toBe(401);
    expect((await coach.post(`/api/eval-session/${s.id}/publish-basis`, { basis: 'fair' })).statusCode).toBe(403);
    const bad = await admin.post(`/api/eval-session/${s.id}/publish-basis`, { basis: 'median' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose raw or fair scores.');
    expect((await admin.post('/api/eval-session/x/publish-basis', { basis: 'fair' })).statusCode).toBe(400);
    expect((await admin.post('/api/eval-session/999999/publish-basis', { basis: 'fair' })).statusCode).toBe(404);
  });

  it('records the choice in the session and the audit log, and publishes the fair scores: the undone ranking', async () => {
    const s = await harshSession('Fair publish');
    const d = data<SessionDetail>(await admin.post(`/api/eval-session/${s.id}/publish-basis`, { basis: 'fair' }));
    expect(d.session.publishBasis).toBe('fair');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'eval_session')
      .where('entity_id', '=', s.id)
      .execute();
    expect(audit.map((a) => a.summary)).toContain('Fair publish: publishing set to fair scores');
    data(await admin.post(`/api/eval-session/${s.id}/close`));
    data(await admin.post(`/api/eval-session/${s.id}/publish`));
    const rows = await published('Fair publish');
    expect(rows).toHaveLength(4 * 2);
    expect(rows.filter((r) => r.player_id === s.players[0]).map((r) => r.score)).toEqual([7.5, 7.5]);
    expect(rows[0]!.notes).toMatch(/^Fair score of \d evaluators \(their severity taken out\)/);
    expect(order(rows, s.players)).toEqual([0, 1, 2, 3]);
    const after = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'eval_session')
      .where('entity_id', '=', s.id)
      .execute();
    expect(after.map((a) => a.summary)).toContain('Fair publish: published 4 players (fair scores)');
    // Published is final: the basis cannot change any more.
    expect((await admin.post(`/api/eval-session/${s.id}/publish-basis`, { basis: 'raw' })).statusCode).toBe(409);
  });

  it('publishes the raw means by default, where Hal keeps the first player below the second', async () => {
    const s = await harshSession('Raw publish');
    data(await admin.post(`/api/eval-session/${s.id}/close`));
    data(await admin.post(`/api/eval-session/${s.id}/publish`));
    const rows = await published('Raw publish');
    expect(rows.filter((r) => r.player_id === s.players[0]).map((r) => r.score)).toEqual([7, 7]);
    expect(rows[0]!.notes).toMatch(/^Mean of \d evaluators/);
    expect(order(rows, s.players).slice(0, 2)).toEqual([1, 0]);
  });
});
