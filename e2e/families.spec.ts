import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../src/server/mail/smtp-capture';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Families (docs/product.md#families): an invited parent of two siblings on teams of two clubs signs
 * in by the e-mailed one-time link on a 375 px phone, sees each child alone under its own club,
 * withdraws the public-name consent (the other parent still grants: the stricter choice wins) and the
 * public board shows that child anonymously within its refresh interval; revoked, the parent gets 403.
 * Mail goes over the real SMTP path to a capture server (playwright.config.ts E2E_SMTP_PORT).
 */
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await smtp?.close();
});

const PARENT = 'e2e.parent@example.org';

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const me = await request.get('/api/auth/me');
  return { 'x-csrf-token': (await me.json()).data.csrfToken as string };
}

async function firstPlayerOf(request: APIRequestContext, team: string): Promise<{ id: number; name: string; first_name: string }> {
  const teams = (await (await request.get('/api/teams')).json()).data as { id: number; name: string }[];
  const id = teams.find((t) => t.name === team)!.id;
  const list = (await (await request.get(`/api/team/${id}/players?pageSize=50`)).json()).data.data as {
    id: number;
    name: string;
    first_name: string;
  }[];
  return list.at(-1)!;
}

async function publicNames(page: Page): Promise<{ id: number; first_name: string }[]> {
  return (await (await page.request.get('/api/public/leaderboard?pageSize=100')).json()).data.rows;
}

test('an invited parent of two siblings signs in by link on a phone, sees each child alone, and controls the public name', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const headers = await csrf(page.request);
  const a = await firstPlayerOf(page.request, 'U14 Boys');
  const b = await firstPlayerOf(page.request, 'U14 Girls');
  for (const p of [a, b]) {
    const res = await page.request.post(`/api/player/${p.id}/guardians`, { data: { email: PARENT, relationship: 'parent' }, headers });
    expect(res.status(), await res.text()).toBe(200);
  }
  // Each child added sends an invitation; the newest link is the one that works.
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(PARENT)).length).toBe(2);
  const mail = smtp.messages.filter((m) => m.to.includes(PARENT)).at(-1)!;
  expect(mail.subject).toBe('Your club invites you to follow your child');
  const link = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(mail.text)![0]);

  // The parent's own phone: no staff session.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const parent = await phone.newPage();
  await parent.goto(`${link.pathname}${link.search}`);
  await expect(parent.getByRole('heading', { name: 'My players' })).toBeVisible();
  await expect(parent.getByRole('heading', { name: a.name })).toBeVisible();
  await expect(parent.getByRole('heading', { name: b.name })).toBeVisible();
  await expect(parent.getByText('Northside Hawks: U14 Boys')).toBeVisible();
  await expect(parent.getByText('Riverside Tigers: U14 Girls')).toBeVisible();
  expect(parent.url()).not.toContain('token=');

  const cardA = parent.getByRole('region', { name: a.name });
  await cardA.getByRole('button', { name: 'Open' }).click();
  await expect(cardA.getByText('Total score:')).toBeVisible();
  await expect(cardA.getByText(/Casey|Jordan/)).toHaveCount(0);
  await expectAccessible(parent);
  await snap(parent, 'family-my-players');

  // The new parent has not consented yet: the stricter choice (none) hides the name.
  const named = async () => (await publicNames(parent)).some((r) => r.id === a.id && r.first_name === a.first_name);
  await expect.poll(named, { timeout: 20_000 }).toBe(false);
  const publicName = cardA.getByRole('switch', { name: 'Name on the public leaderboard' });
  await publicName.click();
  await expect(publicName).toBeChecked();
  await expect(cardA.getByText('In effect').last()).toBeVisible();
  await expect.poll(named, { timeout: 20_000 }).toBe(true);
  await publicName.click();
  await expect(publicName).not.toBeChecked();
  await expect.poll(named, { timeout: 20_000 }).toBe(false);
  await parent.goto('/leaderboard');
  await expect(parent.getByText('Anonymous player').first()).toBeVisible();

  // Staff revoke the link to the second child: 403 at once.
  const links = (await (await page.request.get(`/api/player/${b.id}/guardians`)).json()).data as { id: number; email: string }[];
  const mine = links.find((l) => l.email === PARENT)!;
  expect((await page.request.post(`/api/player/${b.id}/guardian/${mine.id}/revoke`, { headers })).status()).toBe(200);
  expect((await parent.request.get(`/api/family/player/${b.id}`)).status()).toBe(403);
  await parent.goto('/family');
  await expect(parent.getByRole('heading', { name: a.name })).toBeVisible();
  await expect(parent.getByRole('heading', { name: b.name })).toHaveCount(0);
  await phone.close();
});

test('staff: the Guardians list with Unclaimed and Resend invitation; the guardians panel on the profile', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/app/guardians');
  await page.getByText('Unclaimed', { exact: true }).first().click();
  const card = page.getByRole('article', { name: 'co.parent@demo.club' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Resend invitation' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await smtp.waitFor((m) => m.to.includes('co.parent@demo.club'));
  await expectAccessible(page);
  await snap(page, 'guardians-list');

  const b = await firstPlayerOf(page.request, 'U16 Girls');
  await page.goto(`/app/player/${b.id}`);
  const panel = page.getByRole('region', { name: 'GUARDIANS' });
  await expect(panel.getByText('primary', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'player-guardians-panel');
});

test("the player reaches the hand-over age, claims the account, and the parent's view ends", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const parentEmail = 'e2e.handover.parent@example.org';
  const playerEmail = 'e2e.handover.kid@example.org';
  await loginAs(page, 'admin');
  const headers = await csrf(page.request);
  // Born 16 years ago: the player reached the default hand-over age (16) on 1 January.
  const dob = String(new Date().getUTCFullYear() - 16);
  const created = await page.request.post('/api/players', {
    data: { first_name: 'Sasha', last_name: 'Handover', email: parentEmail, dob, team_id: [] },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = (await created.json()).data.id as number;
  // The demo club's boards count 40 players in later specs: this one leaves when the test ends.
  try {
    await handOver(page, browser, id, headers, parentEmail, playerEmail);
  } finally {
    const removed = await page.request.post(`/api/player/${id}/delete`, { headers: await csrf(page.request), data: {} });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});

async function handOver(
  page: Page,
  browser: Browser,
  id: number,
  headers: Record<string, string>,
  parentEmail: string,
  playerEmail: string,
) {
  // The parent signs in by link on their phone and sees the child.
  expect((await page.request.post('/api/family/sign-in-link', { data: { email: parentEmail }, headers })).status()).toBe(200);
  const parentMail = await smtp.waitFor((m) => m.to.includes(parentEmail) && m.subject === 'Your sign-in link');
  const parentLink = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(parentMail.text)![0]);
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const parent = await phone.newPage();
  await parent.goto(`${parentLink.pathname}${parentLink.search}`);
  const card = parent.getByRole('region', { name: 'Sasha Handover' });
  await card.getByRole('button', { name: 'Open' }).click();
  await expect(card.getByText('Total score:')).toBeVisible();

  // Staff send the claim link from the profile's HAND-OVER panel.
  await page.goto('/app/settings');
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByLabel('Hand-over age')).toHaveValue('16');
  await expect(page.getByLabel('Own sign-in from age')).toHaveValue('13');
  await expectAccessible(page);
  await snap(page, 'settings-ages');
  await page.goto(`/app/player/${id}`);
  const panel = page.getByRole('region', { name: 'HAND-OVER' });
  await expect(panel.getByText('Not claimed yet: the guardians manage this account.')).toBeVisible();
  await panel.getByLabel("Player's own e-mail").fill(parentEmail);
  await panel.getByRole('button', { name: 'Send claim link' }).click();
  await expect(panel.getByText("A player's sign-in e-mail cannot be a guardian's e-mail.")).toBeVisible();
  await panel.getByLabel("Player's own e-mail").fill(playerEmail);
  await panel.getByRole('button', { name: 'Send claim link' }).click();
  await expect(page.getByText('Claim link sent.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'player-handover-panel');
  const claimMail = await smtp.waitFor((m) => m.to.includes(playerEmail) && m.subject === 'Your account is yours now');
  const claimLink = new URL(/https?:\/\/\S+\/claim\?token=\S+/.exec(claimMail.text)![0]);

  // The player claims on their own phone, then signs in and finds My family.
  const own = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const kid = await own.newPage();
  await kid.goto(`${claimLink.pathname}${claimLink.search}`);
  await expect(kid.getByRole('heading', { name: 'Claim your account' })).toBeVisible();
  expect(kid.url()).not.toContain('token=');
  await expectAccessible(kid);
  await snap(kid, 'claim-account');
  await kid.getByLabel('Your new password').fill('Sasha keeps 2 goals!');
  await kid.getByLabel('Repeat the password').fill('Sasha keeps 2 goals!');
  await kid.getByRole('button', { name: 'Claim my account' }).click();
  await expect(kid.getByText(`Your account is yours now. Sign in with ${playerEmail}`)).toBeVisible();
  await loginAs(kid, { email: playerEmail, password: 'Sasha keeps 2 goals!' });
  await kid.goto(`/player/${id}/family`);
  await expect(kid.getByRole('heading', { name: 'My family' })).toBeVisible();
  const sees = kid.getByRole('switch', { name: `${parentEmail}: sees my new data` });
  await expect(sees).not.toBeChecked();
  await expectAccessible(kid);
  await snap(kid, 'player-my-family');

  // The parent's view of that child ends: the line, no data, 403 on the child's page.
  await parent.goto('/family');
  await expect(parent.getByText('Sasha now manages their own account.')).toBeVisible();
  await expect(parent.getByRole('region', { name: 'Sasha Handover' }).getByRole('button', { name: 'Open' })).toHaveCount(0);
  expect((await parent.request.get(`/api/family/player/${id}`)).status()).toBe(403);
  await expectAccessible(parent);
  await snap(parent, 'family-own-account');
  await own.close();
  await phone.close();
}
