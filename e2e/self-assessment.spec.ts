import type { Browser, Page } from '@playwright/test';
import { apiGet, apiPost, phoneContext, useSmtpCapture } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Self-assessment (docs/product.md#self-assessment): the player scores themself on a phone and sees
 * nothing of the coach's scores; once the coach's report is approved their view stands beside the
 * coach's, largest gap first, on the player area, the staff profile and — while the player shares with
 * them and the reports consent holds — the family portal, which shows nothing once sharing ends.
 */
const smtp = useSmtpCapture();
test.describe.configure({ mode: 'serial' });

const stamp = String(Date.now()).slice(-6);
const PARENT = `self.parent.${stamp}@example.org`;
const KID = `self.kid.${stamp}@example.org`;
const PASSWORD = 'Selma rates 2 herself!';
const made = { player: 0, team: 0, cycle: 0, link: 0 };
let criteria: { id: number; criteria: string; level_kind: string }[] = [];

test.afterAll(async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await ctx.newPage();
  await loginAs(page, 'admin');
  // The player takes their self-assessments and reports with them (foreign keys); then their team.
  if (made.player) await apiPost(page, `/api/player/${made.player}/delete`);
  if (made.team) await page.request.post(`/api/team/${made.team}/delete`, { data: {}, headers: await csrfOf(page) });
  await ctx.close();
});

const csrfOf = async (page: Page) => ({ 'x-csrf-token': (await apiGet(page, '/api/auth/me')).csrfToken as string });
/** The link of the next mail to `to` carrying `path` (earlier ones are used already). */
const mailLink = async (to: string, path: string, send: () => Promise<unknown>) => {
  const seen = smtp.mail.messages.length;
  await send();
  const mail = await smtp.mail.waitFor((m) => smtp.mail.messages.indexOf(m) >= seen && m.to.includes(to) && m.text.includes(path));
  const url = new URL(new RegExp(`https?://\\S+${path.replace('?', '\\?')}\\S+`).exec(mail.text)![0]);
  return `${url.pathname}${url.search}`;
};

async function parentPhone(browser: Browser) {
  const ctx = await phoneContext(browser);
  const parent = await ctx.newPage();
  const link = await mailLink(PARENT, '/family/sign-in?token=', async () => {
    const res = await parent.request.post('/api/family/sign-in-link', { data: { email: PARENT } });
    expect(res.status()).toBe(200);
  });
  await parent.goto(link);
  await expect(parent.getByRole('region', { name: 'Selma Selfview' })).toBeVisible();
  return { ctx, parent };
}

test('set-up: a player past the hand-over age claims their account and shares with the parent', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const teams = (await apiGet(page, '/api/teams')) as {
    id: number;
    name: string;
    categoryId: number;
    seasonId: number;
    coachUser: number;
    coachRole: number;
  }[];
  const like = teams.find((t) => t.name === 'U14 Boys')!;
  // A team of its own (the demo coach's), so the open cycle touches no other spec's team.
  made.team = (
    await apiPost(page, '/api/teams', {
      name: `U16 Self ${stamp}`,
      category: like.categoryId,
      coachRole: like.coachRole,
      coachUser: like.coachUser,
      season: like.seasonId,
    })
  ).id;
  made.player = (
    await apiPost(page, '/api/players', {
      first_name: 'Selma',
      last_name: 'Selfview',
      email: PARENT,
      dob: String(new Date().getUTCFullYear() - 16),
      team_id: [made.team],
    })
  ).id;
  criteria = (await apiGet(page, '/api/criteria')) as typeof criteria;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  made.cycle = (
    await apiPost(page, '/api/report-cycles', {
      name: `Spring check ${stamp}`,
      season_id: like.seasonId,
      team_ids: [made.team],
      opens_on: day(-10),
      closes_on: day(10),
    })
  ).id;

  // The parent signs in once (the link becomes active) and consents to reports.
  const { ctx, parent } = await parentPhone(browser);
  const headers = { 'x-csrf-token': (await (await parent.request.get('/api/family/me')).json()).data.csrfToken as string };
  const consent = await parent.request.post(`/api/family/player/${made.player}/consent`, {
    data: { purpose: 'reports', granted: true },
    headers,
  });
  expect(consent.status(), await consent.text()).toBe(200);
  await ctx.close();

  // The claim, then the player shares with the parent from My family.
  const claimLink = await mailLink(KID, '/claim?token=', () =>
    apiPost(page, `/api/player/${made.player}/handover/claim-link`, { email: KID }),
  );
  const token = new URLSearchParams(claimLink.split('?')[1]).get('token');
  const own = await phoneContext(browser);
  const kid = await own.newPage();
  const claimed = await kid.request.post('/api/handover/claim', { data: { token, password: PASSWORD } });
  expect(claimed.status(), await claimed.text()).toBe(200);
  await loginAs(kid, { email: KID, password: PASSWORD });
  await kid.goto(`/player/${made.player}/family`);
  const sees = kid.getByRole('switch', { name: `${PARENT}: sees my new data` });
  await sees.click();
  await expect(sees).toBeChecked();
  await own.close();
});

test('the player self-assesses on a phone and cannot see the coach’s scores yet', async ({ browser }) => {
  const scales = criteria.filter((c) => c.level_kind === 'scale_1_10');
  const coachCtx = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const coach = await coachCtx.newPage();
  await loginAs(coach, 'coach');
  await apiPost(coach, `/api/player/${made.player}/evaluation`, { criteria_id: scales[0]!.id, score: 4 });
  await apiPost(coach, `/api/player/${made.player}/evaluation`, { criteria_id: scales[1]!.id, score: 7 });

  const own = await phoneContext(browser);
  const kid = await own.newPage();
  await loginAs(kid, { email: KID, password: PASSWORD });
  await kid.goto(`/player/${made.player}/self-assessment`);
  await expect(kid.getByRole('heading', { name: 'Self-assessment', level: 1 })).toBeVisible();
  await expect(kid.getByText('Open', { exact: true })).toBeVisible();
  // Tap entry: 44 px buttons per criterion.
  const first = kid.getByRole('group', { name: `Score for ${scales[0]!.criteria}` });
  const nine = first.getByRole('button', { name: `9 for ${scales[0]!.criteria}` });
  expect((await nine.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await nine.click();
  await kid
    .getByRole('group', { name: `Score for ${scales[1]!.criteria}` })
    .getByRole('button', { name: `6 for ${scales[1]!.criteria}` })
    .click();
  await kid.getByRole('button', { name: 'Save my scores' }).click();
  await expect(kid.getByText('Last saved')).toBeVisible();
  await expect(nine).toHaveAttribute('aria-pressed', 'true');
  // Blind: no coach column, no chart, no figure of the coach's anywhere on the page.
  await expect(kid.getByText(/appear beside yours once your report is approved/)).toBeVisible();
  await expect(kid.getByRole('columnheader', { name: 'Coach' })).toHaveCount(0);
  await expect(kid.getByText('40%')).toHaveCount(0);
  await expectAccessible(kid);
  await snap(kid, 'self-assessment-phone');
  await own.close();

  // The coach writes and approves the report.
  const admin = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const staff = await admin.newPage();
  await loginAs(staff, 'admin');
  await apiPost(staff, `/api/report-cycle/${made.cycle}/team/${made.team}/reports`, {});
  const rows = (await apiGet(staff, `/api/report-cycle/${made.cycle}/team/${made.team}/reports`)).rows as {
    player: { id: number };
    report: { id: number };
  }[];
  const report = rows.find((r) => r.player.id === made.player)!.report;
  await admin.close();
  await apiPost(coach, `/api/report/${report.id}`, { overall_comment: 'Sharper on the ball every week.' });
  await apiPost(coach, `/api/report/${report.id}/approve`, {});

  // The coach sees the comparison on the profile.
  await coach.goto(`/app/player/${made.player}`);
  const panel = coach.getByRole('region', { name: 'SELF-ASSESSMENT' });
  await expect(panel.getByRole('img', { name: /bar chart of player and coach/ })).toBeVisible();
  await expect(panel.getByRole('row').nth(1)).toContainText(scales[0]!.criteria);
  await expectAccessible(coach);
  await snap(coach, 'self-assessment-coach-profile');
  await coachCtx.close();
});

test('after approval the player sees their view beside the coach’s, largest gap first', async ({ browser }) => {
  const scales = criteria.filter((c) => c.level_kind === 'scale_1_10');
  const own = await phoneContext(browser);
  const kid = await own.newPage();
  await loginAs(kid, { email: KID, password: PASSWORD });
  await kid.goto(`/player/${made.player}/self-assessment`);
  await expect(kid.getByText('Report approved')).toBeVisible();
  await expect(kid.getByRole('img', { name: /bar chart of you and coach/ })).toBeVisible();
  const table = kid.getByRole('table', { name: /You and your coach/ });
  // 90 vs 40 (gap +50) before 60 vs 70 (gap −10).
  await expect(table.getByRole('row').nth(1)).toContainText(`${scales[0]!.criteria}90%40%+50`);
  await expect(table.getByRole('row').nth(2)).toContainText(`${scales[1]!.criteria}60%70%-10`);
  await expect(kid.getByRole('button', { name: 'Save my scores' })).toHaveCount(0);
  await expectAccessible(kid);
  await snap(kid, 'self-assessment-compared');
  await own.close();
});

test('the parent sees the gap chart while shared, and nothing after the child withdraws sharing', async ({ browser }) => {
  const scales = criteria.filter((c) => c.level_kind === 'scale_1_10');
  const { ctx, parent } = await parentPhone(browser);
  const child = parent.getByRole('region', { name: 'Selma Selfview' });
  await child.getByRole('button', { name: 'Open' }).click();
  const section = child.getByRole('region', { name: 'Self-assessment' });
  await expect(section.getByRole('img', { name: /bar chart of player and coach/ })).toBeVisible();
  await expect(section.getByRole('table').getByRole('row').nth(1)).toContainText(`${scales[0]!.criteria}90%40%+50`);
  await expectAccessible(parent);
  await snap(parent, 'self-assessment-family');

  const own = await phoneContext(browser);
  const kid = await own.newPage();
  await loginAs(kid, { email: KID, password: PASSWORD });
  await kid.goto(`/player/${made.player}/family`);
  const sees = kid.getByRole('switch', { name: `${PARENT}: sees my new data` });
  await sees.click();
  await expect(sees).not.toBeChecked();
  await own.close();

  await parent.goto('/family');
  await expect(parent.getByText('Selma now manages their own account.')).toBeVisible();
  await expect(parent.getByRole('region', { name: 'Self-assessment' })).toHaveCount(0);
  expect((await parent.request.get(`/api/family/player/${made.player}/self-assessments`)).status()).toBe(403);
  await expectAccessible(parent);
  await snap(parent, 'self-assessment-family-withdrawn');
  await ctx.close();
});
