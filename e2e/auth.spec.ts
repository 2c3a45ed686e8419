import { DEMO, expect, expectAccessible, snap, test } from './fixtures';

test('staff sign in through the form, land on the dashboard and sign out', async ({ page }) => {
  await page.goto('/app/teams');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expectAccessible(page);
  await snap(page, 'login');
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/teams$/);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.coach.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
});

test('players land on their own dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.player.email);
  await page.getByLabel('Password').fill(DEMO.player.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/player\/\d+\/dashboard$/);
});

test('error pages and navigation by permission', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.coach.email);
  await page.getByLabel('Password').fill(DEMO.coach.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Teams' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Roles' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.goto('/app/roles');
  await expect(page).toHaveURL(/\/app\/unauthorized$/);
  await expect(page.getByRole('heading', { name: '401 Unauthorized' })).toBeVisible();
  await page.goto('/app/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/player/no-such-page');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('the loading shell paints before the code runs and is gone once the page renders', async ({ browser }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 700 } });
  const shell = await noScript.newPage();
  await shell.goto('/login');
  await expect(shell.getByRole('status')).toHaveText('Club Player Development · Loading…');
  await noScript.close();

  const page = await browser.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Club Player Development · Loading…')).toHaveCount(0);
  await page.close();
});
