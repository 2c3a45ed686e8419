import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect as baseExpect, expectAccessible, loginAs, snap, test } from './fixtures';

// The shared test machine runs several suites at once; generous waits keep this file about behaviour.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const unique = () => Math.random().toString(36).slice(2, 7);
const cards = (page: Page) => page.getByRole('article');
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

function tmpFile(name: string, content: string | Buffer): string {
  const path = join(tmpdir(), `players-e2e-${Date.now()}-${unique()}-${name}`);
  writeFileSync(path, content);
  return path;
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openAdd(page: Page, item: 'Add Single' | 'Add Bulk') {
  await page.getByRole('button', { name: 'Add New Player' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog');
}

async function cardMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function teamUrl(page: Page, name: string): Promise<string> {
  const res = await page.request.get('/api/players/team-options');
  const team = ((await res.json()).data as { id: number; name: string }[]).find((t) => t.name === name)!;
  return `/app/team/${team.id}/players`;
}

async function createPlayer(page: Page, body: Record<string, unknown>): Promise<{ id: number; name: string }> {
  const me = await (await page.request.get('/api/auth/me')).json();
  const res = await page.request.post('/api/players', { data: body, headers: { 'x-csrf-token': me.data.csrfToken } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

test.describe('players list', () => {
  test('admin: all players, team filter with spinner, search, menus', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/app/players');
    await expect(page.getByRole('heading', { name: 'All Players', level: 1 })).toBeVisible();
    await expect(page.getByText('40 players')).toBeVisible();
    await expect(cards(page)).toHaveCount(40);
    const first = cards(page).first();
    await expect(first.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', /\/app\/player\/\d+$/);
    await expectAccessible(page);
    await snap(page, 'players-list');

    // The spinner is a timer of its own (the list keeps its previous rows while the next load), so it is
    // made long enough that a busy machine still sees it, and the rows are awaited past its end.
    await page.evaluate(() => Object.assign(window, { __FILTER_SPINNER_MS: 5000 }));
    await choose(page, page, 'Filter by', 'U18 Boys');
    await expect(page.getByRole('status', { name: 'Loading players' })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __FILTER_SPINNER_MS: 300 }));
    await expect(page.getByRole('heading', { name: 'U18 Boys Players', level: 1 })).toBeVisible();
    await expect(cards(page)).toHaveCount(10, { timeout: 20_000 });
    await choose(page, page, 'Filter by', 'All Teams');
    await expect(cards(page)).toHaveCount(40);

    await page.getByRole('searchbox', { name: 'Search' }).fill('zzz-nobody');
    await expect(page.getByText('No data to show!')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');

    const name = await first.getByRole('paragraph').first().textContent();
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    for (const item of ['Edit player', 'Evaluation', 'Analysis', 'Delete Player'])
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Remove from Team' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Evaluation' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'More player actions' }).click();
    await page.getByRole('menuitem', { name: 'Bulk Evaluation' }).click();
    await expect(page).toHaveURL(/bulkEvaluation=1/);
  });

  test('coach: own team roster, evaluate link; another team is unauthorized, unknown is not found', async ({ page }) => {
    await loginAs(page, 'coach');
    await page.goto('/app/players');
    await expect(page.getByText('20 players')).toBeVisible();
    await page.goto(await teamUrl(page, 'U14 Boys'));
    await expect(page.getByRole('heading', { name: 'U14 Boys Players', level: 1 })).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    await expect(page.getByRole('link', { name: 'Evaluate team' })).toHaveAttribute('href', /\/app\/team\/\d+\/evaluate$/);
    await expect(page.getByRole('button', { name: 'Add New Player' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'players-team');

    const own = await page.request.get('/api/players/team-options');
    expect((await own.json()).data).toHaveLength(2);
    await page.goto('/app/team/99999/players');
    await expect(page).toHaveURL(/\/app\/not-found$/);
    // U18 Boys belongs to the other coach (team ids follow the demo seed order).
    await page.goto('/app/team/4/players');
    await expect(page).toHaveURL(/\/app\/unauthorized$/);
  });

  test('a player has no staff players page', async ({ page }) => {
    await loginAs(page, 'player');
    await page.goto('/app/players');
    await expect(page).not.toHaveURL(/\/app\/players$/);
  });
});

test.describe('add, edit, remove, delete', () => {
  test('add single: required tooltip, year message, server error on email, photo upload', async ({ page }) => {
    await loginAs(page, 'coach');
    await page.goto('/app/players');
    let dialog = await openAdd(page, 'Add Single');
    await expect(dialog.getByRole('heading', { name: 'Add Player' })).toBeVisible();
    // Without user management no player sign-in is made (docs/product.md#accounts).
    await expect(dialog.getByText("A player's own sign-in is created by a user manager.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('tooltip').first()).toHaveText('This field is required');
    await expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
    await snap(page, 'players-add-required');

    const last = `Newman${unique()}`;
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(last);
    await dialog.getByRole('textbox', { name: "Parent's email" }).fill('nina.parent@example.org');
    await dialog.getByRole('textbox', { name: 'Year of birth' }).fill('1990');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('tooltip').filter({ hasText: 'year' })).toHaveText(
      'This field must be a year more than 1995 and less than 2025!',
    );
    await expect(page.getByRole('tooltip').filter({ hasText: 'Please choose at least one of your teams.' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Year of birth' }).fill('2013');
    await dialog.getByRole('textbox', { name: 'Teams' }).click();
    await page.getByRole('option', { name: 'U14 Boys (Northside Hawks)' }).click();
    await page.keyboard.press('Escape');
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    await dialog.locator('input[type=file]').setInputFiles(tmpFile('photo.png', png));
    await expect(dialog.getByRole('img', { name: 'New photo preview' })).toBeVisible();
    await snap(page, 'players-add-filled');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Operation successful!')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const created = card(page, `Nina ${last}`);
    await expect(created).toBeVisible();
    const img = created.getByRole('img', { name: `Nina ${last}` });
    await expect(img).toHaveAttribute('src', /\/assets\/images\/users\/[a-f0-9]{32}\.webp$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(256);

    // The same child again: the server's message shows on the email field.
    dialog = await openAdd(page, 'Add Single');
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(last);
    await dialog.getByRole('textbox', { name: "Parent's email" }).fill('nina.parent@example.org');
    await dialog.getByRole('textbox', { name: 'Teams' }).click();
    await page.getByRole('option', { name: 'U14 Boys (Northside Hawks)' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('tooltip')).toHaveText('A player with this first name, last name and parent email already exists.');
    await expect(dialog.getByRole('textbox', { name: "Parent's email" })).toHaveAttribute('aria-invalid', 'true');
  });

  test('add bulk: non-csv refused, bad file reports every row, good file imports', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto(await teamUrl(page, 'U16 Girls'));
    await expect(cards(page)).toHaveCount(10);
    const dialog = await openAdd(page, 'Add Bulk');
    await expect(dialog.getByRole('link', { name: 'Download CSV template' })).toHaveAttribute('download', 'players-template.csv');
    await dialog.locator('input[type=file]').setInputFiles(tmpFile('players.txt', 'x'));
    await expect(dialog.getByText('File should be a csv file!')).toBeVisible();

    const tag = unique();
    const bad = `FirstName,LastName,Email,Dob,PlayerEmail\nGood,Row${tag},g${tag}@example.org,2012,\n,NoFirst,a@example.org,,\nBad,Year,b@example.org,1990,\n`;
    await dialog.locator('input[type=file]').setInputFiles(tmpFile('bad.csv', bad));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Error: row 3: FirstName: This field is required');
    await expect(alert).toContainText('row 4: Dob: This field must be a year more than 1995 and less than 2025!');
    await expectAccessible(page);
    await snap(page, 'players-bulk-error');
    await expect(cards(page)).toHaveCount(10);

    const good = `FirstName,LastName,Email,Dob,PlayerEmail\nAlba,Bulk${tag},p${tag}@example.org,2012,\nBea,Bulk${tag},p${tag}@example.org,2011,bea${tag}@example.org\n`;
    await dialog.locator('input[type=file]').setInputFiles(tmpFile('good.csv', good));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Operation successful!')).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await expect(card(page, `Bea Bulk${tag}`)).toBeVisible();
  });

  test('edit, remove from team, delete from the list', async ({ page }) => {
    await loginAs(page, 'admin');
    const url = await teamUrl(page, 'U14 Girls');
    const teamId = Number(/team\/(\d+)/.exec(url)![1]);
    const last = `Edit${unique()}`;
    const p = await createPlayer(page, { first_name: 'Erin', last_name: last, email: 'erin@example.org', team_id: [teamId] });
    await page.goto(url);
    await cardMenu(page, `Erin ${last}`, 'Edit player');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Edit Player' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: "Parent's email" })).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Erica');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Operation successful!').first()).toBeVisible();
    await expect(card(page, `Erica ${last}`)).toBeVisible();

    await cardMenu(page, `Erica ${last}`, 'Remove from Team');
    await expect(page.getByRole('dialog').getByText(`Remove Erica ${last} from U14 Girls?`)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(card(page, `Erica ${last}`)).toHaveCount(0);
    const still = await page.request.get(`/api/player/${p.id}`);
    expect((await still.json()).data.teamIds).toEqual([]);

    await page.goto('/app/players');
    await page.getByRole('searchbox', { name: 'Search' }).fill(last);
    await cardMenu(page, `Erica ${last}`, 'Delete Player');
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText(`Are you sure you want to delete Erica ${last}?`)).toBeVisible();
    await expect(confirm.getByText('all their evaluations and evaluation history')).toBeVisible();
    await expect(confirm.getByText('all notes and achievements')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'players-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No data to show!')).toBeVisible();
  });

  test('coach edits a player shared with another coach’s team: only own teams shown, the other kept', async ({ page }) => {
    await loginAs(page, 'admin');
    const ownUrl = await teamUrl(page, 'U14 Boys');
    const ownId = Number(/team\/(\d+)/.exec(ownUrl)![1]);
    const otherId = Number(/team\/(\d+)/.exec(await teamUrl(page, 'U18 Boys'))![1]);
    const last = `Shared${unique()}`;
    const p = await createPlayer(page, { first_name: 'Sia', last_name: last, email: 'sia@example.org', team_id: [ownId, otherId] });
    await page.context().clearCookies();
    await loginAs(page, 'coach');
    await page.goto(ownUrl);
    await cardMenu(page, `Sia ${last}`, 'Edit player');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Also in U18 Boys (another coach’s team; stays as it is).')).toBeVisible();
    await expect(dialog.getByText('U14 Boys (Northside Hawks)')).toBeVisible();
    await expect(dialog.getByText(String(otherId), { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'players-edit-shared');
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Siana');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Operation successful!').first()).toBeVisible();
    await expect(card(page, `Siana ${last}`)).toBeVisible();
    const saved = (await (await page.request.get(`/api/player/${p.id}`)).json()).data;
    expect([...saved.teamIds].sort()).toEqual([ownId, otherId].sort());

    // Deleting would wipe the other team's data too: the coach is told to remove them instead.
    await cardMenu(page, `Siana ${last}`, 'Delete Player');
    const confirm = page.getByRole('dialog', { name: 'Delete Player' });
    await expect(confirm.getByText("This player is also on another coach's team. Remove them from your team instead.")).toBeVisible();
    await expect(confirm.getByText('Also in: U18 Boys')).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'players-delete-shared');
    await confirm.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(card(page, `Siana ${last}`)).toBeVisible();
  });

  test('editing the player email warns that the sign-in account is removed or moved', async ({ page }) => {
    await loginAs(page, 'admin');
    const last = `Account${unique()}`;
    const kidEmail = `kid.${last.toLowerCase()}@example.org`;
    const p = await createPlayer(page, {
      first_name: 'Kai',
      last_name: last,
      email: 'kai@example.org',
      player_email: kidEmail,
      team_id: [],
    });
    await page.goto(`/app/player/${p.id}`);
    await page.getByRole('button', { name: `Actions for Kai ${last}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Player' });
    const email = dialog.getByRole('textbox', { name: "Player's email" });
    await expect(email).toHaveValue(kidEmail);
    await expect(dialog.getByText(/sign-in account will/)).toHaveCount(0);
    await email.fill('');
    await expect(dialog.getByText('The sign-in account will be removed')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'players-edit-account-removed');
    await email.fill('kai.new@example.org');
    await expect(dialog.getByText('The sign-in account will move to the new address')).toBeVisible();
    await email.fill(kidEmail.toUpperCase());
    await expect(dialog.getByText(/sign-in account will/)).toHaveCount(0);
    await email.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Operation successful!').first()).toBeVisible();
    expect((await (await page.request.get(`/api/player/${p.id}`)).json()).data.hasAccount).toBe(false);
  });

  test('export all players as CSV', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/app/players');
    await page.getByRole('button', { name: 'More player actions' }).click();
    await page.getByRole('menuitem', { name: 'Export Players' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Players' });
    await expectAccessible(page);
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    const text = readFileSync(await file.path())
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('FirstName,LastName,Email,Score');
    expect(lines.length).toBeGreaterThan(40);

    await page.getByRole('button', { name: 'More player actions' }).click();
    await page.getByRole('menuitem', { name: 'Export Players' }).click();
    await dialog.getByText('By club').click();
    await choose(page, dialog, 'Club', 'Riverside Tigers');
    const byClub = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download CSV' }).click();
    const clubLines = readFileSync(await (await byClub).path())
      .toString('utf8')
      .trim()
      .split(/\r?\n/);
    expect(clubLines.length - 1).toBeLessThan(lines.length - 1);
    expect(clubLines.length - 1).toBeGreaterThanOrEqual(20);
  });
});

test.describe('player profile', () => {
  test('panels: score, analysis with PDF upload and download, notes, achievements; delete goes to the list', async ({ page }) => {
    await loginAs(page, 'admin');
    const last = `Profile${unique()}`;
    const p = await createPlayer(page, { first_name: 'Pia', last_name: last, email: 'pia@example.org', team_id: [] });
    await page.goto(`/app/player/${p.id}`);
    await expect(page.getByRole('heading', { name: `Pia ${last}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Evaluation' })).toHaveAttribute('href', `/app/player/${p.id}/evaluation`);
    const score = page.getByRole('region', { name: 'SCORE' });
    await expect(score.getByText('0%')).toBeVisible();
    await expect(score.getByRole('progressbar', { name: 'Score 0%' })).toHaveAttribute('aria-valuenow', '0');

    // ANALYSIS
    const analysis = page.getByRole('region', { name: 'ANALYSIS' });
    await expect(analysis.getByText('No data to show!')).toBeVisible();
    await analysis.getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByRole('dialog', { name: 'Player Instructions' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('tooltip')).toHaveText('This field is required');
    await modal.getByRole('textbox', { name: 'Video link 1' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await modal.locator('input[type=file]').setInputFiles(tmpFile('notes.pdf', '<html>not a pdf</html>'));
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('This file is not a PDF.')).toBeVisible();
    await modal.locator('input[type=file]').setInputFiles(tmpFile('plan.pdf', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
    await expectAccessible(page);
    await snap(page, 'players-analysis-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Operation successful!').first()).toBeVisible();
    await expect(analysis.locator('iframe')).toHaveAttribute('src', /youtube/);
    const download = page.waitForEvent('download');
    await analysis.getByRole('link', { name: 'Download PDF' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe('Analysis.pdf');
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // NOTES
    const notes = page.getByRole('region', { name: 'NOTES' });
    await notes.getByRole('button', { name: 'Add note' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Note' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('tooltip')).toHaveText('This field is required');
    const long = `Works on the left hand. ${'Keep the elbow in and follow through. '.repeat(12)}THE END`;
    await dialog.getByRole('textbox', { name: 'Details' }).fill(long);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(notes.getByText('Alex Admin')).toBeVisible();
    await expect(notes.getByText(`${long.slice(0, 300)}...`)).toBeVisible();
    await expect(notes.getByText('THE END')).toHaveCount(0);
    await notes.getByRole('button', { name: 'Read full note' }).click();
    await expect(page.getByRole('dialog', { name: 'Note' }).getByText(/THE END$/)).toBeVisible();
    await page.keyboard.press('Escape');
    await notes.getByRole('button', { name: 'Edit note by Alex Admin' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Note' });
    await dialog.getByRole('textbox', { name: 'Details' }).fill('Short note now.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(notes.getByText('Short note now.')).toBeVisible();

    // ACHIEVEMENTS
    const achievements = page.getByRole('region', { name: 'ACHIEVEMENTS' });
    await achievements.getByRole('button', { name: 'Add achievement' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Achievement' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('tooltip')).toHaveText('This field is required');
    await choose(page, dialog, 'Achievement', 'Most Improved');
    await dialog.getByRole('textbox', { name: 'Detail' }).fill('Doubled free-throw percentage.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(achievements.getByText('Most Improved')).toBeVisible();
    await expect(achievements.getByText('Doubled free-throw percentage.')).toBeVisible();
    await achievements.getByRole('button', { name: 'Edit achievement Most Improved' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Achievement' });
    await choose(page, dialog, 'Achievement', 'Player of the Week');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(achievements.getByText('Player of the Week')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'players-profile');

    await achievements.getByRole('button', { name: 'Delete achievement Player of the Week' }).click();
    await page.getByRole('dialog', { name: 'Delete Achievement' }).getByRole('button', { name: 'Delete' }).click();
    await expect(achievements.getByText('No data to show!')).toBeVisible();
    await notes.getByRole('button', { name: 'Delete note by Alex Admin' }).click();
    await page.getByRole('dialog', { name: 'Delete Note' }).getByRole('button', { name: 'Delete' }).click();
    await expect(notes.getByText('No data to show!')).toBeVisible();

    // Delete from the profile goes to /app/players.
    await page.getByRole('button', { name: `Actions for Pia ${last}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Analysis' })).toHaveAttribute('href', `/app/player/${p.id}/analysis`);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Player' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/app\/players$/);
    await expect(page.getByRole('heading', { name: 'All Players' })).toBeVisible();
  });

  test('unknown player goes to not found; another coach’s player to unauthorized', async ({ page }) => {
    await loginAs(page, 'admin');
    const others = await (await page.request.get('/api/players?pageSize=200')).json();
    const foreign = (others.data.data as { id: number; teamName: string }[]).find((x) => x.teamName === 'U18 Boys')!;
    await page.context().clearCookies();
    await loginAs(page, 'coach');
    await page.goto('/app/player/99999');
    await expect(page).toHaveURL(/\/app\/not-found$/);
    await page.goto(`/app/player/${foreign.id}`);
    await expect(page).toHaveURL(/\/app\/unauthorized$/);
  });
});
