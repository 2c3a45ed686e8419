import { describe, expect, it } from 'vitest';
import { FAMILY_LINK_ANSWER } from '../../../shared/schemas/guardian.js';
import { appWithSmtp } from '../../mail/mail.fixtures.js';
import { NOT_SHOWN, WITHHELD } from '../../mail/mailer.js';
import { outboxPage } from '../../mail/mail.service.js';
import { clientFor, createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { ANONYMOUS_NAME } from '../leaderboard/leaderboard.service.js';
import { INVALID_FAMILY_LINK } from './family-auth.service.js';
import { familyLogin, familyOf, linkToken } from './family.fixtures.js';
import { nowMs } from '../../lib/time.js';

/** Two players of different teams and clubs, and one of a third team. */
async function players(t: TestApp) {
  const teams = await t.db.selectFrom('teams').select(['id', 'name']).execute();
  const first = async (name: string) =>
    (
      await t.db
        .selectFrom('team_players')
        .select('player_id')
        .where('team_id', '=', teams.find((x) => x.name === name)!.id)
        .orderBy('player_id', 'desc')
        .executeTakeFirstOrThrow()
    ).player_id;
  return { a: await first('U14 Boys'), b: await first('U14 Girls'), other: await first('U18 Boys') };
}

async function signIn(t: TestApp, token: string): Promise<Client> {
  const res = await t.anon.post('/api/family/session', { token });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === 'gsid')!;
  expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return clientFor(t.app, `gsid=${set.value}`, res.json().data.csrfToken);
}

describe('guardian sign-in by one-time link, over SMTP', () => {
  const env = appWithSmtp();

  it('invites by a link that works once, through the real SMTP path, masked in the outbox', async () => {
    const { t, smtp } = env;
    const admin = await t.login('admin');
    const { a, b } = await players(t);
    await familyOf(admin, 'smtp.parent@example.org', [a, b]);
    // One invitation per child added; each new link replaces the earlier unused one.
    await smtp.waitFor(
      (m) => m.to.includes('smtp.parent@example.org') && smtp.messages.filter((x) => x.to.includes('smtp.parent@example.org')).length === 2,
    );
    const mail = smtp.messages.filter((m) => m.to.includes('smtp.parent@example.org')).at(-1)!;
    expect(mail.subject).toBe('Your club invites you to follow your child');
    const token = linkToken(mail.text);
    const rows = await t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'smtp.parent@example.org').execute();
    expect(rows.every((r) => r.sensitive === 1 && r.text === WITHHELD)).toBe(true);

    const family = await signIn(t, token);
    const me = (await family.get('/api/family/me')).json().data;
    expect(me.children.map((c: { id: number }) => c.id).sort()).toEqual([a, b].sort());
    expect(me.children.every((c: { status: string }) => c.status === 'active')).toBe(true);
    const again = await t.anon.post('/api/family/session', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_FAMILY_LINK, field: 'token' });
  });

  it('"E-mail me a link": same answer for anyone; at most one link a minute; unknown addresses get nothing', async () => {
    const { t, smtp } = env;
    const before = smtp.messages.length;
    for (const email of ['smtp.parent@example.org', 'nobody@example.org', 'smtp.parent@example.org']) {
      const res = await t.anon.post('/api/family/sign-in-link', { email });
      expect(res.json()).toEqual({ data: null, message: FAMILY_LINK_ANSWER });
    }
    const mail = await smtp.waitFor((m) => m.to.includes('smtp.parent@example.org') && m.subject === 'Your sign-in link');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length - before).toBe(1);
    expect(mail.text).toMatch(/valid for 30 minutes/);
  });
});

describe('family API', () => {
  let t: TestApp, admin: Client, coach: Client;
  const ready = (async () => {
    t = await createTestApp({ config: { PUBLIC_BOARD_MAX_AGE_SECONDS: 1 } });
    [admin, coach] = await Promise.all([t.login('admin'), t.login('coach')]);
  })();

  it('401 without a guardian session (staff sessions included), 400 on bad input, CSRF on writes', async () => {
    await ready;
    for (const c of [t.anon, admin, coach]) {
      expect((await c.get('/api/family/me')).statusCode).toBe(401);
      expect((await c.get('/api/family/player/1')).statusCode).toBe(401);
    }
    expect((await t.anon.post('/api/family/session', { token: 'x' })).statusCode).toBe(400);
    expect((await t.anon.post('/api/family/session', { token: 'not-a-real-token-at-all' })).statusCode).toBe(400);
    expect((await t.anon.post('/api/family/sign-in-link', { email: 'nope' })).statusCode).toBe(400);
    const { a, b } = await players(t);
    await familyOf(admin, 'api.parent@example.org', [a, b]);
    // Without SMTP the invitation waits in the outbox, which shows that it exists, never the link.
    const outbox = (await outboxPage(t.db, { page: 1, to: 'api.parent@example.org' })).items;
    expect(outbox).toHaveLength(2);
    expect(outbox.every((m) => m.text === NOT_SHOWN)).toBe(true);
    const family = await familyLogin(t, 'api.parent@example.org');
    expect((await family.get('/api/family/player/abc')).statusCode).toBe(400);
    expect((await family.post(`/api/family/player/${a}/consent`, { purpose: 'nope', granted: true })).statusCode).toBe(400);
    const noCsrf = clientFor(t.app, family.cookie, '');
    expect((await noCsrf.post(`/api/family/player/${a}/consent`, { purpose: 'media', granted: false })).statusCode).toBe(403);
    // A guardian's session is no staff session, even for their own child.
    expect((await family.get(`/api/player/${a}`)).statusCode).toBe(401);
    expect((await family.get('/api/auth/me')).statusCode).toBe(401);
  });

  it("shows each child alone, with its own club; another family's child is 404 and writes nothing", async () => {
    await ready;
    const { a, b, other } = await players(t);
    const family = await familyLogin(t, 'api.parent@example.org');
    const me = (await family.get('/api/family/me')).json().data;
    const clubs = Object.fromEntries(me.children.map((c: { id: number; clubs: { name: string }[] }) => [c.id, c.clubs.map((x) => x.name)]));
    expect(clubs[a]).toEqual(['Northside Hawks']);
    expect(clubs[b]).toEqual(['Riverside Tigers']);
    const child = (await family.get(`/api/family/player/${a}`)).json().data;
    expect(child.id).toBe(a);
    expect(JSON.stringify(child)).not.toMatch(/Casey|Jordan|Private note|@/);
    expect(child.evaluations.every((e: { by: string }) => e.by === 'Coach' || e.by === 'Tryout panel')).toBe(true);
    const before = await t.db.selectFrom('guardian_consents').select('link_id').execute();
    expect((await family.get(`/api/family/player/${other}`)).statusCode).toBe(404);
    expect((await family.post(`/api/family/player/${other}/consent`, { purpose: 'public_name', granted: false })).statusCode).toBe(404);
    expect((await family.post(`/api/family/player/${other}/decline`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('guardian_consents').select('link_id').execute()).toEqual(before);
  });

  it('a withdrawn public-name consent shows the player anonymously on the public board; the stricter of two guardians wins', async () => {
    await ready;
    const { a } = await players(t);
    const family = await familyLogin(t, 'api.parent@example.org');
    const board = async () => {
      await t.settled();
      const rows = (await t.anon.get('/api/public/leaderboard?pageSize=100')).json().data.rows as { id: number; first_name: string }[];
      return rows;
    };
    const name = (await admin.get(`/api/player/${a}`)).json().data.first_name as string;
    const named = async () => (await board()).some((r) => r.id === a && r.first_name === name);
    // New players have no consent: anonymous until every guardian with parental responsibility grants.
    expect(await named()).toBe(false);
    const demoParent = (
      await t.db
        .selectFrom('guardian_links as l')
        .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
        .select('g.email')
        .where('l.player_id', '=', a)
        .where('l.is_primary', '=', 1)
        .executeTakeFirstOrThrow()
    ).email;
    const first = await familyLogin(t, demoParent);
    expect((await first.post(`/api/family/player/${a}/consent`, { purpose: 'public_name', granted: true })).statusCode).toBe(200);
    const granted = await family.post(`/api/family/player/${a}/consent`, { purpose: 'public_name', granted: true });
    expect(granted.json().data.consents.find((c: { purpose: string }) => c.purpose === 'public_name')).toMatchObject({
      mine: true,
      effective: true,
      version: 1,
    });
    await waitUntil(named, true, t);
    await family.post(`/api/family/player/${a}/consent`, { purpose: 'public_name', granted: false });
    await waitUntil(named, false, t);
    const rows = await board();
    expect(rows.some((r) => r.first_name === ANONYMOUS_NAME && r.id < 0)).toBe(true);
    expect(rows.some((r) => r.id === a)).toBe(false);
    // The anonymous child is not found by name either.
    const search = (await t.anon.get(`/api/public/leaderboard?q=${encodeURIComponent(name)}`)).json().data.rows as { id: number }[];
    expect(search.some((r) => r.id === a)).toBe(false);
    const audit = await t.db.selectFrom('audit_log').select(['user_name', 'summary']).where('action', '=', 'consent').execute();
    expect(audit.some((r) => r.user_name === 'Guardian api.parent@example.org' && r.summary.startsWith('withdrew public_name'))).toBe(true);
  });

  it('a revoked guardian gets 403 at once and their consent stops counting; "this isn\'t my child" declines', async () => {
    await ready;
    const { a, b } = await players(t);
    const family = await familyLogin(t, 'api.parent@example.org');
    const links = (await admin.get(`/api/player/${a}/guardians`)).json().data as { id: number; email: string }[];
    const mine = links.find((l) => l.email === 'api.parent@example.org')!;
    const revoke = await admin.post(`/api/player/${a}/guardian/${mine.id}/revoke`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await family.get(`/api/family/player/${a}`)).statusCode).toBe(403);
    expect((await family.post(`/api/family/player/${a}/consent`, { purpose: 'public_name', granted: true })).statusCode).toBe(403);
    // The other guardian's grant alone now counts: the revoked one's withdrawal no longer does.
    const other = (await admin.get(`/api/player/${a}`)).json().data.first_name as string;
    await waitUntil(
      async () =>
        (await t.anon.get('/api/public/leaderboard?pageSize=100'))
          .json()
          .data.rows.some((r: { id: number; first_name: string }) => r.id === a && r.first_name === other),
      true,
      t,
    );
    const declined = await family.post(`/api/family/player/${b}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.children).toEqual([]);
    expect((await family.get(`/api/family/player/${b}`)).statusCode).toBe(403);
    expect(
      (await admin.get(`/api/player/${b}/guardians`)).json().data.find((l: { email: string }) => l.email === 'api.parent@example.org')
        .status,
    ).toBe('declined');
  });

  it('signs out: the session ends', async () => {
    await ready;
    const family = await familyLogin(t, 'parent@demo.club');
    expect((await family.post('/api/family/logout')).statusCode).toBe(200);
    expect((await family.get('/api/family/me')).statusCode).toBe(401);
    await t.close();
  });
});

/** Polls an answer until it is what is wanted: the public board reads a score version at most PUBLIC_BOARD_MAX_AGE_SECONDS old. */
async function waitUntil(check: () => Promise<boolean>, want: boolean, t: TestApp): Promise<void> {
  const until = nowMs() + (t.app.config.PUBLIC_BOARD_MAX_AGE_SECONDS + 5) * 1000;
  while ((await check()) !== want) {
    if (nowMs() > until) throw new Error(`still ${!want} after the board's refresh interval`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
