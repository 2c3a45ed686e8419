import type { Browser, Page } from '@playwright/test';
import { expect as baseExpect, expectAccessible, loginAs, snap, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 300_000 });

const SCALE = 'Ball handling';
const YES_NO = 'Sets solid screens';

/** Taps a score for every player card on the sheet, for the criterion shown. */
async function scoreAll(page: Page, option: (i: number) => string): Promise<number> {
  const groups = page.getByRole('group', { name: /^Score for / });
  await expect(groups.first()).toBeVisible();
  const n = await groups.count();
  for (let i = 0; i < n; i++) {
    const group = groups.nth(i);
    const name = (await group.getAttribute('aria-label'))!.replace(/^Score for /, '');
    await group.getByRole('button', { name: `${option(i)} for ${name}`, exact: true }).click();
  }
  return n;
}

/** One evaluator's pass over the sheet: both criteria, then every tap synced. */
async function scoreSheet(page: Page, scale: (i: number) => string, yesNo: (i: number) => string) {
  await page.getByRole('radio', { name: SCALE }).check({ force: true });
  const n = await scoreAll(page, scale);
  await page.getByText(YES_NO, { exact: true }).click();
  await scoreAll(page, yesNo);
  await expect(page.getByText(`${n} of ${n} players scored on ${YES_NO}`)).toBeVisible();
  await expect(page.getByText('Saved on this device')).toHaveCount(0);
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
  return n;
}

async function evaluatorContext(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
  return { context, page: await context.newPage() };
}

async function boardTotals(page: Page): Promise<string> {
  const body = await (await page.request.get('/api/leaderboard/players?page=1')).json();
  return JSON.stringify(body.data);
}

test('a tryout: the director sets up and checks in 12 players, three evaluators (one a guest on a phone) score blind, results unlock and publish to the leaderboard', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/app/sessions');
  await expect(page.getByRole('heading', { name: 'Evaluation sessions' })).toBeVisible();
  await expectAccessible(page);

  // Create: two criteria, weights in proportion to the catalogue's (15 and 10 → 60 and 40).
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByLabel('Name').fill(`U14 tryout ${Date.now() % 100000}`);
  await dialog.getByRole('textbox', { name: 'Criteria' }).click();
  await page.getByRole('option', { name: SCALE, exact: true }).click();
  await page.getByRole('option', { name: YES_NO, exact: true }).click();
  await dialog.getByRole('heading', { name: 'New session' }).click();
  await expect(dialog.getByText('Total 100 of 100')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: SCALE })).toHaveValue('60');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create session' }).click();
  await expect(page.getByRole('tab', { name: /Check-in/ })).toBeVisible();
  const sessionUrl = page.url();

  // Players: the smallest team (other specs may have added to some) topped up to 12 with walk-ups.
  const teams = (await (await page.request.get('/api/teams')).json()).data as { name: string; playerCount: number }[];
  const team = teams.filter((t) => t.playerCount > 0 && t.playerCount <= 10).sort((a, b) => a.playerCount - b.playerCount)[0]!;
  await page.getByRole('textbox', { name: "Add a team's players" }).click();
  await page.getByRole('option', { name: team.name, exact: true }).click();
  await page.getByRole('button', { name: 'Add team' }).click();
  await expect(page.getByTestId('check-in-row')).toHaveCount(team.playerCount);
  for (let bib = team.playerCount + 1; bib <= 12; bib++) {
    await page.getByRole('button', { name: 'Walk-up' }).click();
    const walk = page.getByRole('dialog', { name: 'Add a walk-up' });
    await walk.getByLabel('First name').fill(`Walker${bib}`);
    await walk.getByLabel('Last name').fill('Walkup');
    await walk.getByLabel("Parent's email").fill('walkup.parent@example.org');
    await walk.getByLabel('Number').fill(String(bib));
    if (bib === 12) await expectAccessible(page);
    await walk.getByRole('button', { name: 'Add and check in' }).click();
    await expect(walk).toBeHidden();
  }
  await expect(page.getByTestId('check-in-row')).toHaveCount(12);

  // Check-in: numbers from 1 for the team's players; a number twice is refused.
  const rows = page.getByTestId('check-in-row');
  for (let i = 0, bib = 1; i < 12; i++) {
    const row = rows.nth(i);
    if (await row.getByText('Walk-up').isVisible()) continue;
    const number = row.getByRole('textbox', { name: /^Number for / });
    await number.fill(String(bib));
    await number.press('Enter');
    await expect(row.getByRole('switch')).toBeChecked();
    bib++;
  }
  await expect(page.getByText('12 of 12 checked in')).toBeVisible();
  const firstRow = rows.first();
  const firstNumber = firstRow.getByRole('textbox', { name: /^Number for / });
  const taken = await rows
    .nth(1)
    .getByRole('textbox', { name: /^Number for / })
    .inputValue();
  await firstNumber.fill(taken);
  await firstNumber.press('Enter');
  await expect(firstRow.getByRole('alert')).toContainText(`Number ${taken} is already given to`);
  await page.getByRole('searchbox', { name: 'Find a player' }).fill('12');
  await expect(rows).toHaveCount(1);
  await expectAccessible(page);
  await snap(page, 'session-check-in');
  await page.getByRole('searchbox', { name: 'Find a player' }).fill('');

  // Evaluators: the director and the coach; the guest joins by code.
  await page.getByRole('tab', { name: /Evaluators/ }).click();
  for (const name of ['Alex Admin', 'Casey Coach']) {
    await page.getByRole('textbox', { name: 'Add a staff evaluator' }).click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.getByRole('button', { name: 'Add evaluator' }).click();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Open session' }).click();
  const code = (await page.getByTestId('guest-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expectAccessible(page);

  // Results stay locked while scoring is blind.
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page.getByText('Results are locked')).toBeVisible();

  // Evaluator 1: the coach, on a laptop.
  const coach = await evaluatorContext(browser, baseURL!, 1280);
  await loginAs(coach.page, 'coach');
  await coach.page.goto('/app/sessions');
  await coach.page.getByRole('link', { name: 'Score' }).first().click();
  await expect(coach.page.getByText('Only your own scores are shown.')).toBeVisible();
  await expectAccessible(coach.page);
  const started = Date.now();
  const players = await scoreSheet(
    coach.page,
    (i) => String(6 + (i % 4)),
    () => 'Yes',
  );
  expect(players).toBe(12);
  // A score changed offline is still on the device: signing out warns, and 'Sync now' sends it first.
  await coach.context.setOffline(true);
  const coachCard = coach.page.getByTestId('sheet-player').first();
  await coachCard.getByRole('button', { name: /^No for / }).click();
  await expect(coachCard.getByText('Saved on this device')).toBeVisible();
  await coach.page.getByRole('button', { name: 'Account menu' }).click();
  await coach.page.getByRole('menuitem', { name: 'Sign out' }).click();
  const warning = coach.page.getByRole('dialog', { name: 'Scores not synced yet' });
  await expect(warning).toContainText('1 score has not reached the server yet');
  await expectAccessible(coach.page);
  await coach.context.setOffline(false);
  await warning.getByRole('button', { name: 'Sync now' }).click();
  await expect(coach.page).toHaveURL(/\/login/);

  // Evaluator 2: a guest with the code, on a 375 px phone; the director lets them in.
  const guest = await evaluatorContext(browser, baseURL!, 375);
  await guest.page.goto('/tryout');
  await expectAccessible(guest.page);
  await guest.page.getByLabel('Session code').fill(code.toLowerCase());
  await guest.page.getByLabel('Your name').fill('Gina Guest');
  await guest.page.getByRole('button', { name: 'Join' }).click();
  await expect(guest.page.getByRole('heading', { name: 'Waiting for the session director' })).toBeVisible();
  await expectAccessible(guest.page);
  await snap(guest.page, 'session-guest-waiting');
  // A second phone cannot take the same name (nor a staff evaluator's).
  const helper = await evaluatorContext(browser, baseURL!, 375);
  await helper.page.goto('/tryout');
  await helper.page.getByLabel('Session code').fill(code);
  await helper.page.getByLabel('Your name').fill('gina  GUEST');
  await helper.page.getByRole('button', { name: 'Join' }).click();
  await expect(helper.page.getByText('Someone in this session already uses this name. Add an initial or a number.')).toBeVisible();
  await expectAccessible(helper.page);
  await snap(helper.page, 'session-guest-name-taken');
  await helper.page.getByLabel('Your name').fill('Sam Helper');
  await helper.page.getByRole('button', { name: 'Join' }).click();
  await expect(helper.page.getByRole('heading', { name: 'Waiting for the session director' })).toBeVisible();
  // The director sees who joined and lets each one in.
  await page.getByRole('tab', { name: /Evaluators/ }).click();
  await expect(page.getByText('2 guests are waiting to be let in.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'session-evaluators-waiting');
  await page.getByRole('button', { name: 'Let in Gina Guest' }).click();
  await page.getByRole('button', { name: 'Let in Sam Helper' }).click();
  await expect(page.getByText(/waiting to be let in/)).toHaveCount(0);
  await expect(guest.page.getByText('Scoring as Gina Guest')).toBeVisible();
  // Sam taps one score, then hands the phone on: Not you? ends the token, and the next volunteer sees the join form.
  await expect(helper.page.getByText('Scoring as Sam Helper')).toBeVisible();
  await helper.page.getByRole('radio', { name: SCALE }).check({ force: true });
  const samCard = helper.page.getByTestId('sheet-player').first();
  await samCard.getByRole('button', { name: /^10 for / }).click();
  await expect(samCard.getByText('Synced')).toBeVisible();
  const samToken = (await helper.page.evaluate(() => localStorage.getItem('tryout-token')))!;
  await helper.page.getByRole('button', { name: 'Not you?' }).click();
  await expect(helper.page.getByRole('heading', { name: 'Join a tryout' })).toBeVisible();
  await expect(helper.page.getByText('You have left the session.')).toBeVisible();
  await expect
    .poll(async () => (await helper.page.request.get('/api/tryout/status', { headers: { 'x-tryout-token': samToken } })).status())
    .toBe(401);
  await helper.page.reload();
  await expect(helper.page.getByLabel('Your name')).toHaveValue('');
  await expectAccessible(helper.page);
  await snap(helper.page, 'session-guest-left');
  // Blind: the guest's sheet shows none of the coach's scores.
  await expect(guest.page.getByText('0 of 12 players scored')).toBeVisible();
  await expectAccessible(guest.page);
  // The gym's connection drops: the tap stays on the phone, and goes out when the network is back.
  await guest.context.setOffline(true);
  await guest.page.getByRole('radio', { name: SCALE }).check({ force: true });
  const firstCard = guest.page.getByTestId('sheet-player').first();
  await firstCard.getByRole('button', { name: /^5 for / }).click();
  await expect(guest.page.getByText('You are offline')).toBeVisible();
  await expect(guest.page.getByText('1 score is saved on this device')).toBeVisible();
  await expect(firstCard.getByText('Saved on this device')).toBeVisible();
  await expectAccessible(guest.page);
  await guest.context.setOffline(false);
  await expect(firstCard.getByText('Synced')).toBeVisible();
  // The guest scores the first player far lower than the others: an outlier.
  await scoreSheet(
    guest.page,
    (i) => (i === 0 ? '1' : String(6 + (i % 4))),
    (i) => (i % 3 ? 'Yes' : 'No'),
  );
  await snap(guest.page, 'session-guest-sheet');

  // Evaluator 3: the director on their own sheet.
  await page.goto(`${sessionUrl}/score`);
  await expect(page.getByText('0 of 12 players scored')).toBeVisible();
  await scoreSheet(
    page,
    (i) => String(7 + (i % 3)),
    () => 'Yes',
  );
  console.log(
    `sessions: 3 evaluators scored 12 players on 2 criteria; the coach's sheet took ${Math.round((Date.now() - started) / 1000)} s of test time in all`,
  );

  // Progress: everyone complete; then unlock, close, publish.
  await page.goto(sessionUrl);
  await page.getByRole('tab', { name: 'Progress' }).click();
  await expect(page.getByText('12 of 12 players complete')).toBeVisible();
  await expectAccessible(page);
  // The director leaves Sam's single score out before publishing (audited on the server).
  await page.getByRole('tab', { name: /Evaluators/ }).click();
  await page.getByRole('button', { name: "Exclude Sam Helper's scores" }).click();
  const excludeDialog = page.getByRole('dialog', { name: 'Exclude scores' });
  await expectAccessible(page);
  await excludeDialog.getByRole('button', { name: 'Exclude' }).click();
  await expect(page.getByRole('button', { name: "Count Sam Helper's scores again" })).toBeVisible();
  await snap(page, 'session-evaluators-excluded');
  await page.getByRole('tab', { name: 'Results' }).click();
  await page.getByRole('button', { name: 'Unlock results' }).click();
  // The results table's sortable Total (the severity table below has a Total of its own).
  await expect(page.getByRole('columnheader', { name: /^Total/ }).first()).toBeVisible();
  await expect(page.getByTestId('results-evaluators')).toHaveText('Counted: 2 staff and 1 guest evaluator; 1 excluded.');
  await expect(page.getByRole('img', { name: /flagged/ }).first()).toBeVisible();
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('img', { name: /flagged/ }) })
    .first()
    .getByRole('button')
    .click();
  const drill = page.getByRole('dialog', { name: /scores by evaluator/ });
  await expect(drill.getByText('Review').first()).toBeVisible();
  // Guests are marked beside their scores.
  await expect(drill.getByRole('row', { name: /Gina Guest/ }).getByText('Guest', { exact: true })).toBeVisible();
  await expect(drill.getByRole('row', { name: /Casey Coach/ }).getByText('Guest', { exact: true })).toHaveCount(0);
  await snap(page, 'session-drill-down-guest');
  await expectAccessible(page);
  await drill.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(drill).toBeHidden();
  await snap(page, 'session-results');

  await page.getByRole('button', { name: 'Close session' }).click();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
  // The guest's code and token end with the session.
  await guest.page.reload();
  await expect(guest.page.getByText('This session has closed. Thank you for evaluating!')).toBeVisible();

  const before = await boardTotals(page);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish results' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect.poll(() => boardTotals(page)).not.toBe(before);
  await page.goto('/app/leaderboard');
  await expect(page.getByText(/Walkup/).first()).toBeVisible();

  await coach.context.close();
  await guest.context.close();
  await helper.context.close();
});
