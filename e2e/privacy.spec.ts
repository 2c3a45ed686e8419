import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { startSmtpCapture, type SmtpCapture } from '../src/server/mail/smtp-capture';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Privacy requests (docs/product.md#privacy): an admin downloads one player's data from the profile
 * (JSON parsed, PDF served); an erasure requested on the player's behalf, approved on the Privacy
 * requests screen, after which the name is found neither in the players list nor on the public board.
 */
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await smtp?.close();
});

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const me = await request.get('/api/auth/me');
  return { 'x-csrf-token': (await me.json()).data.csrfToken as string };
}

async function newPlayer(page: Page, first: string, last: string): Promise<number> {
  const headers = await csrf(page.request);
  const teams = (await (await page.request.get('/api/teams')).json()).data as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'U14 Boys')!.id;
  const res = await page.request.post('/api/players', {
    data: { first_name: first, last_name: last, email: `${last.toLowerCase()}.parent@example.org`, team_id: [team] },
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).data.id as number;
  const criteria = (await (await page.request.get('/api/criteria')).json()).data as { id: number }[];
  const scored = await page.request.post(`/api/player/${id}/evaluation`, {
    data: { criteria_id: criteria[0]!.id, score: 9, notes: `${first} did well` },
    headers,
  });
  expect(scored.status(), await scored.text()).toBe(200);
  return id;
}

test('an admin downloads one player’s data from the profile: JSON parsed, PDF served', async ({ page }) => {
  await loginAs(page, 'admin');
  const id = await newPlayer(page, 'Ottoline', 'Zephyrine');
  await page.goto(`/app/player/${id}`);
  const panel = page.getByRole('region', { name: 'PRIVACY' });
  await expect(panel.getByRole('button', { name: 'Request erasure' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download data (JSON)' }).click()]);
  expect(download.suggestedFilename()).toBe(`player-${id}-data.json`);
  const doc = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    player: { firstName: string; lastName: string };
    evaluations: { comment: string }[];
    exclusions: { what: string }[];
  };
  expect(doc.player).toMatchObject({ firstName: 'Ottoline', lastName: 'Zephyrine' });
  expect(doc.evaluations[0]!.comment).toBe('Ottoline did well');
  expect(doc.exclusions.map((x) => x.what)).toContain('Staff notes');

  const href = await panel.getByRole('link', { name: 'Download data (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toBe(`attachment; filename="player-${id}-data.pdf"`);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await expectAccessible(page);
  await snap(page, 'player-privacy-panel');
});

test('an erasure requested for a player and approved: the name is found nowhere, in the players list or on the public board', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [first, last] = ['Wendeline', 'Quarrowby'];
  await loginAs(page, 'admin');
  const id = await newPlayer(page, first, last);

  // Before: the staff list finds the player by name.
  await page.goto('/app/players');
  await page.getByRole('searchbox', { name: 'Search' }).fill(last);
  await expect(page.getByText(`${first} ${last}`)).toBeVisible();

  // The request, made on the player's behalf from the profile.
  await page.goto(`/app/player/${id}`);
  const panel = page.getByRole('region', { name: 'PRIVACY' });
  await panel.getByRole('button', { name: 'Request erasure' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request erasure' });
  await dialog.getByLabel('Reason (optional)').fill('Asked by the parent on the phone');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(panel.getByText(/Erasure requested on .* The club decides by/)).toBeVisible();

  // The admin's screen: open requests with their deadline.
  await page.goto('/app/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy requests', level: 1 })).toBeVisible();
  const card = page.getByRole('listitem', { name: `Erasure request for ${first} ${last}` });
  await expect(card.getByText(/Due \d{4}-\d{2}-\d{2} · 30 days left/)).toBeVisible();
  await expect(card.getByText('Erasure requested', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'privacy-requests');
  await card.getByRole('button', { name: 'Approve and erase' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve and erase' });
  await expect(confirm.getByText(`Erase ${first} ${last}?`)).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByText('All', { exact: true }).click();
  await expect(
    page
      .getByRole('listitem', { name: 'Erasure request for Erased Player' })
      .first()
      .getByText(/Erased \d{4}/),
  ).toBeVisible();

  // After: the staff list finds nothing by the name.
  await page.goto('/app/players');
  for (const term of [first, last]) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(term);
    await expect(page.getByText('No data to show!')).toBeVisible();
  }
  // The public board (refreshed within its interval) neither shows nor finds the name.
  const publicHits = async () => JSON.stringify((await (await page.request.get(`/api/public/leaderboard?q=${first}`)).json()).data);
  await expect.poll(async () => (await publicHits()).includes(first), { timeout: 30_000 }).toBe(false);
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${new URL(page.url()).origin}/leaderboard`);
  await visitor.getByLabel('Find a player').fill(first);
  await expect(visitor.getByText('no content')).toBeVisible();
  await expect(visitor.getByText(first)).toHaveCount(0);
  await visitor.close();
  // The profile is there, anonymous, and its export holds no name.
  await page.goto(`/app/player/${id}`);
  await expect(page.getByRole('heading', { name: 'Erased Player', level: 1 })).toBeVisible();
  await expect(page.getByText("This player's personal data has been erased.")).toBeVisible();
  const exported = await (await page.request.get(`/api/player/${id}/privacy/export.json`)).text();
  expect(exported).not.toContain(first);
  expect(exported).not.toContain(last);
});

test('the player area offers the erasure request', async ({ page }) => {
  await loginAs(page, 'player');
  const me = (await (await page.request.get('/api/auth/me')).json()).data as { player: number };
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/player/${me.player}/dashboard`);
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await expect(privacy.getByRole('button', { name: 'Request erasure' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'player-area-privacy');
});

test('a guardian asks the club to erase their child’s data from the family page, on a phone', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const parentEmail = 'privacy.family@example.org';
  await loginAs(page, 'admin');
  const id = await newPlayer(page, 'Tamsin', 'Florimel');
  const added = await page.request.post(`/api/player/${id}/guardians`, {
    data: { email: parentEmail, relationship: 'parent' },
    headers: await csrf(page.request),
  });
  expect(added.status(), await added.text()).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(parentEmail));
  const link = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(mail.text)![0]);

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const parent = await phone.newPage();
  await parent.goto(`${link.pathname}${link.search}`);
  const card = parent.getByRole('region', { name: 'Tamsin Florimel' });
  await card.getByRole('button', { name: 'Open' }).click();
  await card.getByRole('button', { name: 'Request erasure' }).click();
  const dialog = parent.getByRole('dialog', { name: 'Request erasure' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(card.getByText(/Erasure requested on .* The club decides by/)).toBeVisible();
  await expectAccessible(parent);
  await snap(parent, 'family-erasure-request');
  await phone.close();

  await page.goto('/app/privacy');
  await expect(
    page.getByRole('listitem', { name: 'Erasure request for Tamsin Florimel' }).getByText('by a guardian', { exact: false }),
  ).toBeVisible();
});
