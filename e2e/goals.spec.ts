import type { Page } from '@playwright/test';
import { apiGet, apiPost, phoneContext, useSmtpCapture } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Development plans (docs/product.md#goals): a coach adds a goal on a player's profile; an evaluation at
 * the same score shows "No clear change", one that reaches the target makes the goal Achieved; the
 * player sees and checks in on their own goal; the parent sees the goal marked visible to family.
 */
const smtp = useSmtpCapture();
const made: number[] = [];
test.describe.configure({ mode: 'serial' });
test.afterAll(async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await ctx.newPage();
  await loginAs(page, 'admin');
  // Deleting the player takes their goals, events and check-ins with them (foreign keys).
  for (const id of made) await apiPost(page, `/api/player/${id}/delete`);
  await ctx.close();
});

let playerId = 0;
let criterion: { id: number; criteria: string } = { id: 0, criteria: '' };
const PARENT = 'goals.parent@example.org';

async function evaluate(page: Page, score: number) {
  await apiPost(page, `/api/player/${playerId}/evaluation`, { criteria_id: criterion.id, score });
}

test('a coach adds a goal on the profile; the same score again is no clear change; reaching the target achieves it', async ({ page }) => {
  await loginAs(page, 'admin');
  const criteria = (await apiGet(page, '/api/criteria')) as { id: number; criteria: string; level_kind: string }[];
  criterion = criteria.find((c) => c.level_kind === 'scale_1_10')!;
  const teams = (await apiGet(page, '/api/teams')) as { id: number; name: string }[];
  const created = await apiPost(page, '/api/players', {
    first_name: 'Goalie',
    last_name: 'Planwright',
    email: 'planwright.home@example.org',
    team_id: [teams.find((t) => t.name === 'U14 Boys')!.id],
  });
  playerId = created.id as number;
  made.push(playerId);
  await apiPost(page, `/api/player/${playerId}/guardians`, { email: PARENT, relationship: 'parent' });

  await page.context().clearCookies();
  await loginAs(page, 'coach');
  await evaluate(page, 5);
  await page.goto(`/app/player/${playerId}`);
  const panel = page.getByRole('region', { name: 'GOALS' });
  await expect(panel.getByText('No goals yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add goal' });
  await dialog.getByRole('textbox', { name: 'Criterion' }).click();
  await page.getByRole('option', { name: criterion.criteria, exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Now' })).toHaveValue('5/10');
  await dialog.getByRole('textbox', { name: 'Target level' }).fill('6');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Ten minutes of this after every practice.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = panel.getByRole('article', { name: criterion.criteria });
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText('Now 5/10 · Target 6/10')).toBeVisible();

  // Editing: the criterion and baseline stay; the history says what changed, when and by whom.
  await card.getByRole('button', { name: `Edit ${criterion.criteria}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit goal: ${criterion.criteria}` });
  await edit.getByRole('textbox', { name: 'Due date' }).fill('2099-03-01');
  await edit.getByRole('textbox', { name: 'Description' }).fill('Fifteen minutes after every practice.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText('Due 2099-03-01')).toBeVisible();
  await card.getByRole('button', { name: /History/ }).click();
  const history = card.getByRole('list', { name: `History of ${criterion.criteria}` });
  await expect(history.getByText(/Edited due date, description/)).toBeVisible();
  await expect(history.getByText(/Set at 5\/10/)).toBeVisible();

  // A second, free-text goal is dropped on screen with a note; its history keeps why.
  const free = `Talk on the pitch ${Date.now()}`;
  await apiPost(page, `/api/player/${playerId}/goals`, { title: free, due_on: '2099-01-01' });
  await page.reload();
  const freeCard = panel.getByRole('article', { name: free });
  await freeCard.getByRole('button', { name: `Change state of ${free}` }).click();
  const move = page.getByRole('dialog', { name: `Change state: ${free}` });
  await move.getByRole('textbox', { name: 'New state' }).click();
  await page.getByRole('option', { name: 'Dropped' }).click();
  await move.getByRole('textbox', { name: 'Note' }).fill('Replaced by a team goal');
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(move).toBeHidden();
  await expect(freeCard.getByText('Dropped', { exact: true })).toBeVisible();
  await freeCard.getByRole('button', { name: /History/ }).click();
  await expect(
    freeCard.getByRole('list', { name: `History of ${free}` }).getByText(/Active → Dropped: Replaced by a team goal/),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'goals-history');

  await panel.getByRole('button', { name: 'Suggest goals' }).click();
  await expect(panel.getByRole('region', { name: 'Suggested goals' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'goals-profile');

  // The same score again: a change below the smallest worthwhile change.
  await evaluate(page, 5);
  await page.reload();
  await expect(card.getByText(/No clear change/)).toBeVisible();
  await card.getByRole('button', { name: /How progress is judged/ }).focus();
  await expect(page.getByRole('tooltip')).toContainText('0.2 × the spread');
  await snap(page, 'goals-no-clear-change');

  await evaluate(page, 6);
  await page.reload();
  await expect(card.getByText('Achieved', { exact: true })).toBeVisible();
  await expect(card.getByText(/Improved/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'goals-achieved');
});

test('the player sees their own goal and checks in on a phone', async ({ page }) => {
  await loginAs(page, 'admin');
  const me = await page
    .context()
    .browser()!
    .newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`, viewport: { width: 375, height: 740 } });
  const own = await me.newPage();
  await loginAs(own, 'player');
  const demoPlayer = (await apiGet(own, '/api/auth/me')).player as number;
  const title = `Call for the ball ${Date.now()}`;
  const goal = await apiPost(page, `/api/player/${demoPlayer}/goals`, { title, due_on: '2099-01-01', visible_to_family: false });
  await own.goto(`/player/${demoPlayer}/goals`);
  const card = own.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Check in on ${title}` }).click();
  const dialog = own.getByRole('dialog', { name: `Check in: ${title}` });
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Asked for it ten times today');
  await dialog.getByRole('textbox', { name: 'Practice count' }).fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/Player: Asked for it ten times today \(practised 10×\)/)).toBeVisible();
  await expectAccessible(own);
  await snap(own, 'goals-player-area');
  // The demo player's goal is closed again (goals are kept as history, not deleted).
  await apiPost(page, `/api/player/${demoPlayer}/goal/${goal.id}/state`, { state: 'dropped', note: 'e2e' });
  await me.close();
});

test('the parent sees the goal marked visible to family once the reports consent is given', async ({ browser }) => {
  // Adding the guardian in the first test mailed the invitation: its link signs the parent in.
  const mail = await smtp.mail.waitFor((m) => m.to.includes(PARENT));
  const url = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(mail.text)![0]);
  const ctx = await phoneContext(browser);
  const parent = await ctx.newPage();
  await parent.goto(`${url.pathname}${url.search}`);
  const child = parent.getByRole('region', { name: 'Goalie Planwright' });
  await expect(child).toBeVisible();
  const csrf = (await (await parent.request.get('/api/family/me')).json()).data.csrfToken as string;
  const consent = await parent.request.post(`/api/family/player/${playerId}/consent`, {
    data: { purpose: 'reports', granted: true },
    headers: { 'x-csrf-token': csrf },
  });
  expect(consent.status(), await consent.text()).toBe(200);
  await parent.reload();
  await child.getByRole('button', { name: 'Open' }).click();
  const goals = child.getByRole('region', { name: 'Goals' });
  const card = goals.getByRole('article', { name: criterion.criteria });
  await expect(card.getByText('Achieved', { exact: true })).toBeVisible();
  await expectAccessible(parent);
  await snap(parent, 'goals-family');
  await ctx.close();
});
