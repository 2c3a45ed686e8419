import { apiGet, apiPost, phoneContext } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * A player's own goal proposals (docs/product.md#goals): the player proposes two goals on a phone; the
 * coach declines one with a reason on the player's profile and edits then accepts the other from the
 * team's goals page on a phone; the player reads the reason and sees the accepted goal active.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const DECLINED = `Play point guard ${stamp}`;
const REASON = 'Let us first work on your passing.';
let criterion = { id: 0, criteria: '' };
let demoPlayer = 0;
let teamId = 0;

test('a player proposes goals on a phone; the coach declines one with a reason and accepts another', async ({ page, browser }) => {
  await loginAs(page, 'coach');
  const criteria = (await apiGet(page, '/api/criteria')) as { id: number; criteria: string; level_kind: string }[];
  criterion = criteria.find((c) => c.level_kind === 'scale_1_10')!;
  const teams = (await apiGet(page, '/api/teams')) as { id: number; name: string }[];
  teamId = teams.find((t) => t.name === 'U14 Boys')!.id;

  // The player, on a phone: two proposals, one on a criterion, one in their own words.
  const phone = await phoneContext(browser);
  const own = await phone.newPage();
  await loginAs(own, 'player');
  demoPlayer = (await apiGet(own, '/api/auth/me')).player as number;
  // The player's current level on it (left as it is: other specs read the demo player's scores).
  const options = (await apiGet(own, `/api/player/${demoPlayer}/goal-criteria`)).criteria as { id: number; score: number | null }[];
  const now = options.find((o) => o.id === criterion.id)!.score;
  expect(now === null || now < 9).toBe(true);
  const nowText = now === null ? 'Not evaluated yet' : `${now}/10`;
  const target = (now ?? 1) + 1;
  await own.goto(`/player/${demoPlayer}/goals`);
  await own.getByRole('button', { name: 'Propose a goal' }).click();
  let dialog = own.getByRole('dialog', { name: 'Propose a goal' });
  await dialog.getByRole('textbox', { name: 'Criterion' }).click();
  await own.getByRole('option', { name: criterion.criteria, exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Now' })).toHaveValue(nowText);
  await expect(dialog.getByRole('checkbox', { name: 'Visible to family' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Target level' }).fill(String(target));
  await dialog.getByRole('textbox', { name: 'Due date' }).fill('2099-05-01');
  await dialog.getByRole('textbox', { name: 'Description' }).fill(`Extra shooting ${stamp}`);
  await expectAccessible(own);
  await dialog.getByRole('button', { name: 'Send to my coach' }).click();
  await expect(dialog).toBeHidden();
  const proposed = own.getByRole('article').filter({ hasText: `Extra shooting ${stamp}` });
  await expect(proposed.getByText('Proposed', { exact: true })).toBeVisible();
  await expect(proposed.getByText(/waiting for the coach/)).toBeVisible();

  await own.getByRole('button', { name: 'Propose a goal' }).click();
  dialog = own.getByRole('dialog', { name: 'Propose a goal' });
  // No criterion: the player says what in their own words; a missing title is refused on the form.
  await dialog.getByRole('button', { name: 'Send to my coach' }).click();
  await expect(dialog.getByText('Please choose a criterion or describe the goal.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Goal' }).fill(DECLINED);
  await dialog.getByRole('button', { name: 'Send to my coach' }).click();
  await expect(dialog).toBeHidden();
  await expect(own.getByRole('article', { name: DECLINED }).getByText('Proposed', { exact: true })).toBeVisible();
  await expectAccessible(own);
  await snap(own, 'goals-proposed');

  // The coach, on a desktop: the player's profile shows the proposals with Accept / Edit / Decline.
  await page.goto(`/app/player/${demoPlayer}`);
  const panel = page.getByRole('region', { name: 'GOALS' });
  const toDecline = panel.getByRole('article', { name: DECLINED });
  await toDecline.getByRole('button', { name: `Decline ${DECLINED}` }).click();
  const decline = page.getByRole('dialog', { name: `Decline: ${DECLINED}` });
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline.getByText(/This field is required/)).toBeVisible();
  await decline.getByRole('textbox', { name: 'Reason' }).fill(REASON);
  await expectAccessible(page);
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline).toBeHidden();
  await expect(toDecline.getByText('Declined', { exact: true })).toBeVisible();
  await expect(toDecline.getByText(`Coach's reason: ${REASON}`)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'goals-proposal-declined');

  // The team's goals page on a phone: the other proposal, edited (a later date) and accepted.
  const coachPhone = await phoneContext(browser);
  const coach = await coachPhone.newPage();
  await loginAs(coach, 'coach');
  await coach.goto(`/app/team/${teamId}/goals`);
  const proposals = coach.getByRole('region', { name: /Proposed by players/ });
  const row = proposals
    .getByTestId(/proposal-/)
    .filter({ hasText: criterion.criteria })
    .first();
  await expect(row).toBeVisible();
  await expectAccessible(coach);
  await snap(coach, 'goals-team-proposals');
  await row.getByRole('button', { name: `Edit and accept ${criterion.criteria}` }).click();
  const edit = coach.getByRole('dialog', { name: `Edit and accept: ${criterion.criteria}` });
  await expect(edit.getByRole('textbox', { name: 'Target level' })).toHaveValue(String(target));
  await edit.getByRole('textbox', { name: 'Due date' }).fill('2099-06-01');
  await edit.getByRole('button', { name: 'Accept' }).click();
  await expect(edit).toBeHidden();
  await expect(proposals.getByText(new RegExp(`${criterion.criteria}.*2099-06-01`))).toHaveCount(0);

  // The player reads the reason and sees the accepted goal active, its baseline the current level.
  await own.reload();
  await expect(own.getByRole('article', { name: DECLINED }).getByText(`Coach's reason: ${REASON}`)).toBeVisible();
  const accepted = own.getByRole('article').filter({ hasText: `Extra shooting ${stamp}` });
  await expect(accepted.getByText('Active', { exact: true })).toBeVisible();
  await expect(accepted.getByText('Due 2099-06-01')).toBeVisible();
  await expect(accepted.getByText(`Now ${now === null ? '–' : `${now}/10`} · Target ${target}/10`)).toBeVisible();
  await expectAccessible(own);
  await snap(own, 'goals-proposal-answered');

  // Leave the demo player as other specs expect: the accepted goal closed (goals are kept, not deleted).
  const goals = (await apiGet(page, `/api/player/${demoPlayer}/goals`)).goals as { id: number; state: string; description: string }[];
  const open = goals.find((g) => g.state === 'active' && g.description === `Extra shooting ${stamp}`)!;
  await apiPost(page, `/api/player/${demoPlayer}/goal/${open.id}/state`, { state: 'dropped', note: 'e2e' });
  await phone.close();
  await coachPhone.close();
});
