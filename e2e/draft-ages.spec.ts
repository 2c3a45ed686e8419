import type { Locator, Page } from '@playwright/test';
import { apiGet as get, apiPost as post } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';
import { TAP, tapSizes } from './tap-targets';

/**
 * The draft board's age groups and its bulk decision (docs/product.md#draft-board), at 1280 px and on a
 * 375 px touch screen. Each test builds its own draft in a season of its own, "2026/27 …" like the demo
 * club's (ages are read in 2026), with a U14 Girls and a U18 Boys team, and the demo club's U14 Girls
 * and U14 Boys players as candidates: born 2014 (U13), 2012 (U15), 2010 (U17) and 2008 (U19). The
 * teams it made are deleted after it; the demo club's players are only read.
 */

interface Built {
  stamp: string;
  draftId: number;
  u14: string;
  u18: string;
  teamIds: number[];
}

async function ageDraft(page: Page, suggest: boolean): Promise<Built> {
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const season = await post(page, '/api/seasons', { name: `2026/27 ages ${stamp}` });
  const all = (await get(page, '/api/teams')) as { id: number; name: string; categoryId: number; coachUser: number; coachRole: number }[];
  const demo = (name: string) => all.find((t) => t.name === name)!;
  const [u14, u18] = [`U14 Girls ${stamp}`, `U18 Boys ${stamp}`];
  const teamIds: number[] = [];
  for (const name of [u14, u18]) {
    const like = demo(name.split(' ').slice(0, 2).join(' '));
    teamIds.push(
      (
        await post(page, '/api/teams', {
          name,
          category: like.categoryId,
          coachRole: like.coachRole,
          coachUser: like.coachUser,
          season: season.id,
        })
      ).id,
    );
  }
  const draft = await post(page, '/api/drafts', {
    name: `Ages ${stamp}`,
    season_id: season.id,
    teams: teamIds.map((team_id) => ({ team_id, target_size: null })),
  });
  let version = draft.version as number;
  for (const source of ['U14 Girls', 'U14 Boys'])
    version = (await post(page, `/api/draft/${draft.id}/candidates`, { expected_version: version, team_id: demo(source).id })).version;
  if (suggest) await post(page, `/api/draft/${draft.id}/suggest`, { expected_version: version });
  await page.goto(`/app/teams/drafts/${draft.id}`);
  await expect(page.getByRole('heading', { name: `Ages ${stamp}` })).toBeVisible();
  return { stamp, draftId: draft.id, u14, u18, teamIds };
}

async function removeTeams(page: Page, built: Built) {
  for (const id of built.teamIds) await post(page, `/api/team/${id}/delete`);
}

/** The age group badges ("U13") of a column's cards. */
const agesIn = (col: Locator) =>
  col
    .getByTestId('candidate')
    .evaluateAll((els) =>
      els.map((e) => [...e.querySelectorAll('.mantine-Badge-root')].map((b) => b.textContent ?? '').find((t) => /^U\d+$/.test(t)) ?? ''),
    );
const namesIn = (col: Locator) => col.getByTestId('candidate').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));

const sizes = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
  { name: 'phone', use: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } },
] as const;

for (const size of sizes)
  test.describe(`draft board at ${size.name} size`, () => {
    // Each story builds two teams and a draft of 30 candidates and reads the whole board with axe:
    // 20–50 s on a busy 2-core machine, past the default minute when the machine is busier still.
    test.describe.configure({ timeout: 180_000 });
    test.use(size.use);

    test('Suggest keeps every player to a team of their age group; a U19 stays in the pool and the board says why', async ({ page }) => {
      await loginAs(page, 'admin');
      const built = await ageDraft(page, false);
      const pool = page.getByRole('region', { name: 'Pool' });
      await expect(pool.getByTestId('candidate')).toHaveCount(20);

      await page.getByRole('button', { name: 'Suggest' }).click();
      const dialog = page.getByRole('dialog', { name: 'Suggest placements' });
      await expect(dialog).toContainText('only into teams of their age group');
      await dialog.getByRole('button', { name: 'Suggest' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(pool.getByLabel('5 in the pool')).toBeVisible();

      const u14 = page.getByRole('region', { name: built.u14 });
      const u18 = page.getByRole('region', { name: built.u18 });
      await expect(u14.getByTestId('candidate')).toHaveCount(5);
      expect(new Set(await agesIn(u14))).toEqual(new Set(['U13']));
      expect(new Set(await agesIn(u18))).toEqual(new Set(['U15', 'U17']));
      expect(new Set(await agesIn(pool))).toEqual(new Set(['U19']));
      // Nobody placed is told off; everyone left over is told why.
      await expect(u14.getByTestId('age-note')).toHaveCount(0);
      await expect(u18.getByTestId('age-note')).toHaveCount(0);
      await expect(pool.getByTestId('age-note').filter({ hasText: 'Born 2008: U19, no team of this draft is for that age' })).toHaveCount(
        5,
      );
      await expectAccessible(page);
      if (size.name === 'desktop') await snap(page, 'draft-ages-suggest');
      await removeTeams(page, built);
    });

    test('a move into another age group warns with the ages, asks to confirm, and the history records the override', async ({ page }) => {
      await loginAs(page, 'admin');
      const built = await ageDraft(page, true);
      const u14 = page.getByRole('region', { name: built.u14 });
      const u18 = page.getByRole('region', { name: built.u18 });
      const older = u18.getByTestId('candidate').filter({ has: page.getByText('U17', { exact: true }) });
      const mover = (await older.first().getAttribute('aria-label'))!;

      // Cancel first: nothing moves.
      const choose = async () => {
        await page.getByRole('button', { name: `Move ${mover} to…` }).click();
        await page.getByRole('menuitem', { name: built.u14 }).click();
      };
      await choose();
      const warning = page.getByRole('dialog', { name: 'Move across age groups' });
      await expect(warning).toContainText('Born 2010: U17, this team is U14.');
      await expect(warning).toContainText(`${mover} is not of the age group of ${built.u14}`);
      await expectAccessible(page);
      if (size.name === 'desktop') await snap(page, 'draft-ages-warning');
      await warning.getByRole('button', { name: 'Cancel' }).click();
      await expect(warning).toHaveCount(0);
      await expect(u18.getByRole('article', { name: mover })).toBeVisible();

      // Confirmed: moved, the card says it is outside its age group, the history shows the override.
      await choose();
      await warning.getByRole('button', { name: 'Move anyway' }).click();
      await expect(warning).toHaveCount(0);
      const card = u14.getByRole('article', { name: mover });
      await expect(card).toBeVisible();
      await expect(card.getByTestId('age-note')).toHaveText('Born 2010: U17, this team is U14');
      await page.getByRole('button', { name: `History of ${mover}` }).click();
      const history = page.getByRole('dialog', { name: `History of ${mover}` });
      await expect(
        history.getByRole('listitem').filter({
          hasText: `${mover} moved to ${built.u14} across age groups (override: Born 2010: U17, this team is U14) by Alex Admin`,
        }),
      ).toHaveCount(1);
      await expectAccessible(page);
      await history.getByRole('button', { name: 'Close' }).click();
      await expect(history).toHaveCount(0);

      // Back within the age group: no question asked.
      await page.getByRole('button', { name: `Move ${mover} to…` }).click();
      await page.getByRole('menuitem', { name: built.u18 }).click();
      await expect(u18.getByRole('article', { name: mover })).toBeVisible();
      await expect(warning).toHaveCount(0);
      await removeTeams(page, built);
    });

    test('select all placed, then one decision for all of them in one write', async ({ page }) => {
      await loginAs(page, 'admin');
      const built = await ageDraft(page, true);
      const pool = page.getByRole('region', { name: 'Pool' });
      const u14 = page.getByRole('region', { name: built.u14 });
      const u18 = page.getByRole('region', { name: built.u18 });
      const bar = page.getByRole('region', { name: 'Decision for the selected' });
      await expect(bar).toHaveCount(0);

      await page.getByRole('button', { name: 'Select all placed' }).click();
      await expect(bar).toContainText('15 selected');
      for (const n of await namesIn(u14)) await expect(page.getByRole('checkbox', { name: `Select ${n}` })).toBeChecked();
      for (const n of await namesIn(pool)) await expect(page.getByRole('checkbox', { name: `Select ${n}` })).not.toBeChecked();
      // A team's box takes its column out of the selection and back; one card alone too.
      const teamBox = page.getByRole('checkbox', { name: `Select all in ${built.u18}` });
      await expect(teamBox).toBeChecked();
      await teamBox.uncheck();
      await expect(bar).toContainText('5 selected');
      await teamBox.check();
      await expect(bar).toContainText('15 selected');
      const [first] = await namesIn(u18);
      await page.getByRole('checkbox', { name: `Select ${first}` }).uncheck();
      await expect(bar).toContainText('14 selected');
      await expect(teamBox).toHaveJSProperty('indeterminate', true);
      await page.getByRole('checkbox', { name: `Select ${first}` }).check();
      await expect(bar).toContainText('15 selected');

      if (size.name === 'phone') {
        // The boxes, the bar's controls: 44 × 44 px under a thumb.
        const small = (await tapSizes(page.getByRole('checkbox'))).filter((s) => s.width < TAP || s.height < TAP);
        expect(small).toEqual([]);
        const barControls = (await tapSizes(bar.locator('button, select'))).filter((s) => s.width < TAP || s.height < TAP);
        expect(barControls).toEqual([]);
      }
      await expectAccessible(page);
      if (size.name === 'desktop') await snap(page, 'draft-bulk-bar');

      await bar.getByRole('combobox', { name: 'Decision for the selected players' }).selectOption('selected');
      await bar.getByRole('button', { name: 'Set for 15' }).click();
      await expect(bar).toHaveCount(0);
      for (const col of [u14, u18])
        for (const n of await namesIn(col)) await expect(page.getByRole('combobox', { name: `Decision for ${n}` })).toHaveValue('selected');
      for (const n of await namesIn(pool)) await expect(page.getByRole('combobox', { name: `Decision for ${n}` })).toHaveValue('undecided');
      // One version for all fifteen, one history entry each.
      await expect(page.getByText(/^Version 5 · /)).toBeVisible();
      await page.getByRole('button', { name: `History of ${first}` }).click();
      const history = page.getByRole('dialog', { name: `History of ${first}` });
      await expect(history.getByRole('listitem').filter({ hasText: `${first} marked Selected by Alex Admin` })).toHaveCount(1);
      await history.getByRole('button', { name: 'Close' }).click();
      await expectAccessible(page);
      await removeTeams(page, built);
    });
  });
