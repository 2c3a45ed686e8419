import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * The import wizard's other kinds (docs/product.md#importing): an evaluations file (a row updating a
 * stored evaluation, a new one, an unknown criterion and an out-of-range score) and a teams file are
 * chosen, mapped, previewed, imported with the previewed counts, and undone from their history.
 */

async function data<T>(page: Page, url: string): Promise<T> {
  return (await (await page.request.get(url)).json()).data as T;
}

async function pickKind(page: Page, kind: string) {
  await page.getByText(kind, { exact: true }).click();
  await expect(page.getByRole('heading', { name: `Import ${kind.toLowerCase()}` })).toBeVisible();
}

async function upload(page: Page, name: string, csv: string) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Read file' }).click();
}

const count = (page: Page, group: string, key: string) => page.getByRole('group', { name: group }).locator(`[data-count="${key}"]`);
async function expectCounts(page: Page, group: string, counts: Record<string, number>) {
  for (const [key, n] of Object.entries(counts)) await expect(count(page, group, key)).toContainText(String(n));
}

test('an evaluations CSV is mapped, previewed, imported and undone through the wizard', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const teams = await data<{ id: number; name: string }[]>(page, '/api/teams');
  const team = teams.find((t) => t.name === 'U16 Girls')!;
  const players = (
    await data<{ data: { id: number; first_name: string; last_name: string }[] }>(page, `/api/team/${team.id}/players?pageSize=50`)
  ).data;
  const p = players[players.length - 1]!;
  const criteria = await data<{ id: number; criteria: string; level_name: string; level_kind: string }[]>(page, '/api/criteria');
  const scale = criteria.find((c) => c.level_kind === 'scale_1_10')!;
  // A stored evaluation the file repeats (same player, criterion and date): the row updates it.
  const stored = await page.request.post(`/api/player/${p.id}/evaluation`, {
    data: { criteria_id: scale.id, score: 3, date: '2026-02-02' },
    headers: { 'x-csrf-token': await csrf(page) },
  });
  expect(stored.status()).toBe(200);

  const csv = [
    'Kid no.;Skill;Stufe;Rating;Datum;Comment',
    `${p.id};${scale.criteria};${scale.level_name};7;2026-02-02;steadier`,
    `${p.id};${scale.criteria};${scale.level_name};6;01.02.2026;`,
    `${p.id};Juggling upside down;;5;2026-02-01;`,
    `${p.id};${scale.criteria};;11;2026-02-01;`,
  ].join('\n');

  await page.goto('/app/players/import');
  await pickKind(page, 'Evaluations');
  await expect(page.getByRole('link', { name: 'Download the evaluations template (CSV)' })).toHaveAttribute(
    'download',
    'evaluations-template.csv',
  );
  await expect(page.getByRole('textbox', { name: 'Team' })).toHaveCount(0);
  await upload(page, 'scores.csv', csv);
  await expect(page.getByRole('textbox', { name: 'Criterion' })).toHaveValue('Skill');
  await expect(page.getByRole('textbox', { name: 'Score' })).toHaveValue('Rating');
  await expect(page.getByRole('textbox', { name: 'Player ID' })).toHaveValue('Not in the file');
  await page.getByRole('textbox', { name: 'Player ID' }).click();
  await page.getByRole('option', { name: 'Kid no.' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Check rows' }).click();

  const rows = page.getByRole('table', { name: 'Rows to review' });
  await expect(rows.locator('tr[data-line="2"]')).toContainText('the same player, criterion and date are already stored');
  await expect(rows.locator('tr[data-line="2"]').getByRole('radio', { name: 'Update existing' })).toBeChecked();
  await expect(rows.locator('tr[data-line="4"]')).toContainText('Unknown criterion “Juggling upside down”.');
  await expect(rows.locator('tr[data-line="5"]')).toContainText('out of range');
  await expectCounts(page, 'What the import will do', { created: 1, updated: 1, linked: 0, skipped: 2 });
  await expectAccessible(page);
  await snap(page, 'imports-evaluations-review');

  await page.getByRole('button', { name: 'Import now' }).click();
  await expect(page.getByText('Imported scores.csv.')).toBeVisible();
  await expectCounts(page, 'What the import did', { created: 1, updated: 1, linked: 0, skipped: 2 });
  const history = await data<{ id: number; counts: unknown }[]>(page, '/api/imports/evaluations/history');
  expect(history[0]!.counts).toEqual({ created: 1, updated: 1, linked: 0, skipped: 2 });

  const item = page.getByRole('table', { name: 'Import history' }).locator('tbody tr').filter({ hasText: 'scores.csv' });
  await expect(item).toContainText('1 created, 1 updated, 0 linked, 2 skipped');
  await item.getByRole('button', { name: 'Undo import of scores.csv' }).click();
  await expect(item).toContainText('Undone');
  const evals = await data<{
    evaluations: { criteria_id: number; score: number; date: string }[];
    history?: { criteria_id: number; score: number; date: string }[];
  }>(page, `/api/player/${p.id}/evaluation?history=1`);
  const all = [...evals.evaluations, ...(evals.history ?? [])].filter((e) => e.criteria_id === scale.id && e.date.startsWith('2026-02'));
  expect(all.map((e) => e.score)).toEqual([3]);
  // The stored evaluation was this test's own: later specs see the demo's scores as they were.
  const id = (await stored.json()).data.id as number;
  const removed = await page.request.post(`/api/player/${p.id}/evaluation/${id}/delete`, { headers: { 'x-csrf-token': await csrf(page) } });
  expect(removed.status()).toBe(200);
});

test('a teams CSV is imported and undone through the wizard', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  const teams = await data<{ id: number; name: string; category: string; season: string }[]>(page, '/api/teams');
  const t = teams[0]!;
  const csv = [
    'Team,Club,Season,Coach e-mail',
    `Wizard Wolves,${t.category},${t.season},coach@demo.club`,
    `Nowhere,No such club,${t.season},coach@demo.club`,
  ].join('\n');
  await page.goto('/app/players/import?kind=teams');
  await expect(page.getByRole('heading', { name: 'Import teams' })).toBeVisible();
  await upload(page, 'teams.csv', csv);
  await expect(page.getByRole('textbox', { name: 'Club' })).toHaveValue('Club');
  await page.getByRole('button', { name: 'Check rows' }).click();
  const rows = page.getByRole('table', { name: 'Rows to review' });
  await expect(rows.locator('tr[data-line="3"]')).toContainText('Unknown club “No such club”');
  await expectCounts(page, 'What the import will do', { created: 1, skipped: 1 });
  await expectAccessible(page);
  await snap(page, 'imports-teams-review');
  await page.getByRole('button', { name: 'Import now' }).click();
  await expect(page.getByText('Imported teams.csv.')).toBeVisible();
  expect((await data<{ name: string }[]>(page, '/api/teams')).some((x) => x.name === 'Wizard Wolves')).toBe(true);
  const item = page.getByRole('table', { name: 'Import history' }).locator('tbody tr').filter({ hasText: 'teams.csv' });
  await expectAccessible(page);
  await snap(page, 'imports-teams-done');
  await item.getByRole('button', { name: 'Undo import of teams.csv' }).click();
  await expect(item).toContainText('Undone');
  expect((await data<{ name: string }[]>(page, '/api/teams')).some((x) => x.name === 'Wizard Wolves')).toBe(false);
});

async function csrf(page: Page): Promise<string> {
  const me = await (await page.request.get('/api/auth/me')).json();
  return me.data.csrfToken ?? me.csrfToken ?? '';
}
