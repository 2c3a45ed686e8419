import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newPlayers } from '../drafts/drafts.fixtures.js';
import { fairSession } from './session-analysis.fixtures.js';
import { publishedSessionAnalysis } from './session-analysis.js';

let t: TestApp;
let players: number[];
let session: { id: number; criteria: { id: number; name: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  players = await newPlayers(t.db, 8, 'Analysis', 2014);
  session = await fairSession(t.db, 'Analysis tryout', players);
  await t.settled();
});
afterAll(() => t.close());

describe('publishedSessionAnalysis', () => {
  it('counts the admitted, not excluded evaluators who saw each player, and names the criteria the panel agreed on', async () => {
    const a = (await publishedSessionAnalysis(t.db, session.id))!;
    expect(a.name).toBe('Analysis tryout');
    // Five guests scored everyone; the excluded one counts nowhere.
    expect([...a.players.values()].map((p) => p.seenBy)).toEqual(players.map(() => 4));
    expect(a.players.get(players[0]!)!.evaluatorsDone).toBe(4);
    expect(a.agreedOn).toEqual([session.criteria[0]!.name]);
    // The session lists its criteria in its own order (level, name).
    const [agreed, disputed] = session.criteria.map((c) => a.fair.criteria.find((f) => f.criterionId === c.id)!);
    expect([agreed!.verdict.level, disputed!.verdict.level]).toEqual(['good', 'poor']);
    // The low scorer is about 2 points below the other three.
    expect(agreed!.evaluators[3]!.versusOthers!).toBeCloseTo(-2, 0);
    // Raw totals are the session's own results (rounded), each inside its interval.
    for (const p of a.players.values()) {
      expect(p.total).not.toBeNull();
      expect(p.fair.raw.interval![0]).toBeLessThanOrEqual(p.fair.raw.total!);
      expect(p.fair.raw.interval![1]).toBeGreaterThanOrEqual(p.fair.raw.total!);
    }
  });

  it('is computed once per score version: the same answer until a change bumps the version', async () => {
    const first = await publishedSessionAnalysis(t.db, session.id);
    expect(await publishedSessionAnalysis(t.db, session.id)).toBe(first);
    // A new player anywhere bumps the score version (migration 0006): the next read computes again.
    await newPlayers(t.db, 1, 'Bump', 2014);
    await t.settled();
    const again = await publishedSessionAnalysis(t.db, session.id);
    expect(again).not.toBe(first);
    expect(again!.agreedOn).toEqual(first!.agreedOn);
  });

  it('answers null for a session not published and for an unknown one', async () => {
    const closed = await fairSession(t.db, 'Closed tryout', players.slice(0, 3), { state: 'closed' });
    await t.settled();
    expect(await publishedSessionAnalysis(t.db, closed.id)).toBeNull();
    expect(await publishedSessionAnalysis(t.db, 999_999)).toBeNull();
  });
});
