import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluatorHistory } from '../../../shared/schemas/evaluator-history.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { decideHistory } from '../../policies/evaluator-history.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { newPlayers } from '../drafts/drafts.fixtures.js';

/** docs/product.md#evaluator-history: severity and agreement per staff evaluator over sessions. */
let t: TestApp;
let admin: Client;
let coach: Client;
let player: Client;
const ids = { admin: 0, coach: 0, other: 0, published: 0, unlocked: 0, locked: 0 };

const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/**
 * A session of 6 players and 2 criteria (1–10) scored by the admin, the coach (2 points low), another
 * staff user and a guest, all alike otherwise; the coach's scores excluded when asked.
 */
async function session(db: Kysely<DB>, name: string, state: 'published' | 'open', unlocked: boolean, excludeCoach = false) {
  const now = nowIso();
  const players = await newPlayers(db, 6, name.replace(/\W/g, ''), 2014);
  const criteria = await db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select('c.id')
    .where('l.kind', '=', 'scale_1_10')
    .orderBy('c.id')
    .limit(2)
    .execute();
  const { id } = await db
    .insertInto('eval_sessions')
    .values({
      name,
      start_date: name.includes('2025') ? '2025-05-01' : '2026-05-01',
      end_date: name.includes('2025') ? '2025-05-01' : '2026-05-01',
      min_evaluators: 2,
      state,
      results_unlocked: unlocked ? 1 : 0,
      published_at: state === 'published' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('eval_session_criteria')
    .values(criteria.map((c) => ({ session_id: id, criterion_id: c.id, weight: 50 })))
    .execute();
  await db
    .insertInto('eval_session_players')
    .values(players.map((p) => ({ session_id: id, player_id: p, bib: null, present: 1, walk_up: 0 })))
    .execute();
  const people = [
    { user_id: ids.admin, shift: 0 },
    { user_id: ids.coach, shift: -2 },
    { user_id: ids.other, shift: 0 },
    { user_id: null, shift: 0 },
  ];
  for (const p of people) {
    const ev = await db
      .insertInto('eval_session_evaluators')
      .values({
        session_id: id,
        user_id: p.user_id,
        guest_name: p.user_id === null ? 'Guest G' : null,
        guest_key: p.user_id === null ? 'guest g' : null,
        admitted: 1,
        excluded: excludeCoach && p.user_id === ids.coach ? 1 : 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('eval_session_scores')
      .values(
        players.flatMap((pl, i) =>
          criteria.map((c) => ({
            session_id: id,
            evaluator_id: ev.id,
            player_id: pl,
            criterion_id: c.id,
            score: 4 + i + p.shift,
            updated_at: now,
          })),
        ),
      )
      .execute();
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
  ids.admin = await userId('admin@demo.club');
  ids.coach = await userId('coach@demo.club');
  ids.other = await userId('superadmin@demo.club');
  ids.published = await session(t.db, 'History tryout 2025', 'published', true);
  ids.unlocked = await session(t.db, 'History tryout 2026', 'open', true, true);
  ids.locked = await session(t.db, 'History locked 2026', 'open', false);
  await t.settled();
});
afterAll(() => t.close());

const history = (c: Client, query = '') => c.get(`/api/evaluator-history${query}`);
const ok = (res: { statusCode: number; body: string; json(): { data: EvaluatorHistory } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const mine = (h: EvaluatorHistory, id: number) =>
  h.evaluators.find((e) => e.userId === id)?.sessions.filter((s) => s.session.startsWith('History'));

describe('GET /api/evaluator-history', () => {
  it('401 without a session; 403 for a player and for an evaluator asking for someone else', async () => {
    expect((await history(t.anon)).statusCode).toBe(401);
    expect((await history(player)).statusCode).toBe(403);
    expect((await history(coach, `?user=${ids.admin}`)).statusCode).toBe(403);
  });

  it('400 for a user that is not an id', async () => {
    expect((await history(admin, '?user=abc')).statusCode).toBe(400);
    expect((await history(admin, '?user=0')).statusCode).toBe(400);
  });

  it('a director sees every staff evaluator, never the guest; sessions with results locked are left out', async () => {
    const h = ok(await history(admin));
    expect(h.evaluators.some((e) => e.name.includes('Guest'))).toBe(false);
    const coachRows = mine(h, ids.coach)!;
    expect(coachRows.map((s) => s.session)).toEqual(['History tryout 2025', 'History tryout 2026']);
    // 2 points low on both 1–10 criteria of weight 50: 2/10 of 50 each, −20 points against the other three.
    const [published, unlocked] = coachRows;
    expect(published).toMatchObject({ counted: true, sharedPlayers: 6, agreement: 1 });
    expect(published!.versusOthers).toBeCloseTo(-20, 6);
    expect(published!.severity).toBeCloseTo(-20 * (3 / 4), 6);
    expect(unlocked).toMatchObject({ counted: false, severity: null, agreement: null });
    const adminRows = mine(h, ids.admin)!;
    expect(adminRows[0]!.severity).toBeGreaterThan(0);
    expect(adminRows[1]!.severity).toBeCloseTo(0, 6);
    expect(ok(await history(admin, `?user=${ids.coach}`)).evaluators.map((e) => e.userId)).toEqual([ids.coach]);
  });

  it('an evaluator sees only themself, asked for or not', async () => {
    const h = ok(await history(coach));
    expect(h.evaluators.map((e) => e.userId)).toEqual([ids.coach]);
    expect(ok(await history(coach, `?user=${ids.coach}`))).toEqual(h);
  });

  it('the rule as a table', () => {
    expect(decideHistory({ id: 1, runs: true }, 2)).toBe('all');
    expect(decideHistory({ id: 1, runs: false }, undefined)).toBe('self');
    expect(decideHistory({ id: 1, runs: false }, 1)).toBe('self');
    expect(decideHistory({ id: 1, runs: false }, 2)).toBe(403);
  });
});
