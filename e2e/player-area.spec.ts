import type { APIRequest, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/**
 * Issue 7: every player-area page is checked with axe at desktop width and at a 375 px phone, and
 * nothing may be wider than the phone (no horizontal scrolling). Restores the viewport afterwards.
 */
async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow at 375 px on ${page.url()}`).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

async function signIn(page: Page): Promise<number> {
  await loginAs(page, 'player');
  const me = await (await page.request.get('/api/auth/me')).json();
  return me.data.player as number;
}

test('dashboard: score, progress with modals, analysis, achievements, leaderboard', async ({ page }) => {
  const id = await signIn(page);
  await page.goto(`/player/${id}/dashboard`);
  const player = await (await page.request.get(`/api/player/${id}`)).json();
  await expect(page.getByRole('heading', { name: player.data.name, level: 1 })).toBeVisible();
  for (const panel of ['Score', 'Progress', 'Analysis', 'Leaderboard'])
    await expect(page.getByRole('region', { name: panel })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Total score' })).toBeVisible();

  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByRole('columnheader', { name: 'Criteria' })).toBeVisible();
  await expect(progress.getByRole('columnheader', { name: 'Date' })).toHaveCount(0);
  const rows = progress.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(5);

  // Criterion video modal: videos or 'NO VIDEOS!'.
  const videos = (await (await page.request.get(`/api/player-area/${id}/criteria-videos`)).json()).data as {
    criteria: string;
    video_links: string[];
  }[];
  const evaluations = (await (await page.request.get(`/api/player/${id}/evaluation`)).json()).data.evaluations.slice(0, 5) as {
    criteria: string;
  }[];
  const withoutVideo = evaluations.find((e) => !videos.find((v) => v.criteria === e.criteria)?.video_links.length);
  if (withoutVideo) {
    await progress.getByRole('button', { name: withoutVideo.criteria }).click();
    await progress.getByRole('button', { name: 'Criterion videos' }).click();
    const modal = page.getByRole('dialog', { name: withoutVideo.criteria });
    await expect(modal.getByText('NO VIDEOS!')).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await modal.getByRole('button').first().click();
    await expect(modal).toBeHidden();
  }
  await expect(page.getByRole('region', { name: 'Analysis' }).locator('iframe')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Leaderboard' }).getByRole('table')).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await snap(page, 'player-dashboard');
});

test('the Analysis.pdf link appears once the club uploads a PDF', async ({ page, playwright, baseURL }) => {
  const id = await signIn(page);
  const staff = await playwright.request.newContext({ baseURL });
  const login = await staff.post('/api/auth/login', { data: { email: 'admin@demo.club', password: 'demo-admin' } });
  const csrf = (await login.json()).data.csrfToken as string;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const saved = await staff.post(`/api/player/${id}/analysis`, {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      video_links: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      pdf: { name: 'analysis.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await staff.dispose();

  await page.goto(`/player/${id}/analysis`);
  const link = page.getByRole('link', { name: 'Analysis.pdf' });
  await expect(link).toHaveAttribute('href', `/api/player/${id}/analysis/pdf`);
  const download = await page.request.get(`/api/player/${id}/analysis/pdf`);
  expect(download.headers()['content-type']).toBe('application/pdf');
  await expect(page.locator('iframe')).toHaveCount(1);
  await expectAccessibleAtBothWidths(page);
  await snap(page, 'player-analysis');
});

test('progress: team name, Total Score and dated rows', async ({ page }) => {
  const id = await signIn(page);
  await page.goto(`/player/${id}/progress`);
  await expect(page.getByText('Total Score')).toBeVisible();
  const player = (await (await page.request.get(`/api/player/${id}`)).json()).data;
  await expect(page.getByText(player.teamName.toUpperCase(), { exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Date' })).toBeVisible();
  const first = page.locator('tbody tr').first().getByRole('button');
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expectAccessibleAtBothWidths(page);
  await snap(page, 'player-progress');
});

test("leaderboard: the player's team board", async ({ page }) => {
  const id = await signIn(page);
  await page.goto(`/player/${id}/leaderboard`);
  const player = (await (await page.request.get(`/api/player/${id}`)).json()).data;
  await expect(page.getByRole('heading', { name: new RegExp(`Leaderboard for ${player.teamName}`) })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  // The highlighted "You" row's initials avatar is part of the axe check (no exclusion).
  await expect(page.locator('.lb-current .mantine-Avatar-placeholder')).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await snap(page, 'player-leaderboard');
  await page.goto(`/player/${id}/team/${player.teamIds[0]}/leaderboard`);
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});

test('resources: only shared ones, Docs and dark Media modals', async ({ page }) => {
  const id = await signIn(page);
  await page.goto(`/player/${id}/resources`);
  // docs/product.md#screens: the player header (photo and name) tops the Resources page as on every player page.
  const player = (await (await page.request.get(`/api/player/${id}`)).json()).data;
  await expect(page.getByRole('heading', { name: player.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText(`${player.first_name[0]}${player.last_name[0]}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Resources', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Form shooting progression' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ball handling at home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Practice planning guide' })).toHaveCount(0);
  await expect(page.getByText(/^By Admin - /).first()).toBeVisible();
  // 'Ball handling at home' has videos but no documents: Media only.
  await expect(page.getByRole('button', { name: 'Docs: Ball handling at home' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Media: Ball handling at home' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await snap(page, 'player-resources');

  await page.getByRole('button', { name: 'Docs: Form shooting progression' }).click();
  const docs = page.getByRole('dialog', { name: /Documents/ });
  await expect(docs.getByRole('link', { name: 'fiba.basketball' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Media: Ball handling at home' }).click();
  const media = page.getByRole('dialog', { name: /Media/ });
  await expect(media.locator('iframe')).toHaveAttribute('src', /player\.vimeo\.com/);
  const bg = await media.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bg).not.toBe('rgb(255, 255, 255)');
  await expectAccessibleAtBothWidths(page);
  await snap(page, 'player-resources-media');
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Filter by' }).click();
  await page.getByRole('option', { name: 'Tags' }).click();
  await page.getByRole('textbox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: 'homework' }).click();
  await expect(page.getByRole('heading', { name: 'Ball handling at home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Form shooting progression' })).toHaveCount(0);
});

test('instructions: title and the club video', async ({ page }) => {
  const id = await signIn(page);
  await page.goto(`/player/${id}/instructions`);
  await expect(page.getByRole('heading', { name: 'Instructions', level: 1 })).toBeVisible();
  await expect(page.locator('iframe[title="Instructions video"]')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
  await expectAccessibleAtBothWidths(page);
  await snap(page, 'player-instructions');
});

/** A team-mate's player id, read with the admin's session (a player cannot list players). */
async function teammateOf(request: APIRequest, baseURL: string | undefined, id: number): Promise<number> {
  const staff = await request.newContext({ baseURL });
  await staff.post('/api/auth/login', { data: { email: 'admin@demo.club', password: 'demo-admin' } });
  const me = (await (await staff.get(`/api/player/${id}`)).json()).data as { teamIds: number[] };
  const members = (await (await staff.get(`/api/team/${me.teamIds[0]}/players?pageSize=200`)).json()).data.data as { id: number }[];
  await staff.dispose();
  return members.find((m) => m.id !== id)!.id;
}

test("another player's pages are refused; unknown ids and pages show not found", async ({ page, playwright, baseURL }) => {
  const id = await signIn(page);
  const other = await teammateOf(playwright.request, baseURL, id);
  await page.goto(`/player/${other}/dashboard`);
  await expect(page).toHaveURL(/\/player\/unauthorized$/);
  await expect(page.getByRole('heading', { name: '401 Unauthorized' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  expect((await page.request.get(`/api/player/${other}`)).status()).toBe(403);
  expect((await page.request.get(`/api/player/${other}/evaluation`)).status()).toBe(403);
  expect((await page.request.get(`/api/player-area/${other}/criteria-videos`)).status()).toBe(403);

  // docs/product.md#errors: an id that is no player, or no id at all, is "not found" (the server answers 404).
  for (const bad of ['99999999', 'abc']) {
    await page.goto(`/player/${bad}/dashboard`);
    await expect(page).toHaveURL(/\/player\/not-found$/);
    await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  }
  await expectAccessibleAtBothWidths(page);
  expect((await page.request.get('/api/player/99999999')).status()).toBe(404);
  expect((await page.request.get('/api/player/99999999/evaluation')).status()).toBe(404);
  expect((await page.request.get('/api/player-area/99999999/criteria-videos')).status()).toBe(404);
  await page.goto(`/player/${id}/no-such-page`);
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});

test('phone width: navigation through the burger menu', async ({ page }) => {
  const id = await signIn(page);
  await page.setViewportSize(PHONE);
  await page.goto(`/player/${id}/dashboard`);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Player navigation' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Player navigation' }).getByRole('link', { name: 'Progress' }).click();
  await expect(page).toHaveURL(new RegExp(`/player/${id}/progress$`));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
