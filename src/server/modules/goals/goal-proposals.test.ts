import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { goalMessages, type Goal, type GoalCriteria } from '../../../shared/schemas/goal.js';
import { dayOffset } from '../../lib/time.js';
import type { Client, TestApp } from '../../test/harness.js';
import { familyLogin, familyOf } from '../family/family.fixtures.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';

/** A player's own goal proposals (docs/product.md#goals): propose, accept (with edits), decline with a reason. */
let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
let scale: number;

playersSuite(async (s) => {
  ({ t, admin, coach, player, ids } = s);
  const criteria = await t.db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'l.kind'])
    .orderBy('c.id')
    .execute();
  scale = criteria.find((c) => c.kind === 'scale_1_10')!.id;
});

const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
};
const proposal = (over: Record<string, unknown> = {}) => ({
  criterion_id: scale,
  target: 8,
  due_on: dayOffset(30),
  description: 'I want to shoot better',
  ...over,
});
const me = () => ids.linkedPlayer;
async function goalsOf(c: Client, playerId: number): Promise<Goal[]> {
  return data<{ goals: Goal[] }>(await c.get(`/api/player/${playerId}/goals`)).goals;
}
async function dashboardActive(playerId: number): Promise<number> {
  return Number(
    (
      await t.db
        .selectFrom('goals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('player_id', '=', playerId)
        .where('state', '=', 'active')
        .executeTakeFirstOrThrow()
    ).n,
  );
}

describe('goal proposals: the player proposes', () => {
  it('the player reads the criteria with their own scores; a proposal is checked like any goal and waits as proposed', async () => {
    data(await coach.post(`/api/player/${me()}/evaluation`, { criteria_id: scale, score: 5 }));
    const { criteria } = data<GoalCriteria>(await player.get(`/api/player/${me()}/goal-criteria`));
    expect(criteria.find((c) => c.id === scale)).toMatchObject({ score: 5 });

    const url = `/api/player/${me()}/goal-proposals`;
    expect((await player.post(url, proposal({ target: 5 }))).json()).toEqual({
      message: goalMessages.targetAbove('5/10'),
      field: 'target',
    });
    expect((await player.post(url, proposal({ due_on: dayOffset(-1) }))).json()).toEqual({
      message: goalMessages.dueInPast,
      field: 'due_on',
    });
    expect((await player.post(url, proposal({ criterion_id: null, title: '' }))).json().field).toBe('title');
    expect((await player.post(url, proposal({ criterion_id: 999999 }))).json().field).toBe('criterion_id');
    expect((await player.post(url, [])).statusCode).toBe(400);

    const activeBefore = await dashboardActive(me());
    const res = await player.post(url, proposal());
    expect(res.json().message).toBe(MSG.success);
    const goal = res.json().data as Goal;
    expect(goal).toMatchObject({ state: 'proposed', proposedByPlayer: true, declineReason: null, baseline: 5, target: 8 });
    expect(goal.events).toEqual([expect.objectContaining({ kind: 'created', toState: 'proposed' })]);
    // Not active: the dashboard's counts (state = active) leave it out.
    expect(await dashboardActive(me())).toBe(activeBefore);
    // The coach sees it on the player's goals, first.
    expect((await goalsOf(coach, me()))[0]).toMatchObject({ id: goal.id, state: 'proposed' });
  });

  it('401 without a session; a player cannot propose for another player; staff add goals, they do not propose (403)', async () => {
    expect((await t.anon.post(`/api/player/${me()}/goal-proposals`, proposal())).statusCode).toBe(401);
    expect((await t.anon.get(`/api/player/${me()}/goal-criteria`)).statusCode).toBe(401);
    expect((await player.post(`/api/player/${ids.ownPlayer}/goal-proposals`, proposal())).statusCode).toBe(403);
    expect((await player.get(`/api/player/${ids.ownPlayer}/goal-criteria`)).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${me()}/goal-proposals`, proposal())).statusCode).toBe(403);
    expect((await coach.get(`/api/player/${ids.otherPlayer}/goal-criteria`)).statusCode).toBe(403);
    expect(data<GoalCriteria>(await coach.get(`/api/player/${ids.ownPlayer}/goal-criteria`)).criteria.length).toBeGreaterThan(0);
    const after = await t.db
      .selectFrom('goals')
      .select('id')
      .where('player_id', '=', ids.ownPlayer)
      .where('state', '=', 'proposed')
      .execute();
    expect(after).toEqual([]);
  });
});

describe('goal proposals: the coach decides', () => {
  it('accept: active, the baseline taken now, the history says proposed → active', async () => {
    const goal = data<Goal>(await player.post(`/api/player/${me()}/goal-proposals`, proposal({ target: 9 })));
    // An evaluation between the proposal and the acceptance: the baseline is the score when accepted.
    data(await coach.post(`/api/player/${me()}/evaluation`, { criteria_id: scale, score: 6 }));
    const accepted = data<Goal>(await coach.post(`/api/player/${me()}/goal/${goal.id}/accept`, {}));
    expect(accepted).toMatchObject({ state: 'active', baseline: 6, latest: null, target: 9, proposedByPlayer: true });
    expect(accepted.events.at(-1)).toMatchObject({ kind: 'state', fromState: 'proposed', toState: 'active', by: 'Casey Coach', score: 6 });
    // Once accepted it is an ordinary goal: the next evaluation moves it.
    data(await coach.post(`/api/player/${me()}/evaluation`, { criteria_id: scale, score: 9 }));
    expect((await goalsOf(coach, me())).find((g) => g.id === goal.id)!.state).toBe('achieved');
    // Accepting twice, or declining what is no longer proposed: 409.
    expect((await coach.post(`/api/player/${me()}/goal/${goal.id}/accept`, {})).json()).toEqual({ message: goalMessages.notProposed });
    expect((await coach.post(`/api/player/${me()}/goal/${goal.id}/decline`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('edit then accept in one step; a target at or below the current level is refused (400) and nothing changes', async () => {
    data(await coach.post(`/api/player/${me()}/evaluation`, { criteria_id: scale, score: 4 }));
    const goal = data<Goal>(await player.post(`/api/player/${me()}/goal-proposals`, proposal({ target: 10 })));
    const url = `/api/player/${me()}/goal/${goal.id}/accept`;
    expect((await coach.post(url, { target: 4 })).json()).toEqual({ message: goalMessages.targetAbove('4/10'), field: 'target' });
    expect((await coach.post(url, { due_on: dayOffset(-2) })).json().field).toBe('due_on');
    expect((await coach.post(url, { due_on: '2026-02-30' })).statusCode).toBe(400);
    expect((await goalsOf(coach, me())).find((g) => g.id === goal.id)!.state).toBe('proposed');
    const accepted = data<Goal>(await coach.post(url, { target: 6, due_on: dayOffset(40), visible_to_family: false }));
    expect(accepted).toMatchObject({ state: 'active', target: 6, dueOn: dayOffset(40), visibleToFamily: false, baseline: 4 });
    expect(accepted.events.slice(-2).map((e) => e.kind)).toEqual(['edited', 'state']);
    expect(accepted.events.at(-2)!.note).toBe('target, due_on, visible_to_family');
  });

  it('decline needs a reason; the player reads it; the family never sees proposals', async () => {
    const goal = data<Goal>(
      await player.post(`/api/player/${me()}/goal-proposals`, { criterion_id: null, title: 'Play point guard', due_on: dayOffset(20) }),
    );
    const url = `/api/player/${me()}/goal/${goal.id}/decline`;
    expect((await coach.post(url, { reason: '' })).json()).toEqual({ message: MSG.required, field: 'reason' });
    expect((await coach.post(url, {})).statusCode).toBe(400);
    const declined = data<Goal>(await coach.post(url, { reason: 'Let us first work on your passing.' }));
    expect(declined).toMatchObject({ state: 'declined', declineReason: 'Let us first work on your passing.' });
    expect(declined.events.at(-1)).toMatchObject({ kind: 'state', fromState: 'proposed', toState: 'declined', by: 'Casey Coach' });
    expect((await goalsOf(player, me())).find((g) => g.id === goal.id)).toMatchObject({
      state: 'declined',
      declineReason: 'Let us first work on your passing.',
    });
    // A declined goal does not come back: no accept, no closing state.
    expect((await coach.post(`/api/player/${me()}/goal/${goal.id}/accept`, {})).statusCode).toBe(409);
    expect((await coach.post(`/api/player/${me()}/goal/${goal.id}/state`, { state: 'dropped' })).statusCode).toBe(409);

    const open = data<Goal>(
      await player.post(`/api/player/${me()}/goal-proposals`, { criterion_id: null, title: 'Still open', due_on: dayOffset(9) }),
    );
    const email = 'proposals.family@example.org';
    await familyOf(admin, email, [me()]);
    const family = await familyLogin(t, email);
    data(await family.post(`/api/family/player/${me()}/consent`, { purpose: 'reports', granted: true }));
    const seen = data<{ goals: Goal[] }>(await family.get(`/api/family/player/${me()}/goals`)).goals.map((g) => g.id);
    expect(seen).not.toContain(goal.id);
    expect(seen).not.toContain(open.id);
  });

  it('403 for the player deciding their own proposal and for a coach of another team; another player’s goal id is 404', async () => {
    const goal = data<Goal>(
      await player.post(`/api/player/${me()}/goal-proposals`, { criterion_id: null, title: 'Mine', due_on: dayOffset(9) }),
    );
    expect((await player.post(`/api/player/${me()}/goal/${goal.id}/accept`, {})).statusCode).toBe(403);
    expect((await player.post(`/api/player/${me()}/goal/${goal.id}/decline`, { reason: 'no' })).statusCode).toBe(403);
    expect((await t.anon.post(`/api/player/${me()}/goal/${goal.id}/accept`, {})).statusCode).toBe(401);
    expect((await t.anon.post(`/api/player/${me()}/goal/${goal.id}/decline`, { reason: 'no' })).statusCode).toBe(401);
    const theirs = data<Goal>(await admin.post(`/api/player/${ids.otherPlayer}/goals`, { title: 'Theirs', due_on: dayOffset(9) }));
    await t.db.updateTable('goals').set({ state: 'proposed' }).where('id', '=', theirs.id).execute();
    expect((await coach.post(`/api/player/${ids.otherPlayer}/goal/${theirs.id}/accept`, {})).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${ids.otherPlayer}/goal/${theirs.id}/decline`, { reason: 'x' })).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${ids.ownPlayer}/goal/${theirs.id}/accept`, {})).json()).toEqual({
      message: goalMessages.notFound,
    });
    expect((await coach.post(`/api/player/${ids.ownPlayer}/goal/${theirs.id}/decline`, { reason: 'x' })).statusCode).toBe(404);
    expect((await goalsOf(admin, ids.otherPlayer)).find((g) => g.id === theirs.id)!.state).toBe('proposed');
  });
});

describe('goal edits', () => {
  it('an edit that leaves the description out keeps it', async () => {
    const goal = data<Goal>(
      await coach.post(`/api/player/${ids.ownPlayer}/goals`, { title: 'Keep my words', description: 'Kept', due_on: dayOffset(9) }),
    );
    const edited = data<Goal>(await coach.post(`/api/player/${ids.ownPlayer}/goal/${goal.id}`, { due_on: dayOffset(12) }));
    expect(edited).toMatchObject({ description: 'Kept', dueOn: dayOffset(12) });
    expect(edited.events.at(-1)!.note).toBe('due_on');
  });
});
