import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { SYNC_BATCH_MAX, type SyncEntryInput, type SyncResult } from '../../../shared/schemas/evaluation-sync.js';
import { scorePercentage } from '../../../shared/scoring.js';
import type { Client, TestApp } from '../../test/harness.js';
import { evaluationCount, evaluationSuite, type DemoFacts } from './evaluations.fixtures.js';
import { nowIso, nowMs } from '../../lib/time.js';

let t: TestApp, admin: Client, coach: Client, player: Client, facts: DemoFacts;
/** Criteria made for this file, so no demo evaluation of theirs gets in the way of the supersede checks. */
const made = { scale: 0, yesNo: 0, deleted: 0 };
const WEIGHT = 10;

beforeAll(async () => {
  ({ t, admin, coach, player, facts } = await evaluationSuite());
  const criterion = async (name: string, level: number) => {
    const res = await admin.post('/api/criteria', { criteria: name, level, score: WEIGHT, description: '', video_links: [] });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: number }).id;
  };
  const levels = await t.db.selectFrom('levels').select(['id', 'kind']).orderBy('id').execute();
  made.scale = await criterion('Sync scale', levels.find((l) => l.kind === 'scale_1_10')!.id);
  made.yesNo = await criterion('Sync yes/no', levels.find((l) => l.kind === 'yes_no')!.id);
  made.deleted = await criterion('Sync deleted', levels.find((l) => l.kind === 'scale_1_10')!.id);
  expect((await admin.post(`/api/criterion/${made.deleted}/delete`)).statusCode).toBe(200);
});
afterAll(() => t.close());

const URL = '/api/evaluations/sync';
const ownTeam = () => facts.ownTeams[0]!;
const roster = (teamId: number) => facts.members.filter((m) => m.team_id === teamId);
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(nowMs() - ms).toISOString();

/** An entry of the coach's first team by default: its n-th player, the file's 1–10 criterion. */
function entry(over: Partial<SyncEntryInput> & { n?: number } = {}): SyncEntryInput {
  const { n = 0, ...rest } = over;
  return {
    client_id: randomUUID(),
    team_id: ownTeam().id,
    player_id: roster(ownTeam().id)[n]!.id,
    criteria_id: made.scale,
    score: 7,
    notes: '',
    date: '2026-10-01',
    recorded_at: ago(HOUR),
    ...rest,
  };
}

const sync = (client: Client, entries: unknown[]) => client.post(URL, { entries });
async function results(client: Client, entries: unknown[]): Promise<SyncResult[]> {
  const res = await sync(client, entries);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(MSG.success);
  return res.json().data.results;
}

const rowsByClientIds = (ids: string[]) =>
  t.db
    .selectFrom('evaluations')
    .select([
      'id',
      'client_id',
      'player_id',
      'criterion_id',
      'score',
      'score_percentage',
      'date',
      'notes',
      'is_current',
      'created_at',
      'evaluator_user_id',
      'evaluator_name',
    ])
    .where('client_id', 'in', ids)
    .orderBy('id')
    .execute();
const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/evaluations/sync: access and body', () => {
  it('401 without a session, 403 for a role without evaluation write (the demo Player); nothing written', async () => {
    const before = await evaluationCount(t);
    expect((await sync(t.anon, [entry()])).statusCode).toBe(401);
    expect((await sync(player, [entry()])).statusCode).toBe(403);
    expect(await evaluationCount(t)).toBe(before);
  });

  it('400 only for a malformed body: no entries, a bad uuid, too many entries, a missing field, an id beyond int4', async () => {
    const before = await evaluationCount(t);
    const tooMany = Array.from({ length: SYNC_BATCH_MAX + 1 }, () => entry());
    const { recorded_at: _dropped, ...noRecordedAt } = entry();
    for (const body of [
      { entries: [] },
      { entries: [entry({ client_id: 'not-a-uuid' })] },
      { entries: tooMany },
      { entries: [noRecordedAt] },
      { entries: [entry({ player_id: 2_147_483_648 })] },
      {},
      [],
    ]) {
      const res = await coach.post(URL, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await evaluationCount(t)).toBe(before);
    // Exactly the maximum is one batch.
    const full = Array.from({ length: SYNC_BATCH_MAX }, (_, i) => entry({ n: i % roster(ownTeam().id).length, date: '2025-01-01' }));
    expect((await results(coach, full)).every((r) => r.status === 'saved')).toBe(true);
    expect(await evaluationCount(t)).toBe(before + SYNC_BATCH_MAX);
  });
});

describe('POST /api/evaluations/sync: saving', () => {
  it('saves each entry as the caller, dated as on the sheet, created when it was tapped; one audit row', async () => {
    const [a, b] = [
      entry({ n: 0, score: '8', notes: '  quick feet  ' }),
      entry({ n: 1, criteria_id: made.yesNo, score: 'Yes', date: '2026-10-02' }),
    ];
    const audits = await auditCount();
    const res = await results(coach, [a, b]);
    expect(res.map((r) => r.status)).toEqual(['saved', 'saved']);
    expect(res.map((r) => r.client_id)).toEqual([a.client_id, b.client_id]);
    const rows = await rowsByClientIds([a.client_id, b.client_id]);
    expect(rows.map((r) => r.id).sort()).toEqual(res.map((r) => r.evaluation_id).sort());
    const rowA = rows.find((r) => r.client_id === a.client_id)!;
    expect(rowA).toMatchObject({
      player_id: a.player_id,
      score: 8,
      score_percentage: scorePercentage('scale_1_10', 8, WEIGHT),
      date: '2026-10-01',
      notes: 'quick feet',
      is_current: 1,
      created_at: a.recorded_at,
      evaluator_user_id: facts.coachId,
      evaluator_name: 'Casey Coach',
    });
    expect(rows.find((r) => r.client_id === b.client_id)).toMatchObject({
      score: 1,
      score_percentage: scorePercentage('yes_no', 1, WEIGHT),
      is_current: 1,
    });
    expect(await auditCount()).toBe(audits + 1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['entity', 'action', 'user_id', 'summary'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'evaluation', action: 'create', user_id: facts.coachId });
    expect(audit.summary).toMatch(/^offline sync: 2 saved/);
  });

  it('an admin (not scoped to own teams) syncs entries of any team', async () => {
    const other = facts.otherTeams[0]!;
    const e = entry({ team_id: other.id, player_id: roster(other.id)[0]!.id });
    expect((await results(admin, [e]))[0]).toMatchObject({ status: 'saved', evaluation_id: expect.any(Number) });
  });

  it('a device clock running ahead is clamped to now', async () => {
    const e = entry({ n: 2, recorded_at: '2999-01-01T00:00:00.000Z' });
    const before = nowIso();
    await results(coach, [e]);
    const [row] = await rowsByClientIds([e.client_id]);
    expect(row!.created_at >= before && row!.created_at <= nowIso()).toBe(true);
  });
});

describe('POST /api/evaluations/sync: idempotent', () => {
  it('the same batch twice writes each evaluation once and answers the same ids; no second audit row', async () => {
    const batch = [entry({ n: 0, date: '2026-09-01' }), entry({ n: 1, date: '2026-09-01' }), entry({ n: 2, date: '2026-09-01' })];
    const count = await evaluationCount(t);
    const first = await results(coach, batch);
    const audits = await auditCount();
    const second = await results(coach, batch);
    expect(second).toEqual(first);
    expect(first.every((r) => r.status === 'saved' && typeof r.evaluation_id === 'number')).toBe(true);
    expect(await evaluationCount(t)).toBe(count + 3);
    expect(await auditCount()).toBe(audits);
    expect((await rowsByClientIds(batch.map((e) => e.client_id))).length).toBe(3);
  });

  it('a device id listed twice in one batch is one evaluation', async () => {
    const e = entry({ n: 3, date: '2026-09-02' });
    const count = await evaluationCount(t);
    const res = await results(coach, [e, { ...e, score: 2 }]);
    expect(res[0]).toEqual(res[1]);
    expect(await evaluationCount(t)).toBe(count + 1);
  });

  it('two identical batches at the same moment write each evaluation once', async () => {
    const batch = roster(ownTeam().id)
      .slice(0, 4)
      .map((_, n) => entry({ n, date: '2026-09-03' }));
    const count = await evaluationCount(t);
    const answers = await Promise.all([0, 1, 2].map(() => sync(coach, batch)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const [r1, r2, r3] = answers.map((a) => a.json().data.results as SyncResult[]);
    expect(r2).toEqual(r1);
    expect(r3).toEqual(r1);
    expect(await evaluationCount(t)).toBe(count + batch.length);
    const rows = await rowsByClientIds(batch.map((e) => e.client_id));
    expect(rows.map((r) => r.id).sort()).toEqual(r1!.map((r) => r.evaluation_id).sort());
    // Each pair still has exactly one current evaluation.
    for (const e of batch) {
      const current = await t.db
        .selectFrom('evaluations')
        .select('id')
        .where('player_id', '=', e.player_id)
        .where('criterion_id', '=', e.criteria_id)
        .where('is_current', '=', 1)
        .execute();
      expect(current.length).toBe(1);
    }
  });

  it('another account’s device id is refused, not confirmed', async () => {
    const e = entry({ n: 0, date: '2026-09-04' });
    await results(admin, [e]);
    expect((await results(coach, [e]))[0]).toMatchObject({ status: 'refused', reason: 'forbidden', message: MSG.syncNotYourEntry });
    expect((await results(coach, [e]))[0]!.evaluation_id).toBeUndefined();
  });
});

describe('POST /api/evaluations/sync: refusals', () => {
  it('answers each entry of a mixed batch; only the good ones are written', async () => {
    const team = ownTeam();
    const [keep, leaver] = [roster(team.id)[0]!, roster(team.id)[1]!];
    // The leaver was scored offline, then removed from the team before the device came back online.
    const leaverEntry = entry({ player_id: leaver.id, date: '2026-08-01' });
    expect((await admin.post(`/api/team/${team.id}/player/${leaver.id}/remove`)).statusCode).toBe(200);
    const other = facts.otherTeams[0]!;
    const stranger = roster(other.id)[0]!;
    const gone = (
      await admin.post('/api/players', { first_name: 'Gone', last_name: 'Player', email: 'gone@example.org', team_id: [team.id] })
    ).json().data.id as number;
    expect((await admin.post(`/api/player/${gone}/delete`)).statusCode).toBe(200);
    const good = [
      entry({ player_id: keep.id, date: '2026-08-01' }),
      entry({ player_id: keep.id, criteria_id: made.yesNo, score: 'No', date: '2026-08-01' }),
    ];
    const batch = [
      good[0]!,
      leaverEntry,
      entry({ player_id: keep.id, criteria_id: made.deleted }),
      entry({ team_id: other.id, player_id: stranger.id }),
      entry({ player_id: stranger.id }),
      entry({ player_id: gone }),
      entry({ team_id: 2_000_000_000, player_id: keep.id }),
      entry({ player_id: keep.id, score: 14 }),
      entry({ player_id: keep.id, criteria_id: made.yesNo, score: 'Maybe' }),
      entry({ player_id: keep.id, date: '2025-02-30' }),
      entry({ player_id: keep.id, date: '2999-01-01' }),
      good[1]!,
    ];
    const count = await evaluationCount(t);
    const res = await results(coach, batch);
    expect(res.map((r) => r.client_id)).toEqual(batch.map((e) => e.client_id));
    expect(res.map((r) => [r.status, r.reason, r.message])).toEqual([
      ['saved', undefined, undefined],
      ['refused', 'not_on_team', MSG.syncNotOnTeam(`${leaver.first_name} ${leaver.last_name}`, team.name)],
      ['refused', 'criterion_deleted', MSG.syncCriterionDeleted],
      ['refused', 'forbidden', MSG.syncNotYourTeam(other.name)],
      ['refused', 'not_on_team', MSG.syncNotOnTeam(`${stranger.first_name} ${stranger.last_name}`, team.name)],
      ['refused', 'player_deleted', MSG.syncPlayerDeleted],
      ['refused', 'not_on_team', MSG.syncTeamDeleted],
      ['refused', 'invalid_score', MSG.number],
      ['refused', 'invalid_score', 'Please choose Yes or No.'],
      ['refused', 'invalid_date', 'Please enter a real date (YYYY-MM-DD).'],
      ['refused', 'invalid_date', 'The date cannot be in the future.'],
      ['saved', undefined, undefined],
    ]);
    expect(res.filter((r) => r.status === 'refused').every((r) => r.evaluation_id === undefined)).toBe(true);
    expect(await evaluationCount(t)).toBe(count + 2);
    expect((await rowsByClientIds(batch.map((e) => e.client_id))).map((r) => r.client_id).sort()).toEqual(
      good.map((e) => e.client_id).sort(),
    );
    // The refused entries stay refused when sent again (nothing of theirs was stored).
    expect((await results(coach, batch)).map((r) => r.status)).toEqual(res.map((r) => r.status));
    expect(await evaluationCount(t)).toBe(count + 2);
  });

  it('a batch of refusals only writes nothing, not even an audit row', async () => {
    const before = [await evaluationCount(t), await auditCount()];
    const res = await results(coach, [entry({ criteria_id: made.deleted })]);
    expect(res[0]).toMatchObject({ status: 'refused', reason: 'criterion_deleted' });
    expect([await evaluationCount(t), await auditCount()]).toEqual(before);
  });
});

describe('POST /api/evaluations/sync: supersede rule (latest date, then latest created_at)', () => {
  const playerOf = (n: number) => roster(facts.ownTeams[1]?.id ?? ownTeam().id)[n]!;
  const teamOf = () => facts.ownTeams[1]?.id ?? ownTeam().id;
  const sheet = async (playerId: number) => {
    const res = await coach.get(`/api/player/${playerId}/evaluation?history=1`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      totalScore: number;
      evaluations: { id: number; criteria_id: number; score: number; date: string }[];
      history: { id: number; criteria_id: number; score: number; date: string }[];
    };
  };
  const saveOnline = async (playerId: number, score: number, date: string) => {
    const res = await coach.post(`/api/player/${playerId}/evaluation`, { criteria_id: made.scale, score, date });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  it('a late entry with an older date lands in history; the newer server evaluation stays current', async () => {
    const p = playerOf(0);
    const online = await saveOnline(p.id, 9, '2026-11-20');
    const late = entry({ team_id: teamOf(), player_id: p.id, score: 3, date: '2026-11-10', recorded_at: '2026-11-10T17:00:00.000Z' });
    const [r] = await results(coach, [late]);
    expect(r!.status).toBe('saved');
    const data = await sheet(p.id);
    expect(data.evaluations.find((e) => e.criteria_id === made.scale)).toMatchObject({ id: online, score: 9, date: '2026-11-20' });
    expect(data.history.find((e) => e.id === r!.evaluation_id)).toMatchObject({ score: 3, date: '2026-11-10' });
  });

  it('same date, tapped before the server evaluation was saved: history; tapped after: current', async () => {
    const p = playerOf(1);
    const recordedBefore = ago(1000);
    const online = await saveOnline(p.id, 9, '2026-11-21');
    const [earlier] = await results(coach, [
      entry({ team_id: teamOf(), player_id: p.id, score: 4, date: '2026-11-21', recorded_at: recordedBefore }),
    ]);
    let data = await sheet(p.id);
    expect(data.evaluations.find((e) => e.criteria_id === made.scale)!.id).toBe(online);
    expect(data.history.map((e) => e.id)).toContain(earlier!.evaluation_id);
    await new Promise((r) => setTimeout(r, 5));
    const [later] = await results(coach, [
      entry({ team_id: teamOf(), player_id: p.id, score: 6, date: '2026-11-21', recorded_at: nowIso() }),
    ]);
    data = await sheet(p.id);
    expect(data.evaluations.find((e) => e.criteria_id === made.scale)).toMatchObject({ id: later!.evaluation_id, score: 6 });
    expect(data.history.map((e) => e.id)).toEqual(expect.arrayContaining([online, earlier!.evaluation_id]));
  });

  it('the player total and the leaderboard count a synced score at once (cached board included)', async () => {
    const p = playerOf(2);
    const boardTotal = async () => {
      const board = await coach.get(`/api/leaderboard/players?team_id=${teamOf()}&pageSize=200`);
      expect(board.statusCode, board.body).toBe(200);
      return (board.json().data.rows as { id: number; totalScore: number }[]).find((r) => r.id === p.id)!.totalScore;
    };
    const before = await sheet(p.id);
    expect(before.evaluations.some((e) => e.criteria_id === made.yesNo)).toBe(false);
    expect(await boardTotal()).toBeCloseTo(before.totalScore, 2);
    await results(coach, [entry({ team_id: teamOf(), player_id: p.id, criteria_id: made.yesNo, score: 'Yes', date: '2026-11-01' })]);
    const after = (await sheet(p.id)).totalScore;
    expect(after).toBeCloseTo(before.totalScore + scorePercentage('yes_no', 1, WEIGHT), 6);
    expect(await boardTotal()).toBeCloseTo(after, 2);
  });
});
