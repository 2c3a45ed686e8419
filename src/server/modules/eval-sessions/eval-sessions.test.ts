import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { SessionDetail, SessionResults, SessionSheet } from '../../../shared/schemas/eval-session.js';
import { data, guestOf } from './eval-sessions.fixtures.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { demoFacts } from '../evaluations/evaluations.fixtures.js';
import { dayOffset, todayDate } from '../../lib/time.js';

let t: TestApp;
let admin: Client;
let coach: Client;
let player: Client;
let facts: Awaited<ReturnType<typeof demoFacts>>;
let adminUserId: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
  facts = await demoFacts(t);
  adminUserId = (await t.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.club').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

// The session ends today, so what it publishes is later than every seeded evaluation and current.
const firstDay = dayOffset(-1);
const lastDay = todayDate();

const guest = (token: string) => guestOf(t)(token);

const twoCriteria = () => [
  { criterionId: facts.scale[0]!.id, weight: 70 },
  { criterionId: facts.yesNo[0]!.id, weight: 30 },
];

/** The director lets every waiting guest of a session in. */
async function admitAll(sessionId: number): Promise<void> {
  const d = data<SessionDetail>(await admin.get(`/api/eval-session/${sessionId}`));
  for (const e of d.evaluators.filter((x) => !x.admitted)) data(await admin.post(`/api/eval-session/${sessionId}/evaluator/${e.id}/admit`));
}

async function createSession(body: Record<string, unknown> = {}): Promise<SessionDetail> {
  return data(
    await admin.post('/api/eval-sessions', {
      name: 'Fall tryout',
      startDate: firstDay,
      endDate: lastDay,
      criteria: twoCriteria(),
      ...body,
    }),
  );
}

describe('evaluation sessions: setup', () => {
  it('creates a session with its criteria and a default minimum of 3 evaluators', async () => {
    const d = await createSession();
    expect(d.session).toMatchObject({
      name: 'Fall tryout',
      state: 'draft',
      minEvaluators: 3,
      resultsUnlocked: false,
      guestCode: null,
      canManage: true,
    });
    expect(d.session.criteria.map((c) => c.weight).sort()).toEqual([30, 70]);
  });

  it('refuses weights that do not add up to 100, a criterion twice, a last day before the first, an unknown criterion', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await admin.post('/api/eval-sessions', {
        name: 'X',
        startDate: firstDay,
        endDate: lastDay,
        criteria: twoCriteria(),
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad({ criteria: [{ criterionId: facts.scale[0]!.id, weight: 50 }] }, 'The weights must add up to 100.');
    await bad(
      {
        criteria: [
          { criterionId: facts.scale[0]!.id, weight: 50 },
          { criterionId: facts.scale[0]!.id, weight: 50 },
        ],
      },
      'Each criterion can be chosen once.',
    );
    await bad({ endDate: dayOffset(-2) }, 'The last day cannot be before the first.');
    await bad({ criteria: [{ criterionId: 999999, weight: 100 }] }, 'This criterion does not exist. Choose criteria from the list.');
    await bad({ name: '' }, MSG.required);
  });

  it('adds a team, a walk-up, checks in with unique numbers, and refuses a duplicate number', async () => {
    const { session } = await createSession({ name: 'Bibs' });
    const team = facts.ownTeams[0]!;
    const added = data<{ added: number }>(await admin.post(`/api/eval-session/${session.id}/players`, { teamIds: [team.id] }));
    expect(added.added).toBe(facts.members.filter((m) => m.team_id === team.id).length);
    expect(data<{ added: number }>(await admin.post(`/api/eval-session/${session.id}/players`, { teamIds: [team.id] })).added).toBe(0);
    const walk = data<{ playerId: number }>(
      await admin.post(`/api/eval-session/${session.id}/walk-up`, {
        first_name: 'Walk',
        last_name: 'Up',
        email: 'walkup@example.org',
        bib: 99,
      }),
    );
    const [first, second] = facts.members.filter((m) => m.team_id === team.id);
    data(await admin.post(`/api/eval-session/${session.id}/player/${first!.id}/check-in`, { present: true, bib: 7 }));
    const dup = await admin.post(`/api/eval-session/${session.id}/player/${second!.id}/check-in`, { present: true, bib: 7 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ field: 'bib', message: `Number 7 is already given to ${first!.first_name} ${first!.last_name}.` });
    expect((await admin.post(`/api/eval-session/${session.id}/player/${second!.id}/check-in`, { present: true, bib: 0 })).statusCode).toBe(
      400,
    );
    expect((await admin.post(`/api/eval-session/${session.id}/player/999999/check-in`, { present: true, bib: 8 })).statusCode).toBe(404);
    const d = data<SessionDetail>(await admin.get(`/api/eval-session/${session.id}`));
    expect(d.players.find((p) => p.playerId === walk.playerId)).toMatchObject({ bib: 99, present: true, walkUp: true });
    expect(d.players.find((p) => p.playerId === first!.id)).toMatchObject({ bib: 7, present: true });
    // The same walk-up again is the same player, not a second record.
    const again = data<{ playerId: number }>(
      await admin.post(`/api/eval-session/${session.id}/walk-up`, { first_name: 'walk', last_name: 'up', email: 'walkup@example.org' }),
    );
    expect(again.playerId).toBe(walk.playerId);
  });

  it('assigns staff evaluators only from roles that may score in sessions', async () => {
    const { session } = await createSession({ name: 'Evaluators' });
    const playerUser = await t.db.selectFrom('users').select('id').where('email', '=', 'player@demo.club').executeTakeFirstOrThrow();
    const res = await admin.post(`/api/eval-session/${session.id}/evaluators`, { userId: playerUser.id });
    expect(res.statusCode).toBe(400);
    data(await admin.post(`/api/eval-session/${session.id}/evaluators`, { userId: facts.coachId }));
    expect((await admin.post(`/api/eval-session/${session.id}/evaluators`, { userId: facts.coachId })).statusCode).toBe(409);
    const options = data<{ id: number }[]>(await admin.get('/api/eval-sessions/evaluator-options'));
    expect(options.map((o) => o.id)).toContain(facts.coachId);
    expect(options.map((o) => o.id)).not.toContain(playerUser.id);
  });

  it('lets an evaluator see only the sessions they are assigned to', async () => {
    const { session: mine } = await createSession({ name: 'Assigned' });
    const { session: other } = await createSession({ name: 'Not assigned' });
    data(await admin.post(`/api/eval-session/${mine.id}/evaluators`, { userId: facts.coachId }));
    const list = data<{ id: number }[]>(await coach.get('/api/eval-sessions'));
    expect(list.map((s) => s.id)).toContain(mine.id);
    expect(list.map((s) => s.id)).not.toContain(other.id);
    expect((await coach.get(`/api/eval-session/${other.id}`)).statusCode).toBe(403);
    expect((await coach.get('/api/eval-session/999999')).statusCode).toBe(404);
    expect((await player.get('/api/eval-sessions')).statusCode).toBe(403);
    expect((await t.anon.get('/api/eval-sessions')).statusCode).toBe(401);
  });
});

describe('evaluation sessions: a tryout day', () => {
  let id: number;
  let players: number[];
  let token: string;
  let code: string;
  const scale = () => facts.scale[0]!.id;
  const yesNo = () => facts.yesNo[0]!.id;

  beforeAll(async () => {
    const d = await createSession({ name: 'Tryout day', minEvaluators: 3 });
    id = d.session.id;
    players = facts.members
      .filter((m) => m.team_id === facts.ownTeams[0]!.id)
      .map((m) => m.id)
      .slice(0, 4);
    data(await admin.post(`/api/eval-session/${id}/players`, { playerIds: players }));
    // A walk-up whose last name a spreadsheet would run as a formula (the CSV export must neutralise it).
    data(
      await admin.post(`/api/eval-session/${id}/walk-up`, {
        first_name: 'Formula',
        last_name: '=HYPERLINK("x")',
        email: 'formula@example.org',
      }),
    );
    data(await admin.post(`/api/eval-session/${id}/evaluators`, { userId: facts.coachId }));
    data(await admin.post(`/api/eval-session/${id}/evaluators`, { userId: adminUserId }));
  });

  it('cannot be scored or joined before it opens', async () => {
    const res = await coach.post(`/api/eval-session/${id}/scores`, { entries: [{ playerId: players[0], criterionId: scale(), score: 5 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.sessionNotOpen);
  });

  it('opens with a guest code that lets a guest join by name', async () => {
    const d = data<SessionDetail>(await admin.post(`/api/eval-session/${id}/open`));
    expect(d.session.state).toBe('open');
    code = d.session.guestCode!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    // Evaluators never see the code.
    expect(data<SessionDetail>(await coach.get(`/api/eval-session/${id}`)).session.guestCode).toBeNull();
    expect((await t.anon.post('/api/tryout/join', { code: 'ZZZZZZZZ', name: 'Sam' })).statusCode).toBe(404);
    expect((await t.anon.post('/api/tryout/join', { code: 'nope', name: 'Sam' })).statusCode).toBe(400);
    const joined = data<{ token: string; admitted: boolean }>(
      await t.anon.post('/api/tryout/join', { code: `${code.slice(0, 4)}-${code.slice(4).toLowerCase()}`, name: 'Sam Guest' }),
    );
    token = joined.token;
    expect(joined.admitted).toBe(false);
    await admitAll(id);
    const sheet = data<SessionSheet>(await guest(token).get('/api/tryout/sheet'));
    expect(sheet.players).toHaveLength(players.length + 1);
    // A guest sees a first name and an initial only.
    expect(sheet.players[0]!.name).toMatch(/^\S+ \S\.$/);
  });

  it("saves each evaluator's own scores, refusing what does not belong to the session", async () => {
    const sheetEntries = (s: number, yes: number, exceptLast = false) =>
      players.slice(0, exceptLast ? -1 : undefined).flatMap((p) => [
        { playerId: p, criterionId: scale(), score: s },
        { playerId: p, criterionId: yesNo(), score: yes },
      ]);
    expect(
      data<{ status: string }[]>(await coach.post(`/api/eval-session/${id}/scores`, { entries: sheetEntries(8, 1) })).every(
        (o) => o.status === 'saved',
      ),
    ).toBe(true);
    data(await admin.post(`/api/eval-session/${id}/scores`, { entries: sheetEntries(7, 1) }));
    // The guest scores the first player far lower: an outlier. The last player gets only two evaluators.
    const outcomes = data<{ status: string; reason?: string }[]>(
      await guest(token).post('/api/tryout/scores', {
        entries: [
          ...sheetEntries(8, 0, true).map((e) => (e.playerId === players[0] && e.criterionId === scale() ? { ...e, score: 2 } : e)),
          { playerId: facts.other[0]!.id, criterionId: scale(), score: 5 },
          { playerId: players[0], criterionId: facts.scale[1]!.id, score: 5 },
          { playerId: players[0], criterionId: yesNo(), score: 0.5 },
        ],
      }),
    );
    expect(outcomes.slice(-3).map((o) => o.reason)).toEqual([
      'This player is not in this session.',
      'This criterion is not scored in this session.',
      'Choose Yes or No.',
    ]);
    // A second tap replaces the first.
    data(await coach.post(`/api/eval-session/${id}/scores`, { entries: [{ playerId: players[1], criterionId: scale(), score: 9 }] }));
    expect((await coach.post(`/api/eval-session/${id}/scores`, { entries: [] })).statusCode).toBe(400);
  });

  it('is blind: an evaluator reads only their own scores, and nobody reads means before unlock', async () => {
    const mine = data<SessionSheet>(await coach.get(`/api/eval-session/${id}/sheet`));
    expect(mine.scores.find((s) => s.playerId === players[0] && s.criterionId === scale())!.score).toBe(8);
    expect(mine.scores.find((s) => s.playerId === players[1] && s.criterionId === scale())!.score).toBe(9);
    expect(mine.scores).toHaveLength(players.length * 2);
    const guestSheet = data<SessionSheet>(await guest(token).get('/api/tryout/sheet'));
    expect(guestSheet.scores.find((s) => s.playerId === players[0] && s.criterionId === scale())!.score).toBe(2);
    expect(guestSheet.scores).toHaveLength((players.length - 1) * 2);
    // Evaluators get no per-evaluator progress, and no results or progress routes at all.
    const detail = data<SessionDetail>(await coach.get(`/api/eval-session/${id}`));
    expect(detail.evaluators.every((e) => e.playersDone === 0)).toBe(true);
    for (const url of [
      `/api/eval-session/${id}/results`,
      `/api/eval-session/${id}/progress`,
      `/api/eval-session/${id}/results.csv`,
      `/api/eval-session/${id}/results/${players[0]}`,
    ]) {
      expect((await coach.get(url)).statusCode, url).toBe(403);
    }
    // The director sees progress but not the means.
    const progress = data<{ rows: { playerId: number; evaluatorsDone: number; complete: boolean }[]; complete: number }>(
      await admin.get(`/api/eval-session/${id}/progress`),
    );
    expect(progress.rows.find((r) => r.playerId === players[0])).toMatchObject({ evaluatorsDone: 3, complete: true });
    expect(progress.rows.find((r) => r.playerId === players.at(-1))).toMatchObject({ evaluatorsDone: 2, complete: false });
    expect(JSON.stringify(progress)).not.toMatch(/mean|percentage|cells|score/);
    const locked = await admin.get(`/api/eval-session/${id}/results`);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(MSG.resultsLocked);
    expect((await admin.get(`/api/eval-session/${id}/results.csv`)).statusCode).toBe(409);
  });

  it("closing ends the guest's access for good", async () => {
    data(await admin.post(`/api/eval-session/${id}/close`));
    const res = await guest(token).get('/api/tryout/sheet');
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(MSG.tryoutClosed);
    expect((await t.anon.post('/api/tryout/join', { code, name: 'Late' })).statusCode).toBe(404);
    // Reopening gives a new code; the old token still opens nothing.
    const reopened = data<SessionDetail>(await admin.post(`/api/eval-session/${id}/open`));
    expect(reopened.session.guestCode).not.toBe(code);
    expect((await guest(token).get('/api/tryout/sheet')).statusCode).toBe(401);
    data(await admin.post(`/api/eval-session/${id}/close`));
  });

  it('shows means, outliers and incomplete players once unlocked', async () => {
    data(await admin.post(`/api/eval-session/${id}/unlock`));
    const r = data<SessionResults>(await admin.get(`/api/eval-session/${id}/results`));
    const first = r.rows.find((x) => x.playerId === players[0])!;
    const scaleCell = first.cells.find((c) => c.criterionId === scale())!;
    expect(scaleCell.mean).toBeCloseTo((8 + 7 + 2) / 3, 2);
    const guestId = r.evaluators.find((e) => e.name === 'Sam Guest')!.id;
    expect(scaleCell.outliers).toEqual([guestId]);
    const last = r.rows.find((x) => x.playerId === players.at(-1))!;
    expect(last).toMatchObject({ complete: false, total: null, rank: null });
    expect(r.rows.filter((x) => x.rank !== null).map((x) => x.rank)).toEqual(
      [...r.rows.filter((x) => x.rank !== null).map((x) => x.rank)].sort((a, b) => a! - b!),
    );
    const drill = data<{ scores: { evaluatorName: string; outlier: boolean; criterionId: number }[] }>(
      await admin.get(`/api/eval-session/${id}/results/${players[0]}`),
    );
    expect(drill.scores.filter((s) => s.outlier).map((s) => [s.evaluatorName, s.criterionId])).toEqual(
      [
        ['Sam Guest', scale()],
        ['Sam Guest', yesNo()],
      ].sort((a, b) => Number(a[1]) - Number(b[1])),
    );
    const csv = await admin.get(`/api/eval-session/${id}/results.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('Rank,Number,FirstName,LastName,Total');
    // A name a spreadsheet would run as a formula is written as text.
    expect(csv.body).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(csv.body).not.toMatch(/,=HYPERLINK/);
  });

  it('publishes complete players into evaluations once, and the percentages follow', async () => {
    expect((await admin.post(`/api/eval-session/${id}/publish`)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('evaluations')
      .select(['player_id', 'criterion_id', 'score', 'notes', 'evaluator_name', 'is_current'])
      .where('evaluator_name', '=', 'Session: Tryout day')
      .execute();
    expect(rows).toHaveLength((players.length - 1) * 2);
    expect(rows.every((e) => e.is_current === 1)).toBe(true);
    expect(rows.some((e) => e.player_id === players.at(-1))).toBe(false);
    expect(rows[0]!.notes).toMatch(/^Mean of 3 evaluators/);
    const evals = data<{ evaluations: { criteria_id: number; score: number; evaluator_name: string }[] }>(
      await admin.get(`/api/player/${players[0]}/evaluation`),
    );
    expect(evals.evaluations.find((e) => e.criteria_id === scale())).toMatchObject({
      evaluator_name: 'Session: Tryout day',
      score: Math.round(((8 + 7 + 2) / 3) * 100) / 100,
    });
    const again = await admin.post(`/api/eval-session/${id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(
      (
        await admin.post(`/api/eval-session/${id}`, {
          name: 'Renamed',
          startDate: firstDay,
          endDate: lastDay,
          criteria: twoCriteria(),
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('evaluation sessions: states', () => {
  it('will not open without players, and changes criteria only as a draft', async () => {
    const { session } = await createSession({ name: 'Empty' });
    const res = await admin.post(`/api/eval-session/${session.id}/open`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Add players before opening the session.');
    data(await admin.post(`/api/eval-session/${session.id}/players`, { playerIds: [facts.own[0]!.id] }));
    data(await admin.post(`/api/eval-session/${session.id}/open`));
    const changed = await admin.post(`/api/eval-session/${session.id}`, {
      name: 'Empty',
      startDate: firstDay,
      endDate: lastDay,
      criteria: [{ criterionId: facts.scale[0]!.id, weight: 100 }],
    });
    expect(changed.statusCode).toBe(409);
    const renamed = await admin.post(`/api/eval-session/${session.id}`, {
      name: 'Renamed',
      startDate: firstDay,
      endDate: lastDay,
      criteria: twoCriteria(),
    });
    expect(data<SessionDetail>(renamed).session.name).toBe('Renamed');
    expect((await admin.post(`/api/eval-session/${session.id}/publish`)).statusCode).toBe(409);
    expect((await admin.post(`/api/eval-session/${session.id}/open`)).statusCode).toBe(409);
  });

  it('deletes a session with its scores', async () => {
    const { session } = await createSession({ name: 'Delete me' });
    data(await admin.post(`/api/eval-session/${session.id}/delete`));
    expect((await admin.get(`/api/eval-session/${session.id}`)).statusCode).toBe(404);
  });

  it('a guest token reaches no other route', async () => {
    const { session } = await createSession({ name: 'Scope' });
    data(await admin.post(`/api/eval-session/${session.id}/players`, { playerIds: [facts.own[0]!.id] }));
    const open = data<SessionDetail>(await admin.post(`/api/eval-session/${session.id}/open`));
    const { token } = data<{ token: string }>(await t.anon.post('/api/tryout/join', { code: open.session.guestCode, name: 'Scoped' }));
    await admitAll(session.id);
    for (const url of [
      '/api/eval-sessions',
      `/api/eval-session/${session.id}`,
      `/api/eval-session/${session.id}/sheet`,
      '/api/teams',
      '/api/auth/me',
      `/api/player/${facts.own[0]!.id}`,
    ]) {
      expect((await guest(token).get(url)).statusCode, url).toBe(401);
    }
    expect(
      (
        await guest(token).post(`/api/eval-session/${session.id}/scores`, {
          entries: [{ playerId: facts.own[0]!.id, criterionId: facts.scale[0]!.id, score: 5 }],
        })
      ).statusCode,
    ).toBe(401);
    expect((await guest('x'.repeat(43)).get('/api/tryout/sheet')).statusCode).toBe(401);
    expect((await t.anon.get('/api/tryout/sheet')).statusCode).toBe(401);
    expect((await guest(token).get(`/api/tryout/photo/${facts.other[0]!.id}`)).statusCode).toBe(404);
  });
});
