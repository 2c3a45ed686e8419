import type { Page } from '@playwright/test';
import { apiGet as get, apiPost as post } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Relative age (docs/product.md#relative-age): a birth date set on the player form, and the draft
 * board's relative-age panel. The test makes a season, one team and eight players born 2014, two a
 * quarter; the three born first go on the team. Its team and players are deleted after it.
 */

const DATES = ['2014-01-15', '2014-03-02', '2014-04-20', '2014-06-11', '2014-07-04', '2014-09-09', '2014-10-30', '2014-12-12'];

interface Built {
  stamp: string;
  teamId: number;
  players: number[];
  draftId: number;
}

async function build(page: Page): Promise<Built> {
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const season = await post(page, '/api/seasons', { name: `2026/27 relative ${stamp}` });
  const all = (await get(page, '/api/teams')) as { name: string; categoryId: number; coachUser: number; coachRole: number }[];
  const like = all.find((t) => t.name === 'U14 Girls')!;
  const team = await post(page, '/api/teams', {
    name: `U14 Relative ${stamp}`,
    category: like.categoryId,
    coachRole: like.coachRole,
    coachUser: like.coachUser,
    season: season.id,
  });
  const players: number[] = [];
  // The first player gets the birth date on the form, in the test.
  for (const [i, birth_date] of DATES.entries())
    players.push(
      (
        await post(page, '/api/players', {
          first_name: `Quarter${i + 1}`,
          last_name: `Born ${stamp}`,
          email: `relative.${stamp}.${i}@example.org`,
          dob: 2014,
          birth_date: i === 0 ? '' : birth_date,
          team_id: [team.id],
        })
      ).id,
    );
  const draft = await post(page, '/api/drafts', {
    name: `Relative ${stamp}`,
    season_id: season.id,
    teams: [{ team_id: team.id, target_size: 3 }],
  });
  let version = (await post(page, `/api/draft/${draft.id}/candidates`, { expected_version: draft.version, team_id: team.id })).version;
  for (const id of players.slice(0, 3))
    version = (await post(page, `/api/draft/${draft.id}/move`, { expected_version: version, player_id: id, team_id: team.id })).version;
  return { stamp, teamId: team.id, players, draftId: draft.id };
}

test.describe('relative age', () => {
  test.describe.configure({ timeout: 180_000 });
  let built: Built | null = null;
  test.afterEach(async ({ page }) => {
    if (!built) return;
    for (const id of built.players) await post(page, `/api/player/${id}/delete`);
    await post(page, `/api/team/${built.teamId}/delete`);
    built = null;
  });

  test('a birth date on the player form, then the relative-age sentence on the draft board', async ({ page }) => {
    await loginAs(page, 'admin');
    built = await build(page);
    const { stamp, players, draftId } = built;

    // The draft board first: one candidate still has no birth date.
    await page.goto(`/app/teams/drafts/${draftId}`);
    const panel = page.getByRole('region', { name: 'Relative age' });
    await expect(panel.getByTestId('relative-age-missing')).toHaveText('1 candidate has no birth date and is left out.');

    // The birth date on the form: a date in another year than the year of birth is refused.
    await page.goto(`/app/player/${players[0]}`);
    await page.getByRole('button', { name: `Actions for Quarter1 Born ${stamp}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Player' });
    const birthDate = dialog.getByLabel('Birth date');
    await birthDate.fill('2013-01-15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The birth date must be in the year of birth.')).toBeVisible();
    await birthDate.fill(DATES[0]!);
    await expectAccessible(page);
    await snap(page, 'relative-age-player-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Born ${DATES[0]}`)).toBeVisible();

    // Back on the board: every candidate counts, and the three placed were born in the first half of the year.
    await page.goto(`/app/teams/drafts/${draftId}`);
    await expect(panel.getByTestId('relative-age-sentence')).toHaveText(
      'Players born in January–March were selected; none born in October–December were.',
    );
    await expect(panel.getByTestId('relative-age-missing')).toHaveCount(0);
    await expect(panel.getByText(/could be chance|larger than chance/)).toBeVisible();
    // Nobody here has been evaluated: the age-adjusted ranking says what it needs.
    await expect(panel.getByTestId('relative-age-unscored')).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await snap(page, 'relative-age-draft');
  });
});
