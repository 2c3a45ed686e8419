import type { Locator, Page } from '@playwright/test';
import { apiGet as get, apiPost as post, offerLinkOf, phoneContext, reachablePlayers, startRollover, useSmtpCapture } from './api';
import { cutWords } from './cut-words';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

const smtp = useSmtpCapture();
const namesIn = (col: Locator) => col.getByTestId('candidate').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
const shownVersion = async (page: Page) => Number((await page.getByText(/^Version \d+/).textContent())!.match(/\d+/)![0]);

/**
 * A write's answer moves "Version N" before the board is read again, so a board whose waits already
 * held before the write (pins in place, an empty pool) is only settled when every placement the
 * server now has is on screen.
 */
async function boardSettled(page: Page, version: number) {
  await expect(page.getByText(new RegExp(`^Version ${version} `))).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const board = (await get(page, `/api/draft/${id}`)) as {
    version: number;
    teams: { team_id: number; name: string }[];
    candidates: { name: string; team_id: number | null }[];
  };
  expect(board.version).toBe(version);
  for (const c of board.candidates) {
    const team = board.teams.find((t) => t.team_id === c.team_id);
    if (team) await expect(page.getByRole('region', { name: team.name }).getByRole('article', { name: c.name })).toBeVisible();
  }
}

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
  return { season, teams, session, players };
}

/**
 * From tryout to teams, the whole story of docs/product.md#draft-board on its own data: a director
 * builds two teams from a published tryout with Suggest (one more player added by name, a demo player
 * whose family receives mail), pins two, moves one with the keyboard, finalises, sends the offers after
 * the preview; the parent accepts by the e-mailed link on a phone; the team page shows the roster;
 * then the draft's season is rolled over into a next one.
 */
test('from tryout to teams: Suggest, two pins, a keyboard move, Finalise, offers, a parent accepts on a phone, the roster, the rollover', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, 'admin');
  const stamp = String(Date.now() % 1_000_000);
  const { season, teams, session, players } = await publishedTryout(page, stamp);
  // The draft's teams are U14 of 2027: the demo player is one born 2014 or later, of their age group.
  const reachable = await reachablePlayers(page, 'U18 Boys', 10);
  const born = await Promise.all(reachable.map(async (r) => ((await get(page, `/api/player/${r.id}`)) as { dob: number | null }).dob));
  const child = reachable.find((_, i) => (born[i] ?? 0) >= 2014);
  if (!child) throw new Error('no demo player of U18 Boys born 2014 or later has a guardian who receives mail');

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
    await dialog.getByRole('textbox', { name: `Target size of ${t.name}` }).fill('5');
  }
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { name: `Draft ${stamp}` })).toBeVisible();
  await expect(page.getByText('No candidates yet')).toBeVisible();

  // Candidates: the published tryout, then one player by name.
  await page.getByRole('button', { name: 'Add candidates' }).click();
  let add = page.getByRole('dialog', { name: 'Add candidates' });
  await add.getByRole('textbox', { name: 'Session' }).click();
  await page.getByRole('option', { name: session.name }).click();
  await add.getByRole('button', { name: 'Add' }).click();
  const pool = page.getByRole('region', { name: 'Pool' });
  await expect(pool.getByTestId('candidate')).toHaveCount(8);
  await expect(pool.getByText('1 evaluator').first()).toBeVisible();
  await expect(pool.getByText('U14', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Add candidates' }).click();
  add = page.getByRole('dialog', { name: 'Add candidates' });
  await add.getByText('By name', { exact: true }).click();
  const search = add.getByRole('textbox', { name: 'Players' });
  await search.fill(child.name.split(' ').slice(1).join(' '));
  await page.getByRole('option', { name: new RegExp(`^${child.name} \\(`) }).click();
  await expect(add.getByText(new RegExp(`^${child.name} \\(`))).toBeVisible();
  await search.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(add).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'draft-add-by-name');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);
  await expect(pool.getByRole('article', { name: child.name })).toBeVisible();
  await expect(pool.getByTestId('candidate')).toHaveCount(9);

  // Suggest fills both teams (10 places for 9 players): nobody is left in the pool.
  await page.getByRole('button', { name: 'Suggest' }).click();
  await page.getByRole('dialog', { name: 'Suggest placements' }).getByRole('button', { name: 'Suggest' }).click();
  const blue = page.getByRole('region', { name: teams[0]!.name });
  const red = page.getByRole('region', { name: teams[1]!.name });
  await expect(pool.getByLabel('0 in the pool')).toBeVisible();
  const [big, small] = (await blue.getByTestId('candidate').count()) === 5 ? [blue, red] : [red, blue];
  const smallTeam = big === blue ? teams[1]! : teams[0]!;
  await expect(big.getByLabel('5 of 5')).toBeVisible();
  await expect(small.getByLabel('4 of 5')).toBeVisible();

  // Pin one player in each team.
  const pinnedBig = (await big.getByTestId('candidate').first().getAttribute('aria-label'))!;
  const pinnedSmall = (await small.getByTestId('candidate').first().getAttribute('aria-label'))!;
  await page.getByRole('button', { name: `Pin ${pinnedBig}` }).click();
  await expect(page.getByRole('button', { name: `Unpin ${pinnedBig}` })).toBeVisible();
  await page.getByRole('button', { name: `Pin ${pinnedSmall}` }).click();
  await expect(page.getByRole('button', { name: `Unpin ${pinnedSmall}` })).toBeVisible();

  // Move an unpinned player of the fuller team to the other with the keyboard, through the Move menu.
  const mover = (await big.getByTestId('candidate').nth(1).getAttribute('aria-label'))!;
  await page.getByRole('button', { name: `Move ${mover} to…` }).focus();
  await page.keyboard.press('Enter');
  const target = page.getByRole('menuitem', { name: smallTeam.name });
  await expect(target).toBeVisible();
  await page.keyboard.press('ArrowDown');
  while (!(await target.evaluate((el) => el === document.activeElement))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(small.getByRole('article', { name: mover })).toBeVisible();
  await expect(small.getByLabel('5 of 5')).toBeVisible();
  await expect(big.getByLabel('4 of 5')).toBeVisible();

  // Suggest again: the pinned players stay where they are, and still nobody is left over.
  const beforeSuggest = await shownVersion(page);
  await page.getByRole('button', { name: 'Suggest' }).click();
  await page.getByRole('dialog', { name: 'Suggest placements' }).getByRole('button', { name: 'Suggest' }).click();
  await boardSettled(page, beforeSuggest + 1);
  await expect(big.getByRole('article', { name: pinnedBig })).toBeVisible();
  await expect(small.getByRole('article', { name: pinnedSmall })).toBeVisible();
  await expect(pool.getByLabel('0 in the pool')).toBeVisible();

  // At 1280 px every decision reads whole ("Undecided", not "Undecidec").
  expect(await cutWords(page)).toEqual([]);
  // Select everyone in the teams.
  for (const col of [blue, red])
    for (const n of await namesIn(col)) {
      const select = page.getByRole('combobox', { name: `Decision for ${n}` });
      await select.selectOption('selected');
      await expect(select).toHaveValue('selected');
      await expect(page.getByRole('combobox', { name: `Decision for ${n}` })).toBeEnabled();
    }
  await expectAccessible(page);
  await snap(page, 'draft-board');
  await page.setViewportSize({ width: 375, height: 900 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The mover's history: the keyboard move and the decision, by whom.
  await page.getByRole('button', { name: `History of ${mover}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${mover}` });
  const rows = history.getByRole('list', { name: `History of ${mover}` }).getByRole('listitem');
  await expect(rows.filter({ hasText: `${mover} moved to ${smallTeam.name} by Alex Admin` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `${mover} marked Selected by Alex Admin` })).toHaveCount(1);
  await expectAccessible(page);
  await snap(page, 'draft-history');

  const childTeam = (await blue.getByRole('article', { name: child.name }).count()) ? teams[0]! : teams[1]!;
  const roster = await namesIn(page.getByRole('region', { name: childTeam.name }));
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toHaveCount(0);

  await page.getByRole('button', { name: 'Finalise' }).click();
  await page.getByRole('dialog', { name: 'Finalise the draft' }).getByRole('button', { name: 'Finalise' }).click();
  await expect(page.getByText('Finalised', { exact: true })).toBeVisible();

  // A revision after Finalise needs its reason, and the history shows it.
  const revised = roster.find((n) => n !== child.name && n !== pinnedBig && n !== pinnedSmall)!;
  await page.getByRole('textbox', { name: 'Reason for a revision' }).fill('Plays up a group next season');
  const decision = page.getByRole('combobox', { name: `Decision for ${revised}` });
  await expect(decision).toBeEnabled();
  await decision.selectOption('callback');
  await expect(decision).toHaveValue('callback');
  await page.getByRole('button', { name: `History of ${revised}` }).click();
  const revHistory = page.getByRole('dialog', { name: `History of ${revised}` });
  await expect(
    revHistory
      .getByRole('listitem')
      .filter({ hasText: `${revised} revised: marked Callback by Alex Admin` })
      .filter({ hasText: 'Plays up a group next season' }),
  ).toHaveCount(1);
  await snap(page, 'draft-history-revision');
  await revHistory.getByRole('button', { name: 'Close' }).click();
  await expect(revHistory).toHaveCount(0);
  await expectAccessible(page);

  // Offers, after the preview; the parent's mail carries the one-time link.
  await page.getByRole('link', { name: 'Offers', exact: true }).click();
  await page.getByRole('button', { name: 'Preview offers' }).click();
  await expect(page.getByRole('heading', { name: /^\d+ offers? to \d+ recipients?$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Offers to send' }).getByRole('row', { name: new RegExp(child.name) })).toContainText(
    child.parent,
  );
  await page.getByRole('button', { name: /^Send \d+ offers?$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Offers sent' })).toBeVisible();
  const mail = await smtp.mail.waitFor((m) => m.to.includes(child.parent) && m.subject.includes(childTeam.name));

  const phone = await phoneContext(browser);
  const parent = await phone.newPage();
  await parent.goto(offerLinkOf(mail.text));
  await expect(parent.getByText(`${child.name.split(' ')[0]} is offered a place in ${childTeam.name}.`)).toBeVisible();
  await parent.getByRole('button', { name: 'Accept' }).click();
  await expect(parent.getByRole('status').filter({ hasText: 'Thank you' })).toContainText(`has accepted the place in ${childTeam.name}`);
  await phone.close();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Offers' }).getByRole('row', { name: new RegExp(child.name) })).toContainText('Accepted');

  // The team page shows the roster the draft made (less the player the revision took off it).
  await page.goto(`/app/team/${childTeam.id}/players`);
  for (const n of roster.filter((x) => x !== revised)) await expect(page.getByText(n).first()).toBeVisible();

  // Then the season is rolled over: the draft's season into a next one.
  const next = await post(page, '/api/seasons', { name: `2028/29 draft ${stamp}` });
  await page.goto('/app/teams/rollover');
  await startRollover(page, season.name, next.name);
  await expect(page.getByText(new RegExp(`^2 team\\(s\\) and \\d+ player\\(s\\) in ${season.name}\\.$`))).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('textbox', { name: `New name for ${teams[0]!.name}` })).toHaveValue(`U15 Blue ${stamp}`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Dry run', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Dry run' }).getByRole('row', { name: /Teams created/ })).toContainText('2');
  await expect(page.getByRole('table', { name: 'Dry run' }).getByRole('row', { name: /E-mails sent/ })).toContainText('0');
  await page.getByRole('button', { name: 'Commit rollover' }).click();
  await expect(page.getByRole('table', { name: 'Rollover result' }).getByRole('row', { name: /Teams created/ })).toContainText('2');
  const rolled = (await get(page, '/api/teams')) as { name: string; season: string }[];
  expect(
    rolled
      .filter((t) => t.season === next.name)
      .map((t) => t.name)
      .sort(),
  ).toEqual([`U15 Blue ${stamp}`, `U15 Red ${stamp}`]);

  // The specs share one demo database: its players and teams go, so the demo player leaves the new
  // teams and the boards later specs count are the demo club's again.
  for (const id of players) await post(page, `/api/player/${id}/delete`);
  const ours = ((await get(page, '/api/teams')) as { id: number; name: string }[]).filter((t) => t.name.endsWith(` ${stamp}`));
  expect(ours).toHaveLength(4);
  for (const t of ours) await post(page, `/api/team/${t.id}/delete`);
});
