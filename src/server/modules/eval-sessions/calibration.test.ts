import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { Calibration } from '../../../shared/schemas/calibration.js';
import type { SessionDetail, SessionResults } from '../../../shared/schemas/eval-session.js';
import type { SessionFair } from '../../../shared/schemas/session-fair.js';
import { dayOffset, todayDate } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { demoFacts, type DemoFacts } from '../evaluations/evaluations.fixtures.js';
import { data } from './eval-sessions.fixtures.js';

/**
 * The calibration round (issue 40, ADR 0027): the admin, the superadmin and the coach score the same
 * three players before the tryout, the coach two points low; the coach sees their own distance from
 * the panel, the director everyone's, and nothing of it reaches the session's results or evaluations.
 */

let t: TestApp;
let su: Client;
let admin: Client;
let coach: Client;
let player: Client;
let facts: DemoFacts;
let id = 0;
let players: number[] = [];
let criteria: number[] = [];
const userIds: Record<'su' | 'admin' | 'coach', number> = { su: 0, admin: 0, coach: 0 };

const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function newSession(name: string, evaluators: number[]): Promise<number> {
  const created = data<SessionDetail>(
    await admin.post('/api/eval-sessions', {
      name,
      startDate: dayOffset(-1),
      endDate: todayDate(),
      minEvaluators: 2,
      criteria: criteria.map((criterionId) => ({ criterionId, weight: 50 })),
    }),
  );
  const sid = created.session.id;
  data(await admin.post(`/api/eval-session/${sid}/players`, { playerIds: players }));
  for (const userId of evaluators) data(await admin.post(`/api/eval-session/${sid}/evaluators`, { userId }));
  return sid;
}

const SKILL = [8, 6, 4];
const scoresOf = (shift: number) =>
  players.slice(0, 3).flatMap((playerId, i) => criteria.map((criterionId) => ({ playerId, criterionId, score: SKILL[i]! + shift })));

beforeAll(async () => {
  t = await createTestApp();
  [su, admin, coach, player] = await Promise.all([t.login('superadmin'), t.login('admin'), t.login('coach'), t.login('player')]);
  facts = await demoFacts(t);
  criteria = [facts.scale[0]!.id, facts.scale[1]!.id];
  players = [...new Set(facts.own.map((m) => m.id))].slice(0, 5);
  userIds.su = await userId('superadmin@demo.club');
  userIds.admin = await userId('admin@demo.club');
  userIds.coach = await userId('coach@demo.club');
  id = await newSession('Calibration tryout', [userIds.admin, userIds.su, userIds.coach]);
});
afterAll(() => t.close());

const url = () => `/api/eval-session/${id}/calibration`;

describe('the calibration round', () => {
  it('401 without a session', async () => {
    expect((await t.anon.get(url())).statusCode).toBe(401);
    expect((await t.anon.post(url(), { playerIds: players.slice(0, 3) })).statusCode).toBe(401);
    expect((await t.anon.post(`${url()}/scores`, { entries: scoresOf(0) })).statusCode).toBe(401);
  });

  it('403: a player; an evaluator choosing the players; someone not in the session scoring or reading', async () => {
    expect((await player.get(url())).statusCode).toBe(403);
    expect((await player.post(`${url()}/scores`, { entries: scoresOf(0) })).statusCode).toBe(403);
    expect((await coach.post(url(), { playerIds: players.slice(0, 3) })).statusCode).toBe(403);
    const without = await newSession('Calibration without the coach', [userIds.admin]);
    expect((await coach.get(`/api/eval-session/${without}/calibration`)).statusCode).toBe(403);
    expect((await coach.post(`/api/eval-session/${without}/calibration/scores`, { entries: scoresOf(0) })).statusCode).toBe(403);
    // Running a session is not evaluating in it: the superadmin of that session scores no calibration.
    expect((await su.post(`/api/eval-session/${without}/calibration/scores`, { entries: scoresOf(0) })).statusCode).toBe(403);
  });

  it('400 for fewer than 3 or more than 5 players, a player twice, a player of no session, a score out of range', async () => {
    for (const playerIds of [players.slice(0, 2), [...players, players[0]!, 999_999]]) {
      const res = await admin.post(url(), { playerIds });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Choose 3 to 5 players for the calibration round.', field: 'playerIds' });
    }
    expect((await admin.post(url(), { playerIds: [players[0], players[0], players[1]] })).json()).toMatchObject({
      message: 'Choose each player once.',
    });
    const outside = facts.other[0]!.id;
    const res = await admin.post(url(), { playerIds: [players[0], players[1], outside] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Choose players of this session.', field: 'playerIds' });
    expect((await coach.post(`${url()}/scores`, { entries: [{ ...scoresOf(0)[0]!, score: 11 }] })).statusCode).toBe(400);
    expect((await coach.post(`${url()}/scores`, { entries: [] })).statusCode).toBe(400);
  });

  it('each evaluator sees only their own distance from the panel, once they have scored all; the director sees all', async () => {
    const chosen = data<Calibration>(await admin.post(url(), { playerIds: players.slice(0, 3) }));
    expect(chosen.players.map((p) => p.playerId).sort((a, b) => a - b)).toEqual(players.slice(0, 3).sort((a, b) => a - b));
    expect(chosen.panel).toHaveLength(3);

    // A player outside the round is refused one by one, as the session's own sheet does.
    const refused = data<{ status: string; reason?: string }[]>(
      await coach.post(`${url()}/scores`, { entries: [{ playerId: players[4]!, criterionId: criteria[0]!, score: 5 }] }),
    );
    expect(refused).toEqual([expect.objectContaining({ status: 'refused', reason: 'This player is not in the calibration round.' })]);

    data(await coach.post(`${url()}/scores`, { entries: scoresOf(-2).slice(0, 4) }));
    const half = data<Calibration>(await coach.get(url()));
    expect(half).toMatchObject({ isEvaluator: true, canManage: false, panel: null, mine: null, accepting: true });
    expect(half.myScores).toHaveLength(4);

    data(await coach.post(`${url()}/scores`, { entries: scoresOf(-2) }));
    const alone = data<Calibration>(await coach.get(url()));
    expect(alone.mine!.total.words).toBe('no one else has scored these players yet');

    data(await admin.post(`${url()}/scores`, { entries: scoresOf(0) }));
    data(await su.post(`${url()}/scores`, { entries: scoresOf(0) }));
    const mine = data<Calibration>(await coach.get(url())).mine!;
    expect(mine.scored).toBe(6);
    expect(mine.criteria.map((c) => c.offset)).toEqual([expect.closeTo(-2, 9), expect.closeTo(-2, 9)]);
    expect(mine.criteria[0]!.words).toBe('2.0 points lower than the panel');
    // −2 on both criteria of 1–10 weighted 50/50: 20 percentage points of the total.
    expect(mine.total).toEqual({ offset: expect.closeTo(-20, 9), words: '20 percentage points lower than the panel' });
    const theirs = data<Calibration>(await admin.get(url()));
    // Against the mean of the other two (one of them 2 low), the admin sits one point high on each criterion.
    expect(theirs.mine!.total.words).toBe('10 percentage points higher than the panel');
    expect(theirs.panel!.map((p) => [p.evaluatorId, p.total.words])).toEqual([
      [theirs.mine!.evaluatorId, '10 percentage points higher than the panel'],
      [expect.any(Number), '10 percentage points higher than the panel'],
      [mine.evaluatorId, '20 percentage points lower than the panel'],
    ]);
    const audit = await t.db.selectFrom('audit_log').select('summary').where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.summary)).toContain(`Calibration tryout: calibration round on players ${players.slice(0, 3).join(', ')}`);
  });

  it("replays with another session's id answer 403 and change nothing", async () => {
    const other = await newSession('Calibration of others', [userIds.admin]);
    data(await admin.post(`/api/eval-session/${other}/calibration`, { playerIds: players.slice(0, 3) }));
    expect((await coach.post(`/api/eval-session/${other}/calibration/scores`, { entries: scoresOf(0) })).statusCode).toBe(403);
    expect(data<Calibration>(await admin.get(`/api/eval-session/${other}/calibration`)).panel!.map((p) => p.scored)).toEqual([0]);
  });

  it('never counts in the results, the fair analysis or publishing, and ends when the session closes (409)', async () => {
    data(await admin.post(`/api/eval-session/${id}/open`));
    data(await admin.post(`/api/eval-session/${id}/unlock`));
    const results = data<SessionResults>(await admin.get(`/api/eval-session/${id}/results`));
    expect(results.rows.every((r) => r.evaluatorsDone === 0 && r.total === null)).toBe(true);
    const fair = data<SessionFair>(await admin.get(`/api/eval-session/${id}/fair`));
    expect(fair.players.every((p) => p.evaluatorsDone === 0)).toBe(true);
    const sheet = data<{ scores: unknown[] }>(await coach.get(`/api/eval-session/${id}/sheet`));
    expect(sheet.scores).toEqual([]);
    data(await admin.post(`/api/eval-session/${id}/close`));
    const closed = await coach.post(`${url()}/scores`, { entries: scoresOf(0) });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: MSG.calibrationOver });
    expect((await admin.post(url(), { playerIds: [] })).statusCode).toBe(409);
    // What the round showed stays readable after closing.
    expect(data<Calibration>(await coach.get(url()))).toMatchObject({ accepting: false, mine: { scored: 6 } });
    const published = data<{ evaluations: number }>(await admin.post(`/api/eval-session/${id}/publish`));
    expect(published.evaluations).toBe(0);
  });

  it("an erasure takes the player's calibration scores; choosing other players takes those of the ones left out", async () => {
    const sid = await newSession('Calibration erasure', [userIds.admin, userIds.coach]);
    data(await admin.post(`/api/eval-session/${sid}/calibration`, { playerIds: players.slice(0, 3) }));
    data(await coach.post(`/api/eval-session/${sid}/calibration/scores`, { entries: scoresOf(0) }));
    const count = async (playerId: number) =>
      (await t.db.selectFrom('eval_session_calibration_scores').select('id').where('player_id', '=', playerId).execute()).length;
    data(await admin.post(`/api/eval-session/${sid}/calibration`, { playerIds: [players[0], players[1], players[3]] }));
    expect(
      (
        await t.db
          .selectFrom('eval_session_calibration_scores')
          .select('id')
          .where('session_id', '=', sid)
          .where('player_id', '=', players[2]!)
          .execute()
      ).length,
    ).toBe(0);
    const erased = players[0]!;
    expect(await count(erased)).toBeGreaterThan(0);
    const made = data<{ requests: { id: number }[] }>(
      await admin.post(`/api/player/${erased}/erasure-request`, { reason: 'Calibration test' }),
    );
    data(await admin.post(`/api/privacy/request/${made.requests[0]!.id}/decide`, { decision: 'approve' }));
    expect(await count(erased)).toBe(0);
    expect(await count(players[1]!)).toBeGreaterThan(0);
  });
});
