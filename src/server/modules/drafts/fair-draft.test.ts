import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, DraftEvent, WriteResult } from '../../../shared/schemas/draft.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { fairSession } from '../scores/session-analysis.fixtures.js';
import { newPlayers, targetSeason } from './drafts.fixtures.js';

/**
 * The draft board's fair figures (docs/product.md#draft-board, #fair-evaluations): a tryout where one of
 * four evaluators scores everyone 2 points low, its candidates' intervals and fair totals, the cut line
 * at a team's target with the players too close to call, and Suggest on raw or fair totals.
 */
let t: TestApp;
let admin: Client;
let coach: Client;
const f = {
  teams: [] as number[],
  seasonId: 0,
  players: [] as number[],
  flip: [] as number[],
  draft: 0,
  flipDraft: 0,
  fairFlip: [] as number[],
  fairDraft: 0,
};

const ok = <T>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const boardOf = async (id: number): Promise<Board> => ok(await admin.get(`/api/draft/${id}`));

async function draftOf(name: string, target: number, sessionId: number, extra: number[] = []): Promise<number> {
  const made = ok<{ id: number; version: number }>(
    await admin.post('/api/drafts', { name, season_id: f.seasonId, teams: [{ team_id: f.teams[0]!, target_size: target }] }),
  );
  const v = ok<WriteResult>(
    await admin.post(`/api/draft/${made.id}/candidates`, { expected_version: made.version, session_id: sessionId }),
  ).version;
  if (extra.length) ok(await admin.post(`/api/draft/${made.id}/candidates`, { expected_version: v, player_ids: extra }));
  return made.id;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach] = await Promise.all([t.login('admin'), t.login('coach')]);
  const season = await targetSeason(t.db, '2027/28', ['U14 Blue']);
  [f.seasonId, f.teams] = [season.seasonId, season.teamIds];
  f.players = await newPlayers(t.db, 8, 'Fair', 2014);
  const [manual] = await newPlayers(t.db, 1, 'Hand', 2014);
  const fair = await fairSession(t.db, 'Fair tryout', f.players);
  // Equal first two players; the low scorer saw the first and not the second, so raw totals favour the second.
  f.flip = await newPlayers(t.db, 4, 'Flip', 2014);
  const flip = await fairSession(t.db, 'Flip tryout', f.flip, { abilities: [9, 9, 5, 4], harshSees: (i) => i !== 1 });
  // The same tryout published on fair scores.
  f.fairFlip = await newPlayers(t.db, 4, 'FairFlip', 2014);
  const fairFlip = await fairSession(t.db, 'Fair flip tryout', f.fairFlip, {
    abilities: [9, 9, 5, 4],
    harshSees: (i) => i !== 1,
    publishBasis: 'fair',
  });
  await t.settled();
  f.draft = await draftOf('Fair draft', 4, fair.id, [manual!]);
  f.flipDraft = await draftOf('Flip draft', 1, flip.id);
  f.fairDraft = await draftOf('Fair flip draft', 1, fairFlip.id);
});
afterAll(() => t.close());

describe('GET /api/draft/:id: intervals, fair totals and cut lines', () => {
  it('401 anonymous, 403 without teams write, 400 a bad id', async () => {
    expect((await t.anon.get(`/api/draft/${f.draft}`)).statusCode).toBe(401);
    expect((await coach.get(`/api/draft/${f.draft}`)).statusCode).toBe(403);
    expect((await admin.get('/api/draft/x')).statusCode).toBe(400);
  });

  it('session candidates carry their 90 % interval and fair total; a candidate by hand has neither', async () => {
    const b = await boardOf(f.draft);
    for (const id of f.players) {
      const c = b.candidates.find((x) => x.player_id === id)!;
      expect(c.evaluators).toBe(4);
      expect(c.interval!.low).toBeLessThanOrEqual(c.total!);
      expect(c.interval!.high).toBeGreaterThanOrEqual(c.total!);
      // Every player had every evaluator: the severities cancel out, and the fair total is the raw one.
      expect(c.fair_total).toBeCloseTo(c.total!, 1);
      // With the low scorer's shift taken out, the fair interval is narrower.
      expect(c.fair_interval!.high - c.fair_interval!.low).toBeLessThan(c.interval!.high - c.interval!.low);
    }
    const hand = b.candidates.find((x) => x.source === 'manual')!;
    expect(hand).toMatchObject({ interval: null, fair_total: null, fair_interval: null });
  });

  it("draws the team's cut line at its target and marks the players whose intervals reach across it", async () => {
    const b = await boardOf(f.draft);
    const [raw] = b.cut_lines.raw;
    const [fair] = b.cut_lines.fair;
    const p = (i: number) => f.players[i]!;
    // Best first; the candidate by hand (no total) is in no ordering.
    expect(raw!.label).toBe('U14');
    expect(raw!.player_ids.slice(0, 3)).toEqual([p(0), p(1), p(2)]);
    expect(raw!.player_ids).toHaveLength(8);
    expect(raw!.lines).toEqual([{ team_id: f.teams[0], label: 'U14 Blue: 4 places', places: 4, too_close: expect.any(Array) }]);
    // The fourth and fifth are level by ability: too close to call on either basis; the best never is.
    expect(raw!.lines[0]!.too_close).toEqual(expect.arrayContaining([p(3), p(4)]));
    expect(raw!.lines[0]!.too_close).not.toContain(p(0));
    // Without the low scorer's noise only those two are left.
    expect([...fair!.lines[0]!.too_close].sort()).toEqual([p(3), p(4)].sort());
  });
});

describe('POST /api/draft/:id/suggest with basis', () => {
  it('401, 403, 400 for a basis that is neither raw nor fair', async () => {
    const v = (await boardOf(f.flipDraft)).version;
    expect((await t.anon.post(`/api/draft/${f.flipDraft}/suggest`, { expected_version: v, basis: 'fair' })).statusCode).toBe(401);
    expect((await coach.post(`/api/draft/${f.flipDraft}/suggest`, { expected_version: v, basis: 'fair' })).statusCode).toBe(403);
    expect((await admin.post(`/api/draft/${f.flipDraft}/suggest`, { expected_version: v, basis: 'median' })).statusCode).toBe(400);
    expect((await boardOf(f.flipDraft)).version).toBe(v);
  });

  it('orders by raw totals by default and by fair totals when asked; the history and the audit log say which', async () => {
    const placed = (b: Board) => b.candidates.filter((c) => c.team_id !== null).map((c) => c.player_id);
    let b = await boardOf(f.flipDraft);
    const second = b.candidates.find((c) => c.player_id === f.flip[1])!;
    const first = b.candidates.find((c) => c.player_id === f.flip[0])!;
    expect(second.total!).toBeGreaterThan(first.total!);
    expect(first.fair_total!).toBeGreaterThan(second.fair_total!);

    ok(await admin.post(`/api/draft/${f.flipDraft}/suggest`, { expected_version: b.version }));
    b = await boardOf(f.flipDraft);
    expect(placed(b)).toEqual([f.flip[1]]);
    ok(await admin.post(`/api/draft/${f.flipDraft}/suggest`, { expected_version: b.version, basis: 'fair' }));
    b = await boardOf(f.flipDraft);
    expect(placed(b)).toEqual([f.flip[0]]);

    const history = ok<DraftEvent[]>(await admin.get(`/api/draft/${f.flipDraft}/history`)).filter((e) => e.kind === 'suggest');
    expect(history.map((e) => e.text)).toEqual([
      expect.stringMatching(/^Suggest placed 1 unpinned player\(s\), 1 of them moved by /),
      expect.stringMatching(/^Suggest placed 1 unpinned player\(s\) by fair totals, 2 of them moved by /),
    ]);
    const events = await t.db
      .selectFrom('draft_events')
      .select('detail')
      .where('draft_id', '=', f.flipDraft)
      .where('kind', '=', 'suggest')
      .orderBy('id')
      .execute();
    expect(events.map((e) => (JSON.parse(e.detail) as { basis: string }).basis)).toEqual(['raw', 'fair']);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'draft')
      .where('entity_id', '=', f.flipDraft)
      .orderBy('id')
      .execute();
    expect(audit.filter((a) => a.summary.includes('Suggest')).map((a) => a.summary.replace(/^.* v\d+: /, ''))).toEqual([
      'Suggest placed 1 unpinned player(s), 1 of them moved (ordered by raw totals)',
      'Suggest placed 1 unpinned player(s) by fair totals, 2 of them moved (ordered by fair totals)',
    ]);
  });

  it('shows a session total on the basis the session was published on: raw means by default, fair scores when chosen', async () => {
    const raw = await boardOf(f.flipDraft);
    const rawFirst = raw.candidates.find((c) => c.player_id === f.flip[0])!;
    expect(rawFirst.total_basis).toBe('raw');
    expect(rawFirst.total).toBe(rawFirst.raw_total);
    expect(rawFirst.interval).toEqual(rawFirst.raw_interval);

    const b = await boardOf(f.fairDraft);
    const [first, second] = [0, 1].map((i) => b.candidates.find((c) => c.player_id === f.fairFlip[i])!);
    for (const c of [first!, second!]) {
      expect(c.total_basis).toBe('fair');
      expect(c.total).toBe(c.fair_total);
      expect(c.interval).toEqual(c.fair_interval);
    }
    // The same scores as the raw-published tryout: raw totals as there, fair ones as the board's total.
    expect(first!.raw_total).toBe(rawFirst.total);
    expect(first!.total!).toBeGreaterThan(second!.total!);
    expect(second!.raw_total!).toBeGreaterThan(first!.raw_total!);
    // The cut lines still order raw on the raw totals and fair on the fair ones.
    const order = (basis: 'raw' | 'fair') => b.cut_lines[basis][0]!.player_ids.slice(0, 2);
    expect(order('raw')).toEqual([f.fairFlip[1], f.fairFlip[0]]);
    expect(order('fair')).toEqual([f.fairFlip[0], f.fairFlip[1]]);
    // A candidate by hand has no session basis.
    const hand = (await boardOf(f.draft)).candidates.find((x) => x.source === 'manual')!;
    expect(hand).toMatchObject({ total_basis: null, raw_total: null, raw_interval: null });
  });
});
