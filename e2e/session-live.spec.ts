import { request as http, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect as baseExpect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * A tryout while it runs (issue 31): the director's screen follows the scores as they arrive (point 5),
 * and a guest whose session closes is told so at once, with the scores that did not count (point 2).
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const SCALE = 'Ball handling';
const CLOSED = 'This session is closed. Scores not yet sent will not count.';

type Api = { get: (url: string) => Promise<unknown>; post: (url: string, data?: unknown) => Promise<unknown> };

/** The signed-in page's API, with its CSRF token; a failed call fails the test. */
async function api(page: Page): Promise<Api> {
  const csrf = (await (await page.request.get('/api/auth/me')).json()).data.csrfToken as string;
  const check = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: unknown }).data;
  };
  return {
    get: async (url) => check(await page.request.get(url)),
    post: async (url, data = {}) => check(await page.request.post(url, { data, headers: { 'x-csrf-token': csrf } })),
  };
}

interface Setup {
  id: number;
  code: string;
  playerIds: number[];
  criterionId: number;
}

/** An open session on one scale criterion with a small team's players, the coach assigned: through the API. */
async function openSession(director: Api, name: string): Promise<Setup> {
  const criteria = (await director.get('/api/criteria/')) as { id: number; criteria: string }[];
  const criterionId = criteria.find((c) => c.criteria === SCALE)!.id;
  const teams = (await director.get('/api/teams')) as { id: number; playerCount: number }[];
  const team = teams.filter((t) => t.playerCount >= 3 && t.playerCount <= 12).sort((a, b) => a.playerCount - b.playerCount)[0]!;
  const created = (await director.post('/api/eval-sessions', {
    name,
    startDate: '2026-11-26',
    endDate: '2026-11-26',
    minEvaluators: 2,
    criteria: [{ criterionId, weight: 100 }],
  })) as { session: { id: number } };
  const id = created.session.id;
  await director.post(`/api/eval-session/${id}/players`, { teamIds: [team.id] });
  const options = (await director.get('/api/eval-sessions/evaluator-options')) as { id: number; name: string }[];
  await director.post(`/api/eval-session/${id}/evaluators`, { userId: options.find((o) => o.name === 'Casey Coach')!.id });
  const opened = (await director.post(`/api/eval-session/${id}/open`)) as {
    session: { guestCode: string };
    players: { playerId: number }[];
  };
  return { id, code: opened.session.guestCode, playerIds: opened.players.map((p) => p.playerId), criterionId };
}

const evaluatorId = async (director: Api, id: number, name: string) =>
  ((await director.get(`/api/eval-session/${id}`)) as { evaluators: { id: number; name: string }[] }).evaluators.find(
    (e) => e.name === name,
  )!.id;

/** A guest on a 375 px phone who joins with the code and is let in by the director. */
async function guestPhone(browser: Browser, baseURL: string, director: Api, s: Setup, name: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/tryout');
  await page.getByLabel('Session code').fill(s.code);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for the session director' })).toBeVisible();
  await director.post(`/api/eval-session/${s.id}/evaluator/${await evaluatorId(director, s.id, name)}/admit`);
  await expect(page.getByText(`Scoring as ${name}`)).toBeVisible();
  return { context, page };
}

/** A guest who joins with the API only (another phone, somewhere in the gym). */
async function apiGuest(baseURL: string, code: string, name: string) {
  const anon = await http.newContext({ baseURL });
  const res = await anon.post('/api/tryout/join', { data: { code, name } });
  expect(res.status(), await res.text()).toBe(200);
  const token = (await res.json()).data.token as string;
  return {
    score: async (entries: { playerId: number; criterionId: number; score: number }[]) => {
      const r = await anon.post('/api/tryout/scores', { data: { entries }, headers: { 'x-tryout-token': token } });
      expect(r.status(), await r.text()).toBe(200);
    },
    dispose: () => anon.dispose(),
  };
}

const card = (page: Page, i: number) => page.getByTestId('sheet-player').nth(i);

test('point 2: a guest whose session closes is told so at once, sees the late score as not counted, and nothing is sent again', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAs(page, 'admin');
  const director = await api(page);
  const s = await openSession(director, `Closing tryout ${Date.now() % 100000}`);
  const gina = await guestPhone(browser, baseURL!, director, s, 'Gina Late');
  const hana = await guestPhone(browser, baseURL!, director, s, 'Hana Idle');

  // Gina scores one player while the session is open: it counts.
  await card(gina.page, 0)
    .getByRole('button', { name: /^7 for / })
    .click();
  await expect(card(gina.page, 0).getByText('Synced')).toBeVisible();

  // Gina's phone learns of the close from her tap here, not from its status poll (Hana's shows that one).
  await gina.page.route('**/api/tryout/status', (r) =>
    r.fulfill({ json: { data: { name: 'Gina Late', sessionName: 'Closing tryout', admitted: true } } }),
  );
  await director.post(`/api/eval-session/${s.id}/close`);
  const sent: string[] = [];
  gina.page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/tryout/scores')) sent.push(r.url());
  });
  // Her next tap: the sheet says at once that the session is closed and that this score does not count.
  await card(gina.page, 1)
    .getByRole('button', { name: /^5 for / })
    .click();
  await expect(gina.page.getByRole('alert').filter({ hasText: CLOSED })).toBeVisible({ timeout: 5_000 });
  await expect(card(gina.page, 1).getByText('Not counted')).toBeVisible();
  await expect(card(gina.page, 1).getByText('Your score: 5')).toBeVisible();
  await expect(card(gina.page, 0).getByText('Synced')).toBeVisible();
  await expect(gina.page.getByText(`1 of ${s.playerIds.length} players scored on ${SCALE}`)).toBeVisible();
  await expect(
    gina.page.getByRole('alert').filter({ hasText: 'The session closed before this score was sent; it does not count.' }),
  ).toBeVisible();
  // Nothing offers to sync it, and no more taps are taken.
  await expect(gina.page.getByText(/waiting to sync|Saved on this device|Syncing/)).toHaveCount(0);
  await expect(gina.page.getByRole('group', { name: /^Score for / })).toHaveCount(0);
  expect(sent).toHaveLength(1);
  await expectAccessible(gina.page);
  await snap(gina.page, 'session-guest-closed');

  await gina.page.unroute('**/api/tryout/status');

  // Hana did not tap: her sheet finds out by itself.
  await expect(hana.page.getByRole('alert').filter({ hasText: CLOSED })).toBeVisible();
  await expect(hana.page.getByRole('group', { name: /^Score for / })).toHaveCount(0);

  // A reload keeps Gina's not-counted score in view and sends nothing; then she leaves.
  await gina.page.reload();
  await expect(gina.page.getByRole('alert').filter({ hasText: CLOSED })).toBeVisible();
  await expect(card(gina.page, 1).getByText('Not counted')).toBeVisible();
  await expect(gina.page.getByText(/waiting to sync|Saved on this device/)).toHaveCount(0);
  expect(sent).toHaveLength(1);
  await expectAccessible(gina.page);
  await gina.page.getByRole('button', { name: 'Leave this session' }).click();
  await expect(gina.page.getByRole('heading', { name: 'Join a tryout' })).toBeVisible();
  // Hana, with nothing left on her phone, is thanked on a reload.
  await hana.page.reload();
  await expect(hana.page.getByText('This session has closed. Thank you for evaluating!')).toBeVisible();

  // Only the score sent while the session was open counted.
  const progress = (await director.get(`/api/eval-session/${s.id}/progress`)) as { rows: { playerId: number; evaluatorsDone: number }[] };
  expect(progress.rows.filter((r) => r.evaluatorsDone > 0)).toHaveLength(1);
  await gina.context.close();
  await hana.context.close();
});

for (const width of [1280, 375]) {
  test(`point 5: the director's tabs follow the scores and the evaluators as they arrive, without a reload (${width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, 'admin');
    const director = await api(page);
    const s = await openSession(director, `Live tryout ${width} ${Date.now() % 100000}`);
    const n = s.playerIds.length;
    await page.goto(`/app/sessions/${s.id}`);
    await page.getByRole('tab', { name: /Evaluators/ }).click();
    await expect(page.getByRole('tab', { name: 'Evaluators (1)' })).toBeVisible();
    await expect(page.getByText(`0 of ${n} players done`)).toBeVisible();

    // The coach scores every player from their own browser: the director's Evaluators tab follows.
    const coach = await browser.newContext({ baseURL });
    const coachPage = await coach.newPage();
    await loginAs(coachPage, 'coach');
    await (
      await api(coachPage)
    ).post(`/api/eval-session/${s.id}/scores`, {
      entries: s.playerIds.map((playerId) => ({ playerId, criterionId: s.criterionId, score: 6 })),
    });
    await expect(page.getByText(`${n} of ${n} players done`)).toBeVisible();

    // On the Progress tab: guests join and score from their phones; the counts and the tab labels follow.
    await page.getByRole('tab', { name: 'Progress' }).click();
    await expect(page.getByText(`0 of ${n} players complete`)).toBeVisible();
    const guests = [await apiGuest(baseURL!, s.code, 'Pia Phone'), await apiGuest(baseURL!, s.code, 'Quin Phone')];
    await expect(page.getByRole('tab', { name: 'Evaluators (3)' })).toBeVisible();
    for (const name of ['Pia Phone', 'Quin Phone'])
      await director.post(`/api/eval-session/${s.id}/evaluator/${await evaluatorId(director, s.id, name)}/admit`);
    await guests[0]!.score(s.playerIds.slice(0, 2).map((playerId) => ({ playerId, criterionId: s.criterionId, score: 8 })));
    await expect(page.getByText(`2 of ${n} players complete`)).toBeVisible();
    await guests[1]!.score(s.playerIds.map((playerId) => ({ playerId, criterionId: s.criterionId, score: 7 })));
    await expect(page.getByText(`${n} of ${n} players complete`)).toBeVisible();
    await expectAccessible(page);

    // Back on Evaluators: each guest's count as it is now.
    await page.getByRole('tab', { name: /Evaluators/ }).click();
    await expect(page.getByText(`2 of ${n} players done`)).toBeVisible();
    await expect(page.getByText(`${n} of ${n} players done`)).toHaveCount(2);
    await expectAccessible(page);
    await snap(page, `session-evaluators-live-${width}`);

    for (const g of guests) await g.dispose();
    await coach.close();
  });
}
