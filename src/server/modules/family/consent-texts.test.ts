import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_DEFAULT_TEXTS } from '../../../shared/schemas/guardian.js';
import type { ConsentTexts } from '../../../shared/schemas/consent-text.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { consentTextMessages } from './consent-texts.service.js';
import { familyLogin } from './family.fixtures.js';

const NEW_MEDIA = 'The club may show photos and videos of my child on its own pages and at club events, never to sponsors.';

describe("the club's consent wording: versioned, published by admins, confirmed again by families", () => {
  let t: TestApp, admin: Client, coach: Client, player: Client;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
  });
  afterAll(() => t.close());

  it("401 without a session (a guardian's too), 403 for non-admin roles, 400 on bad input", async () => {
    const family = await familyLogin(t, 'parent@demo.club');
    for (const c of [t.anon, family]) {
      expect((await c.get('/api/consent-texts')).statusCode).toBe(401);
      expect((await c.post('/api/consent-texts', { purpose: 'media', text: NEW_MEDIA })).statusCode).toBe(401);
    }
    for (const c of [coach, player]) {
      expect((await c.get('/api/consent-texts')).statusCode).toBe(403);
      expect((await c.post('/api/consent-texts', { purpose: 'media', text: NEW_MEDIA })).statusCode).toBe(403);
    }
    const bad = [
      { purpose: 'nope', text: NEW_MEDIA },
      { purpose: 'media', text: 'too short' },
      { purpose: 'media', text: 'x'.repeat(2001) },
      { purpose: 'media' },
    ];
    for (const body of bad) expect((await admin.post('/api/consent-texts', body)).statusCode).toBe(400);
    const same = await admin.post('/api/consent-texts', { purpose: 'media', text: ` ${CONSENT_DEFAULT_TEXTS.media} ` });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: consentTextMessages.unchanged, field: 'text' });
    expect(await t.db.selectFrom('consent_texts').select('id').execute()).toEqual([]);
  });

  it('reads the built-in version 1; publishing adds version 2 and keeps version 1 as it was; audited', async () => {
    const first = (await admin.get('/api/consent-texts')).json().data as ConsentTexts;
    expect(first.map((e) => [e.purpose, e.current.version, e.current.text, e.earlier.length])).toEqual([
      ['reports', 1, CONSENT_DEFAULT_TEXTS.reports, 0],
      ['media', 1, CONSENT_DEFAULT_TEXTS.media, 0],
      ['public_name', 1, CONSENT_DEFAULT_TEXTS.public_name, 0],
    ]);
    const res = await admin.post('/api/consent-texts', { purpose: 'media', text: `  ${NEW_MEDIA}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const media = (res.json().data as ConsentTexts).find((e) => e.purpose === 'media')!;
    expect(media.current).toMatchObject({ version: 2, text: NEW_MEDIA });
    expect(media.earlier).toEqual([{ version: 1, text: CONSENT_DEFAULT_TEXTS.media, publishedAt: null }]);
    // Every demo family consented under version 1: all of them are now under an earlier wording.
    expect(media.grantedUnderEarlier).toBeGreaterThan(0);
    const again = await admin.post('/api/consent-texts', { purpose: 'media', text: `${NEW_MEDIA} Version three.` });
    const three = (again.json().data as ConsentTexts).find((e) => e.purpose === 'media')!;
    expect([three.current.version, ...three.earlier.map((e) => e.version)]).toEqual([3, 2, 1]);
    expect(three.earlier[0]!.text).toBe(NEW_MEDIA);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_name', 'action', 'entity', 'summary'])
      .where('entity', '=', 'consent_text')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual(['published media wording v2', 'published media wording v3']);
    expect(audit.every((a) => a.action === 'create' && a.user_name !== 'system')).toBe(true);
  });

  it('the family portal shows the wording in force; a consent under an earlier one says so until confirmed again', async () => {
    const family = await familyLogin(t, 'parent@demo.club');
    const child = (await family.get('/api/family/me')).json().data.children[0].id as number;
    type State = {
      purpose: string;
      mine: boolean;
      effective: boolean;
      text: string;
      version: number;
      givenVersion: number | null;
      earlierWording: boolean;
    };
    const media = async () =>
      ((await family.get(`/api/family/player/${child}`)).json().data.consents as State[]).find((c) => c.purpose === 'media')!;
    expect(await media()).toMatchObject({ mine: true, effective: true, version: 3, givenVersion: 1, earlierWording: true });
    expect((await media()).text).toContain('Version three.');
    const confirmed = await family.post(`/api/family/player/${child}/consent`, { purpose: 'media', granted: true });
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json().data.consents as State[]).find((c) => c.purpose === 'media')).toMatchObject({
      givenVersion: 3,
      earlierWording: false,
      mine: true,
    });
    const row = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'consent')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.summary).toBe(`confirmed media (wording v3) for player ${child}`);
    // A withdrawal is no "earlier wording" matter, whatever version it was under.
    const withdrawn = await family.post(`/api/family/player/${child}/consent`, { purpose: 'reports', granted: false });
    expect((withdrawn.json().data.consents as State[]).find((c) => c.purpose === 'reports')).toMatchObject({
      mine: false,
      earlierWording: false,
    });
  });
});
