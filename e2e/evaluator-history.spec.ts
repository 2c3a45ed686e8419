import { request as http, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, apiPost } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Evaluator history (docs/product.md#evaluator-history): the director, the coach (scoring 2 points low)
 * and a guest score five players; once the results are unlocked the director sees the coach's session
 * below the panel with its agreement, and the coach sees their own history only. The guest is never listed.
 */
test.describe.configure({ timeout: 150_000 });

const SCALE = 'Ball handling';
const SKILL = [9, 8, 7, 6, 5];

async function score(page: Page, id: number, scores: { playerId: number; criterionId: number; score: number }[]) {
  await apiPost(page, `/api/eval-session/${id}/scores`, { entries: scores });
}

test('evaluator history: the coach two points low in a session, seen by the director and by the coach alone', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAs(page, 'admin');
  const coachPage = await (await browser.newContext({ baseURL })).newPage();
  await loginAs(coachPage, 'coach');
  const me = async (p: Page) => (await apiGet(p, '/api/auth/me')) as { id: number; first_name: string; last_name: string };
  const [director, coach] = [await me(page), await me(coachPage)];
  const criteria = (await apiGet(page, '/api/criteria/')) as { id: number; criteria: string }[];
  const criterionId = criteria.find((c) => c.criteria === SCALE)!.id;
  const teams = (await apiGet(page, '/api/teams')) as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'U14 Boys')!;
  const members = ((await apiGet(page, `/api/team/${team.id}/players?pageSize=200`)) as { data: { id: number }[] }).data.slice(0, 5);
  const stamp = Date.now() % 100000;
  const ids: number[] = [];
  const guests: APIRequestContext[] = [];
  /** A session scored by the director, the coach (`shift` points off) and a guest, results unlocked. */
  async function session(name: string, date: string, shift: number) {
    const created = (await apiPost(page, '/api/eval-sessions', {
      name,
      startDate: date,
      endDate: date,
      minEvaluators: 2,
      criteria: [{ criterionId, weight: 100 }],
    })) as { session: { id: number } };
    const id = created.session.id;
    ids.push(id);
    await apiPost(page, `/api/eval-session/${id}/players`, { playerIds: members.map((m) => m.id) });
    for (const userId of [director.id, coach.id]) await apiPost(page, `/api/eval-session/${id}/evaluators`, { userId });
    const opened = (await apiPost(page, `/api/eval-session/${id}/open`)) as { session: { guestCode: string } };
    const guest = await http.newContext({ baseURL });
    guests.push(guest);
    const joined = await guest.post('/api/tryout/join', { data: { code: opened.session.guestCode, name: 'Gwen' } });
    expect(joined.status(), await joined.text()).toBe(200);
    const token = (await joined.json()).data.token as string;
    const detail = (await apiGet(page, `/api/eval-session/${id}`)) as { evaluators: { id: number; guest: boolean }[] };
    for (const e of detail.evaluators.filter((x) => x.guest)) await apiPost(page, `/api/eval-session/${id}/evaluator/${e.id}/admit`);
    const entries = (off: number, noise: number[]) =>
      members.map((m, i) => ({ playerId: m.id, criterionId, score: SKILL[i]! + off + noise[i]! }));
    await score(page, id, entries(0, [0, 1, 0, -1, 0]));
    await score(coachPage, id, entries(shift, [0, 0, 0, 0, 0]));
    const res = await guest.post('/api/tryout/scores', {
      data: { entries: entries(0, [1, 0, 0, 0, -1]) },
      headers: { 'x-tryout-token': token },
    });
    expect(res.status(), await res.text()).toBe(200);
    await apiPost(page, `/api/eval-session/${id}/unlock`);
  }
  const name = `History tryout ${stamp}`;
  try {
    await session(`History warm-up ${stamp}`, '2026-11-13', -1);
    await session(name, '2026-11-20', -2);

    // The director: every staff evaluator to choose from, never the guest; the coach's session 2 points low.
    await page.goto('/app/sessions');
    await page.getByRole('link', { name: 'Evaluator history' }).click();
    await expect(page.getByRole('heading', { name: 'Evaluator history' })).toBeVisible();
    const select = page.getByRole('textbox', { name: 'Evaluator' });
    await select.click();
    await expect(page.getByRole('option', { name: 'Gwen' })).toHaveCount(0);
    await page.getByRole('option', { name: `${coach.first_name} ${coach.last_name}` }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    // −2 points of 10 on the whole total: −20 points against the other two.
    await expect(row.getByRole('cell').nth(1)).toHaveText('−20.0');
    await expect(row.getByRole('cell').last()).toHaveText(/^0\.\d\d$|^1\.00$/);
    await expect(
      page
        .getByRole('row', { name: new RegExp(`History warm-up ${stamp}`) })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('−10.0');
    await expect(page.getByRole('img', { name: /points against the other evaluators/ })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(row.getByRole('cell').nth(1)).toHaveText('−20.0');
    await expectAccessible(page);
    await snap(page, 'evaluator-history');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The coach: their own history, no choice of evaluator.
    await coachPage.goto('/app/sessions');
    await coachPage.getByRole('link', { name: 'My evaluator history' }).click();
    await expect(coachPage.getByRole('heading', { name: `${coach.first_name} ${coach.last_name}` })).toBeVisible();
    await expect(coachPage.getByRole('textbox', { name: 'Evaluator' })).toHaveCount(0);
    await expect(
      coachPage
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('−20.0');
    await expectAccessible(coachPage);
    const other = await coachPage.request.get(`/api/evaluator-history?user=${director.id}`);
    expect(other.status()).toBe(403);
  } finally {
    for (const g of guests) await g.dispose();
    await coachPage.context().close();
    for (const id of ids) await apiPost(page, `/api/eval-session/${id}/delete`);
  }
});
