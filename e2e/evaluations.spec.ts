import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect as baseExpect, expectAccessible, loginAs, settleAnimations, snap, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const unique = () => Math.random().toString(36).slice(2, 7);

function csvFile(name: string, content: string): string {
  const path = join(tmpdir(), `evaluations-e2e-${Date.now()}-${unique()}-${name}`);
  writeFileSync(path, content);
  return path;
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function csrf(page: Page): Promise<Record<string, string>> {
  const me = await (await page.request.get('/api/auth/me')).json();
  return { 'x-csrf-token': me.data.csrfToken };
}

const created: number[] = [];

// Other specs count the demo club's 40 players on the same database: remove the ones made here.
test.afterEach(async ({ request }) => {
  if (!created.length) return;
  expect((await request.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  const headers = { 'x-csrf-token': (await (await request.get('/api/auth/me')).json()).data.csrfToken };
  for (const id of created.splice(0)) {
    const res = await request.post(`/api/player/${id}/delete`, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }
});

/** A fresh player on a demo team, so every test starts from no evaluations. */
async function newPlayer(page: Page, team = 'U14 Boys'): Promise<{ id: number; first: string; last: string; email: string }> {
  const teams = (await (await page.request.get('/api/players/team-options')).json()).data as { id: number; name: string }[];
  const teamId = teams.find((t) => t.name === team)!.id;
  const first = 'Eva';
  const last = `Eval${unique()}`;
  const email = `${last.toLowerCase()}@parents.test`;
  const res = await page.request.post('/api/players', {
    data: { first_name: first, last_name: last, email, team_id: [teamId] },
    headers: await csrf(page),
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).data.id as number;
  created.push(id);
  return { id, first, last, email };
}

async function openSingle(page: Page) {
  await page.getByRole('button', { name: 'Re-evaluate Player' }).click();
  await page.getByRole('menuitem', { name: 'Single Evaluation' }).click();
  return page.getByRole('dialog', { name: 'Single Evaluation' });
}

const row = (page: Page, criteria: string) => page.getByRole('button', { name: new RegExp(`^${criteria}, score`) });

/** Opens a row and lets its panel finish growing: a click inside a growing panel can miss (seen in CI). */
async function expand(control: Locator) {
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await settleAnimations(control.page());
}

test('evaluation page: single evaluations on both level kinds, supersede with history, edit and delete', async ({ page }) => {
  await loginAs(page, 'admin');
  const player = await newPlayer(page);
  await page.goto(`/app/player/${player.id}/evaluation`);
  await expect(page.getByRole('heading', { name: `${player.first} ${player.last}` })).toBeVisible();
  await expect(page.getByText('No data to show!')).toBeVisible();
  await expect(page.getByText('Total Score')).toBeVisible();

  // Required fields, then the 1–10 rule with the exact message.
  let dialog = await openSingle(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('tooltip').filter({ hasText: 'This field is required' }).first()).toBeVisible();
  await choose(page, dialog, 'Level', 'Fundamentals');
  await choose(page, dialog, 'Criteria', 'Shooting form');
  await dialog.getByRole('textbox', { name: 'Score' }).fill('11');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('tooltip').filter({ hasText: 'This field must be a number!' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Score' }).fill('8');
  await dialog.getByLabel('Notes').fill('Elbow in, good arc.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Operation successful!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  // Shooting form weighs 15: 8/10 of it.
  await expect(row(page, 'Shooting form')).toContainText('8/10');
  await expect(page.getByText('12%', { exact: true })).toBeVisible();

  // A Yes/No level shows radio buttons instead of a number.
  dialog = await openSingle(page);
  await choose(page, dialog, 'Level', 'Game IQ');
  await choose(page, dialog, 'Criteria', 'Sets solid screens');
  await dialog.getByRole('radio', { name: 'Yes' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Sets solid screens')).toContainText('Yes');
  await expect(page.getByText('22%', { exact: true })).toBeVisible();

  // Expanding a row shows its notes.
  await row(page, 'Shooting form').click();
  await expect(page.getByText('Elbow in, good arc.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'evaluation-page');

  // A new evaluation of the same criterion supersedes the earlier one, which stays as history.
  dialog = await openSingle(page);
  await choose(page, dialog, 'Level', 'Fundamentals');
  await choose(page, dialog, 'Criteria', 'Shooting form');
  await dialog.getByRole('textbox', { name: 'Score' }).fill('4');
  // Dated before the current evaluation, it would only become history: the form says so first.
  const date = dialog.getByLabel('Date');
  const today = await date.inputValue();
  await date.fill('2020-01-01');
  await expect(dialog.getByRole('status')).toContainText('This criterion already has an evaluation dated');
  await snap(page, 'evaluation-backdated');
  await expectAccessible(page);
  await date.fill(today);
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Shooting form')).toHaveCount(1);
  await expect(row(page, 'Shooting form')).toContainText('4/10');
  await expect(page.getByText('16%', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show previous evaluations (1)' }).click();
  await expect(
    page.getByRole('region', { name: 'Previous evaluations' }).or(page.locator('section[aria-label="Previous evaluations"]')),
  ).toContainText('8/10');
  await page.getByRole('button', { name: 'Hide previous evaluations' }).click();

  // Edit the current Yes/No evaluation to No, then delete it.
  await expand(row(page, 'Sets solid screens'));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Evaluation' });
  await dialog.getByRole('radio', { name: 'No' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Sets solid screens')).toContainText('No');
  await expect(page.getByText('6%', { exact: true })).toBeVisible();
  await expand(row(page, 'Sets solid screens'));
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Sets solid screens')).toHaveCount(0);
});

test('editing an evaluation keeps every video link; links can be added, checked and removed', async ({ page }) => {
  await loginAs(page, 'admin');
  const player = await newPlayer(page);
  const criteria = (await (await page.request.get('/api/criteria/')).json()).data as { id: number; criteria: string }[];
  const passing = criteria.find((c) => c.criteria === 'Passing')!;
  const links = ['https://example.org/clip-one.mp4', 'https://example.org/clip-two.mp4'];
  const res = await page.request.post(`/api/player/${player.id}/evaluation`, {
    data: { criteria_id: passing.id, score: '6', notes: '', video_links: links },
    headers: await csrf(page),
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`/app/player/${player.id}/evaluation`);
  await expand(row(page, 'Passing'));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Evaluation' });
  await expect(dialog.getByRole('textbox', { name: 'Video link 1' })).toHaveValue(links[0]!);
  await expect(dialog.getByRole('textbox', { name: 'Video link 2' })).toHaveValue(links[1]!);
  await dialog.getByRole('button', { name: 'Add another video link' }).click();
  await dialog.getByRole('textbox', { name: 'Video link 3' }).fill('not a link');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Please enter a valid http(s) link.' })).toBeVisible();
  await snap(page, 'evaluation-edit-links');
  await dialog.getByRole('textbox', { name: 'Video link 3' }).fill('https://example.org/clip-three.mp4');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Remove video link 1' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const saved = (await (await page.request.get(`/api/player/${player.id}/evaluation`)).json()).data.evaluations as {
    video_links: string[];
  }[];
  expect(saved[0]!.video_links).toEqual([links[1], 'https://example.org/clip-three.mp4']);
});

test('bulk evaluation: csv only, a bad file writes nothing and reports its rows, a good file saves every row', async ({ page }) => {
  await loginAs(page, 'admin');
  const player = await newPlayer(page);
  await page.goto(`/app/player/${player.id}/evaluation`);
  await page.getByRole('button', { name: 'Re-evaluate Player' }).click();
  await page.getByRole('menuitem', { name: 'Bulk Evaluation' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Download CSV template' })).toHaveAttribute('download', 'evaluation-template.csv');

  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles({ name: 'scores.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(dialog.getByText('File should be a csv file!')).toBeVisible();

  const header = 'PlayerFirstName,PlayerLastName,ParentEmail,Level,Criteria,Score,Notes,Video';
  await input.setInputFiles(
    csvFile('bad.csv', `${header}\n,,,Fundamentals,Passing,7,,\n,,,Fundamentals,Passing,12,,\n,,,Nowhere,Passing,5,,\n`),
  );
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const box = dialog.getByRole('alert').filter({ hasText: 'Error:' });
  await expect(box).toContainText('row 3');
  await expect(box).toContainText('row 4');
  await expectAccessible(page);
  await snap(page, 'evaluation-bulk-error');
  // All or nothing: the good first row was not saved either.
  const before = (await (await page.request.get(`/api/player/${player.id}/evaluation`)).json()).data.evaluations;
  expect(before).toHaveLength(0);

  await input.setInputFiles(
    csvFile('good.csv', `${header}\n,,,Fundamentals,Passing,7,Quick release,\n,,,Game IQ,Sprints in transition,Yes,,\n`),
  );
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Operation successful!').first()).toBeVisible();
  await expect(row(page, 'Passing')).toContainText('7/10');
  await expect(row(page, 'Sprints in transition')).toContainText('Yes');
});

test('players page: bulk evaluation across players, and the card modal with the latest 5 and See more', async ({ page }) => {
  await loginAs(page, 'admin');
  const a = await newPlayer(page, 'U16 Girls');
  const b = await newPlayer(page, 'U16 Girls');
  await page.goto('/app/players');
  await page.getByRole('button', { name: 'More player actions' }).click();
  await page.getByRole('menuitem', { name: 'Bulk Evaluation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Evaluation' });
  const header = 'PlayerFirstName,PlayerLastName,ParentEmail,Level,Criteria,Score,Notes,Video';
  const rows = ['Shooting form,6', 'Free throws,7', 'Ball handling,8', 'Passing,9', 'Footwork,5'].map(
    (c) => `${a.first},${a.last},${a.email},Fundamentals,${c},,`,
  );
  rows.push(`${b.first},${b.last},${b.email},Fundamentals,Passing,3,,`);
  await dialog.locator('input[type="file"]').setInputFiles(csvFile('players.csv', `${header}\n${rows.join('\n')}\n`));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Operation successful!').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The card menu's Evaluation: 5 evaluations → the modal lists 5 and offers 'See more'.
  await page.getByLabel('Search').fill(a.last);
  // The list draws its filtered cards anew: a menu opened on a card of the list before would close.
  await expect(page.getByText('1 player', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${a.first} ${a.last}` }).click();
  await page.getByRole('menuitem', { name: 'Evaluation' }).click();
  const modal = page.getByRole('dialog', { name: `${a.first} ${a.last} – Evaluation` });
  await expect(modal.getByRole('row')).toHaveCount(6);
  await expectAccessible(page);
  await snap(page, 'players-evaluation-modal');
  await modal.getByRole('link', { name: 'See more' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/player/${a.id}/evaluation$`));

  // One evaluation → no 'See more'.
  await page.goto('/app/players');
  await page.getByLabel('Search').fill(b.last);
  // The list draws its filtered cards anew: a menu opened on a card of the list before would close.
  await expect(page.getByText('1 player', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${b.first} ${b.last}` }).click();
  await page.getByRole('menuitem', { name: 'Evaluation' }).click();
  const small = page.getByRole('dialog', { name: `${b.first} ${b.last} – Evaluation` });
  await expect(small.getByRole('row')).toHaveCount(2);
  await expect(small.getByRole('link', { name: 'See more' })).toHaveCount(0);
});

test('courtside: evaluate a whole team at 375 px with tap targets, and by keyboard on a laptop', async ({ page }) => {
  await loginAs(page, 'coach');
  const teams = (await (await page.request.get('/api/players/team-options')).json()).data as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'U14 Boys')!;

  // Phone: large buttons, one save for the team.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/app/team/${team.id}/players`);
  await page.getByRole('link', { name: 'Evaluate team' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/team/${team.id}/evaluate$`));
  await expect(page.getByRole('heading', { name: 'Evaluate team' })).toBeVisible();
  await choose(page, page, 'Level', 'Fundamentals');
  await choose(page, page, 'Criteria', 'Free throws');
  const groups = page.getByRole('group', { name: /^Score for / });
  // count() does not wait: the roster renders after the criteria's scores have loaded.
  await expect(groups.first()).toBeVisible();
  const count = await groups.count();
  expect(count).toBeGreaterThan(3);
  const box = await groups
    .first()
    .getByRole('button', { name: /^7 for / })
    .boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await groups
    .nth(0)
    .getByRole('button', { name: /^7 for / })
    .click();
  await groups
    .nth(1)
    .getByRole('button', { name: /^9 for / })
    .click();
  await expect(page.getByText(`2 of ${count} scored`)).toBeVisible();

  // An optional note per player, behind a note button; a note without a score is not dropped silently.
  const roster = (await (await page.request.get(`/api/team/${team.id}/evaluations`)).json()).data.players as { id: number; name: string }[];
  const [first, , third] = roster;
  const noteButton = page.getByRole('button', { name: `Note for ${first!.name}` });
  await expect(noteButton).toHaveAttribute('aria-expanded', 'false');
  expect((await noteButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await noteButton.click();
  await page.getByRole('textbox', { name: `Note on ${first!.name}` }).fill('Great follow-through.');
  await page.getByRole('button', { name: `Note for ${third!.name}` }).click();
  await page.getByRole('textbox', { name: `Note on ${third!.name}` }).fill('Bend the knees.');
  await expectAccessible(page);
  await snap(page, 'evaluate-team');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${third!.name}: Enter a score to save this note.` })).toBeVisible();
  await groups
    .nth(2)
    .getByRole('button', { name: /^6 for / })
    .click();
  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(page.getByText('Operation successful!').first()).toBeVisible();
  // The sheet keeps showing what was scored, each row saying it reached the server.
  await expect(page.getByText(`3 of ${count} scored · 3 synced`)).toBeVisible();
  await expect(page.getByText('Synced', { exact: true })).toHaveCount(3);
  await expect(page.getByText(/^Last: 7\/10 on /).first()).toBeVisible();
  const latest = async (id: number) =>
    (
      (await (await page.request.get(`/api/player/${id}/evaluation`)).json()).data.evaluations as { criteria: string; notes: string }[]
    ).find((e) => e.criteria === 'Free throws');
  expect((await latest(first!.id))?.notes).toBe('Great follow-through.');
  expect((await latest(third!.id))?.notes).toBe('Bend the knees.');

  // Laptop: type a score, Enter moves to the next player; a bad score is shown on its player only.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await choose(page, page, 'Level', 'Fundamentals');
  await choose(page, page, 'Criteria', 'Footwork');
  const fields = page.getByRole('textbox', { name: /^Score for / });
  await fields.first().click();
  await page.keyboard.type('6');
  await page.keyboard.press('Enter');
  await expect(fields.nth(1)).toBeFocused();
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  await expect(fields.nth(2)).toBeFocused();
  await page.keyboard.type('0');
  await expect(page.getByRole('alert').filter({ hasText: 'This field must be a number!' })).toHaveCount(1);
  await fields.nth(2).fill('5');
  await expect(page.getByRole('alert').filter({ hasText: 'This field must be a number!' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(page.getByText(`3 of ${count} scored · 3 synced`)).toBeVisible();
});
