import { request as http, type APIRequestContext } from '@playwright/test';
import { apiGet, apiPost } from './api';
import { expect as baseExpect, DEMO, expectAccessible, loginAs, snap, test, pageWidth } from './fixtures';
import { tapOffenders } from './tap-targets';

/**
 * The calibration round (issue 40): before the tryout the admin, the superadmin and the coach score the
 * same three players, the coach two points low. The director chooses the players and reads the panel;
 * each evaluator reads only how far they sit from the others. The session is deleted at the end.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const SCALE = 'Ball handling';
const SKILL = [8, 6, 4];

async function signedIn(baseURL: string, who: 'superadmin' | 'coach') {
  const ctx = await http.newContext({ baseURL });
  expect((await ctx.post('/api/auth/login', { data: DEMO[who] })).status()).toBe(200);
  const csrf = (await (await ctx.get('/api/auth/me')).json()).data.csrfToken as string;
  return { ctx, post: (url: string, data: unknown) => ctx.post(url, { data, headers: { 'x-csrf-token': csrf } }) };
}

test('calibration round: the director picks three players, each evaluator sees how far they sit from the panel', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAs(page, 'admin');
  const criteria = (await apiGet(page, '/api/criteria/')) as { id: number; criteria: string }[];
  const criterionId = criteria.find((c) => c.criteria === SCALE)!.id;
  const teams = (await apiGet(page, '/api/teams')) as { id: number; playerCount: number }[];
  const team = teams.filter((t) => t.playerCount >= 5).sort((a, b) => a.playerCount - b.playerCount)[0]!;
  const members = ((await apiGet(page, `/api/team/${team.id}/players?pageSize=200`)) as { data: { id: number }[] }).data;
  const created = (await apiPost(page, '/api/eval-sessions', {
    name: `Calibrated tryout ${Date.now() % 100000}`,
    startDate: '2026-11-26',
    endDate: '2026-11-26',
    minEvaluators: 2,
    criteria: [{ criterionId, weight: 100 }],
  })) as { session: { id: number } };
  const id = created.session.id;
  const contexts: APIRequestContext[] = [];
  try {
    await apiPost(page, `/api/eval-session/${id}/players`, { playerIds: members.slice(0, 5).map((m) => m.id) });
    const options = (await apiGet(page, '/api/eval-sessions/evaluator-options')) as { id: number; email: string }[];
    for (const who of ['admin', 'superadmin', 'coach'] as const)
      await apiPost(page, `/api/eval-session/${id}/evaluators`, { userId: options.find((o) => o.email === DEMO[who].email)!.id });
    const detail = (await apiGet(page, `/api/eval-session/${id}`)) as {
      players: { playerId: number; firstName: string; lastName: string }[];
    };
    const chosen = detail.players.slice(0, 3);
    const name = (i: number) => `${chosen[i]!.firstName} ${chosen[i]!.lastName}`;

    // The director chooses three players on the Calibration tab.
    await page.goto(`/app/sessions/${id}`);
    await page.getByRole('tab', { name: 'Calibration' }).click();
    const picker = page.getByRole('textbox', { name: 'Players of the calibration round' });
    for (let i = 0; i < 3; i++) {
      await picker.click();
      await page.getByRole('option', { name: name(i), exact: true }).click();
    }
    await picker.press('Escape');
    await page.getByRole('button', { name: 'Start the calibration round' }).click();
    await expect(page.getByTestId('calibration-player')).toHaveCount(3);
    await expect(page.getByText('Score every player on every criterion to see how far you sit from the panel.')).toBeVisible();

    // The superadmin and the coach score on their own devices (the API); the coach two points low.
    const skill = (i: number) => SKILL[i]!;
    for (const [who, shift] of [
      ['superadmin', 0],
      ['coach', -2],
    ] as const) {
      const { ctx, post } = await signedIn(baseURL!, who);
      contexts.push(ctx);
      const entries = chosen.map((p, i) => ({ playerId: p.playerId, criterionId, score: skill(i) + shift }));
      const res = await post(`/api/eval-session/${id}/calibration/scores`, { entries });
      expect(res.status(), await res.text()).toBe(200);
    }

    // The admin scores on the page, then reads their own distance and the whole panel.
    for (let i = 0; i < 3; i++) await page.getByLabel(`${SCALE} for ${name(i)}`).selectOption(String(skill(i)));
    await page.getByRole('button', { name: 'Send calibration scores' }).click();
    const mine = page.getByTestId('calibration-mine');
    // Against the mean of the other two (one of them two low), the admin sits one point high.
    await expect(mine).toContainText(`${SCALE}: 1.0 point higher than the panel`);
    await expect(mine).toContainText('Overall: 10 percentage points higher than the panel');
    const panel = page.getByTestId('calibration-panel');
    const coachRow = panel.getByRole('row').filter({ hasText: /Coach/i });
    await expect(coachRow).toContainText(`${SCALE}: 2.0 points lower than the panel`);
    await expect(coachRow).toContainText('3 of 3');
    await expectAccessible(page);
    await snap(page, 'calibration-director');
    await page.setViewportSize({ width: 375, height: 740 });
    expect((await tapOffenders(page, '[role="tabpanel"]')).map((o) => `${o.what} ${o.size} (${o.crowdedBy})`)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    // The coach, an evaluator who does not run the session, sees only their own distance, on a phone.
    const coachContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const coachPage = await coachContext.newPage();
    try {
      await loginAs(coachPage, 'coach');
      await coachPage.goto(`/app/sessions/${id}`);
      const own = coachPage.getByTestId('calibration-mine');
      await expect(own).toContainText(`${SCALE}: 2.0 points lower than the panel`);
      await expect(own).toContainText('Overall: 20 percentage points lower than the panel');
      await expect(coachPage.getByTestId('calibration-panel')).toHaveCount(0);
      await expect(coachPage.getByLabel(`${SCALE} for ${name(0)}`)).toHaveValue(String(skill(0) - 2));
      expect(await pageWidth(coachPage)).toBeLessThanOrEqual(375);
      await expectAccessible(coachPage);
      await snap(coachPage, 'calibration-evaluator');
    } finally {
      await coachContext.close();
    }

    // None of it is in the session's results.
    await apiPost(page, `/api/eval-session/${id}/open`);
    await apiPost(page, `/api/eval-session/${id}/unlock`);
    const results = (await apiGet(page, `/api/eval-session/${id}/results`)) as { rows: { evaluatorsDone: number }[] };
    expect(results.rows.map((r) => r.evaluatorsDone)).toEqual([0, 0, 0, 0, 0]);
  } finally {
    for (const ctx of contexts) await ctx.dispose();
    await apiPost(page, `/api/eval-session/${id}/delete`);
  }
});
