import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

async function post(page: Page, url: string, data?: unknown) {
  const csrf = (await (await page.request.get('/api/auth/me')).json()).data.csrfToken as string;
  const res = await page.request.post(url, { data: data ?? {}, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}
const get = async (page: Page, url: string) => (await (await page.request.get(url)).json()).data;

/**
 * Its own target season with two U14 teams, eight players born 2014 and a tryout session the admin
 * scores alone (one evaluator needed), closes and publishes: no other spec's data is touched.
 */
async function publishedTryout(page: Page, stamp: string) {
  const season = await post(page, '/api/seasons', { name: `2027/28 draft ${stamp}` });
  const [club] = (await get(page, '/api/categories')) as { id: number }[];
  const [any] = (await get(page, '/api/teams')) as { coachUser: number; coachRole: number }[];
  const teams: { id: number; name: string }[] = [];
  for (const colour of ['Blue', 'Red'])
    teams.push(
      await post(page, '/api/teams', {
        name: `U14 ${colour} ${stamp}`,
        category: club!.id,
        coachRole: any!.coachRole,
        coachUser: any!.coachUser,
        season: season.id,
      }),
    );
  const [holding] = (await get(page, '/api/teams')) as { id: number }[];
  const players: number[] = [];
  for (let i = 1; i <= 8; i++)
    players.push(
      (
        await post(page, '/api/players', {
          first_name: `Cand${i}`,
          last_name: `Draft${stamp}`,
          email: `draft.${stamp}.${i}@example.org`,
          dob: 2014,
          team_id: [holding!.id],
        })
      ).id,
    );
  const criteria = (await get(page, '/api/criteria')) as { id: number; level?: { kind?: string } }[];
  const session = (
    await post(page, '/api/eval-sessions', {
      name: `Tryout ${stamp}`,
      startDate: '2026-05-01',
      endDate: '2026-05-01',
      minEvaluators: 1,
      criteria: [{ criterionId: criteria[0]!.id, weight: 100 }],
    })
  ).session;
  await post(page, `/api/eval-session/${session.id}/players`, { playerIds: players });
  const me = await get(page, '/api/auth/me');
  await post(page, `/api/eval-session/${session.id}/evaluators`, { userId: me.id });
  await post(page, `/api/eval-session/${session.id}/open`);
  await post(page, `/api/eval-session/${session.id}/scores`, {
    entries: players.map((playerId, i) => ({ playerId, criterionId: criteria[0]!.id, score: 9 - (i % 8) })),
  });
  await post(page, `/api/eval-session/${session.id}/close`);
  await post(page, `/api/eval-session/${session.id}/publish`);
  return { season, teams, session };
}

test('a director builds two teams from a published session: Suggest, two pins, a keyboard move, Finalise; the team shows the roster', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const stamp = String(Date.now() % 1_000_000);
  const { season, teams, session } = await publishedTryout(page, stamp);

  await page.goto('/app/teams');
  await page.getByRole('button', { name: 'Add New Team' }).click();
  await page.getByRole('menuitem', { name: 'Draft boards' }).click();
  await page.getByRole('button', { name: 'New draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'New draft' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Draft ${stamp}`);
  await dialog.getByRole('textbox', { name: 'Target season' }).click();
  await page.getByRole('option', { name: season.name }).click();
  for (const t of teams) {
    await dialog.getByRole('checkbox', { name: t.name }).check();
    await dialog.getByRole('textbox', { name: `Target size of ${t.name}` }).fill('4');
  }
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { name: `Draft ${stamp}` })).toBeVisible();
  await expect(page.getByText('No candidates yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add candidates' }).click();
  const add = page.getByRole('dialog', { name: 'Add candidates' });
  await add.getByRole('textbox', { name: 'Session' }).click();
  await page.getByRole('option', { name: session.name }).click();
  await add.getByRole('button', { name: 'Add' }).click();
  const pool = page.getByRole('region', { name: 'Pool' });
  await expect(pool.getByTestId('candidate')).toHaveCount(8);
  await expect(pool.getByText('1 evaluator').first()).toBeVisible();
  await expect(pool.getByText('U14', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Suggest' }).click();
  await page.getByRole('dialog', { name: 'Suggest placements' }).getByRole('button', { name: 'Suggest' }).click();
  const blue = page.getByRole('region', { name: teams[0]!.name });
  const red = page.getByRole('region', { name: teams[1]!.name });
  await expect(blue.getByTestId('candidate')).toHaveCount(4);
  await expect(red.getByTestId('candidate')).toHaveCount(4);
  await expect(blue.getByLabel('4 of 4')).toBeVisible();

  // Pin one player in each team.
  const pinnedBlue = (await blue.getByTestId('candidate').first().getAttribute('aria-label'))!;
  const pinnedRed = (await red.getByTestId('candidate').first().getAttribute('aria-label'))!;
  await page.getByRole('button', { name: `Pin ${pinnedBlue}` }).click();
  await expect(page.getByRole('button', { name: `Unpin ${pinnedBlue}` })).toBeVisible();
  await page.getByRole('button', { name: `Pin ${pinnedRed}` }).click();
  await expect(page.getByRole('button', { name: `Unpin ${pinnedRed}` })).toBeVisible();

  // Move an unpinned Blue player to Red with the keyboard, through the Move menu.
  const mover = (await blue.getByTestId('candidate').nth(1).getAttribute('aria-label'))!;
  await page.getByRole('button', { name: `Move ${mover} to…` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: teams[1]!.name })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const focused = page.getByRole('menuitem', { name: teams[1]!.name });
  while (!(await focused.evaluate((el) => el === document.activeElement))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(red.getByRole('article', { name: mover })).toBeVisible();
  await expect(red.getByLabel('5 of 4')).toBeVisible();

  // Suggest again: the pinned players stay where they are.
  await page.getByRole('button', { name: 'Suggest' }).click();
  await page.getByRole('dialog', { name: 'Suggest placements' }).getByRole('button', { name: 'Suggest' }).click();
  await expect(red.getByLabel('4 of 4')).toBeVisible();
  await expect(blue.getByRole('article', { name: pinnedBlue })).toBeVisible();
  await expect(red.getByRole('article', { name: pinnedRed })).toBeVisible();

  // Select everyone in the teams, then look at the board and check it with axe.
  for (const col of [blue, red]) {
    const names = await col.getByTestId('candidate').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
    for (const n of names) {
      const select = page.getByRole('combobox', { name: `Decision for ${n}` });
      await select.selectOption('selected');
      await expect(select).toHaveValue('selected');
      await expect(page.getByRole('combobox', { name: `Decision for ${n}` })).toBeEnabled();
    }
  }
  await expectAccessible(page);
  await snap(page, 'draft-board');
  await page.setViewportSize({ width: 375, height: 900 });
  await expectAccessible(page);
  await snap(page, 'draft-board-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  const roster = await blue.getByTestId('candidate').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
  await page.getByRole('button', { name: 'Finalise' }).click();
  await page.getByRole('dialog', { name: 'Finalise the draft' }).getByRole('button', { name: 'Finalise' }).click();
  await expect(page.getByText('Finalised', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Reason for a revision' })).toBeVisible();

  await page.goto(`/app/team/${teams[0]!.id}/players`);
  for (const n of roster) await expect(page.getByText(n.split(' ')[0]!, { exact: true }).or(page.getByText(n))).toBeVisible();
});
