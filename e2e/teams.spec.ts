import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/** Names carry the attempt number, so that a retry never meets what a failed attempt created. */
const named = (name: string) => (test.info().retry ? `${name} ${test.info().retry}` : name);

const cards = (page: Page) => page.getByRole('article');
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openAdd(page: Page, item: 'Add Single' | 'Add Bulk') {
  await page.getByRole('button', { name: 'Add New Team' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog');
}

async function cardMenu(page: Page, team: string, item: 'Edit Team' | 'Delete Team') {
  await page.getByRole('button', { name: `Team actions for ${team}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog');
}

function csvFile(name: string, content: string): string {
  const path = join(tmpdir(), `teams-e2e-${Date.now()}-${name}`);
  writeFileSync(path, content);
  return path;
}

test.describe('as an admin', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/app/teams');
    await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  });

  test('lists the team cards and filters by club with a spinner', async ({ page }) => {
    // Other specs share the demo database, add teams and move players: compare with the API, not constants.
    const teams = (await (await page.request.get('/api/teams')).json()).data as { name: string; playerCount: number; category: string }[];
    expect(teams.length).toBeGreaterThanOrEqual(4);
    await expect(cards(page)).toHaveCount(teams.length);
    const boys = card(page, 'U14 Boys');
    await expect(boys.getByRole('heading', { name: 'U14 BOYS' })).toBeVisible();
    await expect(boys.getByText('Northside Hawks')).toBeVisible();
    await expect(boys.getByText('Casey Coach')).toBeVisible();
    await expect(boys.getByText(`${teams.find((t) => t.name === 'U14 Boys')!.playerCount} Player(s)`)).toBeVisible();
    await expect(boys.getByText('2026/27')).toBeVisible();
    await expect(boys.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', /\/app\/team\/\d+\/players$/);
    await expectAccessible(page);
    await snap(page, 'teams');

    // Long enough that a busy machine still sees the spinner (a timer of its own); the cards are awaited past it.
    await page.evaluate(() => Object.assign(window, { __FILTER_SPINNER_MS: 5000 }));
    await choose(page, page, 'Filter by', 'Riverside Tigers');
    await expect(page.getByRole('status', { name: 'Loading teams' })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __FILTER_SPINNER_MS: 300 }));
    await expect(cards(page)).toHaveCount(teams.filter((t) => t.category === 'Riverside Tigers').length, { timeout: 20_000 });
    await expect(card(page, 'U14 Girls')).toBeVisible();
    await expect(card(page, 'U14 Boys')).toHaveCount(0);
    await choose(page, page, 'Filter by', 'All Clubs');
    await expect(cards(page)).toHaveCount(teams.length);

    await page.getByRole('button', { name: 'Team actions for U14 Boys' }).click();
    await expect(page.getByRole('menuitem', { name: 'Analysis' })).toHaveAttribute('href', /\/app\/team\/\d+\/analysis$/);
    await expect(page.getByRole('menuitem', { name: 'Edit Team' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Delete Team' })).toBeVisible();
  });

  test('adds a team: required fields one at a time, server error on the name, success', async ({ page }) => {
    const before = ((await (await page.request.get('/api/teams')).json()).data as unknown[]).length;
    const dialog = await openAdd(page, 'Add Single');
    await expect(dialog.getByRole('heading', { name: 'Add Team' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Create new role' })).toHaveAttribute('href', '/app/roles');
    await expect(dialog.getByRole('link', { name: 'Create new user' })).toHaveAttribute('href', '/app/users');
    await expectAccessible(page);

    // The first empty field gets the tooltip and red border; then the next one.
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await expect(page.getByRole('tooltip')).toHaveText('This field is required');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('This field is required');
    await snap(page, 'teams-add-required');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(named('E2E Falcons'));
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Club' })).toHaveAccessibleDescription('This field is required');
    await expect(page.getByRole('tooltip')).toHaveCount(1);

    await choose(page, dialog, 'Club', 'Northside Hawks');
    await expect(dialog.getByRole('textbox', { name: 'Coach user' })).toBeDisabled();
    await choose(page, dialog, 'Coach role', 'Coach');
    await choose(page, dialog, 'Coach user', 'Jordan Reyes');
    await choose(page, dialog, 'Season', '2025/26');
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await expect(page.getByText('Operation successful!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const falcons = card(page, named('E2E Falcons'));
    await expect(falcons.getByRole('heading', { name: named('E2E Falcons').toUpperCase() })).toBeVisible();
    await expect(falcons.getByText('Jordan Reyes')).toBeVisible();
    await expect(falcons.getByText('0 Player(s)')).toBeVisible();

    // The same name in the same club and season: the server's message on the name field.
    const again = await openAdd(page, 'Add Single');
    await again.getByRole('textbox', { name: 'Name' }).fill(named('e2e falcons'));
    await choose(page, again, 'Club', 'Northside Hawks');
    await choose(page, again, 'Coach role', 'Coach');
    await choose(page, again, 'Coach user', 'Casey Coach');
    await choose(page, again, 'Season', '2025/26');
    await again.getByRole('button', { name: 'Add Team' }).click();
    const duplicate = `A team named "${named('e2e falcons')}" already exists in Northside Hawks, season 2025/26.`;
    await expect(page.getByRole('tooltip')).toHaveText(duplicate);
    await expect(again.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(duplicate);
    await snap(page, 'teams-add-server-error');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(cards(page)).toHaveCount(before + 1);
  });

  test('edits a team', async ({ page }) => {
    const dialog = await cardMenu(page, 'U14 Girls', 'Edit Team');
    await expect(dialog.getByRole('heading', { name: 'Edit Team' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('U14 Girls');
    await expect(dialog.getByRole('textbox', { name: 'Club' })).toHaveValue('Riverside Tigers');
    await expect(dialog.getByRole('textbox', { name: 'Coach user' })).toHaveValue('Jordan Reyes');
    await expectAccessible(page);
    await snap(page, 'teams-edit');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('');
    await dialog.getByRole('button', { name: 'Save Team' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('This field is required');
    // docs/product.md#validation and docs/product.md#scoring: the highlight and its tooltip go away after 5 seconds.
    await expect(page.getByRole('tooltip')).toHaveCount(0, { timeout: 8000 });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'false');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(named('U14 Girls Select'));
    await choose(page, dialog, 'Season', '2025/26');
    await dialog.getByRole('button', { name: 'Save Team' }).click();
    await expect(page.getByText('Operation successful!')).toBeVisible();
    const renamed = card(page, named('U14 Girls Select'));
    await expect(renamed.getByRole('heading', { name: 'U14 GIRLS SELECT' })).toBeVisible();
    await expect(renamed.getByText('2025/26')).toBeVisible();
    await expect(renamed.getByText('Jordan Reyes')).toBeVisible();
    await expect(renamed.getByText('10 Player(s)')).toBeVisible();
    await expect(card(page, 'U14 Girls')).toHaveCount(0);
  });

  test('deletes a team after confirmation', async ({ page }) => {
    // A team of its own: the demo teams stay for the specs after this one (e2e/fixtures.ts).
    const teams = (await (await page.request.get('/api/teams')).json()).data as {
      name: string;
      categoryId: number;
      coachRole: number;
      coachUser: number;
      seasonId: number;
    }[];
    const like = teams.find((t) => t.name === 'U18 Boys')!;
    const csrf = (await (await page.request.get('/api/auth/me')).json()).data.csrfToken as string;
    const made = await page.request.post('/api/teams', {
      data: {
        name: 'U18 Reserves',
        category: like.categoryId,
        coachRole: like.coachRole,
        coachUser: like.coachUser,
        season: like.seasonId,
      },
      headers: { 'x-csrf-token': csrf },
    });
    expect(made.status(), await made.text()).toBe(200);
    await page.reload();
    await expect(card(page, 'U18 Reserves')).toBeVisible();
    const before = await cards(page).count();
    const dialog = await cardMenu(page, 'U18 Reserves', 'Delete Team');
    await expect(dialog.getByText('Are you sure you want to delete U18 Reserves?')).toBeVisible();
    await expect(dialog.getByText('All players associated with U18 Reserves will be without a team.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'teams-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Operation successful!')).toBeVisible();
    await expect(card(page, 'U18 Reserves')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(before - 1);
  });

  test('adds teams in bulk: csv only, every bad row reported, then a good file', async ({ page }) => {
    const dialog = await openAdd(page, 'Add Bulk');
    await expect(dialog.getByRole('link', { name: 'Download CSV template' })).toHaveAttribute('download', 'teams-template.csv');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Club' })).toHaveAccessibleDescription('This field is required');
    await choose(page, dialog, 'Club', 'Riverside Tigers');
    await choose(page, dialog, 'Season', '2025/26');

    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles(csvFile('teams.txt', 'Name,CoachEmail\nA,coach@demo.club\n'));
    await expect(dialog.getByText('File should be a csv file!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('tooltip')).toHaveText('This field is required');

    await fileInput.setInputFiles(
      csvFile('bad.csv', 'Name,CoachEmail\nBulk Good,coach@demo.club\n,coach@demo.club\nBulk Ghost,nobody@demo.club\n'),
    );
    await expect(dialog.getByText('File should be a csv file!')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const box = dialog.getByRole('alert');
    await expect(box).toContainText('Error: row 3: Name is required');
    await expect(box).toContainText('row 4: no user has the e-mail nobody@demo.club');
    await expectAccessible(page);
    await snap(page, 'teams-bulk-error');
    // The file is cleared and nothing was created.
    await expect(dialog.getByText('Choose a .csv file')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Bulk Good')).toHaveCount(0);

    const again = await openAdd(page, 'Add Bulk');
    await choose(page, again, 'Club', 'Riverside Tigers');
    await choose(page, again, 'Season', '2025/26');
    // E-mails match in any case. Jordan coaches both, so Casey keeps no Riverside team (coach test below).
    await again
      .locator('input[type="file"]')
      .setInputFiles(csvFile('good.csv', 'Name,CoachEmail\nBulk Rockets,jordan.reyes@demo.club\nBulk Comets,JORDAN.REYES@demo.club\n'));
    await again.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Operation successful!')).toBeVisible();
    await expect(again).toBeHidden();
    await expect(card(page, 'Bulk Rockets').getByText('Riverside Tigers')).toBeVisible();
    await expect(card(page, 'Bulk Comets').getByText('Jordan Reyes')).toBeVisible();
  });

  test('shows one coach’s teams on the CoachTeams route, and not-found for an unknown coach', async ({ page }) => {
    const options = (await (await page.request.get('/api/teams/coach-options')).json()) as {
      data: { users: { id: number; first_name: string }[] }[];
    };
    const casey = options.data.flatMap((r) => r.users).find((u) => u.first_name === 'Casey')!.id;
    await page.goto(`/app/coach/${casey}/teams`);
    await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
    await expect(page.getByText('Teams coached by Casey Coach')).toBeVisible();
    await expect(card(page, 'U14 Boys')).toBeVisible();
    await expect(card(page, 'U16 Girls')).toBeVisible();
    for (const name of await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))) {
      await expect(card(page, name!).getByText('Casey Coach')).toBeVisible();
    }
    await choose(page, page, 'Filter by', 'Riverside Tigers');
    await expect(card(page, 'U14 Boys')).toHaveCount(0);
    await expectAccessible(page);
    await page.goto('/app/coach/999999/teams');
    await expect(page).toHaveURL(/\/app\/not-found$/);
  });
});

test.describe('as a coach', () => {
  test('sees only their own teams, without add, edit or delete controls', async ({ page }) => {
    await loginAs(page, 'coach');
    await page.goto('/app/teams');
    // Other tests of this file may have given this coach more teams; none of another coach's show.
    await expect(card(page, 'U14 Boys')).toBeVisible();
    await expect(card(page, 'U16 Girls')).toBeVisible();
    const count = await cards(page).count();
    await expect(page.getByText('Casey Coach')).toHaveCount(count);
    await expect(page.getByText('Jordan Reyes')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add New Team' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Team actions/ })).toHaveCount(0);
    await expect(card(page, 'U14 Boys').getByRole('link', { name: 'Manage' })).toBeVisible();
    await choose(page, page, 'Filter by', 'Riverside Tigers');
    await expect(page.getByText('No data to show!')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'teams-coach-empty');
    await page.goto('/app/coach/1/teams');
    await expect(page).toHaveURL(/\/app\/unauthorized$/);
  });
});

test.describe('a club with more than one page of teams', () => {
  // The page's requests reach page.route directly (no service worker in between).
  test.use({ serviceWorkers: 'block' });

  test('shows 50 cards, then the rest with Load more teams; a club chosen again starts from its first page', async ({ page }) => {
    // 60 teams made and deleted one by one through the API, and 110 cards drawn three times.
    test.setTimeout(180_000);
    await loginAs(page, 'admin');
    const csrf = (await (await page.request.get('/api/auth/me')).json()).data.csrfToken as string;
    const headers = { 'x-csrf-token': csrf };
    const byName = async <T>(url: string, name: string) =>
      ((await (await page.request.get(url)).json()).data as (T & { id: number; name: string })[]).find((x) => x.name === name)!.id;
    const club = await byName('/api/categories', 'Northside Hawks');
    const season = await byName('/api/seasons', '2025/26');
    const names = Array.from({ length: 60 }, (_, i) => `E2E Paging ${String(i + 1).padStart(2, '0')}`);
    const upload = await page.request.post('/api/teams/bulk', {
      headers,
      multipart: {
        category: String(club),
        season: String(season),
        bulkFile: {
          name: 'paging.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(['Name,CoachEmail', ...names.map((n) => `${n},jordan.reyes@demo.club`)].join('\n')),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const all = (await (await page.request.get('/api/teams')).json()).data as { id: number; name: string; categoryId: number }[];
    const created = all.filter((t) => names.includes(t.name)).map((t) => t.id);
    expect(created).toHaveLength(60);
    try {
      await page.goto('/app/teams');
      const more = page.getByRole('button', { name: 'Load more teams' });
      await expect(more).toBeVisible();
      await expect(cards(page)).toHaveCount(50);
      await expectAccessible(page);
      await snap(page, 'teams-load-more');

      // The next page is held until the button has shown that it is loading.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/teams\?.*after=/, async (route) => {
        await held;
        await route.continue();
      });
      await more.click();
      await expect(more).toHaveAttribute('data-loading', 'true');
      await expect(more).toBeDisabled();
      release();
      await expect(cards(page)).toHaveCount(all.length);
      await expect(more).toHaveCount(0);
      expect(await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(all.map((t) => t.name));
      await expectAccessible(page);

      await page.evaluate(() => Object.assign(window, { __FILTER_SPINNER_MS: 100 }));
      await choose(page, page, 'Filter by', 'Northside Hawks');
      await expect(cards(page)).toHaveCount(50);
      await expect(more).toBeVisible();
      await more.click();
      await expect(cards(page)).toHaveCount(all.filter((t) => t.categoryId === club).length);
      await choose(page, page, 'Filter by', 'All Clubs');
      await expect(cards(page)).toHaveCount(50);
      await expect(more).toBeVisible();
    } finally {
      for (const id of created) {
        const res = await page.request.post(`/api/team/${id}/delete`, { headers, data: {} });
        expect(res.status(), await res.text()).toBe(200);
      }
    }
  });
});
