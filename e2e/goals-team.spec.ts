import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test, pageWidth } from './fixtures';

/**
 * Goals beyond one player's profile (docs/product.md#goals): a report's things to work on become goals
 * when the coach approves it; one goal for a whole team from the team's page; the dashboard's goal
 * counts open the team goals view filtered the same way.
 */
const TEAM = 'U13 Goals';
const CYCLE = 'Goals cycle';
test.describe.configure({ mode: 'serial' });

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const me = await request.get('/api/auth/me');
  return { 'x-csrf-token': (await me.json()).data.csrfToken as string };
}
async function ok<T>(res: APIResponse): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

let teamId = 0;
let cycleId = 0;
let criterion = { id: 0, criteria: '' };
const players: number[] = [];

/** A team of Casey Coach with four players evaluated at 5 on one 1–10 criterion, and a cycle over it. */
async function setUp(page: Page) {
  await loginAs(page, 'admin');
  const r = page.request;
  const headers = await csrf(r);
  const categories = await ok<{ id: number; name: string }[]>(await r.get('/api/categories'));
  const seasons = await ok<{ id: number }[]>(await r.get('/api/seasons'));
  const options = await ok<{ id: number; users: { id: number; first_name: string }[] }[]>(await r.get('/api/teams/coach-options'));
  const role = options.find((o) => o.users.some((u) => u.first_name === 'Casey'))!;
  teamId = (
    await ok<{ id: number }>(
      await r.post('/api/teams', {
        data: {
          name: TEAM,
          category: categories.find((c) => c.name === 'Northside Hawks')!.id,
          season: seasons[0]!.id,
          coachRole: role.id,
          coachUser: role.users.find((u) => u.first_name === 'Casey')!.id,
        },
        headers,
      }),
    )
  ).id;
  const criteria = await ok<{ id: number; criteria: string; level_kind: string }[]>(await r.get('/api/criteria'));
  criterion = criteria.find((c) => c.level_kind === 'scale_1_10')!;
  for (let i = 1; i <= 4; i++) {
    const p = await ok<{ id: number }>(
      await r.post('/api/players', {
        data: { first_name: `Aim${i}`, last_name: 'Player', email: `aim${i}.home@example.org`, team_id: [teamId] },
        headers,
      }),
    );
    players.push(p.id);
    await ok(await r.post(`/api/player/${p.id}/evaluation`, { data: { criteria_id: criterion.id, score: 5 }, headers }));
  }
  const today = new Date().toISOString().slice(0, 10);
  cycleId = (
    await ok<{ id: number }>(
      await r.post('/api/report-cycles', {
        data: { name: CYCLE, season_id: seasons[0]!.id, team_ids: [teamId], opens_on: '2026-01-01', closes_on: today },
        headers,
      }),
    )
  ).id;
}

test.afterAll(async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await ctx.newPage();
  await loginAs(page, 'admin');
  const headers = await csrf(page.request);
  for (const id of players) await page.request.post(`/api/player/${id}/delete`, { headers });
  await ctx.close();
});

test("a report's things to work on become goals when the coach approves it", async ({ page }) => {
  await setUp(page);
  await page.context().clearCookies();
  await loginAs(page, 'coach');
  const headers = await csrf(page.request);
  await ok(await page.request.post(`/api/report-cycle/${cycleId}/team/${teamId}/reports`, { data: {}, headers }));
  const list = await ok<{ rows: { player: { id: number }; report: { id: number } }[] }>(
    await page.request.get(`/api/report-cycle/${cycleId}/team/${teamId}/reports`),
  );
  const reportId = list.rows.find((r) => r.player.id === players[0])!.report.id;
  await ok(
    await page.request.post(`/api/report/${reportId}`, {
      data: {
        overall_comment: 'A strong autumn.',
        focus: [{ criterion_id: criterion.id, text: 'Ten minutes after every practice.', resource_ids: [] }],
      },
      headers,
    }),
  );
  await page.goto(`/app/reports/${cycleId}/team/${teamId}/report/${reportId}`);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: "Approve Aim1 Player's report" });
  await expect(dialog.getByText(/Now: 5\/10/)).toBeVisible();
  const target = dialog.getByRole('textbox', { name: `Target for ${criterion.criteria}` });
  await expect(target).toHaveValue('6');
  await target.fill('7');
  await expectAccessible(page);
  await snap(page, 'goals-report-approve');
  await dialog.getByRole('button', { name: 'Approve and set 1 goal' }).click();
  await expect(dialog).toBeHidden();
  // The approved report: frozen, with re-issue offered.
  await expect(page.getByRole('button', { name: 'Re-issue as version 2' })).toBeVisible();

  await page.goto(`/app/player/${players[0]}`);
  const card = page.getByRole('region', { name: 'GOALS' }).getByRole('article', { name: criterion.criteria });
  await expect(card.getByText('Now 5/10 · Target 7/10')).toBeVisible();
  await expect(card.getByText(`From the report: ${CYCLE}`)).toBeVisible();
  await expect(card.getByText('Ten minutes after every practice.')).toBeVisible();
});

test("a coach sets one goal for the whole team from the team's page, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, 'coach');
  await page.goto(`/app/team/${teamId}/players`);
  await page.getByRole('link', { name: 'Team goals' }).click();
  await expect(page.getByRole('heading', { name: `Goals: ${TEAM}` })).toBeVisible();
  await page.getByRole('button', { name: 'Set a team goal' }).click();
  const dialog = page.getByRole('dialog', { name: `Team goal: ${TEAM}` });
  await dialog.getByRole('textbox', { name: 'Criterion' }).click();
  await page.getByRole('option', { name: criterion.criteria, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Target level' }).fill('8');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Eight by spring');
  await expect(dialog.getByText('Players (4 of 4)')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Whole team' })).toBeChecked();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: `Goals of ${TEAM}` });
  // Four copies of the team goal (each their own row) and the goal from the report.
  await expect(table.getByRole('row')).toHaveCount(1 + 5);
  await expect(table.getByRole('row', { name: /Aim3 Player/ }).getByText('5/10 / 8/10')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await snap(page, 'goals-team');
});

test('the dashboard counts goals per team; each count opens the filtered list', async ({ page }) => {
  await loginAs(page, 'coach');
  await page.goto('/app/dashboard');
  const card = page.getByRole('article', { name: TEAM });
  await expect(card.getByRole('link', { name: `5 active goals, ${TEAM}` })).toBeVisible();
  await expect(card.getByRole('link', { name: `0 players without an active goal, ${TEAM}` })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'goals-dashboard');
  await card.getByRole('link', { name: `5 active goals, ${TEAM}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/team/${teamId}/goals\\?filter=active$`));
  await expect(page.getByRole('textbox', { name: 'Show' })).toHaveValue('Active goals');
  await expect(page.getByRole('table', { name: `Goals of ${TEAM}` }).getByRole('row')).toHaveCount(1 + 5);

  await page.goto('/app/dashboard');
  await card.getByRole('link', { name: `0 goals due in the next 14 days, ${TEAM}` }).click();
  await expect(page).toHaveURL(/filter=due$/);
  await expect(page.getByText('No goals to show.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Players without an active goal' }).click();
  await expect(page).toHaveURL(/filter=none$/);
  await expect(page.getByText('Every player has an active goal.')).toBeVisible();
});
