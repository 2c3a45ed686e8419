import type { Page } from '@playwright/test';
import { apiPost as post, startRollover } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/** A season of its own with one U12 team of three players (born 2019, 2019, 2010), so closing it touches no other spec. */
async function seasonWithTeam(page: Page, stamp: string) {
  const source = await post(page, '/api/seasons', { name: `2030/31 e2e ${stamp}` });
  const target = await post(page, '/api/seasons', { name: `2031/32 e2e ${stamp}` });
  const [club] = (await (await page.request.get('/api/categories')).json()).data as { id: number }[];
  const teams = (await (await page.request.get('/api/teams')).json()).data as { coachUser: number; coachRole: number }[];
  const anyTeam = teams[0]!;
  const team = await post(page, '/api/teams', {
    name: `U12 Rollover ${stamp}`,
    category: club!.id,
    coachRole: anyTeam.coachRole,
    coachUser: anyTeam.coachUser,
    season: source.id,
  });
  for (const [first, dob] of [
    ['Rory', 2019],
    ['Sasha', 2019],
    ['Veteran', 2010],
  ] as const)
    await post(page, '/api/players', {
      first_name: first,
      last_name: `Roll${stamp}`,
      email: `roll.${stamp}@example.org`,
      dob,
      team_id: [team.id],
    });
  return { source, target };
}

test('an admin rolls a season over: U12 → U13, a renamed team, an aged-out player left behind, a dry run, then a second run adds nothing', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const stamp = String(Date.now() % 1_000_000);
  const { source, target } = await seasonWithTeam(page, stamp);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/app/teams');
    await page.getByRole('button', { name: 'Add New Team' }).click();
    await page.getByRole('menuitem', { name: 'Roll over a season' }).click();
    await expect(page.getByRole('heading', { name: 'Roll over a season' })).toBeVisible();
    await startRollover(page, source.name, target.name);
    await expect(page.getByText(`1 team(s) and 3 player(s) in ${source.name}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    const name = page.getByRole('textbox', { name: `New name for U12 Rollover ${stamp}` });
    await expect(name).toHaveValue(`U13 Rollover ${stamp}`);
    if (width === 1280) break;
    await expectAccessible(page);
    await snap(page, 'rollover-teams-375');
  }

  const name = page.getByRole('textbox', { name: `New name for U12 Rollover ${stamp}` });
  await name.fill(`U13 Rollover ${stamp} Gold`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  // Born 2010 is 21 in 2031: too old for U13, unticked and flagged; the other two are ticked.
  await expect(page.getByRole('checkbox', { name: `Veteran Roll${stamp} (2010)` })).not.toBeChecked();
  await expect(page.getByText('Too old for every group')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Rory Roll${stamp} (2019)` })).toBeChecked();
  await page.getByRole('checkbox', { name: `Sasha Roll${stamp} (2019)` }).press('Space');
  await expect(page.getByRole('checkbox', { name: `Sasha Roll${stamp} (2019)` })).not.toBeChecked();
  await expectAccessible(page);
  await snap(page, 'rollover-players');

  await page.getByRole('button', { name: 'Dry run', exact: true }).click();
  const dry = page.getByRole('table', { name: 'Dry run' });
  await expect(dry.getByRole('row', { name: /Teams created/ })).toContainText('1');
  await expect(dry.getByRole('row', { name: /Players added/ })).toContainText('1');
  await expect(dry.getByRole('row', { name: /Players not carried over/ })).toContainText('2');
  await expect(dry.getByRole('row', { name: /E-mails sent/ })).toContainText('0');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Commit rollover' }).click();
  const result = page.getByRole('table', { name: 'Rollover result' });
  await expect(result.getByRole('row', { name: /Teams created/ })).toContainText('1');
  await snap(page, 'rollover-done');

  const teams = (await (await page.request.get('/api/teams')).json()).data as { name: string; season: string; playerCount?: number }[];
  expect(teams.filter((t) => t.season === target.name).map((t) => t.name)).toEqual([`U13 Rollover ${stamp} Gold`]);

  // A second run: the team is found, the player already placed; nothing is created twice.
  await page.goto('/app/teams/rollover');
  await startRollover(page, source.name, target.name);
  await expect(page.getByText(`${source.name} is closed for evaluations`)).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Already rolled over')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(`Already in U13 Rollover ${stamp} Gold`)).toBeVisible();
  await page.getByRole('button', { name: 'Dry run', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Dry run' }).getByRole('row', { name: /Teams created/ })).toContainText('0');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: `Reopen ${source.name}` }).click();
  await expect(page.getByText(`${source.name} is closed for evaluations`)).toHaveCount(0);
});
