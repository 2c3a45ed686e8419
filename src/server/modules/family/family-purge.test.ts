import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { familyLogin } from './family.fixtures.js';
import { familyPurgeJob } from './family-purge.js';
import { reportsConsented } from './consents.repository.js';
import { nowMs } from '../../lib/time.js';

const HOUR = 3600_000;

describe('hourly purge of guardian sessions and sign-in links (injected clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps live sessions and unused links; removes ended sessions, used links and expired ones as the clock moves', async () => {
    const family = await familyLogin(t, 'parent@demo.club'); // a session, and its used link
    const guardian = (await t.db.selectFrom('guardians').select('id').where('email', '=', 'parent@demo.club').executeTakeFirstOrThrow()).id;
    const now = nowMs();
    const iso = (ms: number) => new Date(ms).toISOString();
    await t.db
      .insertInto('guardian_tokens')
      .values([
        { guardian_id: guardian, token_hash: 'unused-live', expires_at: iso(now + 2 * HOUR), used_at: null, created_at: iso(now) },
        { guardian_id: guardian, token_hash: 'unused-expired', expires_at: iso(now - 1000), used_at: null, created_at: iso(now - HOUR) },
      ])
      .execute();
    const tokens = async () =>
      (await t.db.selectFrom('guardian_tokens').select('token_hash').orderBy('token_hash').execute()).map((r) => r.token_hash);
    const sessions = async () => (await t.db.selectFrom('guardian_sessions').select('id').execute()).length;
    expect(await sessions()).toBe(1);

    // Now: the used link and the expired one go; the live link and the live session stay.
    expect(await familyPurgeJob(t.app, () => now)()).toEqual({ sessions: 0, tokens: 2 });
    expect(await tokens()).toEqual(['unused-live']);
    expect((await family.get('/api/family/me')).statusCode).toBe(200);

    // Three hours on: the link has expired and the session has been idle past the limit.
    const later = now + 3 * HOUR + t.app.config.SESSION_IDLE_MINUTES * 60_000;
    expect(await familyPurgeJob(t.app, () => later)()).toEqual({ sessions: 1, tokens: 1 });
    expect(await tokens()).toEqual([]);
    expect(await sessions()).toBe(0);
    expect((await family.get('/api/family/me')).statusCode).toBe(401);
  });
});

describe("reportsConsented: the reports feature's check at send time", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers only players whose every responsible guardian consents; a withdrawal counts at once', async () => {
    const family = await familyLogin(t, 'parent@demo.club');
    const child = (await family.get('/api/family/me')).json().data.children[0].id as number;
    const noGuardian = (
      await t.db
        .selectFrom('players')
        .select('id')
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('guardian_links').select('id').whereRef('guardian_links.player_id', '=', 'players.id'))),
        )
        .executeTakeFirst()
    )?.id;
    const asked = noGuardian === undefined ? [child] : [child, noGuardian];
    expect([...(await reportsConsented(t.db, asked))]).toEqual([child]);
    await family.post(`/api/family/player/${child}/consent`, { purpose: 'reports', granted: false });
    expect([...(await reportsConsented(t.db, asked))]).toEqual([]);
    expect([...(await reportsConsented(t.db, []))]).toEqual([]);
  });
});
