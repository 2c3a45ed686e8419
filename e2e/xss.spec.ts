import type { APIRequestContext, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../src/server/mail/smtp-capture';
import { DEMO, expect, loginAs, test } from './fixtures';

/**
 * Issue requirement: XSS payloads saved into every text field render as inert text on every page that
 * shows them. Everything is created through the real API with a payload in each free-text field, then
 * every page showing those texts must (1) show the payload as literal text, (2) contain no element the
 * payload would have injected ([data-xss]), (3) never run the payload's script (window.__xss) and
 * (4) open no alert. Everything created here is deleted again in afterAll (other specs expect the demo
 * data unchanged).
 */

test.describe.configure({ timeout: 120_000 });

const PAYLOAD = `<img data-xss src=x onerror=alert(__xss=1)><script data-xss>alert(__xss=1)</script>"'&`;
const MARKERS = {
  club: 'XSS-CLUB',
  season: 'XSS-SEASON',
  level: 'XSS-LEVEL',
  achievement: 'XSS-ACH',
  criterion: 'XSS-CRIT',
  description: 'XSS-CDESC',
  role: 'XSS-ROLE',
  userFirst: 'XSS-UF',
  userLast: 'XSS-UL',
  team: 'XSS-TEAM',
  playerFirst: 'XSS-PF',
  playerLast: 'XSS-PL',
  note: 'XSS-NOTE',
  awardDetail: 'XSS-AWARD',
  evalNotes: 'XSS-EVNOTE',
  oldEvalNotes: 'XSS-OLDNOTE',
  evaluator: 'XSS-EVALUATOR',
  resource: 'XSS-RES',
  resourceCategory: 'XSS-RCAT',
  ogTitle: 'XSS-OGTITLE',
  ogDescription: 'XSS-OGDESC',
} as const;
type Field = keyof typeof MARKERS;
/** The value saved into a field: a visible marker, then the payload. */
const v = (f: Field) => `${MARKERS[f]} ${PAYLOAD}`;
/** What a page must show as literal text when the field is rendered inert. */
const seen = (f: Field) => `${MARKERS[f]} <img data-xss src=x`;

/** Tags hold at most 50 characters. */
const TAG = 'XSS-TAG <img data-xss src=x onerror=alert(1)>';
const TAG_SEEN = 'XSS-TAG <img data-xss src=x';
/** Links must be http(s), but may carry quotes and angle brackets; non-YouTube/Vimeo links show as text. */
const VIDEO_URL = 'https://videos.xss.example.org/XSS-VIDEO?"><img data-xss src=x onerror=alert(__xss=1)>';
const VIDEO_SEEN = 'XSS-VIDEO?"><img data-xss src=x';
const DOC_URL = 'https://docs.xss.example.org/XSS-DOC?"><img data-xss src=x onerror=alert(__xss=1)>';

const COACH_EMAIL = 'xss.coach@example.org';
const COACH_PASSWORD = 'Inert-Text-Coach-71';
const PLAYER_EMAIL = 'xss.player@example.org';
const PLAYER_PASSWORD = 'Inert-Text-Player-72';
const PARENT_EMAIL = 'xss.parent@example.org';

interface Ids {
  club: number;
  season: number;
  level: number;
  achievement: number;
  criterion: number;
  role: number;
  user: number;
  team: number;
  player: number;
  resource: number;
}
const ids: Partial<Ids> = {};
const id = (k: keyof Ids): number => {
  const value = ids[k];
  if (value === undefined) throw new Error(`${k} was not created`);
  return value;
};

class Api {
  constructor(
    readonly ctx: APIRequestContext,
    readonly csrf: string,
  ) {}

  async post<T = { id: number }>(url: string, data: unknown = {}): Promise<T> {
    const res = await this.ctx.post(url, { data, headers: { 'x-csrf-token': this.csrf } });
    expect(res.status(), `POST ${url}: ${await res.text()}`).toBe(200);
    return (await res.json()).data as T;
  }

  async get<T>(url: string): Promise<T> {
    const res = await this.ctx.get(url);
    expect(res.status(), `GET ${url}: ${await res.text()}`).toBe(200);
    return (await res.json()).data as T;
  }
}

async function signIn(
  playwright: PlaywrightWorkerArgs['playwright'],
  info: TestInfo,
  creds: { email: string; password: string },
): Promise<Api> {
  const ctx = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const res = await ctx.post('/api/auth/login', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
  return new Api(ctx, (await res.json()).data.csrfToken as string);
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

let smtp: SmtpCapture;

test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(180_000);
  smtp = await startSmtpCapture(Number(process.env.E2E_SMTP_PORT));
  const admin = await signIn(playwright, info, DEMO.superadmin);
  try {
    ids.club = (await admin.post('/api/categories', { name: v('club') })).id;
    ids.season = (await admin.post('/api/seasons', { name: v('season') })).id;
    ids.level = (await admin.post('/api/levels', { name: v('level'), kind: 'scale_1_10' })).id;
    ids.achievement = (await admin.post('/api/achievements', { title: v('achievement') })).id;
    ids.criterion = (
      await admin.post('/api/criteria', {
        criteria: v('criterion'),
        level: ids.level,
        score: 1,
        description: v('description'),
        video_links: [VIDEO_URL],
      })
    ).id;
    // A coach role (teams exactly 1, not admin) so its user can coach the team.
    const permissions = { teams: 1, players: 2, evaluation: 2, criteria: 1, user_management: 0, reports: 2, resources: 1, emails: 0 };
    ids.role = (await admin.post('/api/roles', { title: v('role'), admin: false, permissions })).id;
    ids.user = (
      await admin.post('/api/users', { first_name: v('userFirst'), last_name: v('userLast'), email: COACH_EMAIL, role: ids.role })
    ).id;
    ids.team = (
      await admin.post('/api/teams', { name: v('team'), category: ids.club, coachRole: ids.role, coachUser: ids.user, season: ids.season })
    ).id;
    ids.player = (
      await admin.post('/api/players', {
        first_name: v('playerFirst'),
        last_name: v('playerLast'),
        email: PARENT_EMAIL,
        player_email: PLAYER_EMAIL,
        dob: 2012,
        team_id: [ids.team],
      })
    ).id;
    const roles = await admin.get<{ id: number; key: string | null }[]>('/api/roles');
    const playerRole = roles.find((r) => r.key === 'player')!.id;
    ids.resource = (
      await admin.post('/api/resources', {
        title: v('resource'),
        category: v('resourceCategory'),
        video_links: [VIDEO_URL],
        document_links: [DOC_URL],
        tags: [TAG],
        access: [playerRole, ids.role],
      })
    ).id;

    // The coach writes the notes, evaluations and achievements: their name is shown as author/evaluator.
    const temporary = /Temporary password: (\S+)/.exec(
      (await smtp.waitFor((m) => m.to.includes(COACH_EMAIL) && m.text.includes('Temporary password'))).text,
    )![1]!;
    const coach = await signIn(playwright, info, { email: COACH_EMAIL, password: temporary });
    try {
      await coach.post('/api/auth/password', { current_password: temporary, new_password: COACH_PASSWORD });
      const p = id('player');
      await coach.post(`/api/player/${p}/notes`, { details: v('note') });
      // The older evaluation (typed evaluator name) becomes history; the newer one names the coach.
      await coach.post(`/api/player/${p}/evaluation`, {
        criteria_id: ids.criterion,
        score: 7,
        date: daysAgo(10),
        evaluator_name: v('evaluator'),
        notes: v('oldEvalNotes'),
        video_links: [VIDEO_URL],
      });
      await coach.post(`/api/player/${p}/evaluation`, {
        criteria_id: ids.criterion,
        score: 9,
        notes: v('evalNotes'),
        video_links: [VIDEO_URL],
      });
      await coach.post(`/api/player/${p}/achievements`, { achievement_id: ids.achievement, detail: v('awardDetail') });
      const analysis = await coach.ctx.post(`/api/player/${p}/analysis`, {
        multipart: { video_links: JSON.stringify([VIDEO_URL]) },
        headers: { 'x-csrf-token': coach.csrf },
      });
      expect(analysis.status(), await analysis.text()).toBe(200);
    } finally {
      await coach.ctx.dispose();
    }

    // The player's own sign-in (created from player_email): a password through "Forgot password?".
    const anonymous = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    try {
      // The public boards name only players whose guardians consent (docs/product.md#families): the parent
      // signs in by link and grants it, so the name payloads reach the public boards too.
      expect((await anonymous.post('/api/family/sign-in-link', { data: { email: PARENT_EMAIL } })).status()).toBe(200);
      const link = await smtp.waitFor((m) => m.to.includes(PARENT_EMAIL) && m.subject === 'Your sign-in link');
      const familyToken = decodeURIComponent(/\/family\/sign-in\?token=(\S+)/.exec(link.text)![1]!);
      const family = await anonymous.post('/api/family/session', { data: { token: familyToken } });
      expect(family.status(), await family.text()).toBe(200);
      const consent = await anonymous.post(`/api/family/player/${ids.player}/consent`, {
        data: { purpose: 'public_name', granted: true },
        headers: { 'x-csrf-token': (await family.json()).data.csrfToken as string },
      });
      expect(consent.status(), await consent.text()).toBe(200);
      expect((await anonymous.post('/api/auth/forgot-password', { data: { email: PLAYER_EMAIL } })).status()).toBe(200);
      const mail = await smtp.waitFor((m) => m.to.includes(PLAYER_EMAIL) && m.subject === 'Reset your password');
      const token = decodeURIComponent(/\/reset-password\?token=(\S+)/.exec(mail.text)![1]!);
      const reset = await anonymous.post('/api/auth/reset-password', { data: { token, new_password: PLAYER_PASSWORD } });
      expect(reset.status(), await reset.text()).toBe(200);
    } finally {
      await anonymous.dispose();
    }
  } finally {
    await admin.ctx.dispose();
  }
});

test.afterAll(async ({ playwright }, info) => {
  test.setTimeout(120_000);
  await smtp?.close();
  const admin = await signIn(playwright, info, DEMO.superadmin);
  const failures: string[] = [];
  // Dependency order: the player takes its notes, evaluations, awards and sign-in account with it; the
  // criterion any remaining evaluations; the team must go before its coach, the coach before the role.
  const steps: [keyof Ids, string][] = [
    ['resource', '/api/resources/%/delete'],
    ['player', '/api/player/%/delete'],
    ['team', '/api/team/%/delete'],
    ['user', '/api/user/%/delete'],
    ['role', '/api/role/%/delete'],
    ['criterion', '/api/criterion/%/delete'],
    ['level', '/api/level/%/delete'],
    ['achievement', '/api/achievement/%/delete'],
    ['club', '/api/category/%/delete'],
    ['season', '/api/season/%/delete'],
  ];
  try {
    for (const [key, url] of steps) {
      const value = ids[key];
      if (value === undefined) continue;
      const res = await admin.ctx.post(url.replace('%', String(value)), { data: {}, headers: { 'x-csrf-token': admin.csrf } });
      if (res.status() === 200) delete ids[key];
      else failures.push(`${key} ${value}: ${res.status()} ${await res.text()}`);
    }
  } finally {
    await admin.ctx.dispose();
  }
  expect(failures).toEqual([]);
});

/** Alerts the page opened (an executed payload calls alert). */
let dialogs: string[] = [];

test.beforeEach(async ({ page }) => {
  dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // Document previews come from remote pages: answer with a payload instead of going on the network.
  await page.route('**/api/link-preview?**', (route) =>
    route.fulfill({ json: { data: { success: true, title: v('ogTitle'), description: v('ogDescription'), image: '' } } }),
  );
});

/**
 * One page check: every text is shown literally, the payload injected no element, ran no script and
 * opened no alert.
 */
async function expectInert(page: Page, ...texts: string[]): Promise<void> {
  for (const text of texts)
    await expect(page.getByText(text).filter({ visible: true }).first(), `"${text}" shown as text on ${page.url()}`).toBeVisible();
  await expect(page.locator('[data-xss]'), `injected element on ${page.url()}`).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `script ran on ${page.url()}`).toBeUndefined();
  expect(dialogs, `alert on ${page.url()}`).toEqual([]);
}

/** A leaderboard (staff or public): the player found by name, then the teams view. */
async function expectInertBoards(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Find a player' }).fill(MARKERS.playerFirst);
  await expect(page.getByTestId('board-row')).toHaveCount(1);
  await expectInert(page, seen('playerFirst'));
  await page.getByLabel('Filter by').selectOption('teams');
  await expectInert(page, seen('team'), seen('userFirst'));
}

async function pickOption(page: Page, textbox: string, option: string) {
  await page.getByRole('textbox', { name: textbox, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

const coachName = `${v('userFirst')} ${v('userLast')}`;

test('fields that do not take free text refuse markup', async ({ page }) => {
  await loginAs(page, 'superadmin');
  const csrf = (await (await page.request.get('/api/auth/me')).json()).data.csrfToken as string;
  const post = (url: string, data: unknown) => page.request.post(url, { data, headers: { 'x-csrf-token': csrf } });
  const roles = (await (await page.request.get('/api/roles')).json()).data as { id: number; key: string | null }[];
  const coachRole = roles.find((r) => r.key === 'coach')!.id;
  // E-mail addresses are checked as addresses; links must be http(s).
  expect(
    (await post('/api/users', { first_name: 'A', last_name: 'B', email: '"<img data-xss>"@example.org', role: coachRole })).status(),
  ).toBe(400);
  expect(
    (await post('/api/players', { first_name: 'A', last_name: 'B', email: 'a<img>@example.org', team_id: [id('team')] })).status(),
  ).toBe(400);
  expect(
    (await post('/api/criteria', { criteria: 'XSS-LINK', level: id('level'), score: 1, video_links: ['javascript:alert(1)'] })).status(),
  ).toBe(400);
  const settings = await post('/api/settings', { instructions_video: 'javascript:alert(1)' });
  expect(settings.status()).toBe(400);
});

test('staff pages: teams, coach teams, roster, players, profile, evaluations', async ({ page }) => {
  await loginAs(page, 'superadmin');

  await page.goto('/app/teams');
  await expectInert(page, seen('team'), seen('club'), seen('season'), seen('userFirst'));
  await pickOption(page, 'Filter by', MARKERS.club);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectInert(page, seen('team'));
  await page.getByRole('button', { name: `Team actions for ${MARKERS.team}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Team' }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(v('team'));
  await expect(edit.getByRole('textbox', { name: 'Club' })).toHaveValue(v('club'));
  await expect(edit.getByRole('textbox', { name: 'Coach role' })).toHaveValue(v('role'));
  await expect(edit.getByRole('textbox', { name: 'Coach user' })).toHaveValue(coachName);
  await expectInert(page);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Team actions for ${MARKERS.team}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Team' }).click();
  await expectInert(page, `Are you sure you want to delete ${seen('team')}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/app/coach/${id('user')}/teams`);
  await expectInert(page, `Teams coached by ${seen('userFirst')}`, seen('team'));

  await page.goto(`/app/team/${id('team')}/players`);
  await expectInert(page, seen('team'), seen('playerFirst'));

  await page.goto('/app/players');
  await page.getByRole('searchbox', { name: 'Search' }).fill(MARKERS.playerFirst);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectInert(page, seen('playerFirst'), seen('team'));

  await page.goto(`/app/player/${id('player')}`);
  await expectInert(
    page,
    seen('playerFirst'),
    seen('team'),
    seen('note'),
    seen('userFirst'),
    seen('achievement'),
    seen('awardDetail'),
    VIDEO_SEEN,
  );
  await page.getByRole('button', { name: `Actions for ${MARKERS.playerFirst}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expectInert(page, `Are you sure you want to delete ${seen('playerFirst')}`);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Cancel|OK/ })
    .click();
  await page.getByRole('button', { name: `Actions for ${MARKERS.playerFirst}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'First name' })).toHaveValue(v('playerFirst'));
  await expectInert(page);

  await page.goto(`/app/player/${id('player')}/evaluation`);
  await expectInert(page, seen('playerFirst'), seen('criterion'), seen('userFirst'));
  await page.getByRole('button', { name: /score 9\/10/ }).click();
  await expectInert(page, seen('evalNotes'), seen('level'), VIDEO_SEEN);
  await page.getByRole('button', { name: 'Show previous evaluations (1)' }).click();
  await page.getByRole('button', { name: /score 7\/10/ }).click();
  await expectInert(page, seen('oldEvalNotes'), seen('evaluator'));

  await page.goto(`/app/team/${id('team')}/evaluate`);
  await expectInert(page, seen('team'));
  await pickOption(page, 'Level', MARKERS.level);
  await page.getByRole('textbox', { name: 'Criteria', exact: true }).click();
  await expectInert(page, seen('criterion'));
  await page.getByRole('option', { name: MARKERS.criterion }).click();
  await expectInert(page, seen('playerFirst'));
});

test('staff pages: criteria, analysis, leaderboard', async ({ page }) => {
  await loginAs(page, 'superadmin');

  await page.goto('/app/criteria');
  await expectInert(page, seen('criterion'), seen('level'));
  await page.getByRole('button', { name: MARKERS.criterion }).click();
  await expectInert(page, seen('description'), VIDEO_SEEN);

  await page.goto('/app/analysis');
  await page.getByRole('button', { name: 'Team Analysis' }).click();
  await expectInert(page, seen('team'), seen('userFirst'));
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Player Analysis' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(MARKERS.playerFirst);
  await expectInert(page, seen('playerFirst'));

  await page.goto(`/app/player/${id('player')}/analysis`);
  await expectInert(page, seen('playerFirst'), seen('team'), seen('criterion'));

  await page.goto(`/app/team/${id('team')}/analysis`);
  await expectInert(page, seen('team'), seen('club'), seen('season'), seen('userFirst'), seen('playerFirst'));

  await expectInertBoards(page, '/app/leaderboard');
  await page.getByLabel('Sort by').selectOption('Criteria');
  await pickOption(page, 'Level', MARKERS.level);
  await page.getByRole('textbox', { name: 'Criteria', exact: true }).click();
  await expectInert(page, seen('criterion'));

  await page.goto(`/app/leaderboard?team=${id('team')}`);
  await expectInert(page, `Leaderboard for ${seen('team')}`, seen('playerFirst'));
});

test('admin pages: settings lists, audit log, mail outbox, users, roles, resources', async ({ page }) => {
  await loginAs(page, 'superadmin');

  await page.goto('/app/settings?tab=clubs');
  await expectInert(page, seen('club'));
  await page.goto('/app/settings?tab=seasons');
  await expectInert(page, seen('season'));
  await page.goto('/app/settings?tab=levels');
  await expectInert(page, seen('level'));
  await page.goto('/app/settings?tab=achievements');
  await expectInert(page, seen('achievement'));
  await page.goto('/app/settings?tab=audit');
  await expectInert(page, seen('userFirst'), seen('resource'));
  await page.goto('/app/settings?tab=outbox');
  await page.getByRole('textbox', { name: 'Recipient' }).fill(PLAYER_EMAIL);
  const welcome = page.getByRole('row').filter({ hasText: 'Your player account' }).first();
  await welcome.getByRole('button', { name: /Show the message/ }).click();
  await expectInert(page, `Hello ${seen('playerFirst')}`);

  await page.goto('/app/users');
  await pickOption(page, 'Filter by role', MARKERS.role);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectInert(page, seen('userFirst'), seen('userLast'), seen('role'));

  await page.goto('/app/roles');
  await expectInert(page, seen('role'), seen('userFirst'));
  await page.getByRole('button', { name: `Edit ${MARKERS.role}` }).hover();
  await expectInert(page, `Edit ${seen('role')}`);

  await page.goto('/app/resources');
  await expectInert(page, seen('resource'), seen('resourceCategory'), seen('role'));
  await page.getByRole('button', { name: MARKERS.resource }).click();
  await expectInert(page, TAG_SEEN, seen('ogTitle'), seen('ogDescription'), VIDEO_SEEN);
});

test('public leaderboards, no sign-in', async ({ page }) => {
  await expectInertBoards(page, '/leaderboard');

  await page.goto(`/leaderboard/team/${id('team')}`);
  await expectInert(page, `Leaderboard for ${seen('team')}`, seen('playerFirst'));
});

test('the coach’s own screens show their name and role as text', async ({ page }) => {
  await loginAs(page, { email: COACH_EMAIL, password: COACH_PASSWORD });
  await page.goto('/app/teams');
  await expectInert(page, seen('team'), seen('club'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expectInert(page, seen('userFirst'), seen('role'));
});

test('player area: dashboard, progress, leaderboard, resources, analysis', async ({ page }) => {
  await loginAs(page, { email: PLAYER_EMAIL, password: PLAYER_PASSWORD });
  const p = id('player');

  await page.goto(`/player/${p}/dashboard`);
  await expectInert(
    page,
    seen('playerFirst'),
    seen('team'),
    seen('criterion'),
    seen('achievement'),
    seen('awardDetail'),
    seen('note'),
    seen('userFirst'),
    VIDEO_SEEN,
  );
  await page.getByRole('button', { name: MARKERS.criterion }).click();
  await expectInert(page, seen('evalNotes'), seen('level'));
  await page.getByRole('button', { name: 'Criterion videos' }).click();
  await expectInert(page, VIDEO_SEEN);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Note details' }).click();
  await expectInert(page, seen('note'));

  await page.goto(`/player/${p}/progress`);
  await expectInert(page, seen('playerFirst'), seen('team'), seen('criterion'));

  await page.goto(`/player/${p}/leaderboard`);
  await expectInert(page, seen('playerFirst'), seen('team'));

  await page.goto(`/player/${p}/resources`);
  await expectInert(page, seen('resource'), seen('resourceCategory'));
  await page.getByRole('button', { name: `Docs: ${MARKERS.resource}` }).click();
  await expectInert(page, seen('ogTitle'), seen('ogDescription'));
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: `Media: ${MARKERS.resource}` }).click();
  await expectInert(page, `${seen('resource')}`, VIDEO_SEEN);

  await page.goto(`/player/${p}/analysis`);
  await expectInert(page, seen('playerFirst'), VIDEO_SEEN);
});
