import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, loginAs, signInWithTheForm, snap, test } from './fixtures';

/**
 * The staff dashboard (docs/product.md#dashboard). Report cycles and reports are written straight to
 * the e2e database (their authoring screens are another feature's), as resources.spec.ts does.
 */
test.use({ timezoneId: 'UTC' });
test.skip(!!process.env.E2E_DATABASE_URL, 'writes its cycle and reports to the SQLite e2e database');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const VIEWED_AT = `${day(0)}T10:42:00.000Z`;

/** A cycle over U14 Boys (window holding today), one viewed and one draft report; answers what the card should count. */
function seedCycle(): { evaluated: number; players: number } {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'e2e.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const now = new Date().toISOString();
    const team = db.prepare("select id, season_id from teams where name = 'U14 Boys'").get() as { id: number; season_id: number };
    const players = (
      db.prepare('select player_id from team_players where team_id = ? order by player_id').all(team.id) as { player_id: number }[]
    ).map((r) => r.player_id);
    const existing = db.prepare("select id from report_cycles where name = 'Autumn check'").get() as { id: number } | undefined;
    if (!existing) {
      const cycle = db
        .prepare(
          "insert into report_cycles (name, season_id, opens_on, closes_on, show_team_average, show_rank, created_at, updated_at) values ('Autumn check', ?, ?, ?, 0, 0, ?, ?)",
        )
        .run(team.season_id, day(-10), day(10), now, now).lastInsertRowid;
      db.prepare('insert into report_cycle_teams (cycle_id, team_id) values (?, ?)').run(cycle, team.id);
      const report = db.prepare(
        "insert into reports (cycle_id, player_id, team_id, version, state, overall_comment, criterion_comments, focus, viewed_at, created_at, updated_at) values (?, ?, ?, 1, ?, 'Well done.', '{}', '[]', ?, ?, ?)",
      );
      report.run(cycle, players[0], team.id, 'viewed', VIEWED_AT, now, now);
      report.run(cycle, players[1], team.id, 'draft', null, now, now);
    }
    const evaluated = db
      .prepare(
        'select count(distinct tp.player_id) as n from team_players tp join evaluations e on e.player_id = tp.player_id where tp.team_id = ? and e.date between ? and ?',
      )
      .get(team.id, day(-10), day(10)) as { n: number };
    return { evaluated: evaluated.n, players: players.length };
  } finally {
    db.close();
  }
}

const card = (page: Page, team: string) => page.getByRole('article', { name: team, exact: true });

test('a coach starts on the dashboard: only their teams, the current cycle, the viewed time, links to the filtered lists', async ({
  page,
}) => {
  const counts = seedCycle();
  await signInWithTheForm(page, 'coach');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const u14 = card(page, 'U14 Boys');
  await expect(u14).toBeVisible();
  await expect(card(page, 'U16 Girls')).toBeVisible();
  await expect(card(page, 'U14 Girls')).toHaveCount(0);
  await expect(card(page, 'U18 Boys')).toHaveCount(0);

  await expect(u14.getByText('Autumn check')).toBeVisible();
  await expect(u14.getByText('last viewed 10:42')).toBeVisible();
  await expect(u14.getByRole('link', { name: '1 report viewed, U14 Boys' })).toBeVisible();
  await expect(u14.getByRole('link', { name: '1 report draft, U14 Boys' })).toBeVisible();
  await expect(card(page, 'U16 Girls').getByText('No report cycle for this team yet.')).toBeVisible();

  await expectAccessible(page);
  await snap(page, 'dashboard-coach');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const notYet = counts.players - counts.evaluated;
  await u14.getByRole('link', { name: `${notYet} not yet evaluated in Autumn check, U14 Boys` }).click();
  await expect(page).toHaveURL(/\/app\/team\/\d+\/players\?evaluated=no&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
  await expect(page.getByText(`Not evaluated between ${day(-10)} and ${day(10)}`)).toBeVisible();
  await expect(page.getByText(`${notYet} player${notYet === 1 ? '' : 's'}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page).not.toHaveURL(/evaluated=/);
  await expect(page.getByText(`${counts.players} players`, { exact: true })).toBeVisible();
});

test('an admin sees every team; the open sessions number leads to the open sessions; a spinner while it loads', async ({ page }) => {
  seedCycle();
  await loginAs(page, 'admin');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/dashboard?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/dashboard');
  await expect(page.getByRole('status', { name: 'Loading dashboard' })).toBeVisible();
  release();
  for (const team of ['U14 Boys', 'U16 Girls', 'U14 Girls', 'U18 Boys']) await expect(card(page, team)).toBeVisible();
  await expect(card(page, 'U14 Boys').getByText('last viewed 10:42')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'dashboard-admin');

  await page.getByRole('link', { name: /^\d+ open evaluation sessions?$/ }).click();
  await expect(page).toHaveURL(/\/app\/sessions\?state=open$/);
  await expect(page.getByText('Only open sessions')).toBeVisible();
});

test('a club with more teams than a page: Show more teams adds the next page after the last, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'admin');
  // Two teams a page, so the demo club's four teams take two pages; the server pages as it does at 24.
  await page.route('**/api/dashboard?*', (route) => route.continue({ url: `${route.request().url()}&limit=2` }));
  await page.goto('/app/dashboard');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  const names = () => cards.evaluateAll((els) => els.map((e) => document.getElementById(e.getAttribute('aria-labelledby')!)?.textContent));
  const first = await names();
  const more = page.getByRole('button', { name: 'Show more teams' });
  await more.click();
  await expect(cards).toHaveCount(4);
  await expect(more).toBeHidden();
  const all = await names();
  expect(all.slice(0, 2)).toEqual(first);
  expect(new Set(all)).toEqual(new Set(['U14 Boys', 'U16 Girls', 'U14 Girls', 'U18 Boys']));
  await expectAccessible(page);
});

/** A session score waiting in this browser's IndexedDB for `userId`, as the scoring sheet stores it. */
async function queueSessionScore(page: Page, userId: number) {
  await page.evaluate(async (user) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('club-session-scores', 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore('scores', { keyPath: 'key' }).createIndex('by_source', 'source');
        open.result.createObjectStore('sheets', { keyPath: 'key' });
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const source = `session-999-user-${user}`;
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('scores', 'readwrite');
      tx.objectStore('scores').put({ source, key: `${source}|1|1`, playerId: 1, criterionId: 1, score: 6, state: 'local' });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, userId);
}

test('two users on one phone: scores waiting on the device count only for the one who scored them', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInWithTheForm(page, 'coach');
  const coachId = ((await (await page.request.get('/api/auth/me')).json()) as { data: { id: number } }).data.id;
  await queueSessionScore(page, coachId);
  await page.reload();
  await expect(page.getByLabel('1 score waiting on this device')).toBeVisible();

  // The next person on the same phone: same browser profile, same IndexedDB.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByLabel('0 scores waiting on this device')).toBeVisible();
  await expect(page.getByLabel('1 score waiting on this device')).toHaveCount(0);
});

test("a team card's report shortcuts: write on the current cycle's team page, send with the team and cycle chosen (375 px and desktop)", async ({
  page,
}) => {
  seedCycle();
  await loginAs(page, 'coach');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/app/dashboard');
    const u14 = card(page, 'U14 Boys');
    await expect(u14.getByText('Autumn check')).toBeVisible();
    // No cycle, nothing to write or send yet.
    await expect(card(page, 'U16 Girls').getByRole('link', { name: 'Write reports' })).toHaveCount(0);
    await u14.getByRole('link', { name: 'Write reports' }).click();
    await expect(page).toHaveURL(/\/app\/reports\/\d+\/team\/\d+$/);
    await expect(page.getByRole('heading', { name: 'U14 Boys: Autumn check', level: 1 })).toBeVisible();
    await page.goBack();
    await card(page, 'U14 Boys').getByRole('link', { name: 'Send reports' }).click();
    await expect(page).toHaveURL(/\/app\/reports\/send\?team=\d+&cycle=\d+$/);
    await expect(page.getByRole('textbox', { name: 'Team', exact: true })).toHaveValue('U14 Boys');
    await expect(page.getByRole('textbox', { name: 'Report cycle', exact: true })).toHaveValue(/^Autumn check \(/);
  }
  await page.goto('/app/dashboard');
  await expect(card(page, 'U14 Boys').getByRole('link', { name: 'Score courtside' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'dashboard-card-actions');
});
