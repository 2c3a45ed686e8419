import type { Page } from '@playwright/test';
import { MSG } from '../src/shared/messages';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

const A4_HEIGHT_PX = 1123; // 297 mm at 96 dpi
const screens = () => process.env.SCREENS_DIR ?? 'test-results/screens';

/** Pages of the printed PDF (Chromium prints with the print stylesheet, as window.print() does). */
async function printedPages(page: Page): Promise<number> {
  const pdf = await page.pdf({ format: 'A4' });
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
}

type Summary = { criteria: { id: number; name: string }[]; ranking?: unknown[]; team?: { playerCount: number } };

/** A large club: 60 criteria and (team) 500 ranked players, to prove the report card still fits one page. */
async function inflateSummaries(page: Page) {
  await page.route(/\/api\/(player|team)\/\d+\/analysis\/summary/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: Summary };
    const d = body.data;
    const base = d.criteria;
    d.criteria = Array.from({ length: 60 }, (_, i) => ({ ...base[i % base.length]!, id: 10_000 + i, name: `Criterion number ${i + 1}` }));
    if (d.ranking && d.team) {
      d.ranking = Array.from({ length: 500 }, (_, i) => ({
        rank: i + 1,
        id: 100_000 + i,
        first_name: `Player${i + 1}`,
        last_name: 'Example',
        profile_img: null,
        totalScore: 90 - i * 0.1,
      }));
      d.team.playerCount = 700;
    }
    await route.fulfill({ response: res, json: body });
  });
}

/** The print view: no chrome, and one A4 page in both the PDF and the emulated print layout. */
async function expectOnePagePrint(page: Page, name: string) {
  await page.mouse.move(0, 0); // no chart tooltip
  // No media emulation: page.pdf() then prints with print CSS and the charts as drawn on screen,
  // as window.print() does.
  await page.emulateMedia({ media: null });
  expect(await printedPages(page)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 794, height: A4_HEIGHT_PX });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print report' })).toBeHidden();
  await page.screenshot({ path: `${screens()}/${name}.png`, fullPage: true });
  expect(
    await page.evaluate(() => document.querySelector('.analysis-report')!.getBoundingClientRect().bottom + window.scrollY),
  ).toBeLessThanOrEqual(A4_HEIGHT_PX);
  expect(await printedPages(page)).toBe(1);
}

test('analysis landing: two cards, spinner, player list with team filter, team list with club filter', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/app/analysis');
  await expect(page.getByRole('heading', { name: 'Team Analysis' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Player Analysis' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'analysis-cards');

  await page.getByRole('button', { name: 'Player Analysis' }).click();
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  const players = page.getByRole('table', { name: 'Players' });
  await expect(players).toBeVisible();
  await expect(players.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(players.getByRole('row')).toHaveCount(26); // header + a page of 25
  await page.getByRole('textbox', { name: 'Filter by' }).click();
  await expect(page.getByRole('option', { name: 'All Teams' })).toBeVisible();
  await page.getByRole('option', { name: 'U14 Girls' }).click();
  await expect(players.getByRole('row')).toHaveCount(11);
  await expectAccessible(page);
  await snap(page, 'analysis-players');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Team Analysis' }).click();
  const teams = page.getByRole('table', { name: 'Teams' });
  await expect(teams.getByRole('row')).toHaveCount(5);
  await page.getByRole('textbox', { name: 'Filter by' }).click();
  await expect(page.getByRole('option', { name: 'All Categories' })).toBeVisible();
  await page.getByRole('option', { name: 'Riverside Tigers' }).click();
  await expect(teams.getByRole('row')).toHaveCount(3);
  await expect(teams.getByRole('columnheader', { name: 'Players' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'analysis-teams');
});

test('player analysis: header, charts, print with a clean one-page print view', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await loginAs(page, 'admin');
  await page.goto('/app/analysis');
  await page.getByRole('button', { name: 'Player Analysis' }).click();
  await page
    .getByRole('link', { name: /^Player analysis of / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/player\/\d+\/analysis$/);
  await expect(page.getByText('Player Analysis', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Total score over time' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Latest changes' })).toBeVisible();
  // The demo club measures nothing: the measured tests card says so (and the print leaves it out).
  const measured = page.locator('.analysis-card').filter({ has: page.getByRole('heading', { name: 'Measured tests over time' }) });
  await expect(measured).toContainText(MSG.empty);
  const print = page.getByRole('button', { name: 'Print report' });
  await print.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Print report');
  await print.click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expectAccessible(page);
  await snap(page, 'analysis-player');

  await expectOnePagePrint(page, 'analysis-player-print');
  await page.emulateMedia({ media: null });
  await page.setViewportSize({ width: 1280, height: 800 });

  await inflateSummaries(page);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Scores by criterion against the team average' })).toBeVisible();
  await expectOnePagePrint(page, 'analysis-player-print-large');
  await page.emulateMedia({ media: null });
});

test('team analysis: upper-case name, charts, ranking, print view', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/app/analysis');
  await page.getByRole('button', { name: 'Team Analysis' }).click();
  await page.getByRole('link', { name: 'Team analysis of U16 Girls' }).click();
  await expect(page.getByRole('heading', { name: 'U16 GIRLS' })).toBeVisible();
  await expect(page.getByText('Team Analysis', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Score distribution' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Team ranking' }).getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('button', { name: 'Print report' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'analysis-team');
  await expectOnePagePrint(page, 'analysis-team-print');
  await expect(page.getByText(/more$/)).toHaveCount(0); // 10 players: the whole ranking prints
  await page.emulateMedia({ media: null });
  await page.setViewportSize({ width: 1280, height: 800 });

  // 500 ranked players and 60 criteria: the screen shows them all, the card prints the top 15.
  await inflateSummaries(page);
  await page.reload();
  const ranking = page.getByRole('table', { name: 'Team ranking' });
  await expect(ranking.getByRole('row')).toHaveCount(501);
  await expect(ranking.getByText('…and 685 more')).toBeHidden();
  await expectOnePagePrint(page, 'analysis-team-print-large');
  await expect(ranking.getByRole('row').filter({ visible: true })).toHaveCount(17); // header, top 15, "and N more"
  await expect(ranking.getByText('…and 685 more')).toBeVisible();
  await page.emulateMedia({ media: null });
});

test('coach scoping: only own teams listed; another coach’s team analysis is unauthorized', async ({ page }) => {
  await loginAs(page, 'coach');
  await page.goto('/app/analysis');
  await page.getByRole('button', { name: 'Team Analysis' }).click();
  const teams = page.getByRole('table', { name: 'Teams' });
  await expect(teams.getByRole('row')).toHaveCount(3);
  await expect(teams).toContainText('U14 Boys');
  await expect(teams).not.toContainText('U18 Boys');
  await page.getByRole('link', { name: 'Team analysis of U14 Boys' }).click();
  await expect(page.getByRole('heading', { name: 'U14 BOYS' })).toBeVisible();
  const all = (await (await page.request.get('/api/public/leaderboard?view=teams')).json()).data.rows as { id: number; name: string }[];
  await page.goto(`/app/team/${all.find((t) => t.name === 'U18 Boys')!.id}/analysis`);
  await expect(page).toHaveURL(/\/app\/unauthorized$/);
  await page.goto('/app/team/999999/analysis');
  await expect(page).toHaveURL(/\/app\/(not-found|unauthorized)$/);
});

test('reports is what opens analysis: a role with reports 1 but teams 0 and players 0 reaches both analysis pages', async ({ page }) => {
  // Built-in roles are Superadmin's to change.
  await loginAs(page, 'superadmin');
  const post = async (url: string, data: unknown) => {
    const csrf = (await (await page.request.get('/api/auth/me')).json()).data.csrfToken as string;
    const res = await page.request.post(url, { data, headers: { 'x-csrf-token': csrf } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const roles = (await (await page.request.get('/api/roles')).json()).data as {
    id: number;
    key: string | null;
    title: string;
    admin: boolean;
    permissions: Record<string, number>;
  }[];
  const coach = roles.find((r) => r.key === 'coach')!;
  await post(`/api/role/${coach.id}`, {
    title: coach.title,
    admin: coach.admin,
    permissions: { ...coach.permissions, teams: 0, players: 0, reports: 1 },
  });
  try {
    await page.context().clearCookies();
    await loginAs(page, 'coach');
    await page.goto('/app/teams');
    await expect(page).toHaveURL(/\/app\/unauthorized$/);
    await page.goto('/app/analysis');
    await page.getByRole('button', { name: 'Team Analysis' }).click();
    await page.getByRole('link', { name: 'Team analysis of U14 Boys' }).click();
    await expect(page).toHaveURL(/\/app\/team\/\d+\/analysis$/);
    await expect(page.getByRole('heading', { name: 'U14 BOYS' })).toBeVisible();

    await page.goto('/app/analysis');
    await page.getByRole('button', { name: 'Player Analysis' }).click();
    await page
      .getByRole('link', { name: /^Player analysis of / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/app\/player\/\d+\/analysis$/);
    await expect(page.getByText('Player Analysis', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Total score over time' })).toBeVisible();
  } finally {
    await page.context().clearCookies();
    await loginAs(page, 'superadmin');
    await post(`/api/role/${coach.id}`, { title: coach.title, admin: coach.admin, permissions: coach.permissions });
  }
});
