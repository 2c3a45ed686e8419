import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { goalMessages, type Goal } from '../../../shared/schemas/goal.js';
import { dayOffset } from '../../lib/time.js';
import type { Client, TestApp } from '../../test/harness.js';
import { familyLogin, familyOf } from '../family/family.fixtures.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';

/** Development plans (docs/product.md#goals): every goals route on a real database, 401/403/400/happy and replays. */
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
async function score(c: Client, playerId: number, value: number, criteria_id = scale) {
  return data<{ id: number }>(await c.post(`/api/player/${playerId}/evaluation`, { criteria_id, score: value }));
}
const newGoal = (over: Record<string, unknown> = {}) => ({
  criterion_id: scale,
  target: 8,
  due_on: dayOffset(30),
  description: 'Work on it',
  ...over,
});
async function goalsOf(c: Client, playerId: number): Promise<Goal[]> {
  return data<{ goals: Goal[] }>(await c.get(`/api/player/${playerId}/goals`)).goals;
}

describe('goals: create and read', () => {
  it('the baseline is the current evaluation; target, due date and criterion are checked', async () => {
    const pid = ids.ownPlayer;
    await score(coach, pid, 5);
    expect((await coach.post(`/api/player/${pid}/goals`, newGoal({ target: 5 }))).json()).toEqual({
      message: goalMessages.targetAbove('5/10'),
      field: 'target',
    });
    expect((await coach.post(`/api/player/${pid}/goals`, newGoal({ target: 11 }))).statusCode).toBe(400);
    expect((await coach.post(`/api/player/${pid}/goals`, newGoal({ target: null }))).json().field).toBe('target');
    expect((await coach.post(`/api/player/${pid}/goals`, newGoal({ due_on: dayOffset(-1) }))).json()).toEqual({
      message: goalMessages.dueInPast,
      field: 'due_on',
    });
    expect((await coach.post(`/api/player/${pid}/goals`, newGoal({ criterion_id: 999999 }))).json().field).toBe('criterion_id');
    expect((await coach.post(`/api/player/${pid}/goals`, newGoal({ criterion_id: null, title: '' }))).json().field).toBe('title');
    expect((await coach.post(`/api/player/${pid}/goals`, [])).statusCode).toBe(400);

    const res = await coach.post(`/api/player/${pid}/goals`, newGoal());
    expect(res.json().message).toBe(MSG.success);
    const goal = res.json().data as Goal;
    expect(goal).toMatchObject({
      playerId: pid,
      criterionId: scale,
      baseline: 5,
      target: 8,
      latest: null,
      progress: null,
      state: 'active',
    });
    expect(goal.visibleToFamily).toBe(true);
    expect(goal.events).toEqual([expect.objectContaining({ kind: 'created', toState: 'active', by: 'Casey Coach', score: 5 })]);
    expect((await goalsOf(coach, pid)).map((g) => g.id)).toContain(goal.id);
  });

  it('a free-text goal has a title and no target', async () => {
    const goal = data<Goal>(
      await coach.post(`/api/player/${ids.ownPlayer}/goals`, {
        criterion_id: '',
        title: 'Talk on court',
        due_on: dayOffset(20),
        target: 9,
      }),
    );
    expect(goal).toMatchObject({ criterionId: null, title: 'Talk on court', target: null, baseline: null, resources: [] });
  });

  it('resources tagged with the criterion name (any case), as the caller sees them', async () => {
    const name = (await t.db.selectFrom('criteria').select('name').where('id', '=', scale).executeTakeFirstOrThrow()).name;
    const roles = await t.db.selectFrom('roles').select(['id', 'key']).execute();
    const coachRole = roles.find((r) => r.key === 'coach')!.id;
    const shared = data<{ id: number }>(
      await admin.post('/api/resources', {
        title: 'Goal drill',
        category: 'Drills',
        video_links: ['https://example.org/drill'],
        document_links: [],
        tags: [name.toUpperCase()],
        access: [coachRole],
      }),
    );
    const hidden = data<{ id: number }>(
      await admin.post('/api/resources', {
        title: 'Admins only drill',
        category: 'Drills',
        video_links: [],
        document_links: ['https://example.org/x.pdf'],
        tags: [name],
        access: [roles.find((r) => r.key === 'admin')!.id],
      }),
    );
    const goal = (await goalsOf(coach, ids.ownPlayer)).find((g) => g.criterionId === scale)!;
    expect(goal.resources.map((r) => r.id)).toContain(shared.id);
    expect(goal.resources.map((r) => r.id)).not.toContain(hidden.id);
    expect(goal.resources.find((r) => r.id === shared.id)!.links).toEqual(['https://example.org/drill']);
  });
});

describe('goals: progress from evaluations', () => {
  it('the next evaluation updates progress; reaching the target marks the goal achieved, by the evaluator', async () => {
    const pid = ids.ownPlayer;
    const list = await goalsOf(coach, pid);
    const goal = list.find((g) => g.criterionId === scale && g.state === 'active')!;
    // The same score again: no clear change.
    await score(coach, pid, 5);
    let now = (await goalsOf(coach, pid)).find((g) => g.id === goal.id)!;
    expect(now).toMatchObject({ latest: 5, progress: 'no_change', state: 'active' });
    expect(now.swc).toBeGreaterThan(0);
    await score(coach, pid, 7);
    now = (await goalsOf(coach, pid)).find((g) => g.id === goal.id)!;
    expect(now).toMatchObject({ latest: 7, progress: 'improved', state: 'active' });
    await score(admin, pid, 8);
    now = (await goalsOf(coach, pid)).find((g) => g.id === goal.id)!;
    expect(now).toMatchObject({ latest: 8, state: 'achieved' });
    const last = now.events.at(-1)!;
    expect(last).toMatchObject({ kind: 'state', fromState: 'active', toState: 'achieved', score: 8 });
    expect(last.by).not.toBe('Casey Coach');
    // A closed goal keeps its state whatever comes later.
    await score(coach, pid, 3);
    expect((await goalsOf(coach, pid)).find((g) => g.id === goal.id)!.state).toBe('achieved');
  });

  it('a team evaluation reaches the goals of its players too', async () => {
    const teamId = ids.team('U16 Girls');
    const pid = ids.ownPlayer;
    await score(coach, pid, 4);
    const goal = data<Goal>(await coach.post(`/api/player/${pid}/goals`, newGoal({ target: 6 })));
    const res = await coach.post(`/api/team/${teamId}/evaluations`, { criteria_id: scale, scores: [{ player_id: pid, score: 6 }] });
    expect(res.statusCode).toBe(200);
    expect((await goalsOf(coach, pid)).find((g) => g.id === goal.id)!.state).toBe('achieved');
  });
});

describe('goals: state and edits', () => {
  it('active → dropped once, with the note; a closed goal does not move again (409); a bad state is 400', async () => {
    const pid = ids.ownPlayer;
    const goal = data<Goal>(await coach.post(`/api/player/${pid}/goals`, { criterion_id: null, title: 'Drop me', due_on: dayOffset(10) }));
    expect((await coach.post(`/api/player/${pid}/goal/${goal.id}/state`, { state: 'active' })).statusCode).toBe(400);
    const dropped = data<Goal>(await coach.post(`/api/player/${pid}/goal/${goal.id}/state`, { state: 'dropped', note: 'Injured' }));
    expect(dropped.state).toBe('dropped');
    expect(dropped.events.at(-1)).toMatchObject({
      kind: 'state',
      fromState: 'active',
      toState: 'dropped',
      note: 'Injured',
      by: 'Casey Coach',
    });
    expect((await coach.post(`/api/player/${pid}/goal/${goal.id}/state`, { state: 'achieved' })).statusCode).toBe(409);
  });

  it('edits target, due date, description and the family flag; the history says what changed', async () => {
    const pid = ids.ownPlayer;
    await score(coach, pid, 5);
    const goal = data<Goal>(await coach.post(`/api/player/${pid}/goals`, newGoal({ target: 7 })));
    expect((await coach.post(`/api/player/${pid}/goal/${goal.id}`, { target: 4 })).json().field).toBe('target');
    expect((await coach.post(`/api/player/${pid}/goal/${goal.id}`, { due_on: '2026-02-30' })).statusCode).toBe(400);
    const edited = data<Goal>(
      await coach.post(`/api/player/${pid}/goal/${goal.id}`, { target: 9, visible_to_family: false, description: 'Harder' }),
    );
    expect(edited).toMatchObject({ target: 9, visibleToFamily: false, description: 'Harder' });
    expect(edited.events.at(-1)).toMatchObject({ kind: 'edited', note: 'target, description, visible_to_family' });
  });
});

describe('goals: check-ins', () => {
  it('the coach checks in with a practice count; the player on their own goal; dates checked', async () => {
    const own = ids.linkedPlayer;
    const goal = data<Goal>(
      await admin.post(`/api/player/${own}/goals`, { criterion_id: null, title: 'Shoot 50 a day', due_on: dayOffset(14) }),
    );
    const byCoach = data<Goal>(
      await admin.post(`/api/player/${own}/goal/${goal.id}/check-ins`, { note: 'Good week', practice_count: '4' }),
    );
    expect(byCoach.checkIns[0]).toMatchObject({ note: 'Good week', practiceCount: 4, byPlayer: false });
    const byPlayer = data<Goal>(
      await player.post(`/api/player/${own}/goal/${goal.id}/check-ins`, { note: 'Did 50 today', date: dayOffset(0) }),
    );
    expect(byPlayer.checkIns[0]).toMatchObject({ note: 'Did 50 today', practiceCount: null, byPlayer: true });
    expect((await player.post(`/api/player/${own}/goal/${goal.id}/check-ins`, { note: '' })).json()).toEqual({
      message: MSG.required,
      field: 'note',
    });
    expect((await player.post(`/api/player/${own}/goal/${goal.id}/check-ins`, { note: 'x', practice_count: -1 })).statusCode).toBe(400);
    expect((await player.post(`/api/player/${own}/goal/${goal.id}/check-ins`, { note: 'x', date: dayOffset(5) })).json()).toEqual({
      message: goalMessages.futureCheckIn,
      field: 'date',
    });
    // The player reads their own goals, even those not shown to the family, and changes none.
    expect((await goalsOf(player, own)).map((g) => g.id)).toContain(goal.id);
    expect((await player.post(`/api/player/${own}/goals`, newGoal())).statusCode).toBe(403);
    expect((await player.post(`/api/player/${own}/goal/${goal.id}/state`, { state: 'dropped' })).statusCode).toBe(403);
    expect((await player.post(`/api/player/${own}/goal/${goal.id}`, { target: 9 })).statusCode).toBe(403);
    expect((await player.get(`/api/player/${own}/goal-suggestions`)).statusCode).toBe(403);
  });
});

describe('goals: suggest goals', () => {
  it('the weakest criteria relative to the team, below it only, none with an active goal', async () => {
    const pid = ids.ownPlayer;
    const res = data<{ suggestions: { criterionId: number; score: number; teamMean: number; target: number; dueOn: string }[] }>(
      await coach.get(`/api/player/${pid}/goal-suggestions`),
    );
    expect(res.suggestions.length).toBeLessThanOrEqual(3);
    const active = (await goalsOf(coach, pid)).filter((g) => g.state === 'active').map((g) => g.criterionId);
    for (const s of res.suggestions) {
      expect(s.score).toBeLessThan(s.teamMean);
      expect(active).not.toContain(s.criterionId);
      expect(s.target).toBeGreaterThan(s.score);
      expect(s.dueOn > dayOffset(0)).toBe(true);
    }
  });
});

describe('goals: who reaches them', () => {
  it('401 without a session on every route', async () => {
    const g = `/api/player/${ids.ownPlayer}/goal/1`;
    expect((await t.anon.get(`/api/player/${ids.ownPlayer}/goals`)).statusCode).toBe(401);
    expect((await t.anon.get(`/api/player/${ids.ownPlayer}/goal-suggestions`)).statusCode).toBe(401);
    expect((await t.anon.post(`/api/player/${ids.ownPlayer}/goals`, newGoal())).statusCode).toBe(401);
    expect((await t.anon.post(g, { target: 9 })).statusCode).toBe(401);
    expect((await t.anon.post(`${g}/state`, { state: 'dropped' })).statusCode).toBe(401);
    expect((await t.anon.post(`${g}/check-ins`, { note: 'x' })).statusCode).toBe(401);
    expect((await t.anon.get(`/api/family/player/${ids.ownPlayer}/goals`)).statusCode).toBe(401);
    expect((await coach.get(`/api/family/player/${ids.ownPlayer}/goals`)).statusCode).toBe(401);
  });

  it("a coach reaches only their teams' players; another player's goal id is 404 on one's own player", async () => {
    const theirs = data<Goal>(await admin.post(`/api/player/${ids.otherPlayer}/goals`, { title: 'Theirs', due_on: dayOffset(9) }));
    const other = `/api/player/${ids.otherPlayer}/goal/${theirs.id}`;
    expect((await coach.get(`/api/player/${ids.otherPlayer}/goals`)).statusCode).toBe(403);
    expect((await coach.get(`/api/player/${ids.otherPlayer}/goal-suggestions`)).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${ids.otherPlayer}/goals`, newGoal())).statusCode).toBe(403);
    expect((await coach.post(other, { target: 9 })).statusCode).toBe(403);
    expect((await coach.post(`${other}/state`, { state: 'dropped' })).statusCode).toBe(403);
    expect((await coach.post(`${other}/check-ins`, { note: 'x' })).statusCode).toBe(403);
    const replay = `/api/player/${ids.ownPlayer}/goal/${theirs.id}`;
    expect((await coach.post(replay, { description: 'x' })).json()).toEqual({ message: goalMessages.notFound });
    expect((await coach.post(`${replay}/state`, { state: 'dropped' })).statusCode).toBe(404);
    expect((await coach.post(`${replay}/check-ins`, { note: 'x' })).statusCode).toBe(404);
    // The player: a team-mate's goals are not theirs; nor is another player's goal id on their own path.
    expect((await player.get(`/api/player/${ids.otherPlayer}/goals`)).statusCode).toBe(403);
    expect((await player.post(`${other}/check-ins`, { note: 'x' })).statusCode).toBe(403);
    expect((await player.post(`/api/player/${ids.linkedPlayer}/goal/${theirs.id}/check-ins`, { note: 'x' })).statusCode).toBe(404);
    const after = (await goalsOf(admin, ids.otherPlayer)).find((g) => g.id === theirs.id)!;
    expect(after).toMatchObject({ state: 'active', description: '', checkIns: [] });
  });
});

describe('goals: the family portal', () => {
  it('visible goals only, within the reports consent; another family’s child 404, a revoked link 403', async () => {
    const [child, sibling] = [ids.ownPlayer, ids.linkedPlayer];
    const email = 'goals.family@example.org';
    const { links } = await familyOf(admin, email, [child, sibling]);
    const family = await familyLogin(t, email);
    const shown = data<Goal>(await coach.post(`/api/player/${child}/goals`, { title: 'Shown to family', due_on: dayOffset(9) }));
    const hidden = data<Goal>(
      await coach.post(`/api/player/${child}/goals`, { title: 'Coach only', due_on: dayOffset(9), visible_to_family: false }),
    );
    const before = data<{ goals: Goal[]; hidden: string | null }>(await family.get(`/api/family/player/${child}/goals`));
    expect(before).toEqual({ goals: [], hidden: 'noConsent' });
    data(await family.post(`/api/family/player/${child}/consent`, { purpose: 'reports', granted: true }));
    const after = data<{ goals: Goal[]; hidden: string | null }>(await family.get(`/api/family/player/${child}/goals`));
    expect(after.hidden).toBeNull();
    expect(after.goals.map((g) => g.id)).toContain(shown.id);
    expect(after.goals.map((g) => g.id)).not.toContain(hidden.id);
    expect(after.goals.every((g) => g.visibleToFamily && g.resources.length === 0)).toBe(true);
    expect((await family.get(`/api/family/player/${ids.otherPlayer}/goals`)).statusCode).toBe(404);
    data(await admin.post(`/api/player/${sibling}/guardian/${links[1]}/revoke`));
    expect((await family.get(`/api/family/player/${sibling}/goals`)).statusCode).toBe(403);
    expect((await family.get('/api/family/player/x/goals')).statusCode).toBe(400);
  });
});

describe('goals: personal data', () => {
  it('in the export, and gone with the erased player', async () => {
    const pid = data<{ id: number }>(
      await admin.post('/api/players', { first_name: 'Goal', last_name: 'Erased', email: 'goal.erased@example.org', team_id: [ids.own] }),
    ).id;
    const goal = data<Goal>(await admin.post(`/api/player/${pid}/goals`, { title: 'Private aim', due_on: dayOffset(9) }));
    data(await admin.post(`/api/player/${pid}/goal/${goal.id}/check-ins`, { note: 'A private note' }));
    const exported = await admin.get(`/api/player/${pid}/privacy/export.json`);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().goals[0]).toMatchObject({ goal: 'Private aim', checkIns: [{ note: 'A private note', by: 'Club staff' }] });
    const made = data<{ requests: { id: number }[] }>(await admin.post(`/api/player/${pid}/erasure-request`, { reason: 'Goals test' }));
    data(await admin.post(`/api/privacy/request/${made.requests[0]!.id}/decide`, { decision: 'approve' }));
    for (const table of ['goals', 'goal_events', 'goal_check_ins'] as const)
      expect(await t.db.selectFrom(table).select('id').where('player_id', '=', pid).execute()).toEqual([]);
  });
});
