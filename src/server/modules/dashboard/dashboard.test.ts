import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, DashboardTeam } from '../../../shared/schemas/dashboard.js';
import { staleSince } from '../../../shared/schemas/dashboard.js';
import type { PlayerList } from '../../../shared/schemas/player.js';
import { demoFacts, type DemoFacts } from '../evaluations/evaluations.fixtures.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { dayOffset, insertCycle, insertReport, insertSession, staleOf } from './dashboard.fixtures.js';

let t: TestApp;
let admin: Client;
let coach: Client;
let player: Client;
let facts: DemoFacts;
let today: string;

const get = async (c: Client, query = ''): Promise<Dashboard> => {
  const res = await c.get(`/api/dashboard${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Dashboard }).data;
};
const teamOf = (d: Dashboard, id: number): DashboardTeam => {
  const team = d.teams.find((x) => x.id === id);
  if (!team) throw new Error(`team ${id} not on the dashboard`);
  return team;
};
const membersOf = (teamId: number) => [...new Set(facts.members.filter((m) => m.team_id === teamId).map((m) => m.id))];

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
  facts = await demoFacts(t);
  today = dayOffset(0);
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it('401 without a session, 403 for a player, 400 for a date that is not a day', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    expect((await player.get('/api/dashboard')).statusCode).toBe(403);
    for (const bad of ['x', '2026-02-30', '26-11-2026', '2026-11-26T00:00:00Z']) {
      const res = await admin.get(`/api/dashboard?today=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });

  it('an admin sees every team, a coach only their own', async () => {
    const all = await get(admin);
    expect(all.teams.map((x) => x.id).sort()).toEqual([...facts.ownTeams, ...facts.otherTeams].map((x) => x.id).sort());
    const own = await get(coach);
    expect(own.teams.map((x) => x.id).sort()).toEqual(facts.ownTeams.map((x) => x.id).sort());
    for (const team of own.teams) expect(team.players).toBe(membersOf(team.id).length);
  });

  it('a team without a cycle shows no cycle counts; stale players are those without an evaluation in 90 days', async () => {
    const team = facts.otherTeams[1]!;
    const d = await get(admin);
    const row = teamOf(d, team.id);
    expect(d.staleSince).toBe(staleSince(today));
    expect(row).toMatchObject({ cycle: null, evaluated: null, notEvaluated: null, reports: null });
    expect(row.stale).toBe(await staleOf(t, team.id, d.staleSince));
    expect(row.stale).toBeGreaterThan(0);
    // Seen from far ahead, nobody has been evaluated for 90 days.
    expect(teamOf(await get(admin, '?today=2999-01-01'), team.id).stale).toBe(row.players);
  });

  it('counts the current cycle: evaluated in its window, reports by state (latest version), last viewed; right after writes', async () => {
    const team = facts.ownTeams[0]!;
    const members = membersOf(team.id);
    // An earlier cycle and a later one that has not opened: the one holding today is current.
    await insertCycle(t, { name: 'Spring', opensOn: dayOffset(-200), closesOn: dayOffset(-150), teamIds: [team.id] });
    const cycleId = await insertCycle(t, { name: 'Autumn', opensOn: dayOffset(-2), closesOn: dayOffset(10), teamIds: [team.id] });
    await insertCycle(t, { name: 'Winter', opensOn: dayOffset(60), closesOn: dayOffset(90), teamIds: [team.id] });

    let row = teamOf(await get(coach), team.id);
    expect(row.cycle).toMatchObject({ id: cycleId, name: 'Autumn' });
    // The demo's evaluations are 5 days old or more: none in the window yet.
    expect(row).toMatchObject({
      evaluated: 0,
      notEvaluated: members.length,
      reports: { draft: 0, approved: 0, sent: 0, viewed: 0, lastViewedAt: null },
    });

    const res = await coach.post(`/api/player/${members[0]}/evaluation`, { criteria_id: facts.scale[0]!.id, score: 7, date: today });
    expect(res.statusCode, res.body).toBe(200);
    row = teamOf(await get(coach), team.id);
    expect(row).toMatchObject({ evaluated: 1, notEvaluated: members.length - 1 });

    // Version 1 superseded by a version 2 draft counts once, as a draft.
    await insertReport(t, { cycleId, teamId: team.id, playerId: members[0]!, state: 'superseded', version: 1 });
    await insertReport(t, { cycleId, teamId: team.id, playerId: members[0]!, state: 'draft', version: 2 });
    await insertReport(t, { cycleId, teamId: team.id, playerId: members[1]!, state: 'approved' });
    await insertReport(t, { cycleId, teamId: team.id, playerId: members[2]!, state: 'sent' });
    await insertReport(t, { cycleId, teamId: team.id, playerId: members[3]!, state: 'viewed', viewedAt: '2026-11-20T10:42:00.000Z' });
    await insertReport(t, { cycleId, teamId: team.id, playerId: members[4]!, state: 'viewed', viewedAt: '2026-11-21T09:05:00.000Z' });
    row = teamOf(await get(coach), team.id);
    expect(row.reports).toEqual({ draft: 1, approved: 1, sent: 1, viewed: 2, lastViewedAt: '2026-11-21T09:05:00.000Z' });
    // A state change is counted at once (the cached answer moves with the score version, migration 0024).
    await t.db.updateTable('reports').set({ state: 'sent' }).where('player_id', '=', members[1]!).execute();
    await t.settled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(teamOf(await get(coach), team.id).reports).toMatchObject({ approved: 0, sent: 2 });

    // Seen from after the window, the latest cycle (the one not yet opened today) is current.
    expect(teamOf(await get(coach, `?today=${dayOffset(120)}`), team.id).cycle).toMatchObject({ name: 'Winter' });
  });

  it('pages the teams in name order: every team once, the same figures as one page, a bad cursor or size is a 400', async () => {
    const whole = await get(admin, '?limit=100');
    expect(whole.next).toBeNull();
    const seen: DashboardTeam[] = [];
    let after: string | null = null;
    do {
      const page: Dashboard = await get(admin, `?limit=1${after ? `&after=${after}` : ''}`);
      expect(page.teams.length).toBeLessThanOrEqual(1);
      seen.push(...page.teams);
      after = page.next;
    } while (after !== null);
    expect(seen).toEqual(whole.teams);
    expect(seen.map((x) => x.name)).toEqual([...seen.map((x) => x.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // A coach's pages stay within their own teams.
    const first = await get(coach, '?limit=1');
    expect(facts.ownTeams.map((x) => x.id)).toContain(first.teams[0]!.id);
    const second = await get(coach, `?limit=1&after=${first.next!}`);
    expect(facts.ownTeams.map((x) => x.id)).toContain(second.teams[0]!.id);
    for (const bad of ['limit=0', 'limit=101', 'limit=two', 'after=%%%', 'after=WyJ4Il0']) {
      expect((await admin.get(`/api/dashboard?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('counts the open sessions the caller may list', async () => {
    const before = { admin: (await get(admin)).openSessions, coach: (await get(coach)).openSessions };
    await insertSession(t, { name: 'Open, coach scores', state: 'open', evaluatorUserId: facts.coachId });
    await insertSession(t, { name: 'Open, other players', state: 'open', playerIds: [facts.other[0]!.id] });
    await insertSession(t, { name: 'Draft', state: 'draft', evaluatorUserId: facts.coachId });
    expect((await get(admin)).openSessions).toBe(before.admin! + 2);
    expect((await get(coach)).openSessions).toBe(before.coach! + 1);
  });
});

describe('the players list filtered as the dashboard links it', () => {
  it('evaluated yes / no within a window matches the dashboard counts', async () => {
    const team = facts.ownTeams[0]!;
    const d = await get(coach);
    const row = teamOf(d, team.id);
    const list = async (query: string) => {
      const res = await coach.get(`/api/team/${team.id}/players?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: PlayerList }).data;
    };
    const window = `from=${row.cycle!.opensOn}&to=${row.cycle!.closesOn}`;
    expect((await list(`evaluated=yes&${window}`)).total).toBe(row.evaluated);
    expect((await list(`evaluated=no&${window}`)).total).toBe(row.notEvaluated);
    expect((await list(`evaluated=no&from=${d.staleSince}`)).total).toBe(row.stale);
    // The all-players list takes the same filter, within the coach's reach.
    const res = await coach.get(`/api/players?team_id=${team.id}&evaluated=no&from=${d.staleSince}`);
    expect((res.json() as { data: PlayerList }).data.total).toBe(row.stale);
  });

  it('refuses a bad filter with 400', async () => {
    for (const q of ['evaluated=maybe', 'evaluated=no&from=2026-13-01', 'evaluated=yes&to=soon']) {
      expect((await coach.get(`/api/players?${q}`)).statusCode, q).toBe(400);
    }
  });
});
