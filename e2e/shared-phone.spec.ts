import { request as http, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expect as baseExpect, DEMO, expectAccessible, loginAs, signInWithTheForm, snap, test } from './fixtures';

/**
 * One phone, one browser profile, several people (docs/product.md, ADR 0014): what the app keeps on the
 * device (the pending sign-out in localStorage, the service worker's API cache) is never shown to the
 * next person.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const CACHED_READ = /^\/api\/(auth\/me|levels\/?|criteria\/?|teams|team\/\d+\/evaluations)$/;

/**
 * Opens the courtside sheet online once the service worker controls the page, so it keeps its reads;
 * answers the API reads it kept.
 */
async function fillTheWorkerCache(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 375, height: 740 });
  const teams = (await (await page.request.get('/api/players/team-options')).json()).data as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'U14 Boys')!;
  await page.goto(`/app/team/${team.id}/evaluate`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 20_000 });
  const urls = new Set<string>();
  const record = (r: { url: () => string; method: () => string }) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && CACHED_READ.test(url.pathname)) urls.add(url.pathname + url.search);
  };
  page.on('request', record);
  // The first load's reads went out before the worker took over: load again so it keeps them.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Evaluate team' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Level', exact: true }).click();
  await page.getByRole('option', { name: 'Fundamentals', exact: true }).click();
  await page.getByRole('textbox', { name: 'Criteria', exact: true }).click();
  await page.getByRole('option', { name: 'Shooting form', exact: true }).click();
  await expect(page.getByRole('group', { name: /^Score for / }).first()).toBeVisible();
  page.off('request', record);
  expect([...urls].some((u) => u.startsWith(`/api/team/${team.id}/evaluations`))).toBe(true);
  expect(urls.has('/api/auth/me')).toBe(true);
  return [...urls];
}

/** What the page gets for each URL right now (through the service worker): the status and body, or no answer. */
async function readsNow(page: Page, urls: string[]): Promise<{ url: string; status: number; body: string }[]> {
  return page.evaluate(
    (list) =>
      Promise.all(
        list.map((url) =>
          fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }).then(
            async (r) => ({ url, status: r.status, body: await r.text() }),
            () => ({ url, status: 0, body: '' }),
          ),
        ),
      ),
    urls,
  );
}

/** A second device holding the same session cookie (the coach's laptop, or an attacker's copy). */
async function sameSessionElsewhere(context: BrowserContext, baseURL: string): Promise<APIRequestContext> {
  return http.newContext({ baseURL, storageState: { cookies: await context.cookies(), origins: [] } });
}

test('signing out offline signs the phone out at once, and the sign-out is the first request when the network returns', async ({
  page,
  context,
  baseURL,
}) => {
  await loginAs(page, 'coach');
  const coach = (await (await page.request.get('/api/auth/me')).json()).data as { first_name: string; last_name: string };
  const coachName = `${coach.first_name} ${coach.last_name}`;
  await fillTheWorkerCache(page);
  const laptop = await sameSessionElsewhere(context, baseURL!);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'shared-phone-signed-out-offline');
  await page.setViewportSize({ width: 375, height: 740 });

  // The server has not heard of it: the cookie and the session are still valid...
  expect((await laptop.get('/api/auth/me')).status()).toBe(200);
  // ...yet nothing of the coach's shows on this phone, after reloads and on the coach's own pages.
  for (const path of ['/app/dashboard', '/app/teams', '/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(coachName);
  }

  // The network returns: before any other request the phone ends the session on the server. The
  // `online` event is no proof that requests get through (Playwright turns the page online before the
  // service worker, whose fetch may then fail; on a phone the radio may lag too): the first sign-outs to
  // reach the network are lost here, more than a query's own retries would resend, and the phone tries
  // again by itself until the server confirms.
  const apiRequests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${r.method()} ${url.pathname}`);
  });
  let lost = 0;
  await context.route('**/api/auth/logout', (route) => (lost++ < 3 ? route.abort('internetdisconnected') : route.fallback()));
  let before: string[] = [];
  const confirmed = page.waitForResponse(
    (r) => {
      before = [...apiRequests];
      return new URL(r.url()).pathname === '/api/auth/logout' && r.ok();
    },
    // The waits between attempts (lib/api.ts) add up to 18 s by the fifth one.
    { timeout: 45_000 },
  );
  await context.setOffline(false);
  await confirmed;
  expect(lost).toBeGreaterThanOrEqual(4);
  // Until the server confirmed, the sign-out was all the phone sent.
  expect(new Set(before)).toEqual(new Set(['POST /api/auth/logout']));
  expect((await laptop.get('/api/auth/me')).status()).toBe(401);
  await context.unroute('**/api/auth/logout');
  await laptop.dispose();
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login/);

  // The next person signs in on the same browser profile and sees their own account only.
  await signInWithTheForm(page, 'admin');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Admin');
  await expect(page.locator('body')).not.toContainText(coachName);
});

test.describe('a lost answer', () => {
  // Requests go straight to the page's network here, so the test can drop the sign-out's answers.
  test.use({ serviceWorkers: 'block' });

  test('a sign-out the server does not confirm keeps the phone signed out until it does', async ({ page, context, baseURL }) => {
    await loginAs(page, 'coach');
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const laptop = await sameSessionElsewhere(context, baseURL!);
    // The sign-out's answers are lost (a gym's flaky connection) until the test lets them through.
    let lost = 0;
    let through = false;
    await page.route('**/api/auth/logout', async (route) => {
      if (through) return route.continue();
      lost++;
      return route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.goto('/app/teams');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // Each page tried it first, and nothing else of the coach's was shown.
    expect(lost).toBeGreaterThanOrEqual(2);
    expect((await laptop.get('/api/auth/me')).status()).toBe(200);
    // The next request (here a reload) sends it again; the server ends the session.
    through = true;
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect.poll(async () => (await laptop.get('/api/auth/me')).status()).toBe(401);
    await laptop.dispose();
  });
});

test("the service worker never serves one user's cached answers to the next", async ({ page, context, baseURL }) => {
  await loginAs(page, 'coach');
  const kept = await fillTheWorkerCache(page);

  // The coach's session ends without Sign out on this phone (signed out from another device).
  const laptop = await sameSessionElsewhere(context, baseURL!);
  const csrf = ((await (await laptop.get('/api/auth/me')).json()).data as { csrfToken: string }).csrfToken;
  expect((await laptop.post('/api/auth/logout', { headers: { 'x-csrf-token': csrf }, data: {} })).status()).toBe(200);
  await laptop.dispose();

  // The next person picks up the phone: the server answers 401, and offline the coach's answers are gone.
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await context.setOffline(true);
  for (const read of await readsNow(page, kept)) {
    expect(read.body, read.url).not.toContain(DEMO.coach.email);
    expect(read.status, read.url).not.toBe(200);
  }

  // They sign in (another account on the same profile), then lose the network.
  await context.setOffline(false);
  await signInWithTheForm(page, 'player');
  await expect(page).toHaveURL(/\/player\/\d+\/dashboard/);
  await context.setOffline(true);
  for (const read of await readsNow(page, kept)) {
    expect(read.body, read.url).not.toContain(DEMO.coach.email);
    if (read.url !== '/api/auth/me') expect(read.status, read.url).not.toBe(200);
  }
  await context.setOffline(false);
});

test("signing in as someone else while the coach's session is still alive leaves none of the coach's answers offline", async ({
  page,
  context,
}) => {
  await loginAs(page, 'coach');
  const kept = await fillTheWorkerCache(page);
  // No sign-out and no 401 on this phone: another sign-in replaces the coach's cookie on the same profile
  // (as another tab could), so only the worker can tell that the answers now belong to someone else.
  const csrf = ((await (await page.request.get('/api/auth/me')).json()).data as { csrfToken: string }).csrfToken;
  const res = await page.request.post('/api/auth/login', { data: DEMO.admin, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBe(200);
  const own = new Set<string>();
  const record = (r: { url: () => string }) => own.add(new URL(r.url()).pathname + new URL(r.url()).search);
  page.on('request', record);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  page.off('request', record);
  await context.setOffline(true);
  for (const read of await readsNow(page, kept)) {
    expect(read.body, read.url).not.toContain(DEMO.coach.email);
    // What the admin read themselves may come from the cache; the coach's copies never.
    if (!own.has(read.url)) expect(read.status, read.url).not.toBe(200);
  }
  // The cache still works for its owner: offline, the app knows the admin.
  const [who] = await readsNow(page, ['/api/auth/me']);
  expect(who!.status).toBe(200);
  expect(who!.body).toContain(DEMO.admin.email);
  await context.setOffline(false);
});

test('a sign-out in one tab empties the other tabs on the phone', async ({ page, context }) => {
  await loginAs(page, 'coach');
  const tabs = [page, await context.newPage()];
  for (const tab of tabs) {
    await tab.goto('/app/dashboard');
    await expect(tab.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // Offline, the sign-in page's code comes from the worker's precache.
    await tab.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 20_000 });
  }
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  for (const tab of tabs) await expect(tab.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await context.setOffline(false);
});
