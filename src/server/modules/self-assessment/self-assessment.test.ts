import { describe, expect, it } from 'vitest';
import type { Report, TeamReports } from '../../../shared/schemas/report.js';
import { selfAssessmentMessages as M, type FamilySelfAssessments, type SelfAssessment } from '../../../shared/schemas/self-assessment.js';
import { dayOffset, nowIso } from '../../lib/time.js';
import type { Client, TestApp } from '../../test/harness.js';
import { data } from '../eval-sessions/eval-sessions.fixtures.js';
import { familyLogin, familyOf } from '../family/family.fixtures.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';

/** Self-assessment (docs/product.md#self-assessment): every route on a real database, 401/403/400/happy, blind until approval, the family rule. */
let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
let scale: number, scale2: number, yesNo: number, me: number, team: number;

playersSuite(async (s) => {
  ({ t, admin, coach, player, ids } = s);
  const criteria = await t.db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'l.kind'])
    .orderBy('c.id')
    .execute();
  const scales = criteria.filter((c) => c.kind === 'scale_1_10');
  scale = scales[0]!.id;
  scale2 = scales[1]!.id;
  yesNo = criteria.find((c) => c.kind === 'yes_no')!.id;
  me = ids.linkedPlayer;
  team = ids.own;
  // The signed-in player in the coach's team (the teams rule reaches them).
  const inTeam = await t.db
    .selectFrom('team_players')
    .select('player_id')
    .where('team_id', '=', team)
    .where('player_id', '=', me)
    .execute();
  if (!inTeam.length) await t.db.insertInto('team_players').values({ team_id: team, player_id: me }).execute();
});

const seasonId = async () => (await t.db.selectFrom('seasons').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
async function openCycle(name: string, teamIds = [team], window = { opens_on: dayOffset(-10), closes_on: dayOffset(10) }) {
  return data<{ id: number }>(await admin.post('/api/report-cycles', { name, season_id: await seasonId(), team_ids: teamIds, ...window }))
    .id;
}
async function approveReportOf(cycleId: number, playerId: number, as = coach) {
  data(await admin.post(`/api/report-cycle/${cycleId}/team/${team}/reports`, {}));
  const rows = data<TeamReports>(await admin.get(`/api/report-cycle/${cycleId}/team/${team}/reports`)).rows;
  const report = rows.find((r) => r.player.id === playerId)!.report!;
  data(await as.post(`/api/report/${report.id}`, { overall_comment: 'Good cycle.' }));
  return { report, approve: async () => data<Report>(await as.post(`/api/report/${report.id}/approve`)) };
}
const url = (cycleId: number, playerId = me) => `/api/player/${playerId}/self-assessment/${cycleId}`;
const read = async (c: Client, cycleId: number, playerId = me) => data<SelfAssessment>(await c.get(url(cycleId, playerId)));

describe('self-assessment: access', () => {
  it('401 without a session on every route', async () => {
    const cycle = await openCycle('Access 401');
    expect((await t.anon.get(`/api/player/${me}/self-assessments`)).statusCode).toBe(401);
    expect((await t.anon.get(url(cycle))).statusCode).toBe(401);
    expect((await t.anon.post(url(cycle), { scores: [{ criterion_id: scale, score: '5' }] })).statusCode).toBe(401);
    expect((await t.anon.get(`/api/family/player/${me}/self-assessments`)).statusCode).toBe(401);
  });

  it("403 for another player's id, a coach of another team, and staff writing the player's view", async () => {
    const cycle = await openCycle('Access 403', [team, ids.other]);
    const body = { scores: [{ criterion_id: scale, score: '5' }] };
    expect((await player.get(`/api/player/${ids.otherPlayer}/self-assessments`)).statusCode).toBe(403);
    expect((await player.get(url(cycle, ids.otherPlayer))).statusCode).toBe(403);
    expect((await player.post(url(cycle, ids.otherPlayer), body)).statusCode).toBe(403);
    expect((await coach.get(`/api/player/${ids.otherPlayer}/self-assessments`)).statusCode).toBe(403);
    expect((await coach.get(url(cycle, ids.otherPlayer))).statusCode).toBe(403);
    const staff = await coach.post(url(cycle), body);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(M.onlyPlayer);
    expect((await admin.post(url(cycle), body)).statusCode).toBe(403);
  });

  it('400 on bad ids and bodies; 404 on a cycle that is not the player’s', async () => {
    const cycle = await openCycle('Access 400');
    expect((await player.get(`/api/player/${me}/self-assessment/x`)).statusCode).toBe(400);
    expect((await player.post(url(cycle), { scores: 'x' })).statusCode).toBe(400);
    expect((await player.post(url(cycle), { scores: [] })).statusCode).toBe(400);
    expect((await player.post(url(cycle), { scores: [{ criterion_id: scale, score: 'lots' }] })).statusCode).toBe(400);
    const outOfScale = await player.post(url(cycle), { scores: [{ criterion_id: scale, score: '11' }] });
    expect(outOfScale.json()).toEqual({ message: M.scale, field: 'scores.0.score' });
    const yesOnScale = await player.post(url(cycle), { scores: [{ criterion_id: scale, score: 'Yes' }] });
    expect(yesOnScale.json().field).toBe('scores.0.score');
    const numberOnYesNo = await player.post(url(cycle), { scores: [{ criterion_id: yesNo, score: '7' }] });
    expect(numberOnYesNo.json()).toEqual({ message: M.yesNo, field: 'scores.0.score' });
    const unknown = await player.post(url(cycle), { scores: [{ criterion_id: 999999, score: '5' }] });
    expect(unknown.json()).toEqual({ message: M.unknownCriterion, field: 'scores.0.criterion_id' });
    const othersOnly = await openCycle('Other team only', [ids.other]);
    expect((await player.get(url(othersOnly))).statusCode).toBe(404);
    expect((await player.get(url(999999))).statusCode).toBe(404);
    expect((await player.post(url(othersOnly), { scores: [{ criterion_id: scale, score: '5' }] })).statusCode).toBe(404);
  });
});

describe('self-assessment: blind, then beside the coach', () => {
  it("the player scores themself while open, sees none of the coach's scores before approval, then the gaps largest first", async () => {
    const cycle = await openCycle('Blind cycle');
    data(await coach.post(`/api/player/${me}/evaluation`, { criteria_id: scale, score: 3 }));
    data(await coach.post(`/api/player/${me}/evaluation`, { criteria_id: scale2, score: 7 }));

    const saved = data<SelfAssessment>(
      await player.post(url(cycle), {
        scores: [
          { criterion_id: scale, score: '8' },
          { criterion_id: scale2, score: '6' },
          { criterion_id: yesNo, score: 'Yes' },
        ],
      }),
    );
    expect(saved.cycle).toMatchObject({ name: 'Blind cycle', status: 'open', scored: 3 });
    expect(saved.criteria.find((c) => c.criterionId === scale)).toMatchObject({ kind: 'scale_1_10', score: '8' });
    expect(saved.criteria.find((c) => c.criterionId === yesNo)).toMatchObject({ kind: 'yes_no', score: 'Yes' });
    expect(saved.savedAt).toEqual(expect.any(String));
    expect(saved.comparison).toBeNull();

    // A clear deletes the score; a second save replaces it.
    data(await player.post(url(cycle), { scores: [{ criterion_id: yesNo, score: '' }] }));
    expect((await read(player, cycle)).criteria.find((c) => c.criterionId === yesNo)!.score).toBe('');

    // The coach's report is drafted (its snapshot would say 30 and 70): the player still sees nothing of it.
    const { approve } = await approveReportOf(cycle, me);
    const blind = await player.get(url(cycle));
    expect(blind.json().data.comparison).toBeNull();
    expect(blind.body).not.toMatch(/"coach"|"percent"|Good cycle/);
    expect(
      data<{ cycles: { cycleId: number; status: string }[] }>(await player.get(`/api/player/${me}/self-assessments`)).cycles,
    ).toContainEqual(expect.objectContaining({ cycleId: cycle, status: 'open' }));

    const approved = await approve();
    const after = await read(player, cycle);
    expect(after.cycle.status).toBe('compared');
    expect(after.comparison!.slice(0, 2)).toEqual([
      { criterionId: scale, label: expect.any(String), self: 80, coach: 30, gap: 50 },
      { criterionId: scale2, label: expect.any(String), self: 60, coach: 70, gap: -10 },
    ]);
    // The coach's other criteria follow, without a gap (the player did not score them).
    expect(after.comparison!.slice(2).every((r) => r.gap === null && r.self === null && r.coach !== null)).toBe(true);
    // Locked once compared: the player cannot move their view after seeing the coach's.
    const late = await player.post(url(cycle), { scores: [{ criterion_id: scale, score: '3' }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.notOpen);

    // The coach reads the same comparison for a player of their team.
    expect((await read(coach, cycle)).comparison).toEqual(after.comparison);

    // A re-issue makes a new draft: the comparison waits for it, and the player's view stays as it was.
    data(await coach.post(`/api/report/${approved.id}/reissue`));
    const reissued = await read(player, cycle);
    expect(reissued.cycle.status).toBe('closed');
    expect(reissued.comparison).toBeNull();
    expect((await player.post(url(cycle), { scores: [{ criterion_id: scale, score: '3' }] })).statusCode).toBe(409);
  });

  it('a cycle past its close is closed for writing; one not open yet is not listed', async () => {
    const past = await openCycle('Past cycle', [team], { opens_on: dayOffset(-40), closes_on: dayOffset(-20) });
    const future = await openCycle('Future cycle', [team], { opens_on: dayOffset(5), closes_on: dayOffset(30) });
    expect((await read(player, past)).cycle.status).toBe('closed');
    expect((await player.post(url(past), { scores: [{ criterion_id: scale, score: '5' }] })).statusCode).toBe(409);
    const list = data<{ cycles: { cycleId: number }[] }>(await player.get(`/api/player/${me}/self-assessments`)).cycles.map(
      (c) => c.cycleId,
    );
    expect(list).toContain(past);
    expect(list).not.toContain(future);
    expect((await player.get(url(future))).statusCode).toBe(404);
  });
});

describe('self-assessment: the family', () => {
  it('shown with the reports consent, by the hand-over rules; nothing once the player stops sharing', async () => {
    const cycle = await openCycle('Family cycle');
    data(await coach.post(`/api/player/${me}/evaluation`, { criteria_id: scale, score: 4 }));
    data(await player.post(url(cycle), { scores: [{ criterion_id: scale, score: '9' }] }));
    const email = 'self.parent@example.org';
    const { links } = await familyOf(admin, email, [me]);
    const family = await familyLogin(t, email);
    const fam = async () => data<FamilySelfAssessments>(await family.get(`/api/family/player/${me}/self-assessments`));

    // Before approval the family sees no comparison (never the player's draft scores).
    data(await family.post(`/api/family/player/${me}/consent`, { purpose: 'reports', granted: true }));
    expect((await fam()).comparisons.map((c) => c.cycle.cycleId)).not.toContain(cycle);
    const { approve } = await approveReportOf(cycle, me);
    await approve();
    const shown = (await fam()).comparisons.find((c) => c.cycle.cycleId === cycle)!;
    expect(shown.rows[0]).toMatchObject({ criterionId: scale, self: 90, coach: 40, gap: 50 });

    data(await family.post(`/api/family/player/${me}/consent`, { purpose: 'reports', granted: false }));
    expect(await fam()).toEqual({ comparisons: [], hidden: 'noConsent' });

    // The player claims their account: a guardian they do not share with sees nothing.
    const now = nowIso();
    await t.db
      .insertInto('player_handovers')
      .values({ player_id: me, notice_at: now, claim_mail_at: now, claimed_at: now, updated_at: now })
      .execute();
    try {
      expect((await family.get(`/api/family/player/${me}/self-assessments`)).statusCode).toBe(403);
      data(await player.post(`/api/player/${me}/family/guardian/${links[0]}`, { shares_after_handover: true, receives_reports: true }));
      data(await player.post(`/api/player/${me}/family/consent`, { purpose: 'reports', granted: true }));
      expect((await fam()).comparisons.map((c) => c.cycle.cycleId)).toContain(cycle);
      data(await player.post(`/api/player/${me}/family/guardian/${links[0]}`, { shares_after_handover: false, receives_reports: true }));
      const withdrawn = await family.get(`/api/family/player/${me}/self-assessments`);
      expect(withdrawn.statusCode).toBe(403);
      expect(withdrawn.body).not.toContain('"rows"');
    } finally {
      await t.db.deleteFrom('player_handovers').where('player_id', '=', me).execute();
    }

    // Another family's child is not confirmed to exist; a bad id is 400.
    expect((await family.get(`/api/family/player/${ids.otherPlayer}/self-assessments`)).statusCode).toBe(404);
    expect((await family.get('/api/family/player/x/self-assessments')).statusCode).toBe(400);
    // A staff session never reaches the family route.
    expect((await coach.get(`/api/family/player/${me}/self-assessments`)).statusCode).toBe(401);
  });
});

describe('self-assessment: personal data', () => {
  it('in the export, and gone with the erased player', async () => {
    const pid = data<{ id: number }>(
      await admin.post('/api/players', { first_name: 'Self', last_name: 'Erased', email: 'self.erased@example.org', team_id: [team] }),
    ).id;
    const cycle = await openCycle('Erasure cycle');
    const now = nowIso();
    await t.db
      .insertInto('self_assessments')
      .values({ player_id: pid, cycle_id: cycle, criterion_id: scale, score: 6, created_at: now, updated_at: now })
      .execute();
    const exported = await admin.get(`/api/player/${pid}/privacy/export.json`);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().selfAssessments).toEqual([expect.objectContaining({ cycle: 'Erasure cycle', score: 6 })]);
    const made = data<{ requests: { id: number }[] }>(await admin.post(`/api/player/${pid}/erasure-request`, { reason: 'Self test' }));
    data(await admin.post(`/api/privacy/request/${made.requests[0]!.id}/decide`, { decision: 'approve' }));
    expect(await t.db.selectFrom('self_assessments').select('score').where('player_id', '=', pid).execute()).toEqual([]);
  });
});
