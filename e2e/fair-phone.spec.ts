import { join } from 'node:path';
import { request as http, type APIRequestContext } from '@playwright/test';
import { openDatabase } from '../src/server/db/index';
import { approvedReport, reportCycle } from '../src/server/modules/reports/reports.fixtures';
import { apiGet, apiPost, phoneContext } from './api';
import { expect as baseExpect, expectAccessible, loginAs, snap, test, pageWidth } from './fixtures';

/**
 * Fair figures on a phone (issue 40): the results table's "Moved" column is reached by scrolling the
 * table inside its own container, the page itself no wider than the screen; and a parent opening a
 * sent report reads by how many evaluators the child was seen.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const SCALE = 'Ball handling';

test('on a 375 px phone the results table scrolls sideways in its own container to the Moved column; the page does not', async ({
  page,
  baseURL,
}) => {
  await loginAs(page, 'admin');
  const criteria = (await apiGet(page, '/api/criteria/')) as { id: number; criteria: string }[];
  const criterionId = criteria.find((c) => c.criteria === SCALE)!.id;
  const teams = (await apiGet(page, '/api/teams')) as { id: number; playerCount: number }[];
  const team = teams.filter((t) => t.playerCount >= 6).sort((a, b) => a.playerCount - b.playerCount)[0]!;
  const members = ((await apiGet(page, `/api/team/${team.id}/players?pageSize=200`)) as { data: { id: number }[] }).data.slice(0, 6);
  const created = (await apiPost(page, '/api/eval-sessions', {
    name: `Phone fair tryout ${Date.now() % 100000}`,
    startDate: '2026-11-26',
    endDate: '2026-11-26',
    minEvaluators: 2,
    criteria: [{ criterionId, weight: 100 }],
  })) as { session: { id: number } };
  const id = created.session.id;
  const anon: APIRequestContext[] = [];
  try {
    await apiPost(page, `/api/eval-session/${id}/players`, { playerIds: members.map((m) => m.id) });
    const opened = (await apiPost(page, `/api/eval-session/${id}/open`)) as { session: { guestCode: string } };
    const tokens: string[] = [];
    for (const g of ['Ann', 'Ben', 'Hal']) {
      const ctx = await http.newContext({ baseURL });
      anon.push(ctx);
      const res = await ctx.post('/api/tryout/join', { data: { code: opened.session.guestCode, name: g } });
      expect(res.status(), await res.text()).toBe(200);
      tokens.push((await res.json()).data.token as string);
    }
    const detail = (await apiGet(page, `/api/eval-session/${id}`)) as { evaluators: { id: number }[] };
    for (const e of detail.evaluators) await apiPost(page, `/api/eval-session/${id}/evaluator/${e.id}/admit`);
    // Hal (the third) scores two low and sees only the even players: some players move on fair totals.
    for (const [e, token] of tokens.entries()) {
      const entries = members.flatMap((m, p) =>
        e < 2 || p % 2 === 0 ? [{ playerId: m.id, criterionId, score: 9 - p + (e === 1 && p === 3 ? 1 : 0) - (e === 2 ? 2 : 0) }] : [],
      );
      const res = await anon[e]!.post('/api/tryout/scores', { data: { entries }, headers: { 'x-tryout-token': token } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await apiPost(page, `/api/eval-session/${id}/unlock`);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/app/sessions/${id}`);
    await page.getByRole('tab', { name: 'Results' }).click();
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Moved' }) });
    await expect(table.getByTestId('result-row')).toHaveCount(6);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    // The table's own container scrolls; the Moved header comes into the screen.
    const moved = table.getByRole('columnheader', { name: 'Moved' });
    const container = await table.evaluate((el) => {
      let box: HTMLElement | null = el.parentElement;
      while (box && getComputedStyle(box).overflowX !== 'auto' && getComputedStyle(box).overflowX !== 'scroll') box = box.parentElement;
      return box ? { scrolls: box.scrollWidth > box.clientWidth, right: box.getBoundingClientRect().right } : null;
    });
    expect(container).not.toBeNull();
    expect(container!.right).toBeLessThanOrEqual(375);
    await moved.scrollIntoViewIfNeeded();
    const box = (await moved.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expect(
      table
        .getByTestId('result-row')
        .first()
        .getByText(/^(↑\d+|↓\d+|=)$/),
    ).toBeInViewport();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    // A phone has no hover: the mouse Playwright left over a row would tint it as a pointer does.
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/fair-results-moved-phone-viewport.png` });
    await snap(page, 'fair-results-moved');
  } finally {
    for (const ctx of anon) await ctx.dispose();
    await apiPost(page, `/api/eval-session/${id}/delete`);
  }
});

test('a parent opening a sent report on a phone reads "Seen by 4 evaluators" and where the panel agreed', async ({ page, browser }) => {
  await loginAs(page, 'admin');
  const teams = (await apiGet(page, '/api/teams')) as { id: number; name: string }[];
  const teamId = teams.find((t) => t.name === 'U16 Girls')!.id;
  const members = ((await apiGet(page, `/api/team/${teamId}/players?pageSize=100`)) as { data: { id: number }[] }).data;
  const playerId = members.at(-1)!.id;
  const database = openDatabase(process.env.E2E_DATABASE_URL ?? `sqlite:${join(process.env.E2E_DATA_DIR!, 'e2e.db')}`);
  let reportId: number;
  try {
    // A sent report whose snapshot holds a tryout, as approving writes it (the snapshot's making is the server tests').
    const cycleId = await reportCycle(database.db, [teamId], `Seen ${Date.now().toString(36)}`);
    reportId = await approvedReport(database.db, { cycleId, playerId, teamId, state: 'sent' });
    const row = await database.db.selectFrom('reports').select('snapshot').where('id', '=', reportId).executeTakeFirstOrThrow();
    const snapshot = { ...JSON.parse(row.snapshot!), tryouts: [{ session: 'Spring tryout', evaluators: 4, agreed_on: [SCALE] }] };
    await database.db
      .updateTable('reports')
      .set({ snapshot: JSON.stringify(snapshot) })
      .where('id', '=', reportId)
      .execute();
  } finally {
    await database.close();
  }
  const email = `seen.parent.${Date.now() % 1_000_000}@example.org`;
  const links = (await apiPost(page, `/api/player/${playerId}/guardians`, { email, relationship: 'parent' })) as {
    id: number;
    email: string;
  }[];
  const handed = await apiPost(page, `/api/player/${playerId}/guardian/${links.find((l) => l.email === email)!.id}/sign-in-link`);
  const phone = await phoneContext(browser);
  try {
    const parent = await phone.newPage();
    const link = new URL(handed.link as string);
    await parent.goto(`${link.pathname}${link.search}`);
    await expect(parent).toHaveURL(/\/family$/);
    await parent.goto(`/family/player/${playerId}/report/${reportId}`);
    const seen = parent.getByTestId('tryout-seen');
    await expect(seen).toContainText('Spring tryout');
    await expect(seen).toContainText('Seen by 4 evaluators.');
    await expect(seen).toContainText(`The panel agreed well on ${SCALE}.`);
    expect(await pageWidth(parent)).toBeLessThanOrEqual(375);
    await expectAccessible(parent);
    await seen.scrollIntoViewIfNeeded();
    await snap(parent, 'fair-report-seen-by');
  } finally {
    await phone.close();
  }
});
