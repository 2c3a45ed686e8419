import type { Page } from '@playwright/test';
import { apiGet, apiPost } from './api';
import { expect as baseExpect, expectAccessible, loginAs, snap, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

const suffix = `${Date.now() % 100000}`;
const LANE = `Lane agility ${suffix}`;
const FREE = `Free throws ${suffix}`;
const today = () => new Date().toISOString().slice(0, 10);

/** One player's card on the sheet. */
const card = (page: Page, name: string) => page.getByTestId('sheet-player').filter({ hasText: name });

async function lane(page: Page, name: string, first: string, second: string) {
  await page.getByRole('textbox', { name: `Attempt 1 for ${name}` }).fill(first);
  await page.getByRole('textbox', { name: `Attempt 2 for ${name}` }).fill(second);
  await page.getByRole('textbox', { name: `Attempt 2 for ${name}` }).press('Enter');
}

async function shots(page: Page, name: string, made: string, taken: string) {
  await page.getByRole('textbox', { name: `Made for ${name}` }).fill(made);
  await page.getByRole('textbox', { name: `Shots for ${name}` }).fill(taken);
  await page.getByRole('textbox', { name: `Shots for ${name}` }).press('Enter');
}

test('measured in a session: two evaluators enter attempts (one on a phone, offline), the results average their values and map the mean to points, published with the unit', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAs(page, 'admin');
  const level = (await apiPost(page, '/api/levels', { name: `Combine session ${suffix}`, kind: 'measured' })) as { id: number };
  const criterion = async (name: string, measure: unknown) =>
    (
      (await apiPost(page, '/api/criteria', { criteria: name, level: level.id, score: 10, description: '', video_links: [], measure })) as {
        id: number;
      }
    ).id;
  const laneId = await criterion(LANE, {
    unit: 's',
    decimals: 2,
    direction: 'lower',
    min: 8,
    max: 20,
    attempts: 'best',
    attemptCount: 2,
    rule: {
      method: 'bands',
      bandSets: [
        {
          ageGroup: null,
          bands: [
            { points: 10, limit: 10.8 },
            { points: 9, limit: 11.2 },
            { points: 8, limit: 11.6 },
            { points: 7, limit: 12 },
          ],
        },
      ],
    },
  });
  const freeId = await criterion(FREE, {
    unit: 'made_of_attempts',
    decimals: 0,
    direction: 'higher',
    min: 0,
    max: 10,
    attempts: 'single',
    attemptCount: 1,
    rule: {
      method: 'bands',
      bandSets: [
        {
          ageGroup: null,
          bands: [
            { points: 10, limit: 90 },
            { points: 8, limit: 70 },
            { points: 6, limit: 50 },
          ],
        },
      ],
    },
  });
  const team = ((await apiGet(page, '/api/teams')) as { id: number; name: string }[]).find((t) => t.name === 'U14 Boys')!;
  const year = await page.evaluate(() => new Date().getFullYear());
  const players: { id: number; name: string }[] = [];
  for (const first of ['Ari', 'Ben']) {
    const p = (await apiPost(page, '/api/players', {
      first_name: first,
      last_name: `Combine${suffix}`,
      email: 'parent.combine@example.org',
      dob: year - 13,
      team_id: [team.id],
    })) as { id: number };
    players.push({ id: p.id, name: `${first} Combine${suffix}` });
  }
  const [ari, ben] = players as [{ id: number; name: string }, { id: number; name: string }];
  const coachPage = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } })).newPage();
  await loginAs(coachPage, 'coach');
  const me = async (p: Page) => ((await apiGet(p, '/api/auth/me')) as { id: number }).id;
  const created = (await apiPost(page, '/api/eval-sessions', {
    name: `Combine day ${suffix}`,
    startDate: today(),
    endDate: today(),
    minEvaluators: 2,
    criteria: [
      { criterionId: laneId, weight: 70 },
      { criterionId: freeId, weight: 30 },
    ],
  })) as { session: { id: number } };
  const id = created.session.id;
  await apiPost(page, `/api/eval-session/${id}/players`, { playerIds: players.map((p) => p.id) });
  for (const userId of [await me(page), await me(coachPage)]) await apiPost(page, `/api/eval-session/${id}/evaluators`, { userId });
  await apiPost(page, `/api/eval-session/${id}/open`);

  // 1. The director's sheet on a desktop: attempts per field, the best kept; a value out of range is refused in plain words.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/app/sessions/${id}/score`);
  await page.getByText(LANE, { exact: true }).click();
  await lane(page, ari.name, '0.4', '');
  await expect(card(page, ari.name).getByRole('alert')).toHaveText(
    `A ${LANE} of 0.40 s is outside this test's range (8–20 s). Check the measurement.`,
  );
  await lane(page, ari.name, '11.3', '11.04');
  await expect(card(page, ari.name).getByTestId('measured-preview')).toHaveText('Kept (best of 2): 11.04 s');
  await expect(card(page, ari.name).getByRole('alert')).toHaveCount(0);
  await lane(page, ben.name, '10.5', '10.9');
  await expect(card(page, ben.name).getByText('Synced')).toBeVisible();
  await expect(card(page, ari.name).getByText('Synced')).toBeVisible();
  // Made of attempts: two fields, made and shots taken.
  await page.getByText(FREE, { exact: true }).click();
  await shots(page, ari.name, '7', '10');
  await shots(page, ben.name, '9', '10');
  await expect(card(page, ari.name).getByTestId('measured-preview')).toHaveText('Kept (single value): 7/10');
  await expect(page.getByText(`2 of 2 players scored on ${FREE}`)).toBeVisible();
  await expect(card(page, ben.name).getByText('Synced')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'measured-session-sheet');

  // 2. The coach on a 375 px phone, offline: the attempts wait on the device and sync on reconnect.
  await coachPage.goto(`/app/sessions/${id}/score`);
  await coachPage.getByText(LANE, { exact: true }).click();
  await expect(coachPage.getByRole('textbox', { name: `Attempt 1 for ${ari.name}` })).toBeVisible();
  await coachPage.context().setOffline(true);
  await lane(coachPage, ari.name, '11.4', '');
  await lane(coachPage, ben.name, '10.7', '11.0');
  await expect(coachPage.getByText('You are offline')).toBeVisible();
  await expect(card(coachPage, ari.name).getByText('Saved on this device')).toBeVisible();
  await coachPage.getByText(FREE, { exact: true }).click();
  await shots(coachPage, ari.name, '8', '10');
  await shots(coachPage, ben.name, '10', '10');
  await expect(card(coachPage, ben.name).getByText('Saved on this device')).toBeVisible();
  await expectAccessible(coachPage);
  const width = await coachPage.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  // Made and shots are each at least 44 px tall: a thumb hits them.
  const box = await coachPage.getByRole('textbox', { name: `Made for ${ari.name}` }).boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await coachPage.screenshot({ path: 'test-results/screens/measured-session-offline-phone.png', fullPage: true });
  await coachPage.context().setOffline(false);
  await expect(coachPage.getByText('Saved on this device')).toHaveCount(0);
  await expect(card(coachPage, ben.name).getByText('Synced')).toBeVisible();

  // 3. Results: the mean of the two values, mapped by the bands. Ari: (11.04 + 11.4) / 2 = 11.22 s → 8; 75 % made → 8.
  await page.goto(`/app/sessions/${id}`);
  await page.getByRole('tab', { name: 'Results' }).click();
  await page.getByRole('button', { name: 'Unlock results' }).click();
  const ariRow = page.getByRole('row').filter({ hasText: ari.name });
  await expect(ariRow.getByText('11.22 s → 8 points, all-ages bands')).toBeVisible();
  await expect(ariRow.getByText('75 % made → 8 points, all-ages bands')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ben.name }).getByText('10.60 s → 10 points, all-ages bands')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'measured-session-results');

  // 4. Publish: the player's evaluation keeps the measurement with its unit beside the points.
  await page.getByRole('button', { name: 'Close session' }).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish results' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  const evals = (await apiGet(page, `/api/player/${ari.id}/evaluation`)) as {
    evaluations: { criteria_id: number; score: number; measured: { label: string } | null }[];
  };
  expect(evals.evaluations.find((e) => e.criteria_id === laneId)).toMatchObject({
    score: 8,
    measured: { label: '11.22 s → 8 points, all-ages bands' },
  });
  await coachPage.context().close();
});
