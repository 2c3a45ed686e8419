import type { Page } from '@playwright/test';
import { apiGet, apiPost } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Reports show goals (docs/product.md#goals): a report lists the goals set at the player's last report
 * with their outcome (one achieved by a later evaluation, one dropped) and the new goals set from it.
 */
test.describe.configure({ mode: 'serial' });
const made: number[] = [];
test.afterAll(async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await ctx.newPage();
  await loginAs(page, 'admin');
  for (const id of made) await apiPost(page, `/api/player/${id}/delete`);
  await ctx.close();
});

/** A cycle over the team closing on `closesOn`, one draft for the player with things to work on; its id. */
async function draft(
  page: Page,
  teamId: number,
  playerId: number,
  closesOn: string,
  focus: number[],
): Promise<{ cycle: number; report: number }> {
  const seasons = (await apiGet(page, '/api/seasons')) as { id: number }[];
  const cycle = (
    await apiPost(page, '/api/report-cycles', {
      name: `Goals report ${closesOn} ${Date.now()}`,
      season_id: seasons[0]!.id,
      team_ids: [teamId],
      opens_on: `${closesOn.slice(0, 4)}-01-01`,
      closes_on: closesOn,
    })
  ).id as number;
  await apiPost(page, `/api/report-cycle/${cycle}/team/${teamId}/reports`, { player_ids: [playerId] });
  const list = (await apiGet(page, `/api/report-cycle/${cycle}/team/${teamId}/reports`)) as {
    rows: { player: { id: number }; report: { id: number } | null }[];
  };
  const report = list.rows.find((r) => r.player.id === playerId)!.report!.id;
  await apiPost(page, `/api/report/${report}`, {
    overall_comment: 'A good season.',
    focus: focus.map((criterion_id) => ({ criterion_id, text: 'Work on it every week.', resource_ids: [] })),
  });
  return { cycle, report };
}

test("a report shows the last report's goals with their outcome and the new ones", async ({ page }) => {
  await loginAs(page, 'admin');
  const criteria = (await apiGet(page, '/api/criteria')) as { id: number; criteria: string; level_kind: string }[];
  const [first, second] = criteria.filter((c) => c.level_kind === 'scale_1_10');
  const teams = (await apiGet(page, '/api/teams')) as { id: number; name: string }[];
  const teamId = teams.find((t) => t.name === 'U14 Boys')!.id;
  const playerId = (
    await apiPost(page, '/api/players', { first_name: 'Follow', last_name: 'Up', email: 'follow.up@example.org', team_id: [teamId] })
  ).id as number;
  made.push(playerId);
  await page.context().clearCookies();
  await loginAs(page, 'coach');
  await apiPost(page, `/api/player/${playerId}/evaluation`, { criteria_id: first!.id, score: 5 });
  await apiPost(page, `/api/player/${playerId}/evaluation`, { criteria_id: second!.id, score: 4 });

  // The spring report sets two goals; between the reports one is reached, the other dropped.
  const spring = await draft(page, teamId, playerId, '2026-06-30', [first!.id, second!.id]);
  await apiPost(page, `/api/report/${spring.report}/approve`, {
    goals: [
      { criterion_id: first!.id, target: 6, due_on: '2099-01-01' },
      { criterion_id: second!.id, target: 6, due_on: '2099-01-01' },
    ],
  });
  await apiPost(page, `/api/player/${playerId}/evaluation`, { criteria_id: first!.id, score: 6 });
  const goals = (await apiGet(page, `/api/player/${playerId}/goals`)).goals as { id: number; criterionId: number }[];
  await apiPost(page, `/api/player/${playerId}/goal/${goals.find((g) => g.criterionId === second!.id)!.id}/state`, {
    state: 'dropped',
    note: 'Later',
  });

  // The autumn report, approved on screen with one new goal.
  const autumn = await draft(page, teamId, playerId, '2026-11-20', [first!.id]);
  await page.goto(`/app/reports/${autumn.cycle}/team/${teamId}/report/${autumn.report}`);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: "Approve Follow Up's report" });
  await dialog.getByRole('textbox', { name: `Target for ${first!.criteria}` }).fill('8');
  await dialog.getByRole('button', { name: 'Approve and set 1 goal' }).click();
  await expect(dialog).toBeHidden();

  const previous = page.getByRole('region', { name: 'Goals set at the last report' });
  await expect(previous.getByText(`${first!.criteria}: Achieved`)).toBeVisible();
  await expect(previous.getByText('from 5/10, now 6/10, target 6/10, Improved, due 2099-01-01')).toBeVisible();
  await expect(previous.getByText(`${second!.criteria}: Dropped`)).toBeVisible();
  const set = page.getByRole('region', { name: 'New goals' });
  await expect(set.getByText(first!.criteria, { exact: true })).toBeVisible();
  await expect(set.getByText(/from 6\/10, target 8\/10/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'goals-on-report');
});
