import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

const rows = (page: import('@playwright/test').Page) => page.getByTestId('board-row');

test('staff leaderboard: players and teams views, actions, search and the empty state', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/app/leaderboard');
  await expect(page.getByRole('heading', { name: 'Leaderboard', exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(40);
  await expect(rows(page).first().getByRole('cell').first()).toHaveText('1');
  await expect(rows(page).first()).toContainText('%');
  await rows(page)
    .first()
    .getByRole('button', { name: /^Actions for / })
    .click();
  await expect(page.getByRole('menuitem', { name: 'View Profile' })).toHaveAttribute('href', /\/app\/player\/\d+$/);
  await expect(page.getByRole('menuitem', { name: 'Evaluation' })).toHaveAttribute('href', /\/app\/player\/\d+\/evaluation$/);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await snap(page, 'leaderboard-players');

  // Keyboard: the row menu (mounted on first use) opens with Enter and gives focus back on Escape.
  const second = rows(page)
    .nth(1)
    .getByRole('button', { name: /^Actions for / });
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(
    rows(page)
      .nth(1)
      .getByRole('button', { name: /^Actions for / }),
  ).toBeFocused();

  await page.getByLabel('Find a player').fill('zzzz-nobody');
  await expect(page.getByText('no content')).toBeVisible();
  await page.getByLabel('Find a player').fill('');

  await page.getByRole('combobox', { name: 'Filter by' }).selectOption('Teams');
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByRole('columnheader', { name: 'Coach' })).toBeVisible();
  await rows(page)
    .first()
    .getByRole('button', { name: /^Actions for / })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Manage Team' })).toHaveAttribute('href', /\/app\/team\/\d+\/players$/);
  const view = page.getByRole('menuitem', { name: 'View Team Leaderboard' });
  await expect(view).toHaveAttribute('target', '_blank');
  await expect(view).toHaveAttribute('href', /^\/leaderboard\/team\/\d+$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'leaderboard-teams');
});

test('criteria modal (level, then criteria) and period modal filter the board', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/app/leaderboard');
  await expect(rows(page)).toHaveCount(40);
  const before = await rows(page).first().textContent();
  const sortBy = page.getByRole('combobox', { name: 'Sort by' });
  const modal = page.getByRole('dialog', { name: 'Filter by criteria' });
  const period = page.getByRole('dialog', { name: 'Evaluation period' });

  // Cancel puts the select back on the applied sort, and choosing the option again reopens the modal.
  for (const [option, dialog] of [
    ['Criteria', modal],
    ['Evaluation Period', period],
  ] as const) {
    await sortBy.selectOption(option);
    await expect(dialog).toBeVisible();
    await expect(sortBy).toHaveValue(option);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(sortBy).toHaveValue('Score');
    await sortBy.selectOption(option);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(sortBy).toHaveValue('Score');
  }
  await expect(rows(page).first()).toHaveText(before!);

  await sortBy.selectOption('Criteria');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'Criteria' })).toBeDisabled();
  await modal.getByRole('textbox', { name: 'Level' }).click();
  await page.getByRole('option', { name: 'Game IQ' }).click();
  await modal.getByRole('textbox', { name: 'Criteria' }).click();
  await page.getByRole('option', { name: 'Sets solid screens' }).click();
  await modal.getByRole('textbox', { name: 'Criteria' }).press('Escape');
  await expectAccessible(page);
  await snap(page, 'leaderboard-criteria-modal');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: '1 criterion' })).toBeVisible();
  // One Yes/No criterion worth 10: every total is 0 or 10.
  await expect(rows(page).first()).toContainText('10%');
  await expect(rows(page).last()).toContainText('0%');
  expect(await rows(page).first().textContent()).not.toBe(before);
  await expect(sortBy).toHaveValue('Criteria');

  // Cancelling the period modal keeps the applied criteria sort.
  await sortBy.selectOption('Evaluation Period');
  await period.getByRole('button', { name: 'Cancel' }).click();
  await expect(sortBy).toHaveValue('Criteria');
  await expect(page.getByRole('button', { name: '1 criterion' })).toBeVisible();

  await sortBy.selectOption('Evaluation Period');
  await expect(period).toBeVisible();
  await period.getByRole('button', { name: 'From' }).click();
  await page.locator('button.mantine-DatePickerInput-day:not([data-outside])').first().click();
  await expectAccessible(page);
  await snap(page, 'leaderboard-period-modal');
  await period.getByRole('button', { name: 'Save' }).click();
  await expect(period).toBeHidden();
  await expect(page.getByRole('button', { name: /^\d{4}-\d{2}-01 – …$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '1 criterion' })).toBeVisible();
  await expect(sortBy).toHaveValue('Evaluation Period');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('button', { name: '1 criterion' })).toHaveCount(0);
  await expect(sortBy).toHaveValue('Score');
  await expect(rows(page).first()).toHaveText(before!);
});

test('team variant and coach view: title with the team name, no view selector, actions only for own players', async ({ page }) => {
  await loginAs(page, 'coach');
  const teams = (await (await page.request.get('/api/leaderboard/teams')).json()).data as { id: number; name: string; coachName: string }[];
  const own = teams.find((t) => t.name === 'U14 Boys')!;
  const other = teams.find((t) => t.name === 'U18 Boys')!;
  await page.goto(`/app/leaderboard?team=${own.id}`);
  await expect(page.getByRole('heading', { name: 'Leaderboard for U14 Boys' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by' })).toHaveCount(0);
  await expect(rows(page)).toHaveCount(10);
  await expect(
    rows(page)
      .first()
      .getByRole('button', { name: /^Actions for / }),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'leaderboard-team-coach');
  await page.goto(`/app/leaderboard?team=${other.id}`);
  await expect(page.getByRole('heading', { name: 'Leaderboard for U18 Boys' })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await page.goto('/app/leaderboard?team=999999');
  await expect(page).toHaveURL(/\/app\/not-found$/);
});

test('public leaderboards without sign-in: read-only, players and teams, team board', async ({ page }) => {
  // Photos need sign-in: the public boards show initials and never ask for one.
  const photoRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/images/users/')) photoRequests.push(r.url());
  });
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Leaderboard', exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(40);
  await expect(rows(page).first().locator('.mantine-Avatar-placeholder')).toHaveText(/^\p{Lu}{2}$/u);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'leaderboard-public');

  // Visitors choose a whole level and a fixed period: the boards the server keeps ready.
  const sortBy = page.getByRole('combobox', { name: 'Sort by' });
  await sortBy.selectOption('Criteria');
  const levelDialog = page.getByRole('dialog', { name: 'Filter by criteria' });
  await levelDialog.getByRole('radio', { name: 'Game IQ' }).check();
  await expectAccessible(page);
  const levelAnswer = page.waitForResponse((r) => r.url().includes('/api/public/leaderboard?') && r.url().includes('level='));
  await levelDialog.getByRole('button', { name: 'Save' }).click();
  expect((await levelAnswer).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Game IQ' })).toBeVisible();
  await sortBy.selectOption('Evaluation Period');
  const periodDialog = page.getByRole('dialog', { name: 'Evaluation period' });
  await periodDialog.getByRole('radio', { name: 'Last 30 days' }).check();
  const periodAnswer = page.waitForResponse((r) => r.url().includes('period=30d') && r.url().includes('level='));
  await periodDialog.getByRole('button', { name: 'Save' }).click();
  expect((await periodAnswer).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toBeVisible();
  await expect(rows(page)).toHaveCount(40);
  await snap(page, 'leaderboard-public-filtered');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Filter by' }).selectOption('Teams');
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);

  const teams = (await (await page.request.get('/api/public/leaderboard?view=teams')).json()).data.rows as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'U16 Girls')!;
  await page.goto(`/leaderboard/team/${team.id}`);
  await expect(page.getByRole('heading', { name: 'Leaderboard for U16 Girls' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by' })).toHaveCount(0);
  await expect(rows(page)).toHaveCount(10);
  await expectAccessible(page);
  await snap(page, 'leaderboard-public-team');
  expect(photoRequests).toEqual([]);

  await page.goto('/leaderboard/team/not-a-team');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
