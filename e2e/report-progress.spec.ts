import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { openDatabase } from '../src/server/db/index';
import { DEMO_GUARDIAN } from '../src/server/cli/seed-demo';
import { apiGet, apiPost, useSmtpCapture } from './api';
import { expect, expectAccessible, loginAs, pageWidth, snap, test } from './fixtures';

/**
 * A report's change since the last report by the real-progress rule, and a measured test's line
 * (docs/product.md#reports): a player's lane agility moves from 11.04 s to 11.00 s, less than the
 * typical error of measuring it twice, so the report says "No clear change" and why; the line shows
 * the player's own measurement, points and basis and their percentile among the 20 U14 players
 * measured, never anyone else's value. The parent reads the same in the portal, on a phone and a desktop.
 * Fixed 2025 dates, never today's.
 */
test.describe.configure({ mode: 'serial' });
const smtp = useSmtpCapture();
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const stamp = Date.now().toString(36);
const LANE = `Lane agility ${stamp}`;
const made: number[] = [];
let child = 0;
let teamId = 0;
let summer = { cycle: 0, report: 0 };

test.afterAll(async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await ctx.newPage();
  await loginAs(page, 'admin');
  for (const id of made) await apiPost(page, `/api/player/${id}/delete`);
  await ctx.close();
});

/** Reports are "sent" straight in the database: delivery is report-delivery.spec's part. */
async function markSent(reportId: number): Promise<void> {
  const database = openDatabase(process.env.E2E_DATABASE_URL ?? `sqlite:${join(process.env.E2E_DATA_DIR!, 'e2e.db')}`);
  try {
    await database.db.updateTable('reports').set({ state: 'sent', sent_at: new Date().toISOString() }).where('id', '=', reportId).execute();
  } finally {
    await database.close();
  }
}

async function draft(page: Page, name: string, opens_on: string, closes_on: string): Promise<{ cycle: number; report: number }> {
  const seasons = (await apiGet(page, '/api/seasons')) as { id: number }[];
  const cycle = (await apiPost(page, '/api/report-cycles', { name, season_id: seasons[0]!.id, team_ids: [teamId], opens_on, closes_on }))
    .id as number;
  await apiPost(page, `/api/report-cycle/${cycle}/team/${teamId}/reports`, { player_ids: [child] });
  const list = (await apiGet(page, `/api/report-cycle/${cycle}/team/${teamId}/reports`)) as {
    rows: { player: { id: number }; report: { id: number } | null }[];
  };
  const report = list.rows.find((r) => r.player.id === child)!.report!.id;
  await apiPost(page, `/api/report/${report}`, { overall_comment: 'Quick feet all season.' });
  return { cycle, report };
}

const newPlayer = async (page: Page, first: string, last: string, email: string, team: number[]) => {
  const id = (await apiPost(page, '/api/players', { first_name: first, last_name: last, email, dob: 2012, team_id: team })).id as number;
  made.push(id);
  return id;
};

test('set-up by the API: two reports, a small change on a measured test, 20 U14 players measured', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const teams = (await apiGet(page, '/api/teams')) as { id: number; name: string }[];
  teamId = teams.find((t) => t.name === 'U14 Boys')!.id;
  const level = (await apiPost(page, '/api/levels', { name: `Combine ${stamp}`, kind: 'measured' })).id as number;
  const bands = [
    { points: 10, limit: 10.8 },
    { points: 9, limit: 11.2 },
    { points: 8, limit: 11.6 },
  ];
  const measure = { unit: 's', decimals: 2, direction: 'lower', min: 8, max: 20, attempts: 'best', attemptCount: 2 };
  const lane = (
    await apiPost(page, '/api/criteria', {
      criteria: LANE,
      level,
      score: 20,
      description: '',
      video_links: [],
      measure: { ...measure, rule: { method: 'bands', bandSets: [{ ageGroup: 'U14', bands }] } },
    })
  ).id as number;
  // The demo parent's child, born 2012: U14 in 2025.
  child = await newPlayer(page, 'Nia', `Quick ${stamp}`, DEMO_GUARDIAN, [teamId]);
  const run = (id: number, date: string, attempts: number[]) =>
    apiPost(page, `/api/player/${id}/evaluation`, { criteria_id: lane, date, attempts, notes: '', video_links: [] });

  await run(child, '2025-03-01', [11.3, 11.04]);
  const spring = await draft(page, `Spring ${stamp}`, '2025-01-01', '2025-03-31');
  await apiPost(page, `/api/report/${spring.report}/approve`);
  await markSent(spring.report);

  // 19 more U14 players measured, each twice (the typical error), 8 of them slower than 11.00 s and one as fast.
  for (let i = 0; i < 19; i++) {
    const id = await newPlayer(page, 'Peer', `${i} ${stamp}`, `peer.${i}.${stamp}@example.org`, []);
    const best = Number((10.5 + i * 0.05).toFixed(2));
    await run(id, '2025-05-01', [best, Number((best + 0.3).toFixed(2))]);
  }
  await run(child, '2025-05-10', [11.2, 11.0]);
  summer = await draft(page, `Summer ${stamp}`, '2025-04-01', '2025-06-30');
});

async function readsTheChange(page: Page) {
  await expect(page.getByText('11.00 s → 9 points, U14 bands')).toBeVisible();
  // Of the 20, 8 are slower and one as fast (counted half): better than 45 %.
  await expect(page.getByText('Better than 45 % of U14 players measured at this club')).toBeVisible();
  await expect(page.getByText('Since the last report: No clear change', { exact: true })).toBeVisible();
  const why = page.getByRole('button', { name: /^How change is judged: A change counts when it is at least [\d.]+ s: the typical error/ });
  await expect(why).toBeVisible();
  // No other player's value is on the page.
  const text = (await page.locator('body').innerText()).replace('11.00 s', '').replace('11.04', '');
  for (let i = 0; i < 19; i++) expect(text).not.toContain(`${(10.5 + i * 0.05).toFixed(2)} s`);
  return why;
}

test('the coach drafts the report with the measured line and the change, then reads it approved with why', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'coach');
  await page.goto(`/app/reports/${summer.cycle}/team/${teamId}/report/${summer.report}`);
  const item = page.getByRole('button', { name: new RegExp(`^${LANE}`) });
  await expect(item).toContainText('11.00 s → 9 points, U14 bands · since the last report: No clear change');
  await item.click();
  await expect(page.getByText('Better than 45 % of U14 players measured at this club')).toBeVisible();
  await expect(page.getByText('Since the last report: No clear change', { exact: true })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
  await expectAccessible(page);
  await snap(page, 'report-progress-editor');

  await apiPost(page, `/api/report/${summer.report}/approve`);
  await page.reload();
  await expect(page.getByRole('cell', { name: LANE })).toBeVisible();
  const why = await readsTheChange(page);
  await why.focus();
  await expect(page.getByRole('tooltip')).toContainText('the typical error of measuring it twice');
  await expectAccessible(page);
  await snap(page, 'report-progress-staff');
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
});

async function parent(browser: Browser, device: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...device, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await context.newPage();
  const before = smtp.mail.messages.length;
  expect((await page.request.post('/api/family/sign-in-link', { data: { email: DEMO_GUARDIAN } })).status()).toBe(200);
  const mail = await smtp.mail.waitFor((m) => m.to.includes(DEMO_GUARDIAN) && smtp.mail.messages.indexOf(m) >= before);
  const link = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'My players' })).toBeVisible();
  return page;
}

for (const [name, device] of [
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test(`the parent reads the same on ${name}, and the child's evaluations show the measurement`, async ({ browser }) => {
    test.setTimeout(90_000);
    await markSent(summer.report);
    const page = await parent(browser, device);
    await page.goto(`/family/player/${child}/report/${summer.report}`);
    await expect(page.getByRole('heading', { name: `Nia Quick ${stamp}` })).toBeVisible();
    const why = await readsTheChange(page);
    if (device === PHONE) await why.tap();
    else await why.hover();
    await expect(page.getByRole('tooltip')).toContainText('A change counts when it is at least');
    expect(await pageWidth(page)).toBeLessThanOrEqual(device.viewport!.width);
    await expectAccessible(page);
    if (device === PHONE) await snap(page, 'report-progress-family');

    await page.goto('/family');
    const card = page.getByRole('region', { name: `Nia Quick ${stamp}` });
    await card.getByRole('button', { name: 'Open' }).click();
    const evaluations = card.getByRole('region', { name: 'Evaluations' });
    await expect(evaluations.getByText('11.00 s → 9 points, U14 bands')).toBeVisible();
    const strengths = card.getByRole('region', { name: 'Strengths' });
    await expect(strengths.getByText('11.00 s → 9 points, U14 bands', { exact: true })).toBeVisible();
    // The table behind the bars says the same to a screen reader.
    await expect(strengths.getByRole('cell', { name: '90% (11.00 s → 9 points, U14 bands)' })).toBeAttached();
    expect(await pageWidth(page)).toBeLessThanOrEqual(device.viewport!.width);
    await expectAccessible(page);
    if (device === PHONE) await snap(page, 'report-progress-family-child');
    await page.context().close();
  });
}
