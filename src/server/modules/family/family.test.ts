import { describe, expect, it } from 'vitest';
import { FAMILY_LINK_ANSWER } from '../../../shared/schemas/guardian.js';
import { appWithSmtp } from '../../mail/mail.fixtures.js';
import { NOT_SHOWN, WITHHELD } from '../../mail/mailer.js';
import { outboxPage } from '../../mail/mail.service.js';
import { clientFor, createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { ANONYMOUS_NAME } from '../leaderboard/leaderboard.service.js';
import { INVALID_FAMILY_LINK } from './family-auth.service.js';
import { familyLogin, familyOf, linkToken } from './family.fixtures.js';
import { childProgress } from './portal.service.js';
import type { HistoryRow } from '../leaderboard/analysis.repository.js';
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

describe("a child's progress on the family portal", () => {
  let t: TestApp, admin: Client;
  const ready = (async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  })();

  /** What the analysis pages and the scoring rules say of this player: the staff timeline and each current criterion's share. */
  async function expected(playerId: number) {
    const staff = (await admin.get(`/api/player/${playerId}/analysis/summary`)).json().data as {
      timeline: { date: string; score: number }[];
      totalScore: number;
    };
    const rows = await t.db
      .selectFrom('evaluations as e')
      .innerJoin('criteria as c', 'c.id', 'e.criterion_id')
      .select(['c.name', 'c.weight', 'e.score_percentage'])
      .where('e.player_id', '=', playerId)
      .where('e.is_current', '=', 1)
      .execute();
    const percent = new Map(rows.map((r) => [r.name, Math.round((Number(r.score_percentage) / Number(r.weight)) * 10000) / 100]));
    return { ...staff, percent };
  }

  it("opens with the child's total over time, strengths and things to work on: that child's numbers only", async () => {
    await ready;
    const parent = await familyLogin(t, 'parent@demo.club');
    const children = (await parent.get('/api/family/me')).json().data.children as { id: number; firstName: string }[];
    expect(children.length).toBe(2);
    for (const { id, firstName } of children) {
      const res = await parent.get(`/api/family/player/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      const child = res.json().data;
      expect(child.firstName).toBe(firstName);
      const want = await expected(id);
      const { timeline, strengths, workOn } = child.progress as {
        timeline: { date: string; score: number }[];
        strengths: { criterion: string; percent: number }[];
        workOn: { criterion: string; percent: number }[];
      };
      // The staff analysis's timeline exactly; it ends at the total the page shows.
      expect(timeline).toEqual(want.timeline);
      expect(timeline.length).toBeGreaterThan(1);
      expect(timeline.at(-1)!.score).toBe(child.totalScore);
      // The dates are this child's own evaluation dates.
      const dates = [...new Set(child.evaluations.map((e: { date: string }) => e.date))].sort();
      expect(timeline.map((p) => p.date)).toEqual(dates);
      // Three each, from this child's current evaluations, no criterion in both, every strength above every weakness.
      expect(strengths).toHaveLength(3);
      expect(workOn).toHaveLength(3);
      for (const c of [...strengths, ...workOn]) expect(c.percent, c.criterion).toBe(want.percent.get(c.criterion));
      expect(strengths.map((c) => c.percent)).toEqual([...strengths.map((c) => c.percent)].sort((a, b) => b - a));
      expect(workOn.map((c) => c.percent)).toEqual([...workOn.map((c) => c.percent)].sort((a, b) => a - b));
      expect(Math.min(...strengths.map((c) => c.percent))).toBeGreaterThanOrEqual(Math.max(...workOn.map((c) => c.percent)));
      expect(strengths.some((s) => workOn.some((w) => w.criterion === s.criterion))).toBe(false);
      const all = [...want.percent.values()];
      expect(strengths[0]!.percent).toBe(Math.max(...all));
      expect(workOn[0]!.percent).toBe(Math.min(...all));
    }
  });

  it('a new evaluation moves the chart: a point for its date, and the criterion leaves the things to work on', async () => {
    await ready;
    const parent = await familyLogin(t, 'parent@demo.club');
    const [first] = (await parent.get('/api/family/me')).json().data.children as { id: number }[];
    const before = (await parent.get(`/api/family/player/${first!.id}`)).json().data.progress;
    const weakest = await t.db
      .selectFrom('criteria as c')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select(['c.id', 'c.name', 'l.kind'])
      .where('c.name', '=', before.workOn[0].criterion)
      .executeTakeFirstOrThrow();
    // Dated today by the server's clock: after every demo evaluation.
    const res = await admin.post(`/api/player/${first!.id}/evaluation`, {
      criteria_id: weakest.id,
      score: weakest.kind === 'yes_no' ? 'Yes' : 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    const later = res.json().data.date as string;
    expect(later > before.timeline.at(-1).date).toBe(true);
    await t.settled();
    const after = (await parent.get(`/api/family/player/${first!.id}`)).json().data;
    expect(after.progress.timeline.at(-1).date).toBe(later);
    expect(after.progress.timeline.at(-1).score).toBe(after.totalScore);
    expect(after.progress.timeline).toHaveLength(before.timeline.length + 1);
    // Now at 100%: the top of the strengths (in the catalogue's order among other 100s), no longer to work on.
    expect(after.progress.strengths[0].percent).toBe(100);
    expect(after.progress.workOn.some((c: { criterion: string }) => c.criterion === weakest.name)).toBe(false);
  });

  it("another family's child is 404; a claimed child who does not share shows nothing, and the progress once they share", async () => {
    await ready;
    const { other } = await players(t);
    const parent = await familyLogin(t, 'parent@demo.club');
    const foreign = await parent.get(`/api/family/player/${other}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toMatch(/timeline|strengths|percent/);

    const { links } = await familyOf(admin, 'claimed.parent@example.org', [other]);
    const guardian = await familyLogin(t, 'claimed.parent@example.org');
    expect((await guardian.get(`/api/family/player/${other}`)).json().data.progress.timeline.length).toBeGreaterThan(0);
    const now = new Date(nowMs()).toISOString();
    await t.db
      .insertInto('player_handovers')
      .values({ player_id: other, notice_at: now, claim_mail_at: now, claimed_at: now, updated_at: now })
      .execute();
    const hidden = await guardian.get(`/api/family/player/${other}`);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.body).not.toMatch(/timeline|strengths|percent|score/);
    await t.db.updateTable('guardian_links').set({ shares_after_handover: 1 }).where('id', '=', links[0]!).execute();
    const shared = await guardian.get(`/api/family/player/${other}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data.progress.timeline).toEqual((await expected(other)).timeline);
    await t.close();
  });
});

describe('childProgress (strengths and things to work on)', () => {
  const catalogue = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ id, name: `C${id}`, level: 'L', weight: id === 8 ? 0 : 10 }));
  const row = (id: number, criterionId: number, date: string, scorePercentage: number): HistoryRow => ({
    id,
    playerId: 1,
    criterionId,
    date,
    createdAt: `${date}T10:00:00.000Z`,
    scorePercentage,
    isCurrent: false,
    evaluator: 'Coach',
  });
  const names = (list: { criterion: string }[]) => list.map((c) => c.criterion);

  it('nothing evaluated: no point, no strength, nothing to work on', () => {
    expect(childProgress([], catalogue)).toEqual({ timeline: [], strengths: [], workOn: [] });
  });

  it('few criteria share out, strengths first; the latest evaluation counts; a weightless criterion is left out', () => {
    const history = [row(1, 1, '2026-01-01', 2), row(2, 1, '2026-02-01', 9), row(3, 2, '2026-02-01', 5), row(4, 8, '2026-02-01', 0)];
    const p = childProgress(history, catalogue);
    expect(p.timeline).toEqual([
      { date: '2026-01-01', score: 2 },
      { date: '2026-02-01', score: 14 },
    ]);
    expect(p.strengths).toEqual([{ criterion: 'C1', level: 'L', percent: 90 }]);
    expect(p.workOn).toEqual([{ criterion: 'C2', level: 'L', percent: 50 }]);
    expect(names(childProgress([row(1, 3, '2026-01-01', 7)], catalogue).strengths)).toEqual(['C3']);
    expect(childProgress([row(1, 3, '2026-01-01', 7)], catalogue).workOn).toEqual([]);
  });

  it('at most three of each, ties in the catalogue order', () => {
    const scores = [6, 10, 3, 10, 3, 8, 10];
    const p = childProgress(
      scores.map((s, i) => row(i + 1, i + 1, '2026-03-01', s)),
      catalogue,
    );
    expect(names(p.strengths)).toEqual(['C2', 'C4', 'C7']);
    expect(names(p.workOn)).toEqual(['C3', 'C5', 'C1']);
  });
});
