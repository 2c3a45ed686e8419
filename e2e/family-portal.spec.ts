import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../src/server/mail/smtp-capture';
import { cutWords } from './cut-words';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * The family portal on a phone (docs/product.md#families): without a session /family goes to the
 * family sign-in and says why (before sign-in, after sign-out, after the only child was erased);
 * a family with no child left is told so and offered sign-out; no word of the page is cut at 375 px;
 * resources are named, not "link link"; a guardian with parental responsibility sets the child's birth
 * date, and one without sees it only.
 */
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(Number(process.env.E2E_SMTP_PORT));
});
// The players made here are deleted again, so the specs after this one see the demo club's counts.
const made: number[] = [];
test.afterAll(async ({ browser }) => {
  await smtp?.close();
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await context.newPage();
  await loginAs(page, 'admin');
  const headers = await csrf(page.request);
  for (const id of made) {
    const res = await page.request.post(`/api/player/${id}/delete`, { data: {}, headers });
    expect([200, 404], await res.text()).toContain(res.status());
  }
  await context.close();
});

const SIGNED_OUT = 'You are not signed in, or your session has ended. Enter your e-mail address to get a new sign-in link.';

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  return { 'x-csrf-token': (await (await request.get('/api/auth/me')).json()).data.csrfToken as string };
}

async function teamIds(request: APIRequestContext, names: string[]): Promise<number[]> {
  const teams = (await (await request.get('/api/teams')).json()).data as { id: number; name: string }[];
  return names.map((n) => teams.find((t) => t.name === n)!.id);
}

/** A new player in these teams with one guardian, invited by e-mail: the invitation's sign-in path. */
async function childWithParent(
  page: Page,
  first: string,
  last: string,
  parent: string,
  teams: string[],
  extra: Record<string, unknown> = {},
): Promise<{ id: number; link: string }> {
  const headers = await csrf(page.request);
  const created = await page.request.post('/api/players', {
    data: {
      first_name: first,
      last_name: last,
      email: `${last.toLowerCase()}.other@example.org`,
      team_id: await teamIds(page.request, teams),
      ...extra,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = (await created.json()).data.id as number;
  made.push(id);
  const added = await page.request.post(`/api/player/${id}/guardians`, { data: { email: parent, relationship: 'parent' }, headers });
  expect(added.status(), await added.text()).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(parent));
  const url = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(mail.text)![0]);
  return { id, link: `${url.pathname}${url.search}` };
}

/** A phone of its own (no staff session), recording every uncaught error of its pages. */
async function phone(browser: Browser): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { ctx, page, errors };
}

async function expectSentToSignIn(page: Page, errors: string[]) {
  await page.goto('/family');
  await expect(page).toHaveURL(/\/family\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Family sign-in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: SIGNED_OUT })).toBeVisible();
  await expect(page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
  expect(errors).toEqual([]);
}

test('/family without a session goes to the family sign-in and says why: before sign-in and after sign-out', async ({ page, browser }) => {
  await loginAs(page, 'admin');
  const { link } = await childWithParent(page, 'Iolanthe', 'Quillfeather', 'nosession.parent@example.org', ['U14 Boys']);
  const p = await phone(browser);
  await expectSentToSignIn(p.page, p.errors);
  await expectAccessible(p.page);
  await snap(p.page, 'family-without-session');

  await p.page.goto(link);
  await expect(p.page.getByRole('heading', { name: 'Iolanthe Quillfeather' })).toBeVisible();
  await p.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(p.page).toHaveURL(/\/family\/sign-in$/);
  await expectSentToSignIn(p.page, p.errors);
  await p.ctx.close();
});

test('a family whose only child was erased is sent to the sign-in; one with no child left is told so and offered sign-out', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  const headers = await csrf(page.request);

  // Erased: the guardian left with no child has no way to sign in any more (docs/product.md#privacy).
  const erased = await childWithParent(page, 'Peregrine', 'Ashcombe', 'erased.parent@example.org', ['U14 Boys']);
  const a = await phone(browser);
  await a.page.goto(erased.link);
  await expect(a.page.getByRole('heading', { name: 'Peregrine Ashcombe' })).toBeVisible();
  const asked = await page.request.post(`/api/player/${erased.id}/erasure-request`, { data: { reason: 'Moved away' }, headers });
  expect(asked.status(), await asked.text()).toBe(200);
  const request = (await asked.json()).data.requests[0] as { id: number };
  const decided = await page.request.post(`/api/privacy/request/${request.id}/decide`, { data: { decision: 'approve' }, headers });
  expect(decided.status(), await decided.text()).toBe(200);
  await expectSentToSignIn(a.page, a.errors);
  await a.ctx.close();

  // Declined ("This isn't my child"): the session stays, with nobody on the page.
  const declined = await childWithParent(page, 'Wilhelmina', 'Oakhurst', 'declined.parent@example.org', ['U14 Boys']);
  const b = await phone(browser);
  await b.page.goto(declined.link);
  const card = b.page.getByRole('region', { name: 'Wilhelmina Oakhurst' });
  await card.getByRole('button', { name: "This isn't my child" }).click();
  await expect(b.page.getByText('No player is linked to you any more.')).toBeVisible();
  const signOut = b.page.getByRole('main').getByRole('button', { name: 'Sign out' });
  await expect(signOut).toHaveCount(2);
  await b.page.reload();
  await expect(b.page.getByText('No player is linked to you any more.')).toBeVisible();
  await expectAccessible(b.page);
  await snap(b.page, 'family-no-child-left');
  await signOut.last().click();
  await expect(b.page).toHaveURL(/\/family\/sign-in$/);
  expect(b.errors).toEqual([]);
  await b.ctx.close();
});

test('the family page at 375 px: no word cut when the team list wraps, resources named by their title', async ({ page, browser }) => {
  await loginAs(page, 'admin');
  const { link } = await childWithParent(page, 'Bartholomew', 'Fairweather', 'wrap.parent@example.org', [
    'U14 Boys',
    'U16 Girls',
    'U18 Boys',
  ]);
  const p = await phone(browser);
  await p.page.goto(link);
  const card = p.page.getByRole('region', { name: 'Bartholomew Fairweather' });
  await expect(card.getByText('Northside Hawks: U14 Boys, U16 Girls')).toBeVisible();
  expect(await cutWords(p.page)).toEqual([]);
  await card.getByRole('button', { name: 'Open' }).click();
  await expect(card.getByRole('button', { name: 'Close' })).toBeVisible();
  expect(await cutWords(p.page)).toEqual([]);

  const resources = card.getByRole('region', { name: 'Resources' });
  await expect(resources.getByRole('link', { name: 'link', exact: true })).toHaveCount(0);
  await expect(resources.getByRole('link', { name: 'Ball handling at home' })).toHaveAttribute('href', 'https://vimeo.com/76979871');
  await expect(resources.getByRole('link', { name: 'Form shooting progression: youtube.com' })).toBeVisible();
  await expect(resources.getByRole('link', { name: 'Form shooting progression: fiba.basketball' })).toBeVisible();
  await expectAccessible(p.page);
  await snap(p.page, 'family-child-open');
  await p.ctx.close();
});

test('a guardian sets the birth date: the server refuses another year than the birth year; one without responsibility only reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  const { id, link } = await childWithParent(page, 'Seraphina', 'Birchwood', 'birth.parent@example.org', ['U14 Boys'], { dob: 2013 });
  // One sign-in (the link is single-use), the page at desktop width and then on a phone.
  const p = await phone(browser);
  await p.page.goto(link);
  await expect(p.page.getByRole('heading', { name: 'Seraphina Birchwood' })).toBeVisible();
  for (const width of [1280, 375]) {
    await p.page.setViewportSize({ width, height: 800 });
    await p.page.goto('/family');
    const card = p.page.getByRole('region', { name: 'Seraphina Birchwood' });
    await card.getByRole('button', { name: 'Open' }).click();
    const section = card.getByRole('region', { name: 'Birth date' });
    const field = section.getByLabel('Birth date (year of birth 2013)');
    const save = section.getByRole('button', { name: 'Save birth date' });
    await expect(save).toBeDisabled();
    await field.fill(width === 1280 ? '2012-05-01' : '2014-01-09');
    await save.click();
    await expect(section.getByText('The birth date must be in the year of birth.')).toBeVisible();
    const day = width === 1280 ? '2013-05-01' : '2013-11-20';
    await field.fill(day);
    await save.click();
    await expect(save).toBeDisabled();
    await expect(section.getByText('The birth date must be in the year of birth.')).toHaveCount(0);
    await expect(field).toHaveValue(day);
    expect(await cutWords(p.page)).toEqual([]);
    await expectAccessible(p.page);
  }
  await snap(p.page, 'family-birth-date');
  expect(p.errors).toEqual([]);
  await p.ctx.close();
  const player = (await (await page.request.get(`/api/player/${id}`)).json()).data as { dob: number; birth_date: string };
  expect(player).toMatchObject({ dob: 2013, birth_date: '2013-11-20' });

  // A second guardian without parental responsibility: the date is shown, no field.
  const headers = await csrf(page.request);
  const added = await page.request.post(`/api/player/${id}/guardians`, {
    data: { email: 'birth.step@example.org', relationship: 'other' },
    headers,
  });
  expect(added.status(), await added.text()).toBe(200);
  const step = ((await added.json()).data as { id: number; email: string }[]).find((l) => l.email === 'birth.step@example.org')!;
  const flags = { relationship: 'other', is_primary: false, receives_reports: true, parental_responsibility: false };
  const edited = await page.request.post(`/api/player/${id}/guardian/${step.id}`, { data: flags, headers });
  expect(edited.status(), await edited.text()).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes('birth.step@example.org'));
  const url = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(mail.text)![0]);
  const s = await phone(browser);
  await s.page.goto(`${url.pathname}${url.search}`);
  const card = s.page.getByRole('region', { name: 'Seraphina Birchwood' });
  await card.getByRole('button', { name: 'Open' }).click();
  const section = card.getByRole('region', { name: 'Birth date' });
  await expect(section.getByText('2013-11-20. Only a guardian with parental responsibility can change it.')).toBeVisible();
  await expect(section.getByRole('textbox')).toHaveCount(0);
  await s.ctx.close();
});
