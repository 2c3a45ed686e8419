import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, DraftEvent, WriteResult } from '../../../shared/schemas/draft.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { newPlayers, targetSeason } from './drafts.fixtures.js';

/**
 * Age groups on the draft board (docs/product.md#draft-board): Suggest keeps each player to the teams
 * of their age group, a move by hand across groups needs an explicit override, and the override is in
 * the history and the audit log. The season 2026/27 reads ages in 2026.
 */
let t: TestApp;
let admin: Client;
const f = { u14: 0, u18: 0, draft: 0, born: {} as Record<'u14' | 'u17' | 'u18' | 'u19', number[]> };

const ok = <T>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const boardOf = async (): Promise<Board> => ok(await admin.get(`/api/draft/${f.draft}`));
const of = (b: Board, id: number) => b.candidates.find((c) => c.player_id === id)!;
const historyOf = async (id: number) =>
  ok<DraftEvent[]>(await admin.get(`/api/draft/${f.draft}/history`)).filter((e) => e.player_id === id);
const audited = async () =>
  (await t.db.selectFrom('audit_log').select('summary').where('entity', '=', 'draft').where('entity_id', '=', f.draft).execute()).map(
    (a) => a.summary,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const season = await targetSeason(t.db, '2026/27 ages', ['U14 Girls', 'U18 Boys']);
  [f.u14, f.u18] = season.teamIds as [number, number];
  f.born = {
    u14: await newPlayers(t.db, 3, 'Young', 2013),
    u17: await newPlayers(t.db, 2, 'Middle', 2010),
    u18: await newPlayers(t.db, 2, 'Older', 2009),
    u19: await newPlayers(t.db, 1, 'Oldest', 2008),
  };
  const made = ok<{ id: number; version: number }>(
    await admin.post('/api/drafts', {
      name: 'Ages',
      season_id: season.seasonId,
      teams: season.teamIds.map((team_id) => ({ team_id, target_size: null })),
    }),
  );
  f.draft = made.id;
  ok(await admin.post(`/api/draft/${f.draft}/candidates`, { expected_version: made.version, player_ids: Object.values(f.born).flat() }));
});
afterAll(() => t.close());

describe('draft board age groups', () => {
  it("reads each team's age group and the season's year", async () => {
    const b = await boardOf();
    expect(b.season_year).toBe(2026);
    expect(b.teams.map((x) => [x.name, x.age_group])).toEqual([
      ['U14 Girls', 14],
      ['U18 Boys', 18],
    ]);
  });

  it('Suggest places players only in teams of their age group; a U19 stays in the pool and the board says why', async () => {
    const { version } = await boardOf();
    ok(await admin.post(`/api/draft/${f.draft}/suggest`, { expected_version: version }));
    const b = await boardOf();
    expect(b.candidates.filter((c) => c.team_id === f.u14).map((c) => c.player_id)).toEqual(expect.arrayContaining(f.born.u14));
    expect(b.candidates.filter((c) => c.team_id === f.u14)).toHaveLength(3);
    expect(
      b.candidates
        .filter((c) => c.team_id === f.u18)
        .map((c) => c.player_id)
        .sort(),
    ).toEqual([...f.born.u17, ...f.born.u18].sort());
    const oldest = of(b, f.born.u19[0]!);
    expect(oldest).toMatchObject({ team_id: null, age_group: 'U19', age_note: 'Born 2008: U19, no team of this draft is for that age' });
    for (const c of b.candidates.filter((x) => x.team_id !== null)) expect(c.age_note).toBeNull();
    const events = ok<DraftEvent[]>(await admin.get(`/api/draft/${f.draft}/history`));
    expect(events.at(-1)!.text).toMatch(
      /^Suggest placed 7 unpinned player\(s\), 7 of them moved; 1 left in the pool with no team of their age group by/,
    );
  });

  it('a move by hand across age groups is 409 without the override, naming the ages, and changes nothing', async () => {
    const { version } = await boardOf();
    const p = f.born.u18[0]!;
    for (const [player, why] of [
      [p, 'Born 2009: U18, this team is U14'],
      [f.born.u19[0]!, 'Born 2008: U19, this team is U14'],
    ] as const) {
      const res = await admin.post(`/api/draft/${f.draft}/move`, { expected_version: version, player_id: player, team_id: f.u14 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ field: 'override' });
      expect(res.json().message).toContain(why);
      expect(res.json().message).toMatch(/override/);
    }
    // Playing up is across groups too.
    const up = await admin.post(`/api/draft/${f.draft}/move`, {
      expected_version: version,
      player_id: f.born.u14[0]!,
      team_id: f.u18,
      override: false,
    });
    expect(up.statusCode).toBe(409);
    expect(up.json().message).toContain('Born 2013: U14, this team is U18');
    const b = await boardOf();
    expect(b.version).toBe(version);
    expect(of(b, p).team_id).toBe(f.u18);
  });

  it('with the override the move is made, and the history, the audit log and the board show it', async () => {
    const { version } = await boardOf();
    const p = f.born.u18[0]!;
    const r = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/move`, { expected_version: version, player_id: p, team_id: f.u14, override: true }),
    );
    const b = await boardOf();
    expect(of(b, p)).toMatchObject({ team_id: f.u14, age_note: 'Born 2009: U18, this team is U14' });
    const [move] = (await historyOf(p)).filter((e) => e.version === r.version);
    expect(move!.text).toMatch(
      /^Older Player 0001 moved to U14 Girls across age groups \(override: Born 2009: U18, this team is U14\) by \w+ \w+$/,
    );
    const detail = await t.db
      .selectFrom('draft_events')
      .select('detail')
      .where('draft_id', '=', f.draft)
      .where('version', '=', r.version)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(detail.detail)).toMatchObject({ age_override: true, birth_year: 2009, team_age_group: 14 });
    expect((await audited()).at(-1)).toMatch(/Older Player 0001 moved from U18 Boys to U14 Girls across age groups \(override: Born 2009/);
  });

  it('moves within the age group and to the pool need no override; an override not needed records none', async () => {
    const p = f.born.u14[1]!;
    const version = ok<WriteResult>(
      await admin.post(`/api/draft/${f.draft}/move`, { expected_version: (await boardOf()).version, player_id: p, team_id: null }),
    ).version;
    ok(await admin.post(`/api/draft/${f.draft}/move`, { expected_version: version, player_id: p, team_id: f.u14, override: true }));
    expect((await historyOf(p)).at(-1)!.text).toMatch(/^Young Player 0002 moved to U14 Girls by/);
  });

  it('after Finalise a revision across age groups needs the override too, and records it with the reason', async () => {
    const { version } = await boardOf();
    const fin = ok<WriteResult>(await admin.post(`/api/draft/${f.draft}/finalise`, { expected_version: version }));
    const p = f.born.u17[0]!;
    const body = { expected_version: fin.version, reason: 'Short of players', changes: [{ player_id: p, team_id: f.u14 }] };
    const refused = await admin.post(`/api/draft/${f.draft}/revision`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Born 2010: U17, this team is U14');
    ok(await admin.post(`/api/draft/${f.draft}/revision`, { ...body, changes: [{ player_id: p, team_id: f.u14, override: true }] }));
    const last = (await historyOf(p)).at(-1)!;
    expect(last.text).toMatch(/revised: moved to U14 Girls across age groups \(override: Born 2010: U17, this team is U14\)/);
    expect(last.reason).toBe('Short of players');
  });
});
