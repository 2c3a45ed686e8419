import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, DraftEvent, WriteResult } from '../../../shared/schemas/draft.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { newPlayers, targetSeason } from './drafts.fixtures.js';

/** POST /api/draft/:id/decisions: one decision for the board's selection (docs/product.md#draft-board). */
let t: TestApp;
let admin: Client;
let coach: Client;
const f = { teams: [] as number[], players: [] as number[], draft: 0, other: 0, otherPlayer: 0 };

const ok = <T>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const boardOf = async (id = f.draft): Promise<Board> => ok(await admin.get(`/api/draft/${id}`));
const url = (id = f.draft) => `/api/draft/${id}/decisions`;
const draftRows = () =>
  t.db
    .selectFrom('draft_candidates')
    .select(['player_id', 'decision', 'waitlist_rank'])
    .where('draft_id', '=', f.draft)
    .orderBy('player_id')
    .execute();
const audited = async () =>
  (await t.db.selectFrom('audit_log').select('summary').where('entity', '=', 'draft').where('entity_id', '=', f.draft).execute()).map(
    (a) => a.summary,
  );

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach] = await Promise.all([t.login('admin'), t.login('coach')]);
  const season = await targetSeason(t.db, '2027/28 bulk', ['U14 Blue', 'U14 Red']);
  f.teams = season.teamIds;
  f.players = await newPlayers(t.db, 6, 'Bulk', 2014);
  const made = ok<{ id: number; version: number }>(
    await admin.post('/api/drafts', {
      name: 'Bulk',
      season_id: season.seasonId,
      teams: f.teams.map((team_id) => ({ team_id, target_size: 3 })),
    }),
  );
  f.draft = made.id;
  let v = ok<WriteResult>(
    await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: made.version, player_ids: f.players }),
  ).version;
  // Blue: players 0–1, Red: players 2–3, the pool: 4–5.
  for (const [i, team] of [f.teams[0], f.teams[0], f.teams[1], f.teams[1]].entries())
    v = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/move`, { expected_version: v, player_id: f.players[i]!, team_id: team }),
    ).version;
  // Another draft, with a player who is not a candidate of the first.
  f.otherPlayer = (await newPlayers(t.db, 1, 'Elsewhere', 2014))[0]!;
  const other = ok<{ id: number; version: number }>(
    await admin.post('/api/drafts', { name: 'Other', season_id: season.seasonId, teams: [{ team_id: f.teams[0]!, target_size: 3 }] }),
  );
  f.other = other.id;
  ok(await admin.post(`/api/draft/${f.other}/candidates`, { expected_version: other.version, player_ids: [f.otherPlayer] }));
});
afterAll(() => t.close());

describe('POST /api/draft/:id/decisions', () => {
  it('401, 403, 400 (empty, twice, unknown decision, another draft’s player), 404; nothing written', async () => {
    const { version: v } = await boardOf();
    const body = { expected_version: v, player_ids: [f.players[0]!], decision: 'selected' };
    const before = await draftRows();
    const events = (await admin.get(`/api/draft/${f.draft}/history`)).json().data.length as number;
    expect((await t.anon.post(url(), body)).statusCode).toBe(401);
    expect((await coach.post(url(), body)).statusCode).toBe(403);
    expect((await admin.post(url(), { ...body, player_ids: [] })).statusCode).toBe(400);
    expect((await admin.post(url(), { ...body, player_ids: [f.players[0]!, f.players[0]!] })).statusCode).toBe(400);
    expect((await admin.post(url(), { ...body, decision: 'maybe' })).statusCode).toBe(400);
    expect((await admin.post(url(), { ...body, expected_version: undefined })).statusCode).toBe(400);
    // A candidate of the other draft, named among this draft's: refused whole, naming the player.
    const foreign = await admin.post(url(), { ...body, player_ids: [f.players[0]!, f.otherPlayer] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: `Player ${f.otherPlayer} is not a candidate of this draft.`, field: 'player_ids' });
    // This draft's players sent to the other draft: refused there too.
    const other = await boardOf(f.other);
    const across = await admin.post(url(f.other), { ...body, expected_version: other.version, player_ids: [f.players[0]!] });
    expect(across.statusCode).toBe(400);
    expect((await admin.post(url(999999), body)).statusCode).toBe(404);
    expect(await draftRows()).toEqual(before);
    expect((await boardOf()).version).toBe(v);
    expect((await boardOf(f.other)).version).toBe(other.version);
    expect((await admin.get(`/api/draft/${f.draft}/history`)).json().data).toHaveLength(events);
  });

  it('sets every placed player Selected in one write: one version, one history entry and one audit row per change', async () => {
    const board = await boardOf();
    const placed = board.candidates.filter((c) => c.team_id !== null);
    expect(placed).toHaveLength(4);
    // One of them is Selected already: it is not changed again.
    let v = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/candidate/${placed[0]!.player_id}`, {
        expected_version: board.version,
        decision: 'selected',
      }),
    ).version;
    const auditBefore = (await audited()).length;
    const r = ok<WriteResult>(
      await admin.post(url(), { expected_version: v, player_ids: placed.map((c) => c.player_id), decision: 'selected' }),
    );
    expect(r).toEqual({ version: v + 1, changed: 3 });
    v = r.version;
    const after = await boardOf();
    expect(after.candidates.filter((c) => c.team_id !== null).map((c) => c.decision)).toEqual(Array(4).fill('selected'));
    expect(after.candidates.filter((c) => c.team_id === null).map((c) => c.decision)).toEqual(['undecided', 'undecided']);
    const history = ok<DraftEvent[]>(await admin.get(`/api/draft/${f.draft}/history`)).filter((e) => e.version === v);
    expect(history.map((e) => [e.kind, e.player_id]).sort()).toEqual(
      placed
        .slice(1)
        .map((c) => ['decision', c.player_id])
        .sort(),
    );
    for (const e of history) expect(e.text).toMatch(/^Bulk Player \d{4} marked Selected by \w+ \w+$/);
    const rows = (await audited()).slice(auditBefore);
    expect(rows).toHaveLength(3);
    for (const [i, c] of placed.slice(1).entries())
      expect(rows[i]).toMatch(new RegExp(`v${v}: ${c.name} marked Selected \\(with 4 selected\\)$`));
  });

  it('waitlists in the order sent, each team after its own waiting list', async () => {
    const board = await boardOf();
    const [b0, b1, r0] = [f.players[0]!, f.players[1]!, f.players[2]!];
    let v = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/candidate/${b1}`, { expected_version: board.version, decision: 'waitlisted' }),
    ).version;
    v = ok<WriteResult>(await admin.post(url(), { expected_version: v, player_ids: [r0, b0, b1], decision: 'waitlisted' })).version;
    const rank = new Map((await draftRows()).map((r) => [r.player_id, [r.decision, r.waitlist_rank]]));
    expect(rank.get(b1)).toEqual(['waitlisted', 1]);
    expect(rank.get(b0)).toEqual(['waitlisted', 2]);
    expect(rank.get(r0)).toEqual(['waitlisted', 1]);
    // Leaving the waiting list clears the rank.
    ok(await admin.post(url(), { expected_version: v, player_ids: [b0], decision: 'callback' }));
    expect((await draftRows()).find((r) => r.player_id === b0)).toMatchObject({ decision: 'callback', waitlist_rank: null });
  });

  it('a stale version is 409 naming what changed since, and changes nothing', async () => {
    const { version: v } = await boardOf();
    ok(await admin.post(`/api/draft/${f.draft}/move`, { expected_version: v, player_id: f.players[4]!, team_id: f.teams[1]! }));
    const before = await draftRows();
    const stale = await admin.post(url(), { expected_version: v, player_ids: [f.players[4]!, f.players[5]!], decision: 'released' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This draft changed since you loaded it: Bulk Player 0005 moved to U14 Red by \w+ \w+\./);
    expect(await draftRows()).toEqual(before);
  });

  it('after Finalise it is 409 (locked): the board sends a revision with its reason instead', async () => {
    const { version: v } = await boardOf();
    const fin = ok<WriteResult>(await admin.post(`/api/draft/${f.draft}/finalise`, { expected_version: v }));
    const res = await admin.post(url(), { expected_version: fin.version, player_ids: [f.players[5]!], decision: 'released' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/finalised and locked/);
    const rev = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/revision`, {
        expected_version: fin.version,
        reason: 'Squads closed',
        changes: [f.players[4]!, f.players[5]!].map((player_id) => ({ player_id, decision: 'released' })),
      }),
    );
    expect(rev.changed).toBe(2);
  });
});
