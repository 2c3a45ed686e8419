import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { SessionDetail, SessionPlayerScores, SessionResults } from '../../../shared/schemas/eval-session.js';
import { demoFacts, type DemoFacts } from '../evaluations/evaluations.fixtures.js';
import { data, guestOf } from './eval-sessions.fixtures.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

/**
 * Issue 25, point 5: guests who join with a code read aloud in a gym cannot decide a tryout. The
 * director admits each guest, names are unique in a session and guests are marked, the director can
 * exclude an evaluator's scores before publishing (audited), and Leave ends a guest's token.
 */
let t: TestApp;
let admin: Client;
let coach: Client;
let facts: DemoFacts;
let id: number;
let code: string;
let players: number[];
const scale = () => facts.scale[0]!.id;

const guest = (token: string) => guestOf(t)(token);
const join = (name: string) => t.anon.post('/api/tryout/join', { code, name });
const detail = async () => data<SessionDetail>(await admin.get(`/api/eval-session/${id}`));
const evaluatorNamed = async (name: string) => (await detail()).evaluators.find((e) => e.name === name)!;
const audits = async () =>
  (await t.db.selectFrom('audit_log').select('summary').where('entity', '=', 'eval_session').where('entity_id', '=', id).execute()).map(
    (r) => r.summary,
  );

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach] = await Promise.all([t.login('admin'), t.login('coach')]);
  facts = await demoFacts(t);
  const d = data<SessionDetail>(
    await admin.post('/api/eval-sessions', {
      name: 'Gym tryout',
      startDate: '2026-11-20',
      endDate: '2026-11-20',
      minEvaluators: 2,
      criteria: [{ criterionId: scale(), weight: 100 }],
    }),
  );
  id = d.session.id;
  players = [...new Set(facts.own.map((p) => p.id))].slice(0, 2);
  data(await admin.post(`/api/eval-session/${id}/players`, { playerIds: players }));
  data(await admin.post(`/api/eval-session/${id}/evaluators`, { userId: facts.coachId }));
  const admin2 = await t.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.club').executeTakeFirstOrThrow();
  data(await admin.post(`/api/eval-session/${id}/evaluators`, { userId: admin2.id }));
  code = data<SessionDetail>(await admin.post(`/api/eval-session/${id}/open`)).session.guestCode!;
  // Staff score: player 0 gets 5 and 6, player 1 gets 7 and 7.
  data(
    await coach.post(`/api/eval-session/${id}/scores`, {
      entries: [
        { playerId: players[0], criterionId: scale(), score: 5 },
        { playerId: players[1], criterionId: scale(), score: 7 },
      ],
    }),
  );
  data(
    await admin.post(`/api/eval-session/${id}/scores`, {
      entries: [
        { playerId: players[0], criterionId: scale(), score: 6 },
        { playerId: players[1], criterionId: scale(), score: 7 },
      ],
    }),
  );
});
afterAll(() => t.close());

describe('tryout guests (issue 25, point 5)', () => {
  it('a guest waits until the director admits them: no sheet, no scores, no photos before', async () => {
    const joined = data<{ token: string; admitted: boolean; name: string }>(await join('Pat Volunteer'));
    expect(joined).toMatchObject({ admitted: false, name: 'Pat Volunteer' });
    const g = guest(joined.token);
    expect(data<{ admitted: boolean; sessionName: string }>(await g.get('/api/tryout/status'))).toMatchObject({
      admitted: false,
      sessionName: 'Gym tryout',
    });
    for (const res of [
      await g.get('/api/tryout/sheet'),
      await g.post('/api/tryout/scores', { entries: [{ playerId: players[0], criterionId: scale(), score: 9 }] }),
      await g.get(`/api/tryout/photo/${players[0]}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.tryoutWaiting);
    }
    const pat = await evaluatorNamed('Pat Volunteer');
    expect(pat).toMatchObject({ guest: true, admitted: false });
    expect((await coach.post(`/api/eval-session/${id}/evaluator/${pat.id}/admit`)).statusCode).toBe(403);
    const after = data<SessionDetail>(await admin.post(`/api/eval-session/${id}/evaluator/${pat.id}/admit`));
    expect(after.evaluators.find((e) => e.id === pat.id)!.admitted).toBe(true);
    expect(await audits()).toContain(`Gym tryout: guest Pat Volunteer (evaluator ${pat.id}) admitted`);
    expect(data<{ admitted: boolean }>(await g.get('/api/tryout/status')).admitted).toBe(true);
    expect(data<{ players: unknown[] }>(await g.get('/api/tryout/sheet')).players).toHaveLength(2);
    // Only guests wait: a staff evaluator is not "admitted", and an unknown evaluator is 404.
    expect((await admin.post(`/api/eval-session/${id}/evaluator/${(await evaluatorNamed('Casey Coach')).id}/admit`)).statusCode).toBe(400);
    expect((await admin.post(`/api/eval-session/${id}/evaluator/999999/admit`)).statusCode).toBe(404);
  });

  it('a name is one guest\'s in a session: no second "Pat Volunteer", no staff evaluator\'s name, not even at the same moment', async () => {
    for (const name of ['Pat Volunteer', '  pat   VOLUNTEER ', 'Casey Coach', 'casey coach']) {
      const res = await join(name);
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({ field: 'name', message: MSG.tryoutNameTaken });
    }
    const both = await Promise.all([join('Twin'), join('Twin')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('eight sybil guests: nothing until admitted, marked as guests, and excluded by the director before publishing (audited)', async () => {
    const staffOnly = data<SessionResults>(
      await admin
        .get(`/api/eval-session/${id}/progress`)
        .then(() => admin.post(`/api/eval-session/${id}/unlock`))
        .then(() => admin.get(`/api/eval-session/${id}/results`)),
    );
    const totalBefore = staffOnly.rows.find((r) => r.playerId === players[0])!.total;
    const sybils = await Promise.all(
      Array.from({ length: 8 }, (_, i) => join(`Fan ${i + 1}`).then((r) => data<{ token: string }>(r).token)),
    );
    // Not admitted: they cannot score, so nothing changes.
    for (const token of sybils)
      expect(
        (await guest(token).post('/api/tryout/scores', { entries: [{ playerId: players[0], criterionId: scale(), score: 10 }] }))
          .statusCode,
      ).toBe(403);
    expect(
      data<SessionResults>(await admin.get(`/api/eval-session/${id}/results`)).rows.find((r) => r.playerId === players[0])!.total,
    ).toBe(totalBefore);
    // A director who admits them all anyway sees them marked wherever scores are shown…
    for (let i = 1; i <= 8; i++) data(await admin.post(`/api/eval-session/${id}/evaluator/${(await evaluatorNamed(`Fan ${i}`)).id}/admit`));
    for (const token of sybils)
      data(await guest(token).post('/api/tryout/scores', { entries: [{ playerId: players[0], criterionId: scale(), score: 10 }] }));
    const swayed = data<SessionResults>(await admin.get(`/api/eval-session/${id}/results`));
    expect(swayed.rows[0]!.playerId).toBe(players[0]);
    expect(swayed.evaluators.filter((e) => e.guest).map((e) => e.name)).toEqual(
      expect.arrayContaining(['Fan 1', 'Fan 8', 'Pat Volunteer']),
    );
    expect(swayed.evaluators.find((e) => e.name === 'Casey Coach')!.guest).toBe(false);
    const drill = data<SessionPlayerScores>(await admin.get(`/api/eval-session/${id}/results/${players[0]}`));
    expect(drill.scores.filter((s) => s.guest)).toHaveLength(8);
    expect(drill.scores.find((s) => s.evaluatorName === 'Casey Coach')).toMatchObject({ guest: false, excluded: false });
    // …and excludes each of them: the results are the staff's again, the drill-down shows them struck, the audit log names each.
    for (let i = 1; i <= 8; i++) {
      const fan = await evaluatorNamed(`Fan ${i}`);
      expect((await coach.post(`/api/eval-session/${id}/evaluator/${fan.id}/exclude`, { excluded: true })).statusCode).toBe(403);
      data(await admin.post(`/api/eval-session/${id}/evaluator/${fan.id}/exclude`, { excluded: true }));
    }
    expect((await admin.post(`/api/eval-session/${id}/evaluator/1/exclude`, { excluded: 'yes' })).statusCode).toBe(400);
    const fair = data<SessionResults>(await admin.get(`/api/eval-session/${id}/results`));
    expect(fair.rows.find((r) => r.playerId === players[0])!.total).toBe(totalBefore);
    expect(fair.rows.find((r) => r.playerId === players[0])!.cells[0]!.outliers).toEqual([]);
    expect(fair.evaluators.filter((e) => e.excluded)).toHaveLength(8);
    const struck = data<SessionPlayerScores>(await admin.get(`/api/eval-session/${id}/results/${players[0]}`));
    expect(struck.scores.filter((s) => s.guest && s.excluded)).toHaveLength(8);
    expect(struck.scores.filter((s) => s.excluded).every((s) => !s.outlier)).toBe(true);
    const fan1 = await evaluatorNamed('Fan 1');
    expect(await audits()).toContain(`Gym tryout: scores of guest Fan 1 (evaluator ${fan1.id}) excluded`);
    // Publishing writes the staff's means only, and then nothing can be excluded any more.
    data(await admin.post(`/api/eval-session/${id}/close`));
    data(await admin.post(`/api/eval-session/${id}/publish`));
    const published = await t.db
      .selectFrom('evaluations')
      .select(['player_id', 'score'])
      .where('evaluator_name', '=', 'Session: Gym tryout')
      .execute();
    expect(published.find((e) => e.player_id === players[0])!.score).toBeCloseTo(5.5, 2);
    const late = await admin.post(`/api/eval-session/${id}/evaluator/${fan1.id}/exclude`, { excluded: false });
    expect(late.statusCode).toBe(409);
  });
});

describe('leaving on a shared phone', () => {
  let session: number;
  let openCode: string;
  beforeAll(async () => {
    session = data<SessionDetail>(
      await admin.post('/api/eval-sessions', {
        name: 'Shared phone',
        startDate: '2026-11-20',
        endDate: '2026-11-20',
        criteria: [{ criterionId: scale(), weight: 100 }],
      }),
    ).session.id;
    data(await admin.post(`/api/eval-session/${session}/players`, { playerIds: [facts.own[0]!.id] }));
    openCode = data<SessionDetail>(await admin.post(`/api/eval-session/${session}/open`)).session.guestCode!;
  });

  it('Leave ends the token; the name comes back only through the director', async () => {
    const { token } = data<{ token: string }>(await t.anon.post('/api/tryout/join', { code: openCode, name: 'Robin' }));
    const robin = data<SessionDetail>(await admin.get(`/api/eval-session/${session}`)).evaluators.find((e) => e.name === 'Robin')!;
    data(await admin.post(`/api/eval-session/${session}/evaluator/${robin.id}/admit`));
    data(await guest(token).post('/api/tryout/scores', { entries: [{ playerId: facts.own[0]!.id, criterionId: scale(), score: 8 }] }));
    expect((await guest(token).post('/api/tryout/leave', [])).statusCode).toBe(400);
    expect(data<{ left: boolean }>(await guest(token).post('/api/tryout/leave', {})).left).toBe(true);
    for (const url of ['/api/tryout/status', '/api/tryout/sheet']) {
      const res = await guest(token).get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(MSG.tryoutSignIn);
    }
    // Robin (or someone saying so) joins again: same evaluator, waiting for the director again.
    const again = data<{ token: string; admitted: boolean }>(await t.anon.post('/api/tryout/join', { code: openCode, name: 'robin' }));
    expect(again.admitted).toBe(false);
    expect((await guest(again.token).get('/api/tryout/sheet')).statusCode).toBe(403);
    const evaluators = data<SessionDetail>(await admin.get(`/api/eval-session/${session}`)).evaluators.filter((e) => e.guest);
    expect(evaluators).toEqual([expect.objectContaining({ id: robin.id, admitted: false })]);
    // While the token is live, the name is taken.
    expect((await t.anon.post('/api/tryout/join', { code: openCode, name: 'Robin' })).statusCode).toBe(409);
  });
});

describe('a guest scoring when the session closes (issue 31, point 2)', () => {
  it('every guest route answers 410 with the closed message, and a score sent after the close is not saved', async () => {
    const session = data<SessionDetail>(
      await admin.post('/api/eval-sessions', {
        name: 'Closing gym',
        startDate: '2026-11-20',
        endDate: '2026-11-20',
        criteria: [{ criterionId: scale(), weight: 100 }],
      }),
    ).session.id;
    const [first, second] = [...new Set(facts.own.map((p) => p.id))];
    data(await admin.post(`/api/eval-session/${session}/players`, { playerIds: [first, second] }));
    const openCode = data<SessionDetail>(await admin.post(`/api/eval-session/${session}/open`)).session.guestCode!;
    const { token } = data<{ token: string }>(await t.anon.post('/api/tryout/join', { code: openCode, name: 'Late Lou' }));
    const lou = data<SessionDetail>(await admin.get(`/api/eval-session/${session}`)).evaluators.find((e) => e.name === 'Late Lou')!;
    data(await admin.post(`/api/eval-session/${session}/evaluator/${lou.id}/admit`));
    data(await guest(token).post('/api/tryout/scores', { entries: [{ playerId: first, criterionId: scale(), score: 8 }] }));
    const stored = () => t.db.selectFrom('eval_session_scores').select(['player_id', 'score']).where('evaluator_id', '=', lou.id).execute();

    data(await admin.post(`/api/eval-session/${session}/close`));
    const late = await guest(token).post('/api/tryout/scores', {
      entries: [
        { playerId: first, criterionId: scale(), score: 2 },
        { playerId: second, criterionId: scale(), score: 9 },
      ],
    });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: MSG.tryoutClosed });
    expect(await stored()).toEqual([{ player_id: first, score: 8 }]);
    for (const url of ['/api/tryout/status', '/api/tryout/sheet', `/api/tryout/photo/${first}`]) {
      const res = await guest(token).get(url);
      expect(res.statusCode, url).toBe(410);
      expect(res.json().message, url).toBe(MSG.tryoutClosed);
    }
    // Not a made-up token's answer: that one is still "join first".
    expect((await guest('y'.repeat(43)).get('/api/tryout/status')).statusCode).toBe(401);
    // Published is final: still closed for the guest, still nothing written.
    data(await admin.post(`/api/eval-session/${session}/publish`));
    expect(
      (await guest(token).post('/api/tryout/scores', { entries: [{ playerId: second, criterionId: scale(), score: 9 }] })).statusCode,
    ).toBe(410);
    expect(await stored()).toEqual([{ player_id: first, score: 8 }]);
  });
});
