import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openDatabase } from '../src/server/db/index';
import { dayOffset } from '../src/server/lib/time';
import { approvedReport, reportCycle } from '../src/server/modules/reports/reports.fixtures';
import type { ReportState } from '../src/shared/schemas/report-snapshot';
import { cutWords } from './cut-words';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Every number on the staff dashboard opens a list of exactly that many rows (docs/product.md#dashboard):
 * the evaluation counts, the reports by state and the open sessions. The reports are written into the
 * e2e database (their authoring is the reports screens' part), in a cycle whose window holds today.
 */
const STATES: ReportState[] = ['draft', 'draft', 'draft', 'approved', 'approved', 'sent', 'viewed'];

/** Answers the team's number of players. */
async function reportsInEveryState(page: Page, team: string): Promise<number> {
  const teams = (await (await page.request.get('/api/teams')).json()).data as { id: number; name: string }[];
  const teamId = teams.find((t) => t.name === team)!.id;
  const members = (await (await page.request.get(`/api/team/${teamId}/players?pageSize=100`)).json()).data.data as { id: number }[];
  expect(members.length).toBeGreaterThan(STATES.length);
  const database = openDatabase(process.env.E2E_DATABASE_URL ?? `sqlite:${join(process.env.E2E_DATA_DIR!, 'e2e.db')}`);
  try {
    const cycleId = await reportCycle(database.db, [teamId], `Filters ${Date.now().toString(36)}`);
    // The current cycle of the team on the dashboard: its window holds today and closes last.
    await database.db
      .updateTable('report_cycles')
      .set({ opens_on: dayOffset(-20), closes_on: dayOffset(400) })
      .where('id', '=', cycleId)
      .execute();
    for (const [i, state] of STATES.entries()) {
      const id = await approvedReport(database.db, { cycleId, playerId: members[i]!.id, teamId, state });
      if (state === 'viewed')
        await database.db
          .updateTable('reports')
          .set({ viewed_at: `${dayOffset(0)}T09:00:00.000Z` })
          .where('id', '=', id)
          .execute();
    }
  } finally {
    await database.close();
  }
  return members.length;
}

/** The rows of the list a dashboard number opens, once that list has loaded (its filter named on the page). */
async function rowsOf(page: Page, href: string) {
  await page.goto(href);
  if (href.includes('/players?')) {
    await expect(page.getByText(/^Not evaluated|^Evaluated/)).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    return page.getByRole('main').getByRole('article');
  }
  if (href.includes('/reports/')) {
    await expect(page.getByText(/^Only \w+ reports/)).toBeVisible();
    return page.getByRole('main').getByRole('listitem');
  }
  if (href.includes('/goals')) {
    // The team's goals, filtered: the filter's picker shows once the list has loaded.
    await expect(page.getByRole('textbox', { name: 'Show' })).toBeVisible();
    if (href.includes('filter=none')) return page.getByRole('list', { name: 'Players without an active goal' }).getByRole('listitem');
    return page.getByRole('table', { name: /^Goals of / }).locator('tbody tr');
  }
  await expect(page.getByText('Only open sessions')).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  return page.getByRole('main').getByRole('article');
}

test('every number on the dashboard opens a list of exactly that many rows, on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, 'admin');
  const players = await reportsInEveryState(page, 'U18 Boys');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/app/dashboard');
  const u18 = page.getByRole('article', { name: 'U18 Boys', exact: true });
  await expect(u18.getByRole('link', { name: '3 reports draft, U18 Boys' })).toBeVisible();
  await expect(u18.getByRole('link', { name: '1 report viewed, U18 Boys' })).toBeVisible();

  const numbers = await page
    .getByRole('main')
    .getByRole('link', { name: /^\d+ / })
    .evaluateAll((links) => links.map((a) => ({ name: a.getAttribute('aria-label')!, href: a.getAttribute('href')! })));
  // Open sessions; each team's "no evaluation in 30 days" and four goal counts; U18 Boys' evaluated, not yet and four report states.
  expect(numbers.length).toBeGreaterThanOrEqual(1 + 4 * 5 + 6);
  for (const { name, href } of numbers) {
    const rows = await rowsOf(page, href);
    await expect(rows, `${name} → ${href}`).toHaveCount(Number(name.split(' ')[0]));
    expect(await cutWords(page), href).toEqual([]);
    if (name === '1 report viewed, U18 Boys') {
      await expectAccessible(page);
      await snap(page, 'dashboard-viewed-list');
      await page.getByRole('button', { name: 'Show all' }).click();
      await expect(page).not.toHaveURL(/state=/);
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(players);
    }
    if (name.includes('not yet evaluated in')) await snap(page, 'dashboard-not-yet-list');
  }
});
