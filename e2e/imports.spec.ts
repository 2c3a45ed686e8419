import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * The players import wizard (docs/product.md#importing): last season's messy spreadsheet — a BOM,
 * semicolons, quoted cells, renamed headers (one the wizard cannot guess), siblings sharing a parent
 * e-mail, a row repeating an earlier one, a row matching a player already in the club and two bad
 * rows — is mapped, its duplicates resolved, previewed, imported with exactly the previewed counts,
 * then undone from the history.
 */

async function existingPlayer(page: Page) {
  const teams = (await (await page.request.get('/api/teams')).json()).data as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'U16 Girls')!;
  const list = (await (await page.request.get(`/api/team/${team.id}/players?pageSize=50`)).json()).data.data as {
    id: number;
    first_name: string;
    last_name: string;
  }[];
  const p = (await (await page.request.get(`/api/player/${list[0]!.id}`)).json()).data as {
    id: number;
    first_name: string;
    last_name: string;
    dob: number | null;
  };
  return p;
}

const count = (page: Page, group: string, key: string): Locator =>
  page.getByRole('group', { name: group }).locator(`[data-count="${key}"]`);

async function expectCounts(page: Page, group: string, counts: Record<string, number>) {
  for (const [key, n] of Object.entries(counts)) await expect(count(page, group, key)).toContainText(String(n));
}

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

async function playersNamed(page: Page, lastName: string): Promise<string[]> {
  const res = await page.request.get(`/api/players?q=${encodeURIComponent(lastName)}&pageSize=50`);
  return ((await res.json()).data.data as { name: string }[]).map((p) => p.name).sort();
}

test('a messy CSV is mapped, resolved, previewed, imported and undone', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const existing = await existingPlayer(page);
  const csv =
    '\uFEFF' +
    [
      "Given name;Kid's surname;Guardian e-mail;Date of birth;Shirt",
      'Mia;Quellbrook;quellbrook.family@example.org;14/03/2013;7',
      'Noah;Quellbrook;Quellbrook.Family@example.org;2015;9',
      'MIA ;quellbrook;quellbrook.family@example.org;2013;7',
      `${existing.first_name.toUpperCase()};${existing.last_name};another.parent@example.org;${existing.dob ?? ''};4`,
      ';Nofirst;x@example.org;2014;1',
      'Ola;Quellbrook-Badyear;ola@example.org;1980;2',
      '"Zoë";"Quellbrook; D\'Souza";zoe.family@example.org;2014;3',
    ].join('\r\n');

  await page.goto('/app/players');
  await page.getByRole('button', { name: 'Add New Player' }).click();
  await page.getByRole('menuitem', { name: 'Import with preview' }).click();
  await expect(page.getByRole('heading', { name: 'Import players' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Import history' }).or(page.getByText('No imports yet.'))).toBeVisible();

  await choose(page, 'Team', /^U14 Boys/);
  await page.locator('input[type="file"]').setInputFiles({ name: 'last-season.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Read file' }).click();

  // Suggested from the headers; the surname column is named in a way no synonym covers.
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Given name');
  await expect(page.getByRole('textbox', { name: 'Parent e-mail' })).toHaveValue('Guardian e-mail');
  await expect(page.getByRole('textbox', { name: 'Birth year' })).toHaveValue('Date of birth');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Not in the file');
  await expect(page.getByRole('table', { name: 'First rows of the file' })).toContainText('quellbrook.family@example.org14/03/2013');
  await expectAccessible(page);
  await snap(page, 'imports-columns');
  await choose(page, 'Last name', "Kid's surname");
  await page.getByRole('button', { name: 'Check rows' }).click();

  const rows = page.getByRole('table', { name: 'Rows to review' });
  await expect(rows).toBeVisible();
  await expect(rows.locator('tr[data-line="4"]')).toContainText('Same player as row 2 of the file.');
  await expect(rows.locator('tr[data-line="5"]')).toContainText(`Matches ${existing.first_name} ${existing.last_name}`);
  await expect(rows.locator('tr[data-line="6"]')).toContainText('First name is missing.');
  await expect(rows.locator('tr[data-line="7"]')).toContainText('Birth year 1980 is outside 1995–2025.');
  // Mia, Noah and Zoë are new; the existing player is linked; the repeat and the two bad rows are skipped.
  await expectCounts(page, 'What the import will do', { created: 3, updated: 0, linked: 1, skipped: 3 });

  // Resolving: the repeated row created after all changes the plan, and back.
  await rows.locator('tr[data-line="4"]').getByText('Create new').click();
  await expectCounts(page, 'What the import will do', { created: 4, skipped: 2 });
  await rows.locator('tr[data-line="4"]').getByText('Skip').click();
  await expectCounts(page, 'What the import will do', { created: 3, linked: 1, skipped: 3 });
  await expect(rows.locator('tr[data-line="5"]').getByRole('radio', { name: 'Link to existing' })).toBeChecked();
  await expectAccessible(page);
  await snap(page, 'imports-review');

  await page.getByRole('button', { name: 'Import now' }).click();
  await expect(page.getByText('Imported last-season.csv.')).toBeVisible();
  await expectCounts(page, 'What the import did', { created: 3, updated: 0, linked: 1, skipped: 3 });
  expect(await playersNamed(page, 'Quellbrook')).toEqual(['Mia Quellbrook', 'Noah Quellbrook', "Zoë Quellbrook; D'Souza"]);

  const history = page.getByRole('table', { name: 'Import history' });
  const item = history.locator('tbody tr').filter({ hasText: 'last-season.csv' });
  await expect(item).toContainText('3 created, 0 updated, 1 linked, 3 skipped');
  await expect(item).toContainText('Row 6: First name is missing.');
  await expectAccessible(page);
  await snap(page, 'imports-done');

  await item.getByRole('button', { name: 'Undo import of last-season.csv' }).click();
  await expect(item).toContainText('Undone');
  await expect(item.getByRole('button', { name: /Undo import/ })).toHaveCount(0);
  expect(await playersNamed(page, 'Quellbrook')).toEqual([]);
});
