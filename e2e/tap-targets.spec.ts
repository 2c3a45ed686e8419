import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { dayOffset } from '../src/shared/clock';
import { openDatabase } from '../src/server/db/index';
import { DEMO_GUARDIAN } from '../src/server/cli/seed-demo';
import { approvedReport, reportCycle } from '../src/server/modules/reports/reports.fixtures';
import { apiGet as get, apiPost as post, offerLinkOf, reachablePlayers, useSmtpCapture } from './api';
import { expect, loginAs, settleAnimations, test } from './fixtures';
import { TAP, tapOffenders, tapSizes } from './tap-targets';

/**
 * Tap targets (docs/product.md#touch-screens): on a 375 px touch screen every control is at least 44 × 44 px, or
 * has 44 px of clear space around it. One look at every route of src/client/app/router.tsx, as each kind
 * of user who opens it (anonymous, family, player, coach, admin), on demo data made for the routes that
 * take an id; a few screens are looked at again in the state a thumb meets there (the navigation drawer
 * open, a family child opened). Offenders are listed with route, control and size; see e2e/tap-targets.ts.
 */
const smtp = useSmtpCapture();
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });

interface Stop {
  path: string;
  /** What shows that the page's content is there; by default its first level-1 heading. */
  ready?: (page: Page) => ReturnType<Page['locator']>;
  /** A second look after this, on the same page (a drawer opened, a card expanded). */
  then?: { name: string; act: (page: Page) => Promise<void>; within?: string };
  /** Controls the issue found too small (issue 39): each must be 44 × 44 px itself, spacing aside. */
  sized?: (page: Page) => Locator;
  /** A full-page screenshot for a person to look at (test-results/screens/taps-<shot>.png), after `then`. */
  shot?: string;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });

/** Visits each stop and returns one line per offender: route, control, size and what crowds it. */
async function audit(page: Page, stops: Stop[]): Promise<string[]> {
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'a touch screen').toBe(true);
  const found: string[] = [];
  const look = async (where: string, within?: string) => {
    await expect(page.locator('.mantine-Loader, .mantine-Skeleton, [aria-busy="true"]')).toHaveCount(0);
    await settleAnimations(page);
    // From the top of the page, so no content is measured where it scrolled under the fixed header.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const o of await tapOffenders(page, within)) found.push(`${where}: ${o.what} is ${o.size} px, crowded by ${o.crowdedBy}`);
  };
  for (const stop of stops) {
    await page.goto(stop.path);
    await expect((stop.ready ?? ((p: Page) => p.locator('h1').first()))(page), stop.path).toBeVisible();
    await look(stop.path);
    if (stop.then) {
      await stop.then.act(page);
      await look(`${stop.path} (${stop.then.name})`, stop.then.within);
    }
    if (stop.sized) {
      const sizes = await tapSizes(stop.sized(page));
      expect(sizes.length, `${stop.path}: the controls to size`).toBeGreaterThan(0);
      for (const s of sizes) if (s.width < TAP || s.height < TAP) found.push(`${stop.path}: "${s.what}" is ${s.width} × ${s.height} px`);
    }
    if (stop.shot) await shoot(page, stop.shot);
  }
  return found;
}

/** The account menu open: its items are what a thumb can reach. */
const accountMenu = {
  name: 'account menu open',
  within: '[role="menu"]',
  act: async (page: Page) => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem').first()).toBeVisible();
  },
};

/** A select's list open (courtside's criteria): its options are what a thumb can reach. */
const criteriaList = {
  name: 'criteria list open',
  within: '[role="listbox"]',
  act: async (page: Page) => {
    await choose(page, 'Level', 'Fundamentals');
    await page.getByRole('textbox', { name: 'Criteria' }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
  },
};

/**
 * The whole page as a touch screen shows it. A full-page screenshot would re-emulate the screen and
 * drop the coarse pointer, so the viewport is made as tall as the page instead.
 */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.min(height, 4000) });
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'a touch screen').toBe(true);
  await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/taps-${name}.png` });
  await page.setViewportSize(size);
}

const openDrawer = {
  name: 'navigation open',
  // The open drawer covers the page: its links are what a thumb can reach.
  within: '.mantine-AppShell-navbar',
  act: async (page: Page) => {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('navigation').getByRole('link').first()).toBeInViewport();
  },
};

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The import wizard's row review: a repeated row offers its choices (create, skip). Nothing is imported. */
const importPreview = {
  name: 'rows to review',
  act: async (page: Page) => {
    const csv = [
      'First name;Last name;Parent e-mail;Birth year',
      'Tia;Tapfield;tapfield@example.org;2013',
      'TIA;Tapfield;tapfield@example.org;2013',
    ];
    await choose(page, 'Team', /^U14 Boys/);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'taps.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n')) });
    await page.getByRole('button', { name: 'Read file' }).click();
    await page.getByRole('button', { name: 'Check rows' }).click();
    await expect(page.getByRole('radiogroup', { name: /^Row \d+: what to do/ }).first()).toBeVisible();
  },
};

/** Courtside: a criterion chosen, the score buttons of every player on the sheet. */
const courtsideSheet = {
  name: 'a criterion chosen',
  act: async (page: Page) => {
    await choose(page, 'Level', 'Fundamentals');
    await choose(page, 'Criteria', 'Passing');
    await expect(page.getByRole('group', { name: /^Score for / }).first()).toBeVisible();
  },
};

/** Demo data for every route with an id, made once (the specs share one database). */
interface Ids {
  team: number;
  player: number;
  coachUser: number;
  draft: number;
  finalDraft: number;
  offerLink: string;
  session: number;
  cycle: number;
  report: number;
  ownPlayer: number;
  ownTeam: number;
}
let ids: Ids;
const madeTeams: number[] = [];
let erasable: number | undefined;

/** The demo parent signs in by the e-mailed one-time link, as on their own phone. */
async function familySignIn(page: Page): Promise<void> {
  const before = smtp.mail.messages.length;
  expect((await page.request.post('/api/family/sign-in-link', { data: { email: DEMO_GUARDIAN } })).status()).toBe(200);
  const mail = await smtp.mail.waitFor((m) => m.to.includes(DEMO_GUARDIAN) && smtp.mail.messages.indexOf(m) >= before);
  const link = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'My players' })).toBeVisible();
}

/** Sends the team's approved reports of a new cycle (written straight into the database) and returns the cycle. */
async function sentReports(page: Page, teamId: number): Promise<number> {
  const database = openDatabase(process.env.E2E_DATABASE_URL ?? `sqlite:${join(process.env.E2E_DATA_DIR!, 'e2e.db')}`);
  let cycleId: number;
  try {
    cycleId = await reportCycle(database.db, [teamId], `Tap audit ${Date.now().toString(36)}`);
    const members = (await get(page, `/api/team/${teamId}/players?pageSize=100`)).data as { id: number }[];
    for (const m of members) await approvedReport(database.db, { cycleId, playerId: m.id, teamId });
  } finally {
    await database.close();
  }
  await post(page, `/api/team/${teamId}/report-delivery/${cycleId}`, { confirm: true });
  return cycleId;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await context.newPage();
  const stamp = String(Date.now() % 1_000_000);

  await loginAs(page, 'coach');
  const coachUser = (await get(page, '/api/auth/me')).id as number;
  await context.clearCookies();
  await loginAs(page, 'player');
  const ownPlayer = (await get(page, '/api/auth/me')).player as number;
  await context.clearCookies();
  await loginAs(page, 'admin');
  const me = (await get(page, '/api/auth/me')) as { id: number };
  const teams = (await get(page, '/api/teams')) as {
    id: number;
    name: string;
    categoryId: number;
    seasonId: number;
    coachUser: number;
    coachRole: number;
  }[];
  const boys = teams.find((t) => t.name === 'U14 Boys')!;
  const girls = teams.find((t) => t.name === 'U14 Girls')!;
  const player = ((await get(page, `/api/team/${boys.id}/players?pageSize=50`)).data as { id: number }[])[0]!.id;
  const ownTeam = ((await get(page, `/api/player/${ownPlayer}`)) as { teamIds: number[] }).teamIds[0]!;

  // A new season's team, a draft open on its board and a finalised one whose offers went out.
  const season = await post(page, '/api/seasons', { name: `2027/28 taps ${stamp}` });
  const team = await post(page, '/api/teams', {
    name: `U15 Taps ${stamp}`,
    category: boys.categoryId,
    coachRole: boys.coachRole,
    coachUser: boys.coachUser,
    season: season.id,
  });
  madeTeams.push(team.id);
  const open = await post(page, '/api/drafts', {
    name: `Taps open ${stamp}`,
    season_id: season.id,
    teams: [{ team_id: team.id, target_size: 12 }],
  });
  const girlsIds = ((await get(page, `/api/team/${girls.id}/players?pageSize=50`)).data as { id: number }[]).slice(0, 4).map((p) => p.id);
  let version = (await post(page, `/api/draft/${open.id}/candidates`, { expected_version: open.version, player_ids: girlsIds })).version;
  for (const p of girlsIds.slice(0, 2))
    // Demo players of any age: across age groups into the U15 team, so with the override.
    version = (
      await post(page, `/api/draft/${open.id}/move`, { expected_version: version, player_id: p, team_id: team.id, override: true })
    ).version;
  const reachable = await reachablePlayers(page, 'U14 Boys', 1);
  const final = await post(page, '/api/drafts', {
    name: `Taps final ${stamp}`,
    season_id: season.id,
    teams: [{ team_id: team.id, target_size: 2 }],
  });
  version = (await post(page, `/api/draft/${final.id}/candidates`, { expected_version: final.version, player_ids: [reachable[0]!.id] }))
    .version;
  version = (
    await post(page, `/api/draft/${final.id}/move`, {
      expected_version: version,
      player_id: reachable[0]!.id,
      team_id: team.id,
      override: true,
    })
  ).version;
  version = (await post(page, `/api/draft/${final.id}/candidate/${reachable[0]!.id}`, { expected_version: version, decision: 'selected' }))
    .version;
  await post(page, `/api/draft/${final.id}/finalise`, { expected_version: version });
  const deadline = dayOffset(14);
  const preview = await post(page, `/api/draft/${final.id}/offers/preview`, { deadline });
  await post(page, `/api/draft/${final.id}/offers`, { deadline, confirmation: preview.confirmation });
  const offerMail = await smtp.mail.waitFor((m) => m.to.includes(reachable[0]!.parent) && m.subject.includes(team.name));

  // A tryout session, open, with the admin as an evaluator.
  const criterion = ((await get(page, '/api/criteria')) as { id: number; level_kind: string }[])[0]!.id;
  const { session } = await post(page, '/api/eval-sessions', {
    name: `Taps tryout ${stamp}`,
    startDate: dayOffset(0),
    endDate: dayOffset(1),
    minEvaluators: 1,
    criteria: [{ criterionId: criterion, weight: 100 }],
  });
  await post(page, `/api/eval-session/${session.id}/players`, { teamIds: [boys.id] });
  await post(page, `/api/eval-session/${session.id}/evaluators`, { userId: me.id });
  await post(page, `/api/eval-session/${session.id}/open`);

  // A report cycle with drafts to edit; sent reports for the demo family's child and the demo player.
  const cycle = await post(page, '/api/report-cycles', {
    name: `Taps cycle ${stamp}`,
    season_id: boys.seasonId,
    team_ids: [boys.id],
    opens_on: dayOffset(-100),
    closes_on: dayOffset(0),
  });
  await post(page, `/api/report-cycle/${cycle.id}/team/${boys.id}/reports`, {});
  const rows = (await get(page, `/api/report-cycle/${cycle.id}/team/${boys.id}/reports`)).rows as { report: { id: number } | null }[];
  const report = rows.find((r) => r.report)!.report!.id;

  // Sent reports: for the demo player's team and the teams of the demo family's children.
  const family = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const parent = await family.newPage();
  await familySignIn(parent);
  const children = (await get(parent, '/api/family/me')).children as { id: number }[];
  await family.close();
  const sendTo = new Set([ownTeam]);
  for (const c of children) for (const t of ((await get(page, `/api/player/${c.id}`)) as { teamIds: number[] }).teamIds) sendTo.add(t);
  for (const t of sendTo) await sentReports(page, t);

  // An open erasure request, so the privacy screen shows its Approve and Refuse (the player is erased after,
  // on the audit's own team, so the demo teams keep their players).
  const erased = await post(page, '/api/players', {
    first_name: 'Tapper',
    last_name: `Erasable ${stamp}`,
    email: `tapper.${stamp}@example.org`,
    team_id: [team.id],
  });
  erasable = erased.id;
  await post(page, `/api/player/${erased.id}/erasure-request`, { reason: 'Asked by the family' });
  await context.close();
  ids = {
    team: boys.id,
    player,
    coachUser,
    draft: open.id,
    finalDraft: final.id,
    offerLink: offerLinkOf(offerMail.text),
    session: session.id,
    cycle: cycle.id,
    report,
    ownPlayer,
    ownTeam,
  };
});

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await context.newPage();
  await loginAs(page, 'admin');
  // The demo club is the demo club again for the specs after this one: the team goes, the player is erased.
  for (const id of madeTeams) await post(page, `/api/team/${id}/delete`);
  const open = ((await get(page, '/api/privacy/requests?open=1')).requests as { id: number; playerId: number }[]).filter(
    (r) => r.playerId === erasable,
  );
  for (const r of open) await post(page, `/api/privacy/request/${r.id}/decide`, { decision: 'approve' });
  await context.close();
});

test('anonymous: sign-in, password, tryout join, family sign-in, claim and link pages, public leaderboards', async ({ page }) => {
  const stops: Stop[] = [
    { path: '/login', sized: (p) => p.getByRole('button', { name: 'Sign in' }) },
    { path: '/forgot-password' },
    { path: '/reset-password' },
    { path: '/tryout' },
    { path: '/family/sign-in' },
    { path: '/claim' },
    { path: '/report/open' },
    { path: ids.offerLink, sized: (p) => p.getByRole('button', { name: /^(Accept|Decline)$/ }) },
    { path: '/leaderboard' },
    { path: `/leaderboard/team/${ids.team}` },
  ];
  const found = await audit(page, stops);
  expect(found, found.join('\n')).toEqual([]);
});

test('admin: every staff route', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, 'admin');
  const { team, player, coachUser, draft, finalDraft, session, cycle, report } = ids;
  const stops: Stop[] = [
    { path: '/app/dashboard', then: openDrawer },
    { path: '/app/teams' },
    { path: `/app/coach/${coachUser}/teams` },
    { path: '/app/teams/rollover' },
    { path: '/app/teams/drafts' },
    {
      path: `/app/teams/drafts/${draft}`,
      ready: (p) => p.getByRole('button', { name: /^History of / }).first(),
      sized: (p) => p.getByRole('button', { name: /^(History of|Pin|Drag) / }),
      shot: 'draft-board',
    },
    { path: `/app/teams/drafts/${finalDraft}/offers` },
    { path: '/app/players' },
    { path: `/app/team/${team}/players` },
    { path: `/app/player/${player}` },
    { path: '/app/guardians' },
    {
      path: '/app/players/import',
      then: importPreview,
      sized: (p) => p.getByRole('radiogroup', { name: /what to do$/ }).getByRole('radio'),
    },
    { path: `/app/player/${player}/evaluation` },
    { path: `/app/team/${team}/evaluate` },
    { path: '/app/criteria' },
    { path: '/app/sessions' },
    { path: '/app/sessions/evaluators' },
    { path: `/app/sessions/${session}` },
    { path: `/app/sessions/${session}/score`, ready: (p) => p.getByTestId('sheet-player').first() },
    { path: '/app/roles' },
    { path: '/app/users' },
    {
      path: '/app/privacy',
      ready: (p) => p.getByRole('button', { name: 'Approve and erase' }).first(),
      sized: (p) => p.getByRole('button', { name: /^(Approve and erase|Refuse)$/ }),
    },
    { path: '/app/leaderboard' },
    { path: '/app/analysis' },
    { path: `/app/team/${team}/analysis` },
    { path: `/app/player/${player}/analysis` },
    { path: '/app/reports' },
    { path: `/app/reports/${cycle}/team/${team}` },
    { path: `/app/reports/${cycle}/team/${team}/report/${report}` },
    { path: '/app/reports/send' },
    { path: '/app/resources' },
    { path: '/app/settings' },
    { path: '/account/password' },
    { path: '/app/unauthorized' },
    { path: '/app/not-found' },
  ];
  const found = await audit(page, stops);
  expect(found, found.join('\n')).toEqual([]);
});

test('coach: the dashboard, teams, players, courtside, reports and leaderboard a coach works in', async ({ page }) => {
  await loginAs(page, 'coach');
  const { team, player, cycle } = ids;
  const stops: Stop[] = [
    {
      path: '/app/dashboard',
      ready: (p) => p.getByRole('link', { name: /not yet evaluated in/ }).first(),
      sized: (p) => p.getByRole('main').getByRole('link', { name: /(evaluated in .*|reports? (draft|approved|sent|viewed)), / }),
      shot: 'dashboard',
    },
    { path: '/app/dashboard', then: openDrawer },
    { path: '/app/dashboard', then: accountMenu },
    { path: '/app/teams' },
    { path: `/app/team/${team}/players` },
    { path: `/app/team/${team}/evaluate`, then: criteriaList },
    { path: `/app/player/${player}` },
    { path: `/app/player/${player}/evaluation` },
    { path: `/app/team/${team}/evaluate`, then: courtsideSheet, shot: 'courtside' },
    { path: '/app/leaderboard' },
    { path: '/app/reports' },
    { path: `/app/reports/${cycle}/team/${team}` },
    { path: '/app/settings' },
  ];
  const found = await audit(page, stops);
  expect(found, found.join('\n')).toEqual([]);
});

test('player: every page of the player area', async ({ page }) => {
  await loginAs(page, 'player');
  const { ownPlayer: p, ownTeam } = ids;
  const reports = (await get(page, `/api/player-area/${p}/reports`)) as { id: number }[];
  expect(reports.length, 'a sent report to open').toBeGreaterThan(0);
  const stops: Stop[] = [
    { path: `/player/${p}/dashboard`, then: openDrawer },
    { path: `/player/${p}/progress` },
    { path: `/player/${p}/leaderboard` },
    { path: `/player/${p}/team/${ownTeam}/leaderboard` },
    { path: `/player/${p}/resources` },
    { path: `/player/${p}/analysis` },
    { path: `/player/${p}/instructions` },
    { path: `/player/${p}/family` },
    { path: `/player/${p}/reports` },
    { path: `/player/${p}/report/${reports[0]!.id}` },
    { path: `/player/${p}/self-assessment` },
    { path: '/player/unauthorized' },
    { path: '/player/not-found' },
  ];
  const found = await audit(page, stops);
  expect(found, found.join('\n')).toEqual([]);
});

test('family: my players with a child opened, and a sent report', async ({ page }) => {
  await familySignIn(page);
  const children = (await get(page, '/api/family/me')).children as { id: number }[];
  let sent: { child: number; report: number } | undefined;
  for (const c of children) {
    const list = (await get(page, `/api/family/player/${c.id}/reports`)) as { id: number }[];
    if (list[0]) sent = { child: c.id, report: list[0].id };
  }
  expect(sent, 'a sent report of a child').toBeDefined();
  const stops: Stop[] = [
    {
      path: '/family',
      ready: heading('My players'),
      then: {
        name: 'a child opened',
        act: async (p) => {
          await p.getByRole('button', { name: 'Open' }).first().click();
          await expect(p.getByText('Total score:').first()).toBeVisible();
        },
      },
      sized: (p) => p.getByRole('button', { name: "This isn't my child" }),
      shot: 'family-child',
    },
    { path: `/family/player/${sent!.child}/report/${sent!.report}` },
  ];
  const found = await audit(page, stops);
  expect(found, found.join('\n')).toEqual([]);
});
