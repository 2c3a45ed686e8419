import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, DraftEvent, WriteResult } from '../../../shared/schemas/draft.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { newPlayers, publishedSession, targetSeason } from './drafts.fixtures.js';

let t: TestApp;
let admin: Client;
let coach: Client;
const f = { seasonId: 0, teams: [] as number[], otherTeam: 0, players: [] as number[], session: 0, draft: 0, draftSession: 0 };

const ok = <T>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const boardOf = async (id = f.draft): Promise<Board> => ok(await admin.get(`/api/draft/${id}`));
const version = async (id = f.draft) => (await boardOf(id)).version;
const memberships = (teamIds: number[]) =>
  t.db
    .selectFrom('team_players')
    .select(['team_id', 'player_id'])
    .where('team_id', 'in', teamIds)
    .orderBy('team_id')
    .orderBy('player_id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach] = await Promise.all([t.login('admin'), t.login('coach')]);
  const season = await targetSeason(t.db, '2027/28', ['U14 Blue', 'U14 Red']);
  f.seasonId = season.seasonId;
  f.teams = season.teamIds;
  f.otherTeam = (await t.db.selectFrom('teams').select('id').where('season_id', '!=', season.seasonId).executeTakeFirstOrThrow()).id;
  f.players = await newPlayers(t.db, 10, 'Draft', 2014);
  f.session = await publishedSession(t.db, 'Spring tryout', f.players);
  await t.settled();
});
afterAll(() => t.close());

const createBody = () => ({
  name: 'U14 2027',
  season_id: f.seasonId,
  teams: [
    { team_id: f.teams[0]!, target_size: 4 },
    { team_id: f.teams[1]!, target_size: 4 },
  ],
});

describe('POST /api/drafts and GET /api/drafts', () => {
  it('needs a session (401) and teams write (403 for a coach)', async () => {
    expect((await t.anon.get('/api/drafts')).statusCode).toBe(401);
    expect((await coach.get('/api/drafts')).statusCode).toBe(403);
    expect((await t.anon.post('/api/drafts', createBody())).statusCode).toBe(401);
    expect((await coach.post('/api/drafts', createBody())).statusCode).toBe(403);
  });

  it('refuses no teams, a team of another season and a bad query (400)', async () => {
    expect((await admin.post('/api/drafts', { ...createBody(), teams: [] })).statusCode).toBe(400);
    const other = await admin.post('/api/drafts', { ...createBody(), teams: [{ team_id: f.otherTeam, target_size: 3 }] });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/is not a team of the season 2027\/28/);
    expect((await admin.get('/api/drafts?season_id=x')).statusCode).toBe(400);
  });

  it('creates a draft with its teams and targets, and lists it', async () => {
    const made = ok<{ id: number; version: number }>(await admin.post('/api/drafts', createBody()));
    expect(made.version).toBe(1);
    f.draft = made.id;
    const list = ok<{ id: number; teams: number; state: string }[]>(await admin.get(`/api/drafts?season_id=${f.seasonId}`));
    expect(list).toEqual([expect.objectContaining({ id: f.draft, teams: 2, candidates: 0, state: 'open' })]);
    const b = await boardOf();
    expect(b.teams.map((x) => [x.name, x.target_size, x.count])).toEqual([
      ['U14 Blue', 4, 0],
      ['U14 Red', 4, 0],
    ]);
  });
});

describe('GET /api/draft/:id and /history', () => {
  it('401, 403, 400, 404', async () => {
    expect((await t.anon.get(`/api/draft/${f.draft}`)).statusCode).toBe(401);
    expect((await coach.get(`/api/draft/${f.draft}`)).statusCode).toBe(403);
    expect((await admin.get('/api/draft/x')).statusCode).toBe(400);
    expect((await admin.get('/api/draft/999999')).statusCode).toBe(404);
    expect((await t.anon.get(`/api/draft/${f.draft}/history`)).statusCode).toBe(401);
    expect((await coach.get(`/api/draft/${f.draft}/history`)).statusCode).toBe(403);
    expect((await admin.get('/api/draft/x/history')).statusCode).toBe(400);
    expect((await admin.get('/api/draft/999999/history')).statusCode).toBe(404);
  });
});

describe('POST /api/draft/:id/candidates', () => {
  it('401, 403, 400 (two sources, unknown player), 404', async () => {
    const v = await version();
    const body = { expected_version: v, session_id: f.session };
    expect((await t.anon.post(`/api/draft/${f.draft}/candidates`, body)).statusCode).toBe(401);
    expect((await coach.post(`/api/draft/${f.draft}/candidates`, body)).statusCode).toBe(403);
    expect((await admin.post(`/api/draft/${f.draft}/candidates`, { ...body, team_id: f.otherTeam })).statusCode).toBe(400);
    expect((await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: v })).statusCode).toBe(400);
    expect((await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: v, player_ids: [999999] })).statusCode).toBe(400);
    expect((await admin.post('/api/draft/999999/candidates', body)).statusCode).toBe(404);
    expect((await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: v, session_id: 999999 })).statusCode).toBe(404);
  });

  it('adds a published session with its totals, evaluators, outlier flags and age groups; again adds nobody twice', async () => {
    const r = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: await version(), session_id: f.session }),
    );
    expect(r.changed).toBe(10);
    const again = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: r.version, session_id: f.session }),
    );
    expect(again.changed).toBe(0);
    const b = await boardOf();
    expect(b.candidates).toHaveLength(10);
    const first = b.candidates.find((c) => c.player_id === f.players[0])!;
    expect(first).toMatchObject({
      source: 'session',
      evaluators: 3,
      outlier: true,
      age_group: 'U14',
      decision: 'undecided',
      team_id: null,
    });
    expect(first.total).toBeGreaterThan(0);
    expect(b.candidates.filter((c) => c.outlier)).toHaveLength(1);
  });

  it('adds a team of another season and players by hand', async () => {
    const members = await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', f.otherTeam).execute();
    const r = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: await version(), team_id: f.otherTeam }),
    );
    expect(r.changed).toBe(members.length);
    const [extra] = await newPlayers(t.db, 1, 'Manual', 2013);
    const m = ok<WriteResult>(await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: r.version, player_ids: [extra] }));
    expect(m.changed).toBe(1);
    expect((await boardOf()).candidates.find((c) => c.player_id === extra)).toMatchObject({
      source: 'manual',
      age_group: 'U15',
      evaluators: null,
    });
  });

  it('a board read again after a change beside the draft (a player renamed) shows it: the kept board follows the score version', async () => {
    const before = await boardOf();
    const [first] = before.candidates;
    await t.db.updateTable('players').set({ first_name: 'Renamed' }).where('id', '=', first!.player_id).execute();
    await t.settled();
    const after = await boardOf();
    expect(after.version).toBe(before.version);
    expect(after.candidates.find((c) => c.player_id === first!.player_id)?.name).toMatch(/^Renamed /);
  });
});

describe('POST /api/draft/:id/team/:teamId/target', () => {
  it('401, 403, 400, 404 for a team not in the draft, and sets per-position targets', async () => {
    const url = `/api/draft/${f.draft}/team/${f.teams[0]}/target`;
    const body = { expected_version: await version(), target_size: 5, position_targets: { GK: 1 } };
    expect((await t.anon.post(url, body)).statusCode).toBe(401);
    expect((await coach.post(url, body)).statusCode).toBe(403);
    expect((await admin.post(url, { ...body, target_size: -1 })).statusCode).toBe(400);
    expect((await admin.post(`/api/draft/${f.draft}/team/${f.otherTeam}/target`, body)).statusCode).toBe(404);
    ok(await admin.post(url, body));
    const team = (await boardOf()).teams.find((x) => x.team_id === f.teams[0])!;
    expect(team).toMatchObject({ target_size: 5, position_targets: { GK: 1 } });
  });
});

describe('POST /api/draft/:id/move', () => {
  it('401, 403, 400 (body, team not in draft), 404 (not a candidate)', async () => {
    const v = await version();
    const body = { expected_version: v, player_id: f.players[0]!, team_id: f.teams[0]! };
    expect((await t.anon.post(`/api/draft/${f.draft}/move`, body)).statusCode).toBe(401);
    expect((await coach.post(`/api/draft/${f.draft}/move`, body)).statusCode).toBe(403);
    expect((await admin.post(`/api/draft/${f.draft}/move`, { ...body, expected_version: 'x' })).statusCode).toBe(400);
    expect((await admin.post(`/api/draft/${f.draft}/move`, { ...body, team_id: f.otherTeam })).statusCode).toBe(400);
    expect((await admin.post(`/api/draft/${f.draft}/move`, { ...body, player_id: 999999 })).statusCode).toBe(404);
    expect(await version()).toBe(v);
  });

  it('two parallel moves of one player on one version: one placement, the other 409', async () => {
    const v = await version();
    const p = f.players[1]!;
    const [a, b] = await Promise.all([
      admin.post(`/api/draft/${f.draft}/move`, { expected_version: v, player_id: p, team_id: f.teams[0]! }),
      admin.post(`/api/draft/${f.draft}/move`, { expected_version: v, player_id: p, team_id: f.teams[1]! }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await t.db.selectFrom('draft_candidates').selectAll().where('draft_id', '=', f.draft).where('player_id', '=', p).execute();
    expect(rows).toHaveLength(1);
    const winner = a.statusCode === 200 ? f.teams[0] : f.teams[1];
    expect(rows[0]!.team_id).toBe(winner);
    expect(await version()).toBe(v + 1);
  });

  it('a stale save is 409 naming who moved whom where, and changes nothing', async () => {
    const v = await version();
    ok(await admin.post(`/api/draft/${f.draft}/move`, { expected_version: v, player_id: f.players[2]!, team_id: f.teams[1]! }));
    const stale = await admin.post(`/api/draft/${f.draft}/move`, { expected_version: v, player_id: f.players[2]!, team_id: f.teams[0]! });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Draft Player 0003 moved to U14 Red by \w+ \w+/);
    expect((await boardOf()).candidates.find((c) => c.player_id === f.players[2])!.team_id).toBe(f.teams[1]);
  });
});

describe('POST /api/draft/:id/candidate/:playerId', () => {
  it('401, 403, 400 (nothing to change), 404 (not a candidate); pins and decides with history', async () => {
    const url = `/api/draft/${f.draft}/candidate/${f.players[2]}`;
    const v = await version();
    expect((await t.anon.post(url, { expected_version: v, pinned: true })).statusCode).toBe(401);
    expect((await coach.post(url, { expected_version: v, pinned: true })).statusCode).toBe(403);
    expect((await admin.post(url, { expected_version: v })).statusCode).toBe(400);
    expect((await admin.post(url, { expected_version: v, decision: 'maybe' })).statusCode).toBe(400);
    expect((await admin.post(`/api/draft/${f.draft}/candidate/999999`, { expected_version: v, pinned: true })).statusCode).toBe(404);
    const r = ok<WriteResult>(await admin.post(url, { expected_version: v, pinned: true, decision: 'selected' }));
    expect(r.changed).toBe(2);
    const c = (await boardOf()).candidates.find((x) => x.player_id === f.players[2])!;
    expect(c).toMatchObject({ pinned: true, decision: 'selected', team_id: f.teams[1] });
    // A pinned player is not moved by hand either.
    const moved = await admin.post(`/api/draft/${f.draft}/move`, { expected_version: r.version, player_id: f.players[2]!, team_id: null });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toMatch(/pinned/);
    const history = ok<DraftEvent[]>(await admin.get(`/api/draft/${f.draft}/history`));
    expect(history.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Draft Player 0003 pinned to U14 Red by/),
        expect.stringMatching(/^Draft Player 0003 marked Selected by/),
      ]),
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'draft')
      .where('entity_id', '=', f.draft)
      .execute();
    expect(audit.some((a) => /marked Selected/.test(a.summary))).toBe(true);
  });
});

describe('POST /api/draft/:id/suggest', () => {
  it('401, 403, 400', async () => {
    const v = await version();
    expect((await t.anon.post(`/api/draft/${f.draft}/suggest`, { expected_version: v })).statusCode).toBe(401);
    expect((await coach.post(`/api/draft/${f.draft}/suggest`, { expected_version: v })).statusCode).toBe(403);
    expect((await admin.post(`/api/draft/${f.draft}/suggest`, {})).statusCode).toBe(400);
  });

  it('fills the unpinned places up to the targets, never moves a pinned player', async () => {
    const before = await boardOf();
    // Pin a second player into the pool: Suggest must leave them there.
    let v = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/candidate/${f.players[3]}`, { expected_version: before.version, pinned: true }),
    ).version;
    v = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/candidate/${f.players[4]}`, { expected_version: v, decision: 'withdrawn' }),
    ).version;
    ok(await admin.post(`/api/draft/${f.draft}/suggest`, { expected_version: v }));
    const after = await boardOf();
    const of = (id: number) => after.candidates.find((c) => c.player_id === id)!;
    expect(of(f.players[2]!).team_id).toBe(f.teams[1]);
    expect(of(f.players[3]!).team_id).toBeNull();
    expect(of(f.players[4]!).team_id).toBeNull();
    const blue = after.teams.find((x) => x.team_id === f.teams[0])!;
    const red = after.teams.find((x) => x.team_id === f.teams[1])!;
    // Seven players of 2014 (U14 in 2027) fill seven of the eight free places; the other team's players
    // and the one born 2013 (U15) are of no team's age group and stay in the pool, saying why.
    expect([blue.count, red.count]).toEqual([4, 4]);
    expect(Math.abs(blue.strength - red.strength)).toBeLessThan(Math.max(blue.strength, red.strength) * 0.5);
    for (const c of after.candidates.filter((x) => x.team_id !== null)) expect(c.age_note, c.name).toBeNull();
    const left = after.candidates.filter((x) => x.team_id === null && !x.pinned && x.decision !== 'withdrawn');
    expect(left.length).toBeGreaterThan(0);
    for (const c of left) expect(c.age_note).toBe(`Born ${c.birth_year}: ${c.age_group}, no team of this draft is for that age`);
    expect(after.teams.map((x) => x.age_group)).toEqual([14, 14]);
    expect(after.season_year).toBe(2027);
  });
});

describe('POST /api/draft/:id/finalise and /revision', () => {
  it('401, 403, 400; a revision on an open draft is 409', async () => {
    const v = await version();
    expect((await t.anon.post(`/api/draft/${f.draft}/finalise`, { expected_version: v })).statusCode).toBe(401);
    expect((await coach.post(`/api/draft/${f.draft}/finalise`, { expected_version: v })).statusCode).toBe(403);
    expect((await admin.post(`/api/draft/${f.draft}/finalise`, { expected_version: 0 })).statusCode).toBe(400);
    const rev = { expected_version: v, reason: 'Late change', changes: [{ player_id: f.players[0]!, decision: 'selected' }] };
    expect((await t.anon.post(`/api/draft/${f.draft}/revision`, rev)).statusCode).toBe(401);
    expect((await coach.post(`/api/draft/${f.draft}/revision`, rev)).statusCode).toBe(403);
    expect((await admin.post(`/api/draft/${f.draft}/revision`, { ...rev, reason: ' ' })).statusCode).toBe(400);
    const early = await admin.post(`/api/draft/${f.draft}/revision`, rev);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not finalised/);
  });

  it('writes the placed and selected players into their teams, locks the draft, and a revision changes memberships', async () => {
    let v = await version();
    const board = await boardOf();
    const blue = board.candidates.filter((c) => c.team_id === f.teams[0]).map((c) => c.player_id);
    for (const p of blue.slice(0, 2))
      v = ok<WriteResult>(await admin.post(`/api/draft/${f.draft}/candidate/${p}`, { expected_version: v, decision: 'selected' })).version;
    const fin = ok<WriteResult>(await admin.post(`/api/draft/${f.draft}/finalise`, { expected_version: v }));
    expect(fin.changed).toBe(3);
    expect(await memberships(f.teams)).toEqual(
      [...blue.slice(0, 2).map((p) => ({ team_id: f.teams[0]!, player_id: p })), { team_id: f.teams[1]!, player_id: f.players[2]! }].sort(
        (a, b) => a.team_id - b.team_id || a.player_id - b.player_id,
      ),
    );
    expect((await boardOf()).state).toBe('finalised');
    for (const [url, body] of [
      [`/api/draft/${f.draft}/move`, { expected_version: fin.version, player_id: blue[0]!, team_id: null }],
      [`/api/draft/${f.draft}/suggest`, { expected_version: fin.version }],
      [`/api/draft/${f.draft}/candidate/${blue[0]}`, { expected_version: fin.version, decision: 'released' }],
      [`/api/draft/${f.draft}/finalise`, { expected_version: fin.version }],
    ] as const) {
      const res = await admin.post(url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toMatch(/finalised and locked/);
    }
    // Revision: the first Blue player goes to Red; the Red pinned player is released.
    const rev = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/revision`, {
        expected_version: fin.version,
        reason: 'Parents asked for the other training night',
        changes: [
          { player_id: blue[0]!, team_id: f.teams[1]! },
          { player_id: f.players[2]!, decision: 'released' },
        ],
      }),
    );
    expect(rev.changed).toBe(2);
    expect(await memberships(f.teams)).toEqual([
      { team_id: f.teams[0]!, player_id: blue[1]! },
      { team_id: f.teams[1]!, player_id: blue[0]! },
    ]);
    const history = ok<DraftEvent[]>(await admin.get(`/api/draft/${f.draft}/history`));
    expect(history.filter((e) => e.kind === 'revision').map((e) => e.reason)).toEqual([
      'Parents asked for the other training night',
      'Parents asked for the other training night',
    ]);
  });

  it('audits every decision change: one audit_log row each, on the board and in a revision, with the reason', async () => {
    const audited = async () =>
      (
        await t.db
          .selectFrom('audit_log')
          .select('summary')
          .where('entity', '=', 'draft')
          .where('entity_id', '=', f.draft)
          .orderBy('id')
          .execute()
      ).map((a) => a.summary);
    const before = (await audited()).length;
    const events = (await admin.get(`/api/draft/${f.draft}/history`)).json().data as DraftEvent[];
    const v = Math.max(...events.map((e) => e.version));
    const names = (await boardOf()).candidates.filter((c) => c.player_id === f.players[3] || c.player_id === f.players[4]);
    const [withdrawn, called] = [f.players[3], f.players[4]].map((id) => names.find((c) => c.player_id === id)!.name);
    await admin.post(`/api/draft/${f.draft}/revision`, {
      expected_version: v,
      reason: 'Moved away',
      changes: [
        { player_id: f.players[3]!, decision: 'withdrawn' },
        { player_id: f.players[4]!, decision: 'callback' },
      ],
    });
    const rows = (await audited()).slice(before);
    expect(rows).toEqual([
      expect.stringMatching(new RegExp(`v${v + 1}: ${withdrawn} revised: marked Withdrawn \\(reason: Moved away\\)$`)),
      expect.stringMatching(new RegExp(`v${v + 1}: ${called} revised: marked Callback \\(reason: Moved away\\)$`)),
    ]);
    // Every decision in the history has its audit row.
    const decisions = ((await admin.get(`/api/draft/${f.draft}/history`)).json().data as DraftEvent[]).filter(
      (e) => e.kind === 'decision' || e.kind === 'revision',
    );
    expect((await audited()).filter((a) => /marked|revised/.test(a)).length).toBeGreaterThanOrEqual(decisions.length);
  });
});
