import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { permissionsAt } from '../../../shared/permissions.js';
import type { EvalSession, SessionDetail } from '../../../shared/schemas/eval-session.js';
import { insertUser } from '../../db/bootstrap.js';
import { nowIso } from '../../lib/time.js';
import { hashPassword } from '../auth/passwords.js';
import { demoFacts, type DemoFacts } from '../evaluations/evaluations.fixtures.js';
import { insertRole } from '../roles/roles.repository.js';
import { data } from './eval-sessions.fixtures.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

/**
 * Issue 25, point 2: a role that runs sessions (sessions 2) but reaches only its own teams (teams 1)
 * stays within them: players it adds, sessions it runs, evaluations it publishes, e-mails it reads.
 */
let t: TestApp;
let admin: Client;
let director: Client;
let noEvaluations: Client;
let facts: DemoFacts;
let ownTeam: number;
let own: number[];
let other: DemoFacts['other'];

async function signIn(
  title: string,
  permissions: ReturnType<typeof permissionsAt>,
  email: string,
): Promise<{ client: Client; userId: number }> {
  const roleId = await insertRole(t.db, { title, admin: false, permissions });
  const userId = await insertUser(t.db, {
    first_name: title,
    last_name: 'User',
    email,
    password_hash: await hashPassword('scope-test-password'),
    role_id: roleId,
  });
  return { client: await t.login({ email, password: 'scope-test-password' }), userId };
}

const criteria = () => [{ criterionId: facts.scale[0]!.id, weight: 100 }];
const newSession = async (by: Client, name: string) =>
  data<SessionDetail>(await by.post('/api/eval-sessions', { name, startDate: '2026-11-20', endDate: '2026-11-20', criteria: criteria() }))
    .session.id;
const evaluationCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('evaluations')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  facts = await demoFacts(t);
  const d = await signIn(
    'Director',
    permissionsAt(0, { sessions: 2, teams: 1, players: 2, evaluation: 2, criteria: 1 }),
    'director@example.org',
  );
  director = d.client;
  noEvaluations = (await signIn('Runs sessions, no evaluations', permissionsAt(2, { evaluation: 0 }), 'noeval@example.org')).client;
  // The director coaches one team, of two of the demo coach's players.
  const now = nowIso();
  const base = await t.db
    .selectFrom('teams')
    .select(['category_id', 'season_id'])
    .where('id', '=', facts.ownTeams[0]!.id)
    .executeTakeFirstOrThrow();
  ownTeam = (
    await t.db
      .insertInto('teams')
      .values({
        name: 'Director team',
        category_id: base.category_id,
        season_id: base.season_id,
        coach_user_id: d.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  own = [...new Set(facts.own.map((p) => p.id))].slice(0, 2);
  await t.db
    .insertInto('team_players')
    .values(own.map((player_id) => ({ team_id: ownTeam, player_id })))
    .execute();
  other = facts.other;
  await t.settled();
});
afterAll(() => t.close());

describe('a director of their own teams (sessions 2, teams 1)', () => {
  it("adds their own players, and no other team's, by player id as by team id", async () => {
    const id = await newSession(director, 'Own tryout');
    for (const body of [
      { playerIds: other.map((p) => p.id) },
      { playerIds: [own[0]!, other[0]!.id] },
      { teamIds: [facts.otherTeams[0]!.id] },
      { playerIds: [999999] },
    ]) {
      const res = await director.post(`/api/eval-session/${id}/players`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect(data<SessionDetail>(await director.get(`/api/eval-session/${id}`)).players).toEqual([]);
    expect(data<{ added: number }>(await director.post(`/api/eval-session/${id}/players`, { playerIds: own })).added).toBe(2);
    expect(data<{ added: number }>(await director.post(`/api/eval-session/${id}/players`, { teamIds: [ownTeam] })).added).toBe(0);
    // Those who reach every team still add anyone.
    expect(data<{ added: number }>(await admin.post(`/api/eval-session/${id}/players`, { playerIds: [other[0]!.id] })).added).toBe(1);
  });

  it("walks up a new player into one of their teams only, and never pulls in another team's player by name", async () => {
    const id = await newSession(director, 'Walk-ups');
    const stranger = other[0]!;
    // Another team's child by the same names and e-mail is neither pulled in nor revealed: a new record of their own team.
    const namesake = data<{ playerId: number }>(
      await director.post(`/api/eval-session/${id}/walk-up`, {
        first_name: stranger.first_name,
        last_name: stranger.last_name,
        email: stranger.email,
        teamId: ownTeam,
      }),
    ).playerId;
    expect(namesake).not.toBe(stranger.id);
    expect(
      (await t.db.selectFrom('team_players').select('team_id').where('player_id', '=', namesake).execute()).map((r) => r.team_id),
    ).toEqual([ownTeam]);
    data(await director.post(`/api/eval-session/${id}/player/${namesake}/delete`, {}));
    const noTeam = await director.post(`/api/eval-session/${id}/walk-up`, {
      first_name: 'New',
      last_name: 'Face',
      email: 'new.face@example.org',
    });
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json().field).toBe('teamId');
    expect(
      (
        await director.post(`/api/eval-session/${id}/walk-up`, {
          first_name: 'New',
          last_name: 'Face',
          email: 'new.face@example.org',
          teamId: facts.otherTeams[0]!.id,
        })
      ).statusCode,
    ).toBe(403);
    const { playerId } = data<{ playerId: number }>(
      await director.post(`/api/eval-session/${id}/walk-up`, {
        first_name: 'New',
        last_name: 'Face',
        email: 'new.face@example.org',
        teamId: ownTeam,
      }),
    );
    const teams = await t.db.selectFrom('team_players').select('team_id').where('player_id', '=', playerId).execute();
    expect(teams.map((r) => r.team_id)).toEqual([ownTeam]);
    expect(data<SessionDetail>(await director.get(`/api/eval-session/${id}`)).players.map((p) => p.playerId)).toEqual([playerId]);
  });

  it("neither lists nor runs a session holding another team's players", async () => {
    const id = await newSession(admin, 'Club-wide');
    data(await admin.post(`/api/eval-session/${id}/players`, { playerIds: [own[0]!, other[0]!.id] }));
    const mine = await newSession(director, 'Mine');
    data(await director.post(`/api/eval-session/${mine}/players`, { playerIds: [own[0]!] }));
    const list = data<EvalSession[]>(await director.get('/api/eval-sessions'));
    expect(list.map((s) => s.id)).toContain(mine);
    expect(list.map((s) => s.id)).not.toContain(id);
    expect(list.find((s) => s.id === mine)!.canManage).toBe(true);
    for (const url of ['', '/progress', '/results', '/results.csv', `/results/${other[0]!.id}`]) {
      expect((await director.get(`/api/eval-session/${id}${url}`)).statusCode, url).toBe(403);
    }
    for (const url of ['/open', '/unlock', '/delete', `/player/${other[0]!.id}/delete`]) {
      expect((await director.post(`/api/eval-session/${id}${url}`)).statusCode, url).toBe(403);
    }
    // Assigned as an evaluator, the director scores it like any evaluator, without running it.
    const directorUser = await t.db.selectFrom('users').select('id').where('email', '=', 'director@example.org').executeTakeFirstOrThrow();
    data(await admin.post(`/api/eval-session/${id}/evaluators`, { userId: directorUser.id }));
    const seen = data<SessionDetail>(await director.get(`/api/eval-session/${id}`));
    expect(seen.session).toMatchObject({ canManage: false, guestCode: null });
    expect((await director.get(`/api/eval-session/${id}/progress`)).statusCode).toBe(403);
  });

  it('publishes only evaluations the publisher could write directly', async () => {
    const score = async (by: Client, id: number, playerIds: number[]) => {
      const me = data<{ id: number }>(await by.get('/api/auth/me'));
      data(await by.post(`/api/eval-session/${id}/evaluators`, { userId: me.id }));
      data(await by.post(`/api/eval-session/${id}/open`));
      data(
        await by.post(`/api/eval-session/${id}/scores`, {
          entries: playerIds.map((playerId) => ({ playerId, criterionId: facts.scale[0]!.id, score: 6 })),
        }),
      );
      data(await by.post(`/api/eval-session/${id}/close`));
    };
    // A role running sessions without evaluation write publishes nothing.
    const id = await newSession(noEvaluations, 'No evaluation write');
    data(
      await noEvaluations.post(`/api/eval-session/${id}`, {
        name: 'No evaluation write',
        startDate: '2026-11-20',
        endDate: '2026-11-20',
        minEvaluators: 1,
        criteria: criteria(),
      }),
    );
    data(await noEvaluations.post(`/api/eval-session/${id}/players`, { playerIds: [other[0]!.id] }));
    await score(noEvaluations, id, [other[0]!.id]);
    const before = await evaluationCount();
    const refused = await noEvaluations.post(`/api/eval-session/${id}/publish`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.publishNotYours);
    expect(await evaluationCount()).toBe(before);
    // The director's own session, of their own players, publishes.
    const mine = await newSession(director, 'Director publishes');
    data(
      await director.post(`/api/eval-session/${mine}`, {
        name: 'Director publishes',
        startDate: '2026-11-20',
        endDate: '2026-11-20',
        minEvaluators: 1,
        criteria: criteria(),
      }),
    );
    data(await director.post(`/api/eval-session/${mine}/players`, { playerIds: own }));
    await score(director, mine, own);
    data(await director.post(`/api/eval-session/${mine}/publish`));
    expect(await evaluationCount()).toBe(before + own.length);
  });

  it('reads staff e-mails in the evaluator picker only with user management', async () => {
    const options = data<{ id: number; email: string | null }[]>(await director.get('/api/eval-sessions/evaluator-options'));
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => o.email === null)).toBe(true);
    expect(
      data<{ email: string | null }[]>(await admin.get('/api/eval-sessions/evaluator-options')).every((o) => typeof o.email === 'string'),
    ).toBe(true);
  });
});
