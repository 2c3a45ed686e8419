import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openDatabase } from '../src/server/db/index';
import { approvedReport, reportCycle } from '../src/server/modules/reports/reports.fixtures';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * The report editor on a phone (docs/product.md#reports): Approve sits in the sticky bar with
 * Previous / Save / Next, in reach without scrolling past the criterion panels; Revoke asks first.
 * The draft and the sent report are written into the e2e database (their making is another spec's).
 */
async function reports(page: Page): Promise<{ base: string; draft: number; sent: number }> {
  const teams = (await (await page.request.get('/api/teams')).json()).data as { id: number; name: string }[];
  const teamId = teams.find((t) => t.name === 'U16 Girls')!.id;
  const members = (await (await page.request.get(`/api/team/${teamId}/players?pageSize=100`)).json()).data.data as { id: number }[];
  const database = openDatabase(process.env.E2E_DATABASE_URL ?? `sqlite:${join(process.env.E2E_DATA_DIR!, 'e2e.db')}`);
  try {
    const cycleId = await reportCycle(database.db, [teamId], `Phone ${Date.now().toString(36)}`);
    const draft = await approvedReport(database.db, { cycleId, playerId: members[0]!.id, teamId, state: 'draft' });
    const sent = await approvedReport(database.db, { cycleId, playerId: members[1]!.id, teamId, state: 'sent' });
    return { base: `/app/reports/${cycleId}/team/${teamId}`, draft, sent };
  } finally {
    await database.close();
  }
}

const inView = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

test('on a phone, Approve is in the sticky bar at every scroll; Revoke asks for a confirmation first', async ({ page }) => {
  await loginAs(page, 'admin');
  const r = await reports(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${r.base}/report/${r.draft}`);
  const bar = page.getByRole('toolbar', { name: 'Players' });
  await expect(bar.getByRole('button', { name: 'Approve', exact: true })).toBeEnabled();
  expect(await inView(page, 'Approve')).toBe(true);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await inView(page, 'Approve')).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page);
  await snap(page, 'report-editor-approve-in-reach');
  await bar.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('approved', { exact: true })).toBeVisible();

  await page.goto(`${r.base}/report/${r.sent}`);
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this report?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('sent', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await page.getByRole('dialog', { name: 'Revoke this report?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('revoked', { exact: true })).toBeVisible();
});
