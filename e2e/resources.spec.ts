import Database from 'better-sqlite3';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

const LINKS_ALERT = 'Error: Please fill in video links or document links as they both cannot be empty!';
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/**
 * A tiny local "outside" site with a proper og page. The app server is started by Playwright without
 * any allow-list (the allow-list is a fetcher argument only tests of the fetcher can pass), so its
 * SSRF rules refuse this loopback address: the card must fall back to the host link. The successful
 * card rendering is covered by a preview the server has already cached (written to the e2e database).
 */
let site: Server;
let siteUrl: string;
test.beforeAll(async () => {
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><head><meta property="og:title" content="Local page"><title>Local</title></head><body></body></html>');
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/page.html`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

function cachePreview(url: string, preview: { title: string; description: string; image: string }) {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'e2e.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'insert into link_previews (url, success, title, description, image, fetched_at) values (?, 1, ?, ?, ?, ?) on conflict(url) do update set success = 1, title = excluded.title, description = excluded.description, image = excluded.image, fetched_at = excluded.fetched_at',
    ).run(url, preview.title, preview.description, preview.image, new Date().toISOString());
  } finally {
    db.close();
  }
}

const row = (page: Page, title: string) => page.getByRole('button', { name: title, exact: true });

async function openResources(page: Page) {
  await page.goto('/app/resources');
  await expect(page.getByRole('heading', { name: 'Resources' })).toBeVisible({ timeout: 30_000 });
}

test('admin sees every resource, expands rows to previews and embeds', async ({ page }) => {
  await loginAs(page, 'admin');
  await openResources(page);
  await expect(page.getByRole('button', { name: 'Add New Resource' })).toBeVisible();
  for (const h of ['Title', 'Category', 'Access']) await expect(page.getByRole('columnheader', { name: h })).toBeVisible();
  await expect(row(page, 'Form shooting progression')).toBeVisible();
  await expect(row(page, 'Ball handling at home')).toBeVisible();
  await expect(row(page, 'Practice planning guide')).toBeVisible();

  await row(page, 'Form shooting progression').click();
  await expect(row(page, 'Form shooting progression')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Manage Resource' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Videos' })).toBeVisible();
  await expect(page.locator('iframe[title="Form shooting progression video 1"]')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\//);
  // No internet here: the preview fails and the card is the host link without 'www.'.
  await expect(page.getByRole('link', { name: 'fiba.basketball' })).toHaveAttribute('href', 'https://www.fiba.basketball/');
  await expectAccessible(page);
  await snap(page, 'resources-admin');
});

test('filters by category and by tag with the spinner', async ({ page }) => {
  // Long enough that a busy machine still sees the spinner (the fixture shortens the product's 2 s to 300 ms).
  await page.addInitScript(() => {
    (window as unknown as { __FILTER_SPINNER_MS: number }).__FILTER_SPINNER_MS = 5000;
  });
  await loginAs(page, 'admin');
  await openResources(page);
  await expect(page.getByRole('textbox', { name: 'Category' })).toHaveValue('All Categories');
  await page.getByRole('textbox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Coaching' }).click();
  await expect(page.getByRole('status', { name: 'Loading resources' })).toBeVisible();
  await expect(row(page, 'Practice planning guide')).toBeVisible();
  await expect(row(page, 'Form shooting progression')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Filter by' }).click();
  await page.getByRole('option', { name: 'Tags' }).click();
  await expect(page.getByRole('textbox', { name: 'Tag' })).toHaveValue('All Tags');
  await expect(row(page, 'Form shooting progression')).toBeVisible();
  await page.getByRole('textbox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: 'homework' }).click();
  await expect(row(page, 'Ball handling at home')).toBeVisible();
  await expect(row(page, 'Practice planning guide')).toHaveCount(0);
  await snap(page, 'resources-filtered');
});

test('add with every repeatable list, validation alert, edit and delete', async ({ page }) => {
  test.setTimeout(150_000); // waits out the 5-second alert; the machine is shared
  await loginAs(page, 'admin');
  await openResources(page);
  await page.getByRole('button', { name: 'Add New Resource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Resource' });
  await expect(dialog).toBeVisible();

  // Nothing filled: required tooltips and the 5-second links alert.
  await dialog.getByRole('button', { name: 'Add Resource' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(LINKS_ALERT);
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  // Title, Category and the first tag; axe must not run while their fade-in is still at opacity 0.
  await expect(dialog.getByRole('tooltip')).toHaveCount(3);
  await expect
    .poll(() => dialog.getByRole('tooltip').evaluateAll((els) => els.every((e) => getComputedStyle(e).opacity === '1')))
    .toBe(true);
  await expectAccessible(page);
  await snap(page, 'resources-add-invalid');
  await expect(dialog.getByRole('alert')).toBeHidden({ timeout: 8000 });

  const title = unique('E2E Zone defence');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').fill('Defence');

  // Video links: 'Add another' only once the last entry is filled; Remove only with more than one.
  await expect(dialog.getByRole('button', { name: 'Add another video link' })).toHaveCount(0);
  await dialog.getByLabel('Video link 1', { exact: true }).fill('https://vimeo.com/76979871');
  await dialog.getByRole('button', { name: 'Add another video link' }).click();
  await expect(dialog.getByRole('button', { name: 'Add another video link' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Remove video link 2' })).toBeVisible();
  await dialog.getByLabel('Video link 2', { exact: true }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await dialog.getByRole('button', { name: 'Remove video link 2' }).click();
  await expect(dialog.getByLabel('Video link 2', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Remove video link 1' })).toHaveCount(0);

  const cached = 'https://preview.example/zone-defence';
  cachePreview(cached, {
    title: 'Zone defence explained',
    description: 'A long description that is certainly longer than fifty characters in total.',
    image: 'https://preview.example/cover.png',
  });
  await dialog.getByLabel('Document link 1', { exact: true }).fill(siteUrl);
  await dialog.getByRole('button', { name: 'Add another document link' }).click();
  await dialog.getByLabel('Document link 2', { exact: true }).fill(cached);

  await dialog.getByLabel('Tag 1', { exact: true }).fill('zone');
  await dialog.getByRole('button', { name: 'Add another tag' }).click();
  await dialog.getByLabel('Tag 2', { exact: true }).fill('team-defence');

  await dialog.getByRole('img', { name: 'About access control' }).hover();
  await expect(page.getByText('Roles having resources-write permissions will automatically have access to this resource.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Coach' }).check();
  await snap(page, 'resources-add-filled');
  await dialog.getByRole('button', { name: 'Add Resource' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new row, its previews: the cached one as a full card, the local page as a host link.
  await page.route('https://preview.example/cover.png', (route) =>
    route.fulfill({
      contentType: 'image/png',
      body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhgGAVKsn3QAAAABJRU5ErkJggg==', 'base64'),
    }),
  );
  await row(page, title).click();
  const card = page.getByRole('link', { name: /Zone defence explained/ });
  await expect(card).toContainText('A long description that is certainly longer than f...');
  await expect(card).toContainText('preview.example');
  const localHost = new URL(siteUrl).host;
  await expect(page.getByRole('link', { name: localHost, exact: true })).toHaveAttribute('href', siteUrl);
  await expect(page.locator(`iframe[title="${title} video 1"]`)).toHaveAttribute('src', /player\.vimeo\.com\/video\/76979871/);
  await expectAccessible(page);
  await snap(page, 'resources-previews');

  // Edit.
  await page.getByRole('button', { name: 'Manage Resource' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Resource' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  // Tags come back in alphabetical order.
  await expect(edit.getByLabel('Tag 1', { exact: true })).toHaveValue('team-defence');
  await expect(edit.getByLabel('Tag 2', { exact: true })).toHaveValue('zone');
  await expect(edit.getByRole('checkbox', { name: 'Coach' })).toBeChecked();
  await edit.getByLabel('Title').fill(`${title} v2`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, `${title} v2`)).toBeVisible();

  // Delete (the row stays expanded after the edit).
  await expect(row(page, `${title} v2`)).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Manage Resource' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete Resource' });
  await expect(del.getByText('Are you sure you want to delete this resource?')).toBeVisible();
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(del).toBeHidden();
  await expect(row(page, `${title} v2`)).toHaveCount(0);
});

test('coach sees only resources shared with coaches and cannot manage them', async ({ page }) => {
  await loginAs(page, 'coach');
  await openResources(page);
  await expect(row(page, 'Practice planning guide')).toBeVisible();
  await expect(row(page, 'Form shooting progression')).toBeVisible();
  await expect(row(page, 'Ball handling at home')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add New Resource' })).toHaveCount(0);
  await row(page, 'Practice planning guide').click();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage Resource' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Category' }).click();
  await expect(page.getByRole('option', { name: 'Ball handling' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await snap(page, 'resources-coach');
});
