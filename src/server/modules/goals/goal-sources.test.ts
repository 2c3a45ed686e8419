import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../shared/schemas/dashboard.js';
import { goalMessages, type Goal, type ReportGoalDrafts, type TeamGoalResult, type TeamGoals } from '../../../shared/schemas/goal.js';
import { dayOffset, todayDate } from '../../lib/time.js';
import type { Client, TestApp } from '../../test/harness.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';
import { approvedReport, reportCycle } from '../reports/reports.fixtures.js';

/**
 * Where goals come from besides the profile (docs/product.md#goals): a report's things to work on
 * when it is approved, one goal for many players of a team; and the dashboard's goal counts per team.
 */
let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
let scale: number;
let yesNo: number;

playersSuite(async (s) => {
  ({ t, admin, coach, player, ids } = s);
  const criteria = await t.db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'l.kind'])
    .orderBy('c.id')
    .execute();
  scale = criteria.find((c) => c.kind === 'scale_1_10')!.id;
  yesNo = criteria.find((c) => c.kind === 'yes_no')!.id;
});

const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
};
const score = async (c: Client, playerId: number, value: number, criteria_id = scale) =>
  data(await c.post(`/api/player/${playerId}/evaluation`, { criteria_id, score: value }));
const goalsOf = async (c: Client, playerId: number) => data<{ goals: Goal[] }>(await c.get(`/api/player/${playerId}/goals`)).goals;
const roster = async (teamId: number) =>
  (await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).orderBy('player_id').execute()).map(
    (r) => r.player_id,
  );

/** A draft of a player of the coach's team with an overall comment and two things to work on. */
async function draft(playerId: number, teamId = ids.own): Promise<number> {
  const cycle = await reportCycle(t.db, [teamId], `Goals cycle ${playerId}-${Date.now()}`);
  const id = await approvedReport(t.db, { cycleId: cycle, playerId, teamId, state: 'draft', comment: 'A good autumn.' });
  const focus = [
    { criterion_id: scale, text: 'Scan before you receive.', resource_ids: [] },
    { criterion_id: yesNo, text: 'Weak foot in every drill.', resource_ids: [] },
  ];
  await t.db
    .updateTable('reports')
    .set({ focus: JSON.stringify(focus) })
    .where('id', '=', id)
    .execute();
  return id;
}

describe("goals from a report's things to work on", () => {
  it('the drafts propose each thing to work on from the current evaluation; approving with goals writes them with the report', async () => {
    const [pid] = await roster(ids.own);
    await score(coach, pid!, 5);
    const reportId = await draft(pid!);
    expect((await t.anon.get(`/api/report/${reportId}/goal-drafts`)).statusCode).toBe(401);
    expect((await player.get(`/api/report/${reportId}/goal-drafts`)).statusCode).toBe(403);
    const drafts = data<ReportGoalDrafts>(await coach.get(`/api/report/${reportId}/goal-drafts`));
    expect(drafts.existing).toBe(0);
    expect(drafts.drafts[0]).toMatchObject({ criterionId: scale, score: 5, target: 6, description: 'Scan before you receive.' });
    expect(drafts.drafts[1]).toMatchObject({ criterionId: yesNo, target: 1 });

    const goal = { criterion_id: scale, target: 7, due_on: dayOffset(40), description: 'Scan twice.' };
    const approve = (body: unknown) => coach.post(`/api/report/${reportId}/approve`, body);
    expect((await t.anon.post(`/api/report/${reportId}/approve`, { goals: [goal] })).statusCode).toBe(401);
    expect((await player.post(`/api/report/${reportId}/approve`, { goals: [goal] })).statusCode).toBe(403);
    // 400s name the goal's field, and leave the report a draft with no goal.
    expect((await approve({ goals: [{ ...goal, target: 5 }] })).json()).toEqual({
      message: goalMessages.targetAbove('5/10'),
      field: 'goals.0.target',
    });
    expect((await approve({ goals: [{ ...goal, due_on: dayOffset(-1) }] })).json().field).toBe('goals.0.due_on');
    const notFocus = (await t.db.selectFrom('criteria').select('id').where('id', 'not in', [scale, yesNo]).executeTakeFirstOrThrow()).id;
    expect((await approve({ goals: [{ ...goal, criterion_id: notFocus }] })).json()).toEqual({
      message: goalMessages.notFocus,
      field: 'goals.0.criterion_id',
    });
    expect((await approve({ goals: [goal, goal] })).statusCode).toBe(400);
    expect((await approve({ goals: [{ ...goal, target: null }] })).statusCode).toBe(400);
    expect((await approve({ goals: 'all' })).statusCode).toBe(400);
    const still = await t.db.selectFrom('reports').select('state').where('id', '=', reportId).executeTakeFirstOrThrow();
    expect(still.state).toBe('draft');
    expect((await goalsOf(coach, pid!)).filter((g) => g.source?.kind === 'report')).toEqual([]);

    const res = await approve({ goals: [goal] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('approved');
    const made = (await goalsOf(coach, pid!)).filter((g) => g.source?.kind === 'report');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      criterionId: scale,
      baseline: 5,
      target: 7,
      dueOn: dayOffset(40),
      description: 'Scan twice.',
      state: 'active',
    });
    expect(made[0]!.source).toMatchObject({ kind: 'report', reportId, teamId: ids.own });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'goal')
      .where('entity_id', '=', made[0]!.id)
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([expect.stringContaining(`from report ${reportId}`)]);
    // Once made, a thing to work on is proposed no more, and the report cannot make it twice.
    const after = data<ReportGoalDrafts>(await coach.get(`/api/report/${reportId}/goal-drafts`));
    expect(after).toMatchObject({ existing: 1 });
    expect(after.drafts.map((d) => d.criterionId)).toEqual([yesNo]);
  });

  it("another coach's report is refused; approving without goals still works", async () => {
    const [theirs] = await roster(ids.other);
    const other = await draft(theirs!, ids.other);
    expect((await coach.get(`/api/report/${other}/goal-drafts`)).statusCode).toBe(403);
    expect((await coach.post(`/api/report/${other}/approve`, { goals: [] })).statusCode).toBe(403);
    expect((await t.db.selectFrom('reports').select('state').where('id', '=', other).executeTakeFirstOrThrow()).state).toBe('draft');
    expect((await admin.post(`/api/report/${other}/approve`, {})).statusCode).toBe(200);
    expect((await admin.get(`/api/report/999999/goal-drafts`)).statusCode).toBe(404);
  });
});

describe('a team goal for many players', () => {
  it('each chosen player gets their own copy and baseline, in one audited write; one at the target is named, not skipped in silence', async () => {
    const team = ids.team('U16 Girls');
    const players = await roster(team);
    expect(players.length).toBeGreaterThan(2);
    // Every player's current score set here (the demo club has its own): one already at the target.
    for (const [i, id] of players.entries()) await score(coach, id, i === 1 ? 9 : i === 0 ? 4 : 3);
    const body = { criterion_id: scale, target: 8, due_on: dayOffset(60), description: 'Eight by spring' };
    const url = `/api/team/${team}/goals`;
    expect((await t.anon.post(url, body)).statusCode).toBe(401);
    expect((await player.post(url, body)).statusCode).toBe(403);
    expect((await coach.post(`/api/team/${ids.other}/goals`, body)).statusCode).toBe(403);
    expect((await coach.post(url, { ...body, player_ids: [ids.otherPlayer] })).json()).toEqual({
      message: goalMessages.notInTeam,
      field: 'player_ids',
    });
    expect((await coach.post(url, { ...body, player_ids: [] })).json().field).toBe('player_ids');
    expect((await coach.post(url, { ...body, target: 11 })).statusCode).toBe(400);
    expect((await coach.post(url, { ...body, target: null })).json().field).toBe('target');
    expect((await coach.post(url, { ...body, due_on: dayOffset(-2) })).json()).toEqual({
      message: goalMessages.dueInPast,
      field: 'due_on',
    });
    expect((await coach.post(url, { ...body, criterion_id: null, title: '' })).json().field).toBe('title');

    const before = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = data<TeamGoalResult>(await coach.post(url, body));
    expect(res.created).toBe(players.length - 1);
    expect(res.skipped).toEqual([expect.objectContaining({ playerId: players[1], reason: 'Already at 9/10.' })]);
    const after = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const first = (await goalsOf(coach, players[0]!)).find((g) => g.source?.kind === 'team')!;
    expect(first).toMatchObject({ baseline: 4, target: 8, description: 'Eight by spring', source: { kind: 'team', teamId: team } });
    const third = (await goalsOf(coach, players[2]!)).find((g) => g.source?.kind === 'team')!;
    expect(third.id).not.toBe(first.id);
    // Tracked separately: one player's evaluation moves only their own copy.
    await score(coach, players[0]!, 8);
    expect((await goalsOf(coach, players[0]!)).find((g) => g.id === first.id)!.state).toBe('achieved');
    expect((await goalsOf(coach, players[2]!)).find((g) => g.id === third.id)!.state).toBe('active');

    // Picked players only, a free-text goal.
    const picked = data<TeamGoalResult>(
      await coach.post(url, { criterion_id: null, title: 'Lead the warm-up', due_on: dayOffset(10), player_ids: [players[2]] }),
    );
    expect(picked).toEqual({ created: 1, skipped: [] });
  });

  it("the team goals view lists every player's goals; another coach's team 403, none 404", async () => {
    const team = ids.team('U16 Girls');
    expect((await t.anon.get(`/api/team/${team}/goals`)).statusCode).toBe(401);
    expect((await coach.get(`/api/team/${ids.other}/goals`)).statusCode).toBe(403);
    expect((await admin.get(`/api/team/999999/goals`)).statusCode).toBe(404);
    expect((await coach.get(`/api/team/x/goals`)).statusCode).toBe(400);
    const view = data<TeamGoals>(await coach.get(`/api/team/${team}/goals`));
    const players = await roster(team);
    expect(view.players.map((p) => p.id).sort((a, b) => a - b)).toEqual(players);
    expect(view).toMatchObject({ team: { id: team }, today: todayDate(), dueBy: dayOffset(14) });
    expect(view.players.find((p) => p.id === players[2])!.goals.map((g) => g.title)).toContain('Lead the warm-up');
  });

  it('the kept team view follows an edit and a criterion renamed at once, and carries no history', async () => {
    const team = ids.team('U16 Girls');
    const goalOf = async () =>
      data<TeamGoals>(await coach.get(`/api/team/${team}/goals`))
        .players.flatMap((p) => p.goals)
        .find((g) => g.title === 'Lead the warm-up')!;
    const goal = await goalOf();
    const base = `/api/player/${goal.playerId}/goal/${goal.id}`;
    data(await coach.post(base, { description: 'Every Tuesday' }));
    expect((await goalOf()).description).toBe('Every Tuesday');
    // History and check-ins are the player's page's: the team's page of 25 players stays a summary.
    data(await coach.post(`${base}/check-ins`, { note: 'Led it twice', practice_count: 2 }));
    expect(Object.keys(await goalOf())).not.toContain('checkIns');
    expect(Object.keys(await goalOf())).not.toContain('events');

    const criterionGoal = data<TeamGoals>(await coach.get(`/api/team/${team}/goals`))
      .players.flatMap((p) => p.goals)
      .find((g) => g.criterionId !== null)!;
    await t.db.updateTable('criteria').set({ name: 'Renamed skill' }).where('id', '=', criterionGoal.criterionId!).execute();
    await t.settled();
    const renamed = data<TeamGoals>(await coach.get(`/api/team/${team}/goals`))
      .players.flatMap((p) => p.goals)
      .find((g) => g.id === criterionGoal.id)!;
    expect(renamed.title).toBe('Renamed skill');
  });
});

describe('the dashboard counts goals per team', () => {
  it('active, due in 14 days, achieved since the last closed cycle, players without an active goal — one statement for all teams', async () => {
    const team = ids.team('U16 Girls');
    const players = await roster(team);
    const view = data<TeamGoals>(await coach.get(`/api/team/${team}/goals`));
    const goals = view.players.flatMap((p) => p.goals);
    const dash = data<Dashboard>(await coach.get(`/api/dashboard?today=${todayDate()}`));
    const row = dash.teams.find((x) => x.id === team)!;
    const active = goals.filter((g) => g.state === 'active');
    expect(row.goals.active).toBe(active.length);
    expect(row.goals.dueSoon).toBe(active.filter((g) => g.dueOn >= view.today && g.dueOn <= view.dueBy).length);
    expect(row.goals.dueSoon).toBeGreaterThanOrEqual(1);
    expect(row.goals.withoutGoal).toBe(view.players.filter((p) => !p.goals.some((g) => g.state === 'active')).length);
    // The player already at 9/10, and the one whose copy was achieved.
    expect(row.goals.withoutGoal).toBe(2);
    expect(row.goals.achievedSince).toBe(view.achievedSince);
    expect(row.goals.achieved).toBe(goals.filter((g) => g.state === 'achieved').length);
    expect(row.goals.achieved).toBeGreaterThanOrEqual(1);
    expect(players.length).toBe(view.players.length);
    // A cycle that closed today: only goals achieved from today count (the fresh one above is today's).
    await reportCycle(t.db, [team], 'Closed cycle');
    await t.db.updateTable('report_cycles').set({ closes_on: todayDate() }).where('name', '=', 'Closed cycle').execute();
    const later = data<Dashboard>(await coach.get(`/api/dashboard?today=${todayDate()}`)).teams.find((x) => x.id === team)!;
    expect(later.goals.achievedSince).toBe(todayDate());
    expect(later.goals.achieved).toBe(row.goals.achieved);
    await t.db
      .updateTable('report_cycles')
      .set({ closes_on: dayOffset(1) })
      .where('name', '=', 'Closed cycle')
      .execute();
    const tomorrow = data<Dashboard>(await coach.get(`/api/dashboard?today=${dayOffset(1)}`)).teams.find((x) => x.id === team)!;
    expect(tomorrow.goals).toMatchObject({ achievedSince: dayOffset(1), achieved: 0 });
    // A coach's other teams are on the dashboard with their own counts; teams without goals count zero.
    expect(dash.teams.every((x) => x.goals.active >= 0 && x.goals.withoutGoal <= x.players)).toBe(true);
  });
});
