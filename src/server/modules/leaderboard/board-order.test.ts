import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rank } from '../../../shared/scoring.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createBoards } from './leaderboard.service.js';
import { nowIso } from '../../lib/time.js';

/**
 * The unfiltered board read page by page in its order (migration 0029) against rank() over every
 * player, with totals that differ raw but round alike, players at 0 and players without a total.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOTALS = [0, 0.001, 0.004, 0.006, 49.995, 50, 50.004, 50.0049, 50.005, 80, 80.001, 125.5];

describe('unfiltered board in board order', () => {
  it('pages and ranks equal the ranking of every player at any page size', async () => {
    const players = await t.db.selectFrom('players').select(['id', 'first_name', 'last_name']).execute();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.constantFrom(...TOTALS), { nil: undefined }), { minLength: players.length, maxLength: players.length }),
        fc.integer({ min: 1, max: 9 }),
        async (totals, pageSize) => {
          await t.db.deleteFrom('player_scores').execute();
          const scored = players.flatMap((p, i) => (totals[i] === undefined ? [] : [{ player_id: p.id, total: totals[i]! }]));
          if (scored.length) await t.db.insertInto('player_scores').values(scored).execute();
          const key = (p: (typeof players)[number]) => [p.last_name.toLowerCase(), p.first_name.toLowerCase()] as const;
          const ordered = players
            .map((p, i) => ({ p, total: totals[i] ?? 0 }))
            .sort((a, b) => {
              const [x, y] = [key(a.p), key(b.p)];
              return (
                b.total - a.total || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0) || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) || a.p.id - b.p.id
              );
            });
          const expected = rank(
            ordered.map((r) => ({ id: r.p.id, total: r.total })),
            (r) => r.total,
          ).map((r) => ({ id: r.id, rank: r.rank }));

          const boards = createBoards(t.db); // fresh caches: the totals above bypass the score version
          const seen: { id: number; rank: number }[] = [];
          for (let page = 1; seen.length < players.length; page++) {
            const answer = await boards.playersPage({}, { page, pageSize }, null);
            expect(answer.total).toBe(players.length);
            expect(answer.rows.length).toBeGreaterThan(0);
            seen.push(...answer.rows.map((r) => ({ id: r.id, rank: r.rank })));
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('counts a player added or removed at once (the cached counts follow the score version)', async () => {
    const boards = createBoards(t.db);
    const before = (await boards.playersPage({}, { page: 1, pageSize: 5 }, null)).total;
    const now = nowIso();
    const { id } = await t.db
      .insertInto('players')
      .values({ first_name: 'Zed', last_name: 'Zulu', email: 'zed.zulu@example.test', video_links: '[]', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.settled();
    const added = await boards.playersPage({}, { page: 1, pageSize: 500 }, null);
    expect(added.total).toBe(before + 1);
    expect(added.rows.at(-1)?.id).toBe(id);
    await t.db.deleteFrom('players').where('id', '=', id).execute();
    await t.settled();
    expect((await boards.playersPage({}, { page: 1, pageSize: 5 }, null)).total).toBe(before);
  });
});
