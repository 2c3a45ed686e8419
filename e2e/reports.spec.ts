import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Reports (docs/product.md#reports): a coach writes the reports of a 12-player team on a 375 px phone,
 * moving from player to player with the buttons and the keyboard, nothing typed lost; an admin
 * approves the team's drafts at once and reads the frozen report.
 */
const TEAM = 'U12 Reports';
const CYCLE = 'Autumn reports';

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const me = await request.get('/api/auth/me');
  return { 'x-csrf-token': (await me.json()).data.csrfToken as string };
}

async function ok<T>(res: APIResponse): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A new team of Casey Coach with 12 players (a few evaluated), and a cycle over it. */
async function setUp(page: Page): Promise<{ teamId: number; cycleId: number }> {
  await loginAs(page, 'admin');
  const r = page.request;
  const headers = await csrf(r);
  const categories = await ok<{ id: number; name: string }[]>(await r.get('/api/categories'));
  const seasons = await ok<{ id: number }[]>(await r.get('/api/seasons'));
  const options = await ok<{ id: number; users: { id: number; first_name: string; last_name: string }[] }[]>(
    await r.get('/api/teams/coach-options'),
  );
  const role = options.find((o) => o.users.some((u) => u.first_name === 'Casey'))!;
  const team = await ok<{ id: number }>(
    await r.post('/api/teams', {
      data: {
        name: TEAM,
        category: categories.find((c) => c.name === 'Northside Hawks')!.id,
        season: seasons[0]!.id,
        coachRole: role.id,
        coachUser: role.users.find((u) => u.first_name === 'Casey')!.id,
      },
      headers,
    }),
  );
  const criteria = await ok<{ id: number }[]>(await r.get('/api/criteria'));
  for (let i = 1; i <= 12; i++) {
    const player = await ok<{ id: number }>(
      await r.post('/api/players', {
        data: {
          first_name: `Rep${String(i).padStart(2, '0')}`,
          last_name: 'Player',
          email: `rep${i}.parent@example.org`,
          team_id: [team.id],
        },
        headers,
      }),
    );
    if (i <= 3)
      await ok(await r.post(`/api/player/${player.id}/evaluation`, { data: { criteria_id: criteria[0]!.id, score: 6 + i }, headers }));
  }
  const today = new Date().toISOString().slice(0, 10);
  const cycle = await ok<{ id: number }>(
    await r.post('/api/report-cycles', {
      data: { name: CYCLE, season_id: seasons[0]!.id, team_ids: [team.id], opens_on: '2026-01-01', closes_on: today },
      headers,
    }),
  );
  return { teamId: team.id, cycleId: cycle.id };
}

test('a coach writes comments for a 12-player team on a 375 px phone, and an admin approves', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { teamId, cycleId } = await setUp(page);

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const coach = await phone.newPage();
  await loginAs(coach, 'coach');
  await coach.goto('/app/reports');
  await expect(coach.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  await coach.getByRole('link', { name: `${CYCLE}: ${TEAM}` }).click();
  await expect(coach.getByRole('heading', { name: `${TEAM}: ${CYCLE}` })).toBeVisible();
  await expect(coach.getByRole('listitem')).toHaveCount(12);
  await coach.getByRole('button', { name: 'Create 12 drafts' }).click();
  await expect(coach.getByText('no comment yet')).toHaveCount(12);
  await expectAccessible(coach);
  await snap(coach, 'reports-team');

  await coach.getByRole('link', { name: 'Rep01 Player' }).click();
  for (let i = 1; i <= 12; i++) {
    const name = `Rep${String(i).padStart(2, '0')} Player`;
    await expect(coach.getByRole('heading', { name })).toBeVisible();
    await expect(coach.getByText(`Player ${i} of 12`)).toBeVisible();
    const comment = coach.getByRole('textbox', { name: 'Overall comment' });
    await comment.fill(`Comment for ${name}: keeps working hard.`);
    if (i === 1) {
      await coach.getByRole('button', { name: 'Add a thing to work on' }).click();
      await coach.getByRole('textbox', { name: 'Criterion' }).click();
      await coach.getByRole('option').first().click();
      await coach.getByRole('textbox', { name: 'What to work on' }).fill('Balance on the weak foot.');
      await expectAccessible(coach);
      await snap(coach, 'reports-editor');
    }
    // The toolbar stays on the phone's screen and the page never scrolls sideways.
    await expect(coach.getByRole('toolbar', { name: 'Players' })).toBeInViewport();
    expect(await coach.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (i === 12) {
      await coach.keyboard.press('Control+s');
      await expect(coach.getByRole('button', { name: 'Saved' })).toBeVisible();
    } else if (i % 2 === 0) {
      // From the keyboard: Alt+→ saves and moves on.
      await comment.press('Alt+ArrowRight');
    } else {
      await coach.getByRole('button', { name: 'Next' }).click();
    }
  }
  // Back to the first with Previous (saving nothing new): every text is still there.
  await coach.keyboard.press('Alt+ArrowLeft');
  await expect(coach.getByRole('heading', { name: 'Rep11 Player' })).toBeVisible();
  await expect(coach.getByRole('textbox', { name: 'Overall comment' })).toHaveValue('Comment for Rep11 Player: keeps working hard.');
  // Leaving by the back link saves what was typed.
  await coach.getByRole('textbox', { name: 'Overall comment' }).fill('Rewritten before leaving.');
  await coach.getByRole('link', { name: `← ${TEAM}: ${CYCLE}` }).click();
  await expect(coach.getByRole('heading', { name: `${TEAM}: ${CYCLE}` })).toBeVisible();
  await coach.getByRole('link', { name: 'Rep11 Player' }).click();
  await expect(coach.getByRole('textbox', { name: 'Overall comment' })).toHaveValue('Rewritten before leaving.');
  const rows = await ok<{ rows: { report: { has_comment: boolean; state: string } }[] }>(
    await coach.request.get(`/api/report-cycle/${cycleId}/team/${teamId}/reports`),
  );
  expect(rows.rows.map((r) => r.report.has_comment)).toEqual(Array(12).fill(true));
  await phone.close();

  // The admin approves the team's drafts at once, and reads a frozen report.
  await page.goto('/app/reports');
  await expectAccessible(page);
  await snap(page, 'reports-cycles');
  await page.getByRole('link', { name: `${CYCLE}: ${TEAM}` }).click();
  await page.getByRole('button', { name: 'Approve drafts with a comment' }).click();
  await expect(page.getByText('12 approved')).toBeVisible();
  await expect(page.getByText('approved', { exact: true })).toHaveCount(12);
  await page.getByRole('link', { name: 'Rep01 Player' }).click();
  await expect(page.getByText('Comment for Rep01 Player: keeps working hard.')).toBeVisible();
  await expect(page.getByText('Balance on the weak foot.')).toBeVisible();
  await expect(page.getByText('Evaluated by: Coach')).toBeVisible();
  await expect(page.getByText(/Casey/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Re-issue as version 2' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'reports-approved');
});

test('an admin creates and edits an evaluation cycle from the Reports page', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/app/reports');
  await page.getByRole('button', { name: 'New cycle' }).click();
  const dialog = page.getByRole('dialog', { name: 'New evaluation cycle' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Spring check');
  await dialog.getByRole('textbox', { name: 'Season', exact: true }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('textbox', { name: 'Teams', exact: true }).click();
  await page.getByRole('option', { name: 'U16 Girls', exact: true }).click();
  await dialog.getByLabel('Opens on').fill('2026-09-01');
  await dialog.getByLabel('Closes on').fill('2026-08-01');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The cycle cannot close before it opens.')).toBeVisible();
  await dialog.getByLabel('Closes on').fill('2026-10-31');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('region', { name: 'Spring check' });
  await expect(card.getByText('2026-09-01 to 2026-10-31')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Spring check: U16 Girls' })).toBeVisible();
  await card.getByRole('button', { name: 'Edit Spring check' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit cycle' });
  await edit.getByRole('switch', { name: 'Show the team average in reports' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText(/team average shown/)).toBeVisible();
});
