import type { Page } from '@playwright/test';
import { apiPost as post, startRollover } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * A second rollover of the same seasons, on a phone (docs/product.md#season-rollover): the wizard
 * leaves the players the first run placed unticked, and the summary reports them as already in the
 * target season, not as "not carried over".
 */
async function seasonWithTeam(page: Page, stamp: string) {
  const source = await post(page, '/api/seasons', { name: `2030/31 rerun ${stamp}` });
  const target = await post(page, '/api/seasons', { name: `2031/32 rerun ${stamp}` });
  const [club] = (await (await page.request.get('/api/categories')).json()).data as { id: number }[];
  const [anyTeam] = (await (await page.request.get('/api/teams')).json()).data as { coachUser: number; coachRole: number }[];
  const team = await post(page, '/api/teams', {
    name: `U12 Rerun ${stamp}`,
    category: club!.id,
    coachRole: anyTeam!.coachRole,
    coachUser: anyTeam!.coachUser,
    season: source.id,
  });
  // Two of U13 age in 2031, one far too old for every group.
  const players: number[] = [];
  for (const [first, dob] of [
    ['Rory', 2019],
    ['Sasha', 2020],
    ['Veteran', 2010],
  ] as const)
    players.push(
      (
        await post(page, '/api/players', {
          first_name: first,
          last_name: `Rerun${stamp}`,
          email: `rerun.${stamp}@example.org`,
          dob,
          team_id: [team.id],
        })
      ).id as number,
    );
  return { source, target, players };
}

/** The demo club is the demo club again for the specs after this one: players, both teams and seasons go. */
async function removeMade(page: Page, stamp: string, made: { source: { id: number }; target: { id: number }; players: number[] }) {
  for (const id of made.players) await post(page, `/api/player/${id}/delete`);
  const teams = (await (await page.request.get('/api/teams')).json()).data as { id: number; name: string }[];
  for (const t of teams.filter((t) => t.name.includes(`Rerun ${stamp}`))) await post(page, `/api/team/${t.id}/delete`);
  for (const season of [made.target, made.source]) await post(page, `/api/season/${season.id}/delete`);
}

async function rollOver(page: Page, source: string, target: string) {
  await page.goto('/app/teams/rollover');
  await startRollover(page, source, target);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Dry run', exact: true }).click();
  await page.getByRole('button', { name: 'Commit rollover' }).click();
  return page.getByRole('table', { name: 'Rollover result' });
}

test('the second rollover reports the players the first placed as already in the target season, on a phone', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.setViewportSize({ width: 375, height: 740 });
  const stamp = String(Date.now() % 1_000_000);
  const made = await seasonWithTeam(page, stamp);
  const { source, target } = made;

  const first = await rollOver(page, source.name, target.name);
  await expect(first.getByRole('row', { name: /Players added/ })).toContainText('2');
  await expect(first.getByRole('row', { name: /Players already in the target season/ })).toContainText('0');
  await expect(first.getByRole('row', { name: /Players not carried over/ })).toContainText('1');

  const second = await rollOver(page, source.name, target.name);
  await expect(second.getByRole('row', { name: /Teams created/ })).toContainText('0');
  await expect(second.getByRole('row', { name: /Teams already rolled over/ })).toContainText('1');
  await expect(second.getByRole('row', { name: /Players added/ })).toContainText('0');
  await expect(second.getByRole('row', { name: /Players already in the target season/ })).toContainText('2');
  await expect(second.getByRole('row', { name: /Players not carried over/ })).toContainText('1');
  await expect(second.getByRole('row', { name: /Source season/ })).toContainText('already closed for evaluations');
  await expectAccessible(page);
  await snap(page, 'rollover-second-run');
  await removeMade(page, stamp, made);
});
