import { describe, expect, it } from 'vitest';
import { playerTotal, roundPercent } from '../../../shared/scoring.js';
import type { ReportSnapshot } from '../../../shared/schemas/report-snapshot.js';
import type { Cycle, Report, TeamReports } from '../../../shared/schemas/report.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';
import { data } from '../eval-sessions/eval-sessions.fixtures.js';
import type { Client, TestApp } from '../../test/harness.js';
import { nowIso, nowMs } from '../../lib/time.js';

let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, coach, player, ids } = s);
});

const day = (offset: number) => new Date(nowMs() + offset * 86_400_000).toISOString().slice(0, 10);
const seasonId = async () => (await t.db.selectFrom('seasons').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
const cycleBody = async (over: Record<string, unknown> = {}) => ({
  name: 'Autumn 2026',
  season_id: await seasonId(),
  team_ids: [ids.own],
  opens_on: day(-200),
  closes_on: day(0),
  ...over,
});
const newCycle = async (over: Record<string, unknown> = {}, as = admin) =>
  data<Cycle>(await as.post('/api/report-cycles', await cycleBody(over)));
const teamRows = async (cycleId: number, teamId = ids.own, as = coach) =>
  data<TeamReports>(await as.get(`/api/report-cycle/${cycleId}/team/${teamId}/reports`)).rows;
const draftsFor = async (cycleId: number, teamId = ids.own) => {
  data(await admin.post(`/api/report-cycle/${cycleId}/team/${teamId}/reports`, {}));
  return (await teamRows(cycleId, teamId, admin)).map((r) => r.report!);
};
const audits = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'summary', 'created_at'])
    .where('entity', '=', 'report')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

describe('evaluation cycles', () => {
  it("401 without a session, 403 for a player and for a coach naming another coach's team", async () => {
    expect((await t.anon.get('/api/report-cycles')).statusCode).toBe(401);
    expect((await t.anon.post('/api/report-cycles', await cycleBody())).statusCode).toBe(401);
    expect((await player.get('/api/report-cycles')).statusCode).toBe(403);
    expect((await coach.post('/api/report-cycles', await cycleBody({ team_ids: [ids.other] }))).statusCode).toBe(403);
    expect((await coach.post('/api/report-cycles', await cycleBody({ team_ids: [ids.own, ids.other] }))).statusCode).toBe(403);
  });

  it('400 on a missing name, no team, an unknown season and a close before the open', async () => {
    const bad = async (over: Record<string, unknown>) => (await admin.post('/api/report-cycles', await cycleBody(over))).json();
    expect((await admin.post('/api/report-cycles', { ...(await cycleBody()), name: ' ' })).statusCode).toBe(400);
    expect((await bad({ name: '' })).field).toBe('name');
    expect((await bad({ team_ids: [] })).field).toBe('team_ids');
    expect((await bad({ season_id: 999999 })).field).toBe('season_id');
    expect((await bad({ team_ids: [999999] })).field).toBe('team_ids');
    expect((await bad({ opens_on: day(0), closes_on: day(-1) })).field).toBe('closes_on');
  });

  it('creates a cycle with average and rank off by default; a coach sees only their teams of it and cannot edit it', async () => {
    const cycle = await newCycle({ team_ids: [ids.own, ids.other] });
    expect(cycle).toMatchObject({ name: 'Autumn 2026', show_team_average: false, show_rank: false, editable: true });
    expect(cycle.teams.map((x) => x.id).sort()).toEqual([ids.own, ids.other].sort());
    const seen = data<Cycle>(await coach.get(`/api/report-cycle/${cycle.id}`));
    expect(seen.teams.map((x) => x.id)).toEqual([ids.own]);
    expect(seen.editable).toBe(false);
    expect((await coach.post(`/api/report-cycle/${cycle.id}`, await cycleBody({ team_ids: [ids.own] }))).statusCode).toBe(403);
    const othersOnly = await newCycle({ team_ids: [ids.other] });
    expect((await coach.get(`/api/report-cycle/${othersOnly.id}`)).statusCode).toBe(403);
    expect(data<Cycle[]>(await coach.get('/api/report-cycles')).map((c) => c.id)).not.toContain(othersOnly.id);
    expect((await admin.get('/api/report-cycle/999999')).statusCode).toBe(404);
  });

  it('a coach creates and edits a cycle of their own team, audited', async () => {
    const cycle = await newCycle({ name: 'Coach cycle' }, coach);
    const edited = data<Cycle>(
      await coach.post(`/api/report-cycle/${cycle.id}`, await cycleBody({ name: 'Coach cycle 2', show_rank: true })),
    );
    expect(edited).toMatchObject({ name: 'Coach cycle 2', show_rank: true });
    const trail = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'report_cycle')
      .where('entity_id', '=', cycle.id)
      .execute();
    expect(trail.map((a) => a.summary).join('\n')).toMatch(/name 'Coach cycle' → 'Coach cycle 2'.*show_rank 0 → 1/);
  });
});

describe('report drafts', () => {
  it("keeps the report of a player who left the team in the team's list", async () => {
    const cycle = await newCycle();
    const [first] = await draftsFor(cycle.id);
    const playerId = (await t.db.selectFrom('reports').select('player_id').where('id', '=', first!.id).executeTakeFirstOrThrow()).player_id;
    data(await admin.post(`/api/team/${ids.own}/player/${playerId}/remove`));
    const rows = await teamRows(cycle.id);
    expect(rows.find((r) => r.player.id === playerId)?.report?.id).toBe(first!.id);
  });

  it("lists the team's players without reports, then creates one draft each, once", async () => {
    const cycle = await newCycle();
    const before = await teamRows(cycle.id);
    expect(before.length).toBeGreaterThan(5);
    expect(before.every((r) => r.report === null)).toBe(true);
    expect(
      data<{ created: number }>(
        await coach.post(`/api/report-cycle/${cycle.id}/team/${ids.own}/reports`, { player_ids: [before[0]!.player.id] }),
      ).created,
    ).toBe(1);
    expect(data<{ created: number }>(await coach.post(`/api/report-cycle/${cycle.id}/team/${ids.own}/reports`, {})).created).toBe(
      before.length - 1,
    );
    expect(data<{ created: number }>(await coach.post(`/api/report-cycle/${cycle.id}/team/${ids.own}/reports`, {})).created).toBe(0);
    const after = await teamRows(cycle.id);
    expect(after.every((r) => r.report?.state === 'draft' && r.report.version === 1)).toBe(true);
  });

  it("refuses another coach's team (403), a team outside the cycle (404) and a player outside the team (400)", async () => {
    const cycle = await newCycle({ team_ids: [ids.own, ids.other] });
    expect((await coach.get(`/api/report-cycle/${cycle.id}/team/${ids.other}/reports`)).statusCode).toBe(403);
    expect((await coach.post(`/api/report-cycle/${cycle.id}/team/${ids.other}/reports`, {})).statusCode).toBe(403);
    expect((await admin.get(`/api/report-cycle/${cycle.id}/team/${ids.team('U14 Girls')}/reports`)).statusCode).toBe(404);
    const res = await coach.post(`/api/report-cycle/${cycle.id}/team/${ids.own}/reports`, { player_ids: [ids.otherPlayer] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('player_ids');
    expect((await player.get(`/api/report-cycle/${cycle.id}/team/${ids.own}/reports`)).statusCode).toBe(403);
    expect((await t.anon.get(`/api/report-cycle/${cycle.id}/team/${ids.own}/reports`)).statusCode).toBe(401);
  });

  it('saves comments and things to work on with resources tagged for the criterion; 400 on bad ones', async () => {
    const cycle = await newCycle();
    const [first] = await draftsFor(cycle.id);
    const criteria = await t.db.selectFrom('criteria').select(['id', 'name']).orderBy('id').execute();
    const c = criteria[0]!;
    const tagged = data<{ id: number }>(
      await admin.post('/api/resources', {
        title: 'Footwork drill',
        category: 'Drills',
        video_links: ['https://example.org/footwork'],
        document_links: [],
        tags: [c.name.toUpperCase()],
        access: [],
      }),
    );
    const other = data<{ id: number }>(
      await admin.post('/api/resources', {
        title: 'Unrelated',
        category: 'Drills',
        video_links: ['https://example.org/other'],
        document_links: [],
        tags: ['nothing'],
        access: [],
      }),
    );
    const save = (body: unknown) => coach.post(`/api/report/${first!.id}`, body);
    expect((await t.anon.post(`/api/report/${first!.id}`, {})).statusCode).toBe(401);
    expect((await player.post(`/api/report/${first!.id}`, {})).statusCode).toBe(403);
    expect((await save({ focus: [{ criterion_id: c.id, text: 'x', resource_ids: [other.id] }] })).json().field).toBe(
      'focus.0.resource_ids',
    );
    expect((await save({ focus: [{ criterion_id: 999999, text: 'x' }] })).statusCode).toBe(400);
    expect((await save({ focus: [1, 2, 3, 4].map(() => ({ criterion_id: c.id, text: 'x' })) })).statusCode).toBe(400);
    expect((await save({ criterion_comments: { '999999': 'x' } })).statusCode).toBe(400);
    expect((await save({ overall_comment: 'x'.repeat(5000) })).statusCode).toBe(400);
    const report = data<Report>(
      await save({
        overall_comment: 'A strong season.',
        criterion_comments: { [c.id]: 'Quick feet.' },
        focus: [{ criterion_id: c.id, text: 'Work on balance.', resource_ids: [tagged.id] }],
      }),
    );
    expect(report.snapshot.overall_comment).toBe('A strong season.');
    expect(report.snapshot.criteria.find((k) => k.criterion_id === c.id)?.comment).toBe('Quick feet.');
    expect(report.snapshot.focus).toEqual([
      {
        criterion_id: c.id,
        label: c.name,
        text: 'Work on balance.',
        resources: [{ id: tagged.id, title: 'Footwork drill', url: 'https://example.org/footwork' }],
      },
    ]);
    expect(report.criteria.find((k) => k.id === c.id)?.resources.map((r) => r.id)).toEqual([tagged.id]);
  });
});

describe('snapshot, approval, re-issue and revoke', () => {
  it('takes the evaluations current at the close with the shared scoring; no evaluator names, no notes, no average or rank by default', async () => {
    const cycle = await newCycle({ closes_on: day(-1) });
    const [first] = await draftsFor(cycle.id);
    const r = await t.db.selectFrom('reports').select('player_id').where('id', '=', first!.id).executeTakeFirstOrThrow();
    await t.db
      .insertInto('notes')
      .values({
        player_id: r.player_id,
        author_user_id: null,
        author_name: 'Casey Coach',
        details: 'PRIVATE-NOTE-TEXT',
        created_at: day(-3),
        updated_at: day(-3),
      })
      .execute();
    // An evaluation after the close does not count.
    const criterion = await t.db.selectFrom('criteria').select(['id', 'weight']).orderBy('id').executeTakeFirstOrThrow();
    data(await admin.post(`/api/player/${r.player_id}/evaluation`, { criteria_id: criterion.id, score: 10, date: day(0) }));
    const rows = await t.db
      .selectFrom('evaluations')
      .select([
        'id',
        'player_id as playerId',
        'criterion_id as criterionId',
        'date',
        'created_at as createdAt',
        'score_percentage as scorePercentage',
      ])
      .where('player_id', '=', r.player_id)
      .where('date', '>=', cycle.opens_on)
      .where('date', '<=', cycle.closes_on)
      .execute();
    const { currentEvaluations } = await import('../../../shared/scoring.js');
    const expected = rows.length
      ? roundPercent(playerTotal(currentEvaluations(rows.map((x) => ({ ...x, scorePercentage: Number(x.scorePercentage) })))))
      : null;
    const report = data<Report>(await coach.get(`/api/report/${first!.id}`));
    expect(report.snapshot.total).toBe(expected);
    expect(report.snapshot.evaluated_by).toBe('Coach');
    expect(report.snapshot.team_average).toBeNull();
    expect(report.snapshot.rank).toBeNull();
    const text = JSON.stringify(report.snapshot);
    expect(text).not.toContain('PRIVATE-NOTE-TEXT');
    expect(text).not.toMatch(/Casey|Jordan/);
  });

  it('shows the team average and rank when the cycle enables them', async () => {
    const cycle = await newCycle({ show_team_average: true, show_rank: true });
    const [first] = await draftsFor(cycle.id);
    const report = data<Report>(await admin.get(`/api/report/${first!.id}`));
    expect(report.snapshot.team_average).toEqual(expect.any(Number));
    if (report.snapshot.total !== null) expect(report.snapshot.rank).toMatchObject({ of: (await teamRows(cycle.id)).length });
  });

  it('approval needs the overall comment, freezes the snapshot, and moves through its states with their times, audited', async () => {
    const cycle = await newCycle();
    const [first] = await draftsFor(cycle.id);
    expect((await coach.post(`/api/report/${first!.id}/approve`)).json().field).toBe('overall_comment');
    data(await coach.post(`/api/report/${first!.id}`, { overall_comment: 'Frozen comment.' }));
    expect((await player.post(`/api/report/${first!.id}/approve`)).statusCode).toBe(403);
    expect((await t.anon.post(`/api/report/${first!.id}/approve`)).statusCode).toBe(401);
    const approved = data<Report>(await coach.post(`/api/report/${first!.id}/approve`));
    expect(approved.state).toBe('approved');
    expect(approved.approved_at).toEqual(expect.any(String));
    expect((await coach.post(`/api/report/${first!.id}`, { overall_comment: 'Changed' })).statusCode).toBe(409);
    expect((await coach.post(`/api/report/${first!.id}/approve`)).statusCode).toBe(409);
    // A later evaluation does not change an approved report.
    const playerId = (await t.db.selectFrom('reports').select('player_id').where('id', '=', first!.id).executeTakeFirstOrThrow()).player_id;
    const criterion = await t.db.selectFrom('criteria').select('id').orderBy('id').executeTakeFirstOrThrow();
    data(await admin.post(`/api/player/${playerId}/evaluation`, { criteria_id: criterion.id, score: 1 }));
    expect(data<Report>(await coach.get(`/api/report/${first!.id}`)).snapshot).toEqual(approved.snapshot);
    // Revoke needs a sent report; the delivery module sends it.
    expect((await coach.post(`/api/report/${first!.id}/revoke`)).statusCode).toBe(409);
    await t.db.updateTable('reports').set({ state: 'sent', sent_at: nowIso() }).where('id', '=', first!.id).execute();
    await t.settled();
    const revoked = data<Report>(await admin.post(`/api/report/${first!.id}/revoke`));
    expect(revoked.state).toBe('revoked');
    expect(revoked.revoked_at).toEqual(expect.any(String));
    expect((await audits(first!.id)).map((a) => a.action)).toEqual(['create', 'update', 'approve', 'revoke']);
  });

  it('a re-issue makes version 2 and keeps version 1, superseded and readable by staff', async () => {
    const cycle = await newCycle();
    const [first] = await draftsFor(cycle.id);
    expect((await coach.post(`/api/report/${first!.id}/reissue`)).statusCode).toBe(409);
    data(await coach.post(`/api/report/${first!.id}`, { overall_comment: 'Version one.' }));
    data(await coach.post(`/api/report/${first!.id}/approve`));
    const v2 = data<Report>(await coach.post(`/api/report/${first!.id}/reissue`));
    expect(v2).toMatchObject({ version: 2, state: 'draft', overall_comment: 'Version one.' });
    expect(v2.versions.map((v) => [v.version, v.state])).toEqual([
      [1, 'superseded'],
      [2, 'draft'],
    ]);
    const v1 = data<Report>(await coach.get(`/api/report/${first!.id}`));
    expect(v1.snapshot.overall_comment).toBe('Version one.');
    expect((await coach.post(`/api/report/${first!.id}/reissue`)).statusCode).toBe(409);
    const row = (await teamRows(cycle.id)).find((r) => r.report?.id === v2.id);
    expect(row?.report).toMatchObject({ version: 2, state: 'draft' });
    expect((await audits(first!.id)).map((a) => a.action)).toContain('reissue');
  });

  it('bulk approval approves the drafts with a comment and lists the others', async () => {
    const cycle = await newCycle();
    const drafts = await draftsFor(cycle.id);
    for (const d of drafts.slice(1)) data(await coach.post(`/api/report/${d.id}`, { overall_comment: `Comment ${d.id}` }));
    expect((await player.post(`/api/report-cycle/${cycle.id}/team/${ids.own}/approve`)).statusCode).toBe(403);
    const res = data<{ approved: number; skipped: { report_id: number }[] }>(
      await coach.post(`/api/report-cycle/${cycle.id}/team/${ids.own}/approve`),
    );
    expect(res.approved).toBe(drafts.length - 1);
    expect(res.skipped.map((s) => s.report_id)).toEqual([drafts[0]!.id]);
    const states = (await teamRows(cycle.id)).map((r) => r.report!.state);
    expect(states.filter((s) => s === 'approved')).toHaveLength(drafts.length - 1);
  });

  it("a coach cannot read, write or approve a report of another coach's team", async () => {
    const cycle = await newCycle({ team_ids: [ids.other] });
    const [first] = await draftsFor(cycle.id, ids.other);
    for (const path of ['', '/approve', '/reissue', '/revoke']) {
      const res = path ? await coach.post(`/api/report/${first!.id}${path}`) : await coach.get(`/api/report/${first!.id}`);
      expect(res.statusCode, path).toBe(403);
    }
    expect((await coach.post(`/api/report/${first!.id}`, { overall_comment: 'x' })).statusCode).toBe(403);
    expect((await coach.get('/api/report/999999')).statusCode).toBe(404);
    expect((await coach.get('/api/report/abc')).statusCode).toBe(400);
  });

  it('the change since the previous report, and the tryout panel as evaluator', async () => {
    const earlier = await newCycle({ name: 'Spring', opens_on: day(-400), closes_on: day(-30) });
    const [old] = await draftsFor(earlier.id);
    data(await coach.post(`/api/report/${old!.id}`, { overall_comment: 'Spring comment.' }));
    const oldReport = data<Report>(await coach.post(`/api/report/${old!.id}/approve`));
    await t.db.updateTable('reports').set({ state: 'sent' }).where('id', '=', old!.id).execute();
    const playerId = (await t.db.selectFrom('reports').select('player_id').where('id', '=', old!.id).executeTakeFirstOrThrow()).player_id;
    // A published tryout session's mean, as publishing writes it.
    const now = nowIso();
    const session = await t.db
      .insertInto('eval_sessions')
      .values({
        name: 'Tryout X',
        category_id: null,
        season_id: null,
        start_date: day(-2),
        end_date: day(-2),
        min_evaluators: 1,
        state: 'published',
        results_unlocked: 1,
        guest_code: null,
        created_by: null,
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const criterion = await t.db.selectFrom('criteria').select(['id', 'weight']).orderBy('id').executeTakeFirstOrThrow();
    const evaluators = await t.db
      .insertInto('eval_session_evaluators')
      .values(
        [1, 2, 3].map((i) => ({ session_id: session.id, user_id: null, guest_name: `Guest ${i}`, token_hash: null, created_at: now })),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('eval_session_scores')
      .values(
        evaluators.map((e) => ({
          session_id: session.id,
          evaluator_id: e.id,
          player_id: playerId,
          criterion_id: criterion.id,
          score: 7,
          updated_at: now,
        })),
      )
      .execute();
    await t.db.deleteFrom('evaluations').where('player_id', '=', playerId).where('date', '>=', day(-29)).execute();
    await t.db
      .insertInto('evaluations')
      .values({
        player_id: playerId,
        criterion_id: criterion.id,
        score: 7,
        score_percentage: (7 / 10) * Number(criterion.weight),
        evaluator_user_id: null,
        evaluator_name: 'Session: Tryout X',
        date: day(-2),
        notes: 'Mean of 3 evaluators',
        video_links: '[]',
        is_current: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.settled();
    const later = await newCycle({ name: 'Summer', opens_on: day(-29), closes_on: day(0) });
    const [draft] = (await draftsFor(later.id)).filter((_, i) => i === 0);
    const snap: ReportSnapshot = data<Report>(await coach.get(`/api/report/${draft!.id}`)).snapshot;
    expect(snap.evaluated_by).toBe('Tryout panel, 3 evaluators');
    expect(snap.total).toBe(roundPercent((7 / 10) * Number(criterion.weight)));
    expect(snap.previous_total).toBe(oldReport.snapshot.total);
    expect(snap.change).toBe(oldReport.snapshot.total === null ? null : roundPercent(snap.total! - oldReport.snapshot.total));
    expect(JSON.stringify(snap)).not.toMatch(/Guest \d/);
  });
});
