import { describe, expect, it } from 'vitest';
import type { Goal } from '../../../shared/schemas/goal.js';
import type { ReportSnapshot } from '../../../shared/schemas/report-snapshot.js';
import { dayOffset } from '../../lib/time.js';
import type { Client, TestApp } from '../../test/harness.js';
import { familyLogin, familyOf } from '../family/family.fixtures.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';
import { approvedReport, reportCycle } from '../reports/reports.fixtures.js';

/**
 * Reports show goals (docs/product.md#goals): the goals set at the last report with their outcome, and
 * the new goals set from this report, frozen at approval; the family's copy only the visible ones.
 */
let t: TestApp, admin: Client, coach: Client, ids: DemoIds;
let scale: number;
let yesNo: number;

playersSuite(async (s) => {
  ({ t, admin, coach, ids } = s);
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

/** A draft in a new cycle closing on `closesOn`, with things to work on. */
async function draft(playerId: number, closesOn: string, focus: number[]): Promise<number> {
  const cycle = await reportCycle(t.db, [ids.own], `Report goals ${closesOn}`);
  await t.db
    .updateTable('report_cycles')
    .set({ opens_on: `${closesOn.slice(0, 4)}-01-01`, closes_on: closesOn })
    .where('id', '=', cycle)
    .execute();
  const id = await approvedReport(t.db, { cycleId: cycle, playerId, teamId: ids.own, state: 'draft', comment: 'A good season.' });
  await t.db
    .updateTable('reports')
    .set({ focus: JSON.stringify(focus.map((criterion_id) => ({ criterion_id, text: 'Work on it.', resource_ids: [] }))) })
    .where('id', '=', id)
    .execute();
  return id;
}
const snapshotOf = async (c: Client, reportId: number) =>
  data<{ snapshot: ReportSnapshot }>(await c.get(`/api/report/${reportId}`)).snapshot;

describe('reports show goals', () => {
  it("the last report's goals with their outcome and this report's new goals; the family sees only the visible ones", async () => {
    const pid = data<{ id: number }>(
      await admin.post('/api/players', { first_name: 'Report', last_name: 'Goals', email: 'report.goals@example.org', team_id: [ids.own] }),
    ).id;
    data(await coach.post(`/api/player/${pid}/evaluation`, { criteria_id: scale, score: 5 }));
    const first = await draft(pid, '2026-06-30', [scale, yesNo]);
    data(
      await coach.post(`/api/report/${first}/approve`, {
        goals: [
          { criterion_id: scale, target: 7, due_on: dayOffset(40) },
          { criterion_id: yesNo, target: 1, due_on: dayOffset(40), visible_to_family: false },
        ],
      }),
    );
    // The first report: its new goals frozen with it, no earlier report to follow up.
    const one = await snapshotOf(coach, first);
    expect(one.goals.previous).toEqual([]);
    expect(one.goals.set.map((g) => [g.state, g.baseline, g.target, g.visible_to_family])).toEqual([
      ['active', 5, 7, true],
      ['active', null, 1, false],
    ]);

    // Between the reports: the scale goal is reached by an evaluation, the other dropped.
    data(await coach.post(`/api/player/${pid}/evaluation`, { criteria_id: scale, score: 7 }));
    const goals = data<{ goals: Goal[] }>(await coach.get(`/api/player/${pid}/goals`)).goals;
    const weak = goals.find((g) => g.criterionId === yesNo)!;
    data(await coach.post(`/api/player/${pid}/goal/${weak.id}/state`, { state: 'dropped', note: 'Not this season' }));
    // A goal set by hand is on no report.
    data(await coach.post(`/api/player/${pid}/goals`, { title: 'By hand', due_on: dayOffset(9) }));

    const second = await draft(pid, '2026-11-20', [scale]);
    // The draft's preview already follows the last report's goals up.
    expect((await snapshotOf(coach, second)).goals.previous.map((g) => g.state)).toEqual(['achieved', 'dropped']);
    data(await coach.post(`/api/report/${second}/approve`, { goals: [{ criterion_id: scale, target: 9, due_on: dayOffset(60) }] }));
    const two = await snapshotOf(coach, second);
    expect(two.goals.previous).toEqual([
      expect.objectContaining({ state: 'achieved', baseline: 5, latest: 7, target: 7, progress: 'improved', visible_to_family: true }),
      expect.objectContaining({ state: 'dropped', target: 1, visible_to_family: false }),
    ]);
    expect(two.goals.set).toEqual([expect.objectContaining({ state: 'active', baseline: 7, target: 9, latest: null })]);
    // Frozen: a later change does not rewrite the approved report.
    const nine = data<{ goals: Goal[] }>(await coach.get(`/api/player/${pid}/goals`)).goals.find((g) => g.target === 9)!;
    data(await coach.post(`/api/player/${pid}/goal/${nine.id}/state`, { state: 'not_achieved' }));
    expect((await snapshotOf(coach, second)).goals.set[0]!.state).toBe('active');

    // The family's copy (sent, consent given): only the goals visible to family, on screen and in the PDF.
    await t.db.updateTable('reports').set({ state: 'sent', sent_at: '2026-11-21T10:00:00.000Z' }).where('id', '=', second).execute();
    const email = 'report.goals.parent@example.org';
    await familyOf(admin, email, [pid]);
    const family = await familyLogin(t, email);
    data(await family.post(`/api/family/player/${pid}/consent`, { purpose: 'reports', granted: true }));
    const read = data<{ snapshot: ReportSnapshot }>(await family.get(`/api/family/player/${pid}/report/${second}`)).snapshot;
    expect(read.goals.previous.map((g) => g.state)).toEqual(['achieved']);
    expect(read.goals.set).toHaveLength(1);
    const pdf = await family.get(`/api/family/player/${pid}/report/${second}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });
});
