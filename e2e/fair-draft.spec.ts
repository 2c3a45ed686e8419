import { request as http, type Page } from '@playwright/test';
import { apiGet as get, apiPost as post, phoneContext } from './api';
import { expect, expectAccessible, loginAs, snap, test, pageWidth } from './fixtures';

/**
 * Fair evaluations where decisions are made (docs/product.md#draft-board, #families): a tryout of eight
 * new players scored by four evaluators, one of whom (a guest) scores everyone 2 points low; its draft
 * board shows the cut line at the team's 4 places with the players too close to call (more on raw
 * totals, whose ranges the low scorer widens, two on fair ones); Suggest on fair totals; and the first
 * player's parent reads on a phone that the child was seen by 4 evaluators and where the panel agreed.
 * The players, the team and the session it made are deleted after it.
 */

/** The eight players' abilities on the first criterion (best first); the panel agrees on it, not on the second. */
const ABILITY = [10, 9, 8, 6, 6, 4, 3, 2];
const clamp = (n: number) => Math.max(1, Math.min(10, n));
/** Evaluator k's scores of player i (k = 3 is the low scorer), as the API tests' session has them. */
const scoresOf = (i: number, k: number) => {
  const shift = k === 3 ? -2 : 0;
  return [clamp(ABILITY[i]! + shift + ((i + k) % 5 === 0 ? 1 : 0)), clamp(5 + ((i + 2 * k) % 3) - 1 + shift)];
};

interface Made {
  players: number[];
  team: number;
  session: number;
}

async function tryoutAndDraft(page: Page, stamp: string, made: Made, basis: 'raw' | 'fair' = 'raw') {
  const season = await post(page, '/api/seasons', { name: `2027/28 fair ${stamp}` });
  const all = (await get(page, '/api/teams')) as { id: number; categoryId: number; coachUser: number; coachRole: number }[];
  const like = all[0]!;
  const team = await post(page, '/api/teams', {
    name: `U14 Fair ${stamp}`,
    category: like.categoryId,
    coachRole: like.coachRole,
    coachUser: like.coachUser,
    season: season.id,
  });
  made.team = team.id;
  for (let i = 0; i < ABILITY.length; i++)
    made.players.push(
      (
        await post(page, '/api/players', {
          first_name: `Fair${i + 1}`,
          last_name: `Cut${stamp}`,
          email: `fair.${stamp}.${i + 1}@example.org`,
          dob: 2014,
          team_id: [like.id],
        })
      ).id,
    );
  const criteria = ((await get(page, '/api/criteria')) as { id: number; criteria: string; level_kind: string }[]).filter(
    (c) => c.level_kind === 'scale_1_10',
  );
  const [agreed, disputed] = [criteria[0]!, criteria[1]!];
  const { session } = await post(page, '/api/eval-sessions', {
    name: `Fair tryout ${stamp}`,
    startDate: '2026-05-02',
    endDate: '2026-05-02',
    minEvaluators: 3,
    criteria: [
      { criterionId: agreed.id, weight: 50 },
      { criterionId: disputed.id, weight: 50 },
    ],
  });
  made.session = session.id;
  await post(page, `/api/eval-session/${session.id}/players`, { playerIds: made.players });
  const me = await get(page, '/api/auth/me');
  await post(page, `/api/eval-session/${session.id}/evaluators`, { userId: me.id });
  await post(page, `/api/eval-session/${session.id}/open`);
  const entries = (k: number) =>
    made.players.flatMap((playerId, i) => {
      const [a, b] = scoresOf(i, k);
      return [
        { playerId, criterionId: agreed.id, score: a },
        { playerId, criterionId: disputed.id, score: b },
      ];
    });
  await post(page, `/api/eval-session/${session.id}/scores`, { entries: entries(0) });
  // Three guests on their own phones, let in by the director; the third scores everyone 2 points low.
  const code = (await get(page, `/api/eval-session/${session.id}`)).session.guestCode as string;
  for (const [k, name] of [
    [1, 'Gail Guest'],
    [2, 'Gus Guest'],
    [3, 'Lou Low'],
  ] as const) {
    const phone = await http.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
    const joined = await phone.post('/api/tryout/join', { data: { code, name } });
    expect(joined.status(), await joined.text()).toBe(200);
    const token = (await joined.json()).data.token as string;
    const detail = (await get(page, `/api/eval-session/${session.id}`)) as { evaluators: { id: number; name: string }[] };
    await post(page, `/api/eval-session/${session.id}/evaluator/${detail.evaluators.find((e) => e.name === name)!.id}/admit`);
    const scored = await phone.post('/api/tryout/scores', { data: { entries: entries(k) }, headers: { 'x-tryout-token': token } });
    expect(scored.status(), await scored.text()).toBe(200);
    await phone.dispose();
  }
  await post(page, `/api/eval-session/${session.id}/close`);
  if (basis === 'fair') await post(page, `/api/eval-session/${session.id}/publish-basis`, { basis });
  await post(page, `/api/eval-session/${session.id}/publish`);
  const draft = await post(page, '/api/drafts', {
    name: `Fair draft ${stamp}`,
    season_id: season.id,
    teams: [{ team_id: team.id, target_size: 4 }],
  });
  await post(page, `/api/draft/${draft.id}/candidates`, { expected_version: draft.version, session_id: session.id });
  return { draftId: draft.id as number, teamName: team.name as string, agreed: agreed.criteria, disputed: disputed.criteria };
}

async function cleanUp(page: Page, made: Made) {
  for (const id of made.players) await post(page, `/api/player/${id}/delete`);
  if (made.session) await post(page, `/api/eval-session/${made.session}/delete`);
  if (made.team) await post(page, `/api/team/${made.team}/delete`);
}

test('a low scorer on the panel: the cut line marks who is too close to call, on raw and on fair totals; a parent reads "Seen by 4 evaluators"', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await loginAs(page, 'admin');
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const made: Made = { players: [], team: 0, session: 0 };
  try {
    const built = await tryoutAndDraft(page, stamp, made);
    const name = (i: number) => `Fair${i + 1} Cut${stamp}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/app/teams/drafts/${built.draftId}`);
    await expect(page.getByRole('heading', { name: `Fair draft ${stamp}` })).toBeVisible();

    // Raw totals: the line after 4 places; the low scorer widens every range, and six players are too close to call.
    const cuts = page.getByRole('region', { name: 'Cut lines' });
    const ordering = cuts.getByRole('list', { name: 'Ordering U14' });
    await expect(ordering.getByTestId('ranked')).toHaveCount(8);
    const line = ordering.getByTestId('cut-line');
    await expect(line).toHaveText(`Cut line: ${built.teamName}: 4 places`);
    // The line sits after the fourth row.
    expect(await ordering.locator('li').evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-testid') === 'cut-line'))).toBe(4);
    const marked = ordering.getByTestId('ranked').filter({ hasText: 'Too close to call' });
    await expect(marked).toHaveCount(6);
    for (const i of [3, 4]) await expect(marked.filter({ hasText: name(i) })).toHaveCount(1);
    await expect(marked.filter({ hasText: name(0) })).toHaveCount(0);
    // The cards carry their range and the same mark.
    const pool = page.getByRole('region', { name: 'Pool' });
    const fourth = pool.getByRole('article', { name: name(3) });
    await expect(fourth.getByTestId('range')).toHaveText(/^Range \d+(\.\d+)?–\d+(\.\d+)?%$/);
    await expect(fourth.getByText('Too close to call')).toBeVisible();
    await expect(pool.getByRole('article', { name: name(0) }).getByText('Too close to call')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'fair-draft-raw');

    // Fair totals: the low scorer's shift taken out, only the two level players are left either side of the line.
    await cuts.getByText('Fair totals', { exact: true }).click();
    await expect(marked).toHaveCount(2);
    for (const i of [3, 4]) await expect(marked.filter({ hasText: name(i) })).toHaveCount(1);
    await expect(fourth.getByTestId('range')).toHaveText(/^Fair \d+(\.\d+)?%, range /);
    await expect(pool.getByText('Too close to call')).toHaveCount(2);
    await expectAccessible(page);
    await snap(page, 'fair-draft-fair');

    // Suggest starts on the board's choice; the history records it.
    await page.getByRole('button', { name: 'Suggest' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest placements' });
    await expect(dialog.getByRole('radio', { name: 'Fair totals' })).toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Suggest' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('region', { name: built.teamName }).getByTestId('candidate')).toHaveCount(4);
    const history = (await get(page, `/api/draft/${built.draftId}/history`)) as { kind: string; text: string }[];
    expect(history.find((e) => e.kind === 'suggest')!.text).toMatch(/^Suggest placed 4 unpinned player\(s\) by fair totals/);

    // The first player's parent, on their own phone, with a one-time sign-in handed over by the admin.
    const email = `fair.parent.${stamp}@example.org`;
    const links = (await post(page, `/api/player/${made.players[0]}/guardians`, { email, relationship: 'parent' })) as {
      id: number;
      email: string;
    }[];
    const handed = await post(page, `/api/player/${made.players[0]}/guardian/${links.find((l) => l.email === email)!.id}/sign-in-link`);
    const phone = await phoneContext(browser);
    try {
      const parent = await phone.newPage();
      const link = new URL(handed.link as string);
      await parent.goto(`${link.pathname}${link.search}`);
      await expect(parent).toHaveURL(/\/family$/);
      const card = parent.getByRole('region', { name: name(0) });
      await card.getByRole('button', { name: 'Open' }).click();
      const tryouts = card.getByRole('region', { name: 'Tryouts' });
      const seen = tryouts.getByTestId('tryout-seen');
      await expect(seen).toContainText(`Fair tryout ${stamp}`);
      await expect(seen).toContainText('Seen by 4 evaluators.');
      await expect(seen).toContainText(`The panel agreed well on ${built.agreed}.`);
      await expect(seen).not.toContainText(built.disputed);
      // Never who, never anyone else.
      for (const who of ['Gail Guest', 'Gus Guest', 'Lou Low', 'Alex Admin', name(1)]) await expect(card).not.toContainText(who);
      expect(await pageWidth(parent)).toBeLessThanOrEqual(375);
      await expectAccessible(parent);
      await tryouts.scrollIntoViewIfNeeded();
      await snap(parent, 'fair-family-tryouts');
    } finally {
      await phone.close();
    }
  } finally {
    await cleanUp(page, made);
  }
});

test('a session published on fair scores: the board shows each candidate its fair total, and the raw one beside it', async ({ page }) => {
  test.setTimeout(240_000);
  await loginAs(page, 'admin');
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const made: Made = { players: [], team: 0, session: 0 };
  try {
    const built = await tryoutAndDraft(page, stamp, made, 'fair');
    const board = (await get(page, `/api/draft/${built.draftId}`)) as {
      candidates: { player_id: number; total: number; fair_total: number; raw_total: number; total_basis: string }[];
    };
    const first = board.candidates.find((c) => c.player_id === made.players[3])!;
    expect(first).toMatchObject({ total_basis: 'fair', total: first.fair_total });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/app/teams/drafts/${built.draftId}`);
    const pool = page.getByRole('region', { name: 'Pool' });
    const card = pool.getByRole('article', { name: `Fair4 Cut${stamp}` });
    await expect(card.getByLabel(`Total ${first.total}, fair as published`)).toHaveText(`Fair ${first.total}%`, { useInnerText: true });
    // On raw totals the range line gives the raw total and its range; on fair ones, the fair.
    await expect(card.getByTestId('range')).toHaveText(/^Raw \d+(\.\d+)?%, range \d+(\.\d+)?–\d+(\.\d+)?%$/);
    await expect(card.getByTestId('range')).toContainText(`Raw ${String(first.raw_total)}%`);
    await page.getByRole('region', { name: 'Cut lines' }).getByText('Fair totals', { exact: true }).click();
    await expect(card.getByTestId('range')).toHaveText(/^Fair \d+(\.\d+)?%, range /);
    await expectAccessible(page);
    await snap(page, 'fair-draft-published-fair');
    await expect(card.getByLabel(`Total ${first.total}, fair as published`)).toBeVisible();
    await expectAccessible(page);
  } finally {
    await cleanUp(page, made);
  }
});
