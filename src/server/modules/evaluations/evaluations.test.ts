import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { playerTotal } from '../../../shared/scoring.js';
import type { Client, TestApp } from '../../test/harness.js';
import { currentRows, evaluationSuite, type DemoFacts } from './evaluations.fixtures.js';
import { nowMs } from '../../lib/time.js';

let t: TestApp, admin: Client, coach: Client, player: Client, facts: DemoFacts;
beforeAll(async () => {
  ({ t, admin, coach, player, facts } = await evaluationSuite());
});
afterAll(() => t.close());

const daysAgo = (n: number) => new Date(nowMs() - n * 86_400_000).toISOString().slice(0, 10);
const body = (criteria_id: number, score: unknown, extra: Record<string, unknown> = {}) => ({
  criteria_id,
  score,
  evaluator_name: 'Casey Coach',
  notes: '',
  video_links: [],
  ...extra,
});

describe('GET /api/player/{id}/evaluation', () => {
  it('401 signed out; a player reads only themself; coaches only their teams’ players', async () => {
    const own = facts.own[0]!.id;
    const other = facts.other[0]!.id;
    expect((await t.anon.get(`/api/player/${own}/evaluation`)).statusCode).toBe(401);
    expect((await player.get(`/api/player/${facts.selfPlayerId}/evaluation`)).statusCode).toBe(200);
    expect((await player.get(`/api/player/${other}/evaluation`)).statusCode).toBe(403);
    expect((await player.get('/api/player/999999/evaluation')).statusCode).toBe(404);
    expect((await coach.get('/api/player/999999/evaluation')).statusCode).toBe(404);
    expect((await coach.get(`/api/player/${own}/evaluation`)).statusCode).toBe(200);
    expect((await coach.get(`/api/player/${other}/evaluation`)).statusCode).toBe(403);
    expect((await coach.get(`/api/player/${other}/evaluation/history`)).statusCode).toBe(403);
    expect((await admin.get(`/api/player/${other}/evaluation`)).statusCode).toBe(200);
    expect((await admin.get('/api/player/999999/evaluation')).statusCode).toBe(404);
    expect((await admin.get('/api/player/abc/evaluation')).statusCode).toBe(400);
  });

  it('answers the stray-brace address the player area uses the same way', async () => {
    const id = facts.selfPlayerId;
    const plain = (await player.get(`/api/player/${id}/evaluation`)).json();
    expect((await player.get(`/api/player/${id}}/evaluation`)).json()).toEqual(plain);
    expect((await player.get(`/api/player/${id}%7D/evaluation`)).json()).toEqual(plain);
  });

  it('returns current evaluations with labels and the total of the shared scoring module; history on request', async () => {
    const id = facts.own.find((p) => p.id !== facts.selfPlayerId)!.id;
    const res = await coach.get(`/api/player/${id}/evaluation`);
    const data = res.json().data;
    expect(data.player).toMatchObject({ id });
    expect(data.evaluations.length).toBeGreaterThan(0);
    for (const e of data.evaluations) {
      expect(e.is_current).toBe(true);
      if (e.isFundamentalLevel) expect(e.scoreLabel).toBe(`${e.score}/10`);
      else expect(e.scoreLabel).toBe(e.score === 1 ? 'Yes' : 'No');
    }
    const expected = playerTotal(
      data.evaluations.map((e: { criteria_id: number; score_percentage: number }) => ({
        criterionId: e.criteria_id,
        scorePercentage: e.score_percentage,
      })),
    );
    expect(data.totalScore).toBeCloseTo(expected, 9);
    expect(data.history).toBeUndefined();
    const stored = await t.db.selectFrom('evaluations').select('id').where('player_id', '=', id).where('is_current', '=', 0).execute();
    expect(data.historyCount).toBe(stored.length);
    const withHistory = (await coach.get(`/api/player/${id}/evaluation?history=1`)).json().data;
    expect(withHistory.history.map((e: { id: number }) => e.id).sort()).toEqual(stored.map((s) => s.id).sort());
    expect(withHistory.history.every((e: { is_current: boolean }) => !e.is_current)).toBe(true);
    expect((await coach.get(`/api/player/${id}/evaluation/history`)).json().data).toEqual(withHistory.history);
  });
});

describe('POST /api/player/{id}/evaluation', () => {
  it('401, 403 for players and for coaches on other teams’ players (nothing written)', async () => {
    const c = facts.scale[0]!;
    const other = facts.other[0]!.id;
    expect((await t.anon.post(`/api/player/${other}/evaluation`, body(c.id, 5))).statusCode).toBe(401);
    expect((await player.post(`/api/player/${facts.selfPlayerId}/evaluation`, body(c.id, 10))).statusCode).toBe(403);
    const before = await currentRows(t, other, c.id);
    expect((await coach.post(`/api/player/${other}/evaluation`, body(c.id, 5))).statusCode).toBe(403);
    expect(await currentRows(t, other, c.id)).toEqual(before);
    expect((await admin.post('/api/player/999999/evaluation', body(c.id, 5))).statusCode).toBe(404);
  });

  it('400 names the field; the level kind decides what a valid score is', async () => {
    const id = facts.own[1]!.id;
    const scale = facts.scale[0]!.id;
    const yesNo = facts.yesNo[0]!.id;
    expect((await coach.post(`/api/player/${id}/evaluation`, { score: 5 })).json()).toEqual({
      message: MSG.required,
      field: 'criteria_id',
    });
    expect((await coach.post(`/api/player/${id}/evaluation`, body(999999, 5))).json().field).toBe('criteria_id');
    for (const bad of [0, 11, 7.5, 'seven', 'Yes']) {
      expect((await coach.post(`/api/player/${id}/evaluation`, body(scale, bad))).json(), String(bad)).toEqual({
        message: MSG.number,
        field: 'score',
      });
    }
    expect((await coach.post(`/api/player/${id}/evaluation`, body(scale, ''))).json()).toEqual({ message: MSG.required, field: 'score' });
    expect((await coach.post(`/api/player/${id}/evaluation`, body(yesNo, 'Maybe'))).json()).toMatchObject({ field: 'score' });
    expect((await coach.post(`/api/player/${id}/evaluation`, body(yesNo, 7))).json()).toMatchObject({ field: 'score' });
    expect((await coach.post(`/api/player/${id}/evaluation`, body(scale, 5, { date: daysAgo(-5) }))).json()).toMatchObject({
      field: 'date',
    });
    expect((await coach.post(`/api/player/${id}/evaluation`, body(scale, 5, { date: '2024-02-31' }))).json()).toMatchObject({
      field: 'date',
    });
    expect((await coach.post(`/api/player/${id}/evaluation`, body(scale, 5, { video_links: ['ftp://x'] }))).json()).toMatchObject({
      field: 'video_links',
    });
  });

  it('a new evaluation supersedes the current one; the old one stays as history; score_percentage from the weight', async () => {
    const id = facts.own[2]!.id;
    const c = facts.scale[0]!;
    const before = await currentRows(t, id, c.id);
    const res = await coach.post(
      `/api/player/${id}/evaluation`,
      body(c.id, '7', { notes: 'Elbow in', video_links: ['https://youtu.be/x'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.success,
      data: {
        criteria_id: c.id,
        score: 7,
        scoreLabel: '7/10',
        isFundamentalLevel: true,
        score_percentage: 0.7 * c.weight,
        notes: 'Elbow in',
        evaluator_name: 'Casey Coach',
        evaluator: facts.coachId,
        is_current: true,
      },
    });
    const after = await currentRows(t, id, c.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((r) => r.is_current === 1).map((r) => r.id)).toEqual([res.json().data.id]);
    const list = (await coach.get(`/api/player/${id}/evaluation?history=1`)).json().data;
    expect(list.evaluations.filter((e: { criteria_id: number }) => e.criteria_id === c.id)).toHaveLength(1);
    for (const old of before) expect(list.history.some((h: { id: number }) => h.id === old.id)).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'evaluation')
      .where('entity_id', '=', res.json().data.id)
      .execute();
    expect(audit).toEqual([{ action: 'create' }]);
  });

  it('Yes/No levels store 1/0: Yes is the whole weight, No is 0; the evaluator defaults to the signed-in user', async () => {
    const id = facts.own[3]!.id;
    const c = facts.yesNo[0]!;
    const yes = (await coach.post(`/api/player/${id}/evaluation`, { criteria_id: c.id, score: 'Yes' })).json().data;
    expect(yes).toMatchObject({
      score: 1,
      scoreLabel: 'Yes',
      isFundamentalLevel: false,
      score_percentage: c.weight,
      evaluator_name: 'Casey Coach',
    });
    const no = (await coach.post(`/api/player/${id}/evaluation`, { criteria_id: c.id, score: 0 })).json().data;
    expect(no).toMatchObject({ score: 0, scoreLabel: 'No', score_percentage: 0 });
  });

  it('an evaluation dated before the current one is recorded as history (the latest date counts)', async () => {
    const id = facts.own[4]!.id;
    const c = facts.scale[1]!;
    const fresh = (await coach.post(`/api/player/${id}/evaluation`, body(c.id, 9))).json().data;
    const late = (await coach.post(`/api/player/${id}/evaluation`, body(c.id, 2, { date: daysAgo(400) }))).json().data;
    expect(late.is_current).toBe(false);
    const rows = await currentRows(t, id, c.id);
    expect(rows.filter((r) => r.is_current === 1).map((r) => r.id)).toEqual([fresh.id]);
  });
});

describe('edit and delete', () => {
  it('edits score, notes and date; recomputes the percentage; refuses another player’s evaluation (404) and other teams (403)', async () => {
    const id = facts.own[5]!.id;
    const c = facts.scale[2]!;
    const created = (await coach.post(`/api/player/${id}/evaluation`, body(c.id, 3))).json().data;
    const url = `/api/player/${id}/evaluation/${created.id}`;
    expect((await t.anon.post(url, body(c.id, 8))).statusCode).toBe(401);
    expect((await player.post(url, body(c.id, 8))).statusCode).toBe(403);
    expect((await coach.post(url, body(c.id, 11))).json()).toEqual({ message: MSG.number, field: 'score' });
    const res = await coach.post(url, body(c.id, 8, { notes: 'Better', evaluator_name: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      score: 8,
      score_percentage: 0.8 * c.weight,
      notes: 'Better',
      evaluator_name: 'Casey Coach',
      is_current: true,
    });
    // The id of one player's evaluation under another player's address is not found.
    const otherOwn = facts.own[6]!.id;
    expect((await coach.post(`/api/player/${otherOwn}/evaluation/${created.id}`, body(c.id, 1))).statusCode).toBe(404);
    expect((await coach.post(`/api/player/${otherOwn}/evaluation/${created.id}/delete`)).statusCode).toBe(404);
    const foreign = await t.db
      .selectFrom('evaluations')
      .select(['id', 'player_id'])
      .where('player_id', '=', facts.other[0]!.id)
      .executeTakeFirstOrThrow();
    expect((await coach.post(`/api/player/${foreign.player_id}/evaluation/${foreign.id}`, body(c.id, 1))).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${foreign.player_id}/evaluation/${foreign.id}/delete`)).statusCode).toBe(403);
    expect(await t.db.selectFrom('evaluations').select('id').where('id', '=', foreign.id).executeTakeFirst()).toBeDefined();
  });

  it('deleting the current evaluation promotes the latest remaining one; deleting history leaves the current alone', async () => {
    const id = facts.own[7]!.id;
    const c = facts.scale[3]!;
    const first = (await coach.post(`/api/player/${id}/evaluation`, body(c.id, 4, { date: daysAgo(30) }))).json().data;
    const second = (await coach.post(`/api/player/${id}/evaluation`, body(c.id, 6, { date: daysAgo(10) }))).json().data;
    const third = (await coach.post(`/api/player/${id}/evaluation`, body(c.id, 8, { date: daysAgo(1) }))).json().data;
    expect((await currentRows(t, id, c.id)).find((r) => r.is_current === 1)?.id).toBe(third.id);

    expect((await t.anon.post(`/api/player/${id}/evaluation/${third.id}/delete`)).statusCode).toBe(401);
    expect((await player.post(`/api/player/${id}/evaluation/${third.id}/delete`)).statusCode).toBe(403);
    const res = await coach.post(`/api/player/${id}/evaluation/${third.id}/delete`);
    expect(res.json()).toEqual({ message: MSG.success, data: { id: third.id } });
    expect((await currentRows(t, id, c.id)).find((r) => r.is_current === 1)?.id).toBe(second.id);

    await coach.post(`/api/player/${id}/evaluation/${first.id}/delete`);
    const rows = await currentRows(t, id, c.id);
    expect(rows.find((r) => r.is_current === 1)?.id).toBe(second.id);
    expect(rows.some((r) => r.id === first.id)).toBe(false);
    const total = (await coach.get(`/api/player/${id}/evaluation`)).json().data;
    expect(total.evaluations.find((e: { criteria_id: number }) => e.criteria_id === c.id).id).toBe(second.id);
    expect((await coach.post(`/api/player/${id}/evaluation/${third.id}/delete`)).statusCode).toBe(404);
  });

  it('moving an evaluation to a later date makes it current again', async () => {
    const id = facts.own[8]!.id;
    const c = facts.scale[4]!;
    const old = (await coach.post(`/api/player/${id}/evaluation`, body(c.id, 2, { date: daysAgo(50) }))).json().data;
    const now = (await coach.post(`/api/player/${id}/evaluation`, body(c.id, 5))).json().data;
    expect((await currentRows(t, id, c.id)).find((r) => r.is_current === 1)?.id).toBe(now.id);
    const moved = (await coach.post(`/api/player/${id}/evaluation/${old.id}`, body(c.id, 2, { date: daysAgo(-1) }))).json().data;
    expect(moved.is_current).toBe(true);
    expect((await currentRows(t, id, c.id)).filter((r) => r.is_current === 1).map((r) => r.id)).toEqual([old.id]);
  });
});
