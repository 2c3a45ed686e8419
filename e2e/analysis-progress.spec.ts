import type { Page } from '@playwright/test';
import { apiGet, apiPost } from './api';
import { expect as baseExpect, expectAccessible, loginAs, pageWidth, settleAnimations, snap, test } from './fixtures';

/** The player analysis' real progress (docs/product.md#analysis), with its own measured test and players. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const suffix = `${Date.now() % 100000}`;
const LEVEL = `Combine progress ${suffix}`;
const CRITERION = `Sprint ${suffix}`;

/** An ISO date `days` before the page's today, so the data never depends on the date the suite runs. */
const daysAgo = async (page: Page, days: number) =>
  page.evaluate((d) => {
    const t = new Date();
    t.setDate(t.getDate() - d);
    return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
  }, days);

test('player analysis: a small measured change is "No clear change"; the test over time with unit, direction and points', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const level = (await apiPost(page, '/api/levels', { name: LEVEL, kind: 'measured' })) as { id: number };
  const team = ((await apiGet(page, '/api/teams')) as { id: number; name: string }[]).find((t) => t.name === 'U14 Boys')!;
  const players: { id: number; name: string }[] = [];
  let criterionId = 0;
  try {
    const criterion = (await apiPost(page, '/api/criteria', {
      criteria: CRITERION,
      level: level.id,
      score: 10,
      description: '',
      video_links: [],
      measure: {
        unit: 's',
        decimals: 2,
        direction: 'lower',
        min: 5,
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
              ],
            },
          ],
        },
      },
    })) as { id: number };
    criterionId = criterion.id;
    for (const first of ['Ada', 'Bo', 'Cy']) {
      const p = (await apiPost(page, '/api/players', {
        first_name: first,
        last_name: `Sprint${suffix}`,
        email: 'parent.sprint@example.org',
        team_id: [team.id],
      })) as { id: number };
      players.push({ id: p.id, name: `${first} Sprint${suffix}` });
    }
    const [ada, bo, cy] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
    const [early, later] = [await daysAgo(page, 60), await daysAgo(page, 30)];
    const sprint = (playerId: number, date: string, attempts: number[]) =>
      apiPost(page, `/api/player/${playerId}/evaluation`, { criteria_id: criterionId, date, notes: '', video_links: [], attempts });
    // Ada: 11.30 s, then 11.20 s — 0.1 s faster, well inside the test's typical error from the repeated runs.
    await sprint(ada.id, early, [11.5, 11.3]);
    await sprint(ada.id, later, [11.25, 11.2]);
    await sprint(bo.id, early, [11.0, 11.6]);
    await sprint(cy.id, early, [12.0, 12.4]);

    await page.goto(`/app/player/${ada.id}/analysis`);
    const changes = page.getByRole('table', { name: 'Latest changes' });
    const row = changes.getByRole('row').filter({ hasText: later }).filter({ hasText: CRITERION });
    await expect(row).toContainText('11.30 s → 11.20 s');
    await expect(row.getByTestId('progress-word')).toHaveText('● No clear change');
    const why = row.getByRole('button', {
      name: /^How progress is judged: A change counts as real when it is at least 0\.\d+ s: the typical error/,
    });
    await expect(why).toBeVisible();
    // The tooltip opens on keyboard focus and says the rule with its number.
    await why.focus();
    await expect(page.getByRole('tooltip')).toContainText(/at least 0\.\d+ s: the typical error of this test/);
    await why.blur();

    const measured = page.getByTestId(`measured-${criterionId}`);
    await expect(measured.getByRole('heading', { name: `${CRITERION} (s)` })).toBeVisible();
    await expect(measured).toContainText('Lower is better: the axis is reversed, so better is up.');
    await expect(measured.getByRole('img', { name: `${CRITERION} (s) over time, lower is better` })).toBeVisible();
    const table = measured.getByRole('table', { name: `${CRITERION} (s) by date, with points` });
    await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Value (s)', 'Points', 'Change']);
    await expect(table.getByRole('row')).toHaveText([/Date/, `${early}11.308first`, `${later}11.209-0.10 s · No clear change`]);
    await expect(measured.getByTestId('measured-latest')).toContainText('Latest change: -0.10 s (11.30 s → 11.20 s)');
    await expect(measured.getByTestId('measured-latest').getByTestId('progress-word')).toHaveText('● No clear change');
    await expectAccessible(page);

    await page.setViewportSize({ width: 375, height: 740 });
    await settleAnimations(page);
    await expect(table).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    // The info button is a full touch target on a phone.
    const box = (await measured.getByRole('button', { name: /^How progress is judged/ }).boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/analysis-progress-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await settleAnimations(page);
    await page.screenshot({ path: '/tmp/analysis-progress-desktop.png', fullPage: true });
    await snap(page, 'analysis-progress');

    // The evaluation page's previous evaluations show the measured value with its unit beside the points.
    await page.goto(`/app/player/${ada.id}/evaluation`);
    await page.getByRole('button', { name: 'Show previous evaluations (1)' }).click();
    const previous = page.locator('section[aria-label="Previous evaluations"]');
    const earlier = previous.getByRole('button', {
      name: `${CRITERION}, score 8/10 (11.30 s → 8 points, all-ages bands), by`,
      exact: false,
    });
    await earlier.click();
    await expect(previous.getByTestId('measured-label')).toHaveText('Measured: 11.30 s → 8 points, all-ages bands');
  } finally {
    const mine = ((await apiGet(page, '/api/criteria')) as { id: number; criteria: string }[]).filter(
      (c) => c.id === criterionId || c.criteria === CRITERION,
    );
    for (const c of mine) await apiPost(page, `/api/criterion/${c.id}/delete`);
    await apiPost(page, `/api/level/${level.id}/delete`);
    for (const p of players) await apiPost(page, `/api/player/${p.id}/delete`);
  }
});
