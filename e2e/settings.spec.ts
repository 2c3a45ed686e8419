import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

// Each test walks a whole tab with several axe scans; leave room when the machine is shared and busy.
test.describe.configure({ timeout: 120_000 });

const unique = () => Date.now().toString(36).slice(-5);
const success = (page: Page) => expect(page.getByText('Operation successful!').first()).toBeVisible();

async function openTab(page: Page, name: string) {
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** Add, rename and delete one row of a name-only list through the UI. */
async function addRenameDelete(page: Page, noun: string, field: 'name' | 'title', created: string, renamed: string) {
  await page.getByLabel(`New ${noun} ${field}`).fill(created);
  await page.getByRole('button', { name: `Add ${noun}` }).click();
  await success(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: created, exact: true })).toBeVisible();
  await expect(page.getByLabel(`New ${noun} ${field}`)).toHaveValue('');

  await page.getByRole('button', { name: `Rename ${created}` }).click();
  const dialog = page.getByRole('dialog', { name: `Rename ${noun}` });
  await dialog.getByLabel(new RegExp(`${field}`, 'i')).fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: created, exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${noun}` });
  await expect(confirm.getByText(`Are you sure you want to delete ${renamed}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('cell', { name: renamed, exact: true })).toHaveCount(0);
}

/** "N teams" of a club or season, from the API: other specs share the demo database and add teams. */
async function teamsOf(page: Page, field: 'category' | 'season', name: string): Promise<string> {
  const teams = (await (await page.request.get('/api/teams')).json()).data as Record<typeof field, string>[];
  const n = teams.filter((t) => t[field] === name).length;
  expect(n).toBeGreaterThan(0);
  return `${n} teams`;
}

async function expectInUse(page: Page, name: string, noun: string, message: string, screenshot?: string) {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${noun}` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(message);
  await expectAccessible(page);
  if (screenshot) await snap(page, screenshot);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table').getByRole('cell', { name, exact: true })).toBeVisible();
}

test('clubs: add, rename, delete, required and duplicate errors, in-use refusal', async ({ page }) => {
  await loginAs(page, 'admin');
  await openTab(page, 'Clubs');
  await expect(page.getByRole('cell', { name: 'Northside Hawks', exact: true })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'settings-clubs');

  await page.getByRole('button', { name: 'Add club' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByLabel('New club name')).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'settings-required');
  // docs/product.md#validation: the highlight goes away after 5 seconds.
  await expect(page.getByText('This field is required')).toBeHidden({ timeout: 8000 });

  await page.getByLabel('New club name').fill('northside hawks');
  await page.getByRole('button', { name: 'Add club' }).click();
  await expect(page.getByText('A club named "northside hawks" already exists.')).toBeVisible();

  const id = unique();
  await addRenameDelete(page, 'club', 'name', `Eastside Eagles ${id}`, `Eastside Falcons ${id}`);
  await expectInUse(
    page,
    'Northside Hawks',
    'club',
    `Northside Hawks is used by ${await teamsOf(page, 'category', 'Northside Hawks')} and cannot be deleted.`,
    'settings-in-use',
  );
});

test('seasons: add, rename, delete and in-use refusal', async ({ page }) => {
  await loginAs(page, 'admin');
  await openTab(page, 'Seasons');
  await expect(page.getByRole('cell', { name: '2026/27', exact: true })).toBeVisible();
  const id = unique();
  await addRenameDelete(page, 'season', 'name', `2030/31 ${id}`, `2031/32 ${id}`);
  await expectInUse(page, '2026/27', 'season', `2026/27 is used by ${await teamsOf(page, 'season', '2026/27')} and cannot be deleted.`);
  await expectAccessible(page);
});

test('levels: add both kinds, change the kind of an unused level, delete', async ({ page }) => {
  await loginAs(page, 'admin');
  await openTab(page, 'Levels');
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Fundamentals Score 1 to 10/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Game IQ Yes \/ No/ })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'settings-levels');

  const id = unique();
  const scale = `Athleticism ${id}`;
  const yesNo = `Attitude ${id}`;
  await page.getByLabel('New level name').fill(scale);
  await page.getByLabel('Kind').selectOption({ label: 'Score 1 to 10' });
  await page.getByRole('button', { name: 'Add level' }).click();
  await success(page);
  await expect(table.getByRole('row', { name: new RegExp(`${scale} Score 1 to 10`) })).toBeVisible();

  await page.getByLabel('New level name').fill(yesNo);
  await page.getByLabel('Kind').selectOption({ label: 'Yes / No' });
  await page.getByRole('button', { name: 'Add level' }).click();
  await expect(table.getByRole('row', { name: new RegExp(`${yesNo} Yes / No`) })).toBeVisible();

  // A level nobody was evaluated on may change its kind and name.
  await page.getByRole('button', { name: `Edit ${scale}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit level' });
  await dialog.getByLabel('Level name').fill(`${scale} II`);
  await dialog.getByLabel('Kind').selectOption({ label: 'Yes / No' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(`${scale} II Yes / No`) })).toBeVisible();

  for (const name of [`${scale} II`, yesNo]) {
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete level' }).getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);
  }
});

test('levels: kind-change refusal and in-use refusal', async ({ page }) => {
  await loginAs(page, 'admin');
  await openTab(page, 'Levels');
  const table = page.getByRole('table');
  // Fundamentals has evaluations: its kind is locked, with the reason on the Kind field.
  await page.getByRole('button', { name: 'Edit Fundamentals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit level' });
  await dialog.getByLabel('Kind').selectOption({ label: 'Yes / No' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/^The kind of Fundamentals cannot be changed because \d+ evaluations use it/)).toBeVisible();
  await expect(dialog.getByLabel('Kind')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('row', { name: /Fundamentals Score 1 to 10/ })).toBeVisible();

  await expectInUse(page, 'Game IQ', 'level', 'Game IQ is used by 4 criteria and cannot be deleted.');
});

test('achievements: add, rename, delete, duplicate title', async ({ page }) => {
  await loginAs(page, 'admin');
  await openTab(page, 'Achievements');
  await expect(page.getByRole('cell', { name: 'Most Improved', exact: true })).toBeVisible();
  await page.getByLabel('New achievement title').fill('Most Improved');
  await page.getByRole('button', { name: 'Add achievement' }).click();
  await expect(page.getByText('An achievement named "Most Improved" already exists.')).toBeVisible();
  const id = unique();
  await addRenameDelete(page, 'achievement', 'title', `Hustle Award ${id}`, `Hustle Award of the Month ${id}`);
  await expectAccessible(page);
  await snap(page, 'settings-achievements');
});

test('general: instructions video with preview and public leaderboard names', async ({ page }) => {
  await loginAs(page, 'admin');
  await openTab(page, 'General');
  const url = page.getByLabel('Instructions video URL');
  await expect(url).toHaveValue('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(page.getByTitle('Instructions video preview')).toBeVisible();
  // Players are often minors: the public board starts with first name and last initial.
  await expect(page.getByRole('radio', { name: 'First name and last initial' })).toBeChecked();
  await expectAccessible(page);
  await snap(page, 'settings-general');

  await url.fill('javascript:alert(1)');
  // The preview swaps the player for a hint (and the page gets shorter) before the button is pressed.
  await expect(page.getByText('Enter a complete http(s) link to see a preview.')).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Please enter a valid http(s) link.').first()).toBeVisible();

  await url.fill('https://vimeo.com/76979871');
  await expect(page.getByTitle('Instructions video preview')).toHaveAttribute('src', /player\.vimeo\.com\/video\/76979871/);
  // By keyboard: the video preview above is still settling, and a pointer click can land beside it.
  await page.getByRole('radio', { name: 'Full name' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Full name' })).toBeChecked();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await success(page);

  await page.reload();
  await expect(page.getByLabel('Instructions video URL')).toHaveValue('https://vimeo.com/76979871');
  await expect(page.getByRole('radio', { name: 'Full name' })).toBeChecked();
  const saved = await (await page.request.get('/api/settings')).json();
  expect(saved.data).toEqual({
    instructions_video: 'https://vimeo.com/76979871',
    public_leaderboard_names: 'full',
    own_login_age: 13,
    handover_age: 16,
  });
});

test('a coach is sent to the unauthorized page and sees no Settings link', async ({ page }) => {
  await loginAs(page, 'coach');
  await page.goto('/app/settings');
  await expect(page).toHaveURL(/\/app\/unauthorized$/);
  await expect(page.getByRole('heading', { name: '401 Unauthorized' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' })).toHaveCount(0);
});

test('the API documentation renders in the browser', async ({ page }) => {
  await page.goto('/api/docs');
  // Swagger UI's bundle is large; give it time on a busy machine.
  await expect(page.getByRole('heading', { name: /Club player evaluation API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /^settings/ })).toBeVisible();
  await expect(page.getByText('/api/categories', { exact: true }).first()).toBeVisible();
});
