import type { Page } from '@playwright/test';
import { apiPost } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/** The import wizard takes a measured test's values with their units and shows the points they earn before importing. */
const suffix = `${Date.now() % 100000}`;
const LANE = `Lane agility ${suffix}`;

const row = (page: Page, line: number) => page.getByRole('table', { name: 'Rows to review' }).locator(`tr[data-line="${line}"]`);

test('measured values with units in the import wizard: points previewed, bad units and out-of-range values refused per row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const level = (await apiPost(page, '/api/levels', { name: `Combine import ${suffix}`, kind: 'measured' })) as { id: number };
  const criterion = (await apiPost(page, '/api/criteria', {
    criteria: LANE,
    level: level.id,
    score: 10,
    description: '',
    video_links: [],
    measure: {
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
            ageGroup: 'U14',
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
  const teams = (await (await page.request.get('/api/teams')).json()).data as { id: number; name: string }[];
  // Born 2012: U14 in 2025, the year the rows are dated.
  const p = (await apiPost(page, '/api/players', {
    first_name: 'Ivo',
    last_name: `Import${suffix}`,
    email: 'parent.import@example.org',
    dob: 2012,
    team_id: [teams.find((t) => t.name === 'U14 Boys')!.id],
  })) as { id: number };
  // The criterion, its level and the player go afterwards: later specs of the shard list the catalogue.
  try {
    const csv = [
      'Player ID,Skill,Rating,Date',
      `${p.id},${LANE},"11.3; 11.04 s",2025-05-10`,
      `${p.id},${LANE},11.04 cm,2025-05-11`,
      `${p.id},${LANE},0.4,2025-05-12`,
    ].join('\n');

    await page.goto('/app/players/import');
    await page.getByText('Evaluations', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Import evaluations' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'combine.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Read file' }).click();
    await expect(page.getByRole('textbox', { name: 'Score' })).toHaveValue('Rating');
    await page.getByRole('button', { name: 'Check rows' }).click();
    await expect(row(page, 2)).toContainText(`${LANE} 11.04 s → 9 points, U14 bands · 2025-05-10`);
    await expect(row(page, 3)).toContainText(`${LANE} is measured in s; "11.04 cm" is in cm.`);
    await expect(row(page, 4)).toContainText(`A ${LANE} of 0.40 s is outside this test's range (8–20 s). Check the measurement.`);
    await expectAccessible(page);
    await snap(page, 'measured-import-review');
    await page.getByRole('button', { name: 'Import now' }).click();
    await expect(page.getByText('Imported combine.csv.')).toBeVisible();
    const evals = (await (await page.request.get(`/api/player/${p.id}/evaluation`)).json()).data as {
      evaluations: { criteria: string; measured: { label: string } | null }[];
    };
    expect(evals.evaluations.find((e) => e.criteria === LANE)!.measured!.label).toBe('11.04 s → 9 points, U14 bands');
  } finally {
    await apiPost(page, `/api/player/${p.id}/delete`);
    await apiPost(page, `/api/criterion/${criterion.id}/delete`);
    await apiPost(page, `/api/level/${level.id}/delete`);
  }
});
