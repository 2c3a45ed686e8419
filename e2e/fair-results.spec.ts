import { request as http, type APIRequestContext } from '@playwright/test';
import { apiGet, apiPost } from './api';
import { expect as baseExpect, expectAccessible, loginAs, snap, test } from './fixtures';
import { tapOffenders } from './tap-targets';

/**
 * Fair results (issue 40, points 1–5): four evaluators, Hal two points low and seeing half the players.
 * The director sees Hal's severity near −2, fair ranks that undo Hal's draw, the ranges, a cut line with
 * players too close to call, the agreement in words, who has not seen whom yet, and chooses fair
 * publishing. Everything runs on demo players; the session is deleted at the end.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const SCALE = 'Ball handling';
const GUESTS = ['Ann', 'Ben', 'Cal', 'Hal'] as const;
const SKILL = [9, 8, 8, 7, 7, 6, 5, 4];
/** Per player, the three non-harsh evaluators' small disagreements (Hal's is always 0: exactly 2 low). */
const NOISE = [
  [0, -1, 0, 0],
  [0, 1, 1, 0],
  [-1, 1, 0, 0],
  [1, 0, 1, 0],
  [-1, 1, 0, 0],
  [0, -1, 0, 0],
  [-1, 1, 1, 0],
  [1, 0, 1, 0],
];
/** Hal (3) sees every other player, with two of the others; the rest see Ann, Ben and Cal. */
const seenBy = (p: number) => (p % 2 === 0 ? [p % 3, (p + 1) % 3, 3] : [0, 1, 2]);

interface Player {
  playerId: number;
  firstName: string;
  lastName: string;
}

test('fair results: Hal two points low, fair ranks undo it, ranges and a cut line with players too close to call', async ({
  page,
  baseURL,
}) => {
  await loginAs(page, 'admin');
  const criteria = (await apiGet(page, '/api/criteria/')) as { id: number; criteria: string }[];
  const criterionId = criteria.find((c) => c.criteria === SCALE)!.id;
  const teams = (await apiGet(page, '/api/teams')) as { id: number; playerCount: number }[];
  const team = teams.filter((t) => t.playerCount >= 9).sort((a, b) => a.playerCount - b.playerCount)[0]!;
  const members = ((await apiGet(page, `/api/team/${team.id}/players?pageSize=200`)) as { data: { id: number }[] }).data;
  const created = (await apiPost(page, '/api/eval-sessions', {
    name: `Fair tryout ${Date.now() % 100000}`,
    startDate: '2026-11-26',
    endDate: '2026-11-26',
    minEvaluators: 3,
    criteria: [{ criterionId, weight: 100 }],
  })) as { session: { id: number } };
  const id = created.session.id;
  const anon: APIRequestContext[] = [];
  try {
    await apiPost(page, `/api/eval-session/${id}/players`, { playerIds: members.slice(0, 9).map((m) => m.id) });
    const opened = (await apiPost(page, `/api/eval-session/${id}/open`)) as { session: { guestCode: string }; players: Player[] };
    const byId = new Map(opened.players.map((p) => [p.playerId, p]));
    const players = members.slice(0, 9).map((m) => byId.get(m.id)!);
    const name = (i: number) => `${players[i]!.firstName} ${players[i]!.lastName}`;

    // Four guests on their phones (the API), let in by the director.
    const tokens: string[] = [];
    for (const g of GUESTS) {
      const ctx = await http.newContext({ baseURL });
      anon.push(ctx);
      const res = await ctx.post('/api/tryout/join', { data: { code: opened.session.guestCode, name: g } });
      expect(res.status(), await res.text()).toBe(200);
      tokens.push((await res.json()).data.token as string);
    }
    const detail = (await apiGet(page, `/api/eval-session/${id}`)) as { evaluators: { id: number }[] };
    for (const e of detail.evaluators) await apiPost(page, `/api/eval-session/${id}/evaluator/${e.id}/admit`);
    for (const [e, token] of tokens.entries()) {
      const entries = SKILL.flatMap((skill, p) =>
        seenBy(p).includes(e) ? [{ playerId: players[p]!.playerId, criterionId, score: skill + NOISE[p]![e]! - (e === 3 ? 2 : 0) }] : [],
      );
      // The ninth player has been seen by Ann only so far.
      if (e === 0) entries.push({ playerId: players[8]!.playerId, criterionId, score: 6 });
      const res = await anon[e]!.post('/api/tryout/scores', { data: { entries }, headers: { 'x-tryout-token': token } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await apiPost(page, `/api/eval-session/${id}/unlock`);
    const fair = (await apiGet(page, `/api/eval-session/${id}/fair`)) as {
      evaluators: { name: string; versusOthers: number; criteria: { versusOthers: number }[] }[];
    };
    const hal = fair.evaluators.find((e) => e.name === 'Hal')!;
    expect(Math.abs(hal.criteria[0]!.versusOthers + 2)).toBeLessThan(0.15);

    await page.goto(`/app/sessions/${id}`);
    await page.getByRole('tab', { name: 'Results' }).click();

    // While the session is open, the player not seen by enough evaluators comes first, with who has not seen them.
    const coverage = page.getByTestId('coverage');
    await expect(coverage).toContainText(name(8));
    await expect(coverage).toContainText('Not yet scored by Ben (guest), Cal (guest), Hal (guest).');

    // Hal's severity: two points below the others.
    const halRow = page.getByTestId('severity-table').getByRole('row', { name: /Hal/ });
    await expect(halRow).toContainText(`−${Math.abs(hal.criteria[0]!.versusOthers).toFixed(1)}`);
    await expect(halRow.getByText(/^−(1\.[89]|2\.[01])$/)).toBeVisible();

    // The first player, whom Hal saw, is second on raw totals and first on fair ones: up one place.
    const rowOf = (i: number) => page.getByTestId('result-row').filter({ hasText: name(i) });
    await expect(rowOf(0).getByText('Up 1 place on fair scores')).toHaveCount(1);
    await expect(page.getByTestId('result-row').first()).toContainText(name(1));
    await page.getByText('Fair totals', { exact: true }).click();
    await expect(page.getByTestId('result-row').first()).toContainText(name(0));
    await expect(rowOf(6).getByText('Up 1 place on fair scores')).toHaveCount(1);
    await expect(rowOf(7).getByText('Down 1 place on fair scores')).toHaveCount(1);

    // A cut line after 3 places: the players either side whose ranges overlap are too close to call.
    await page.getByLabel('Cut line after place').fill('3');
    await expect(page.getByTestId('cut-line')).toBeVisible();
    await expect(page.getByTestId('too-close')).toHaveCount(3);
    for (const i of [2, 3, 4]) await expect(rowOf(i).getByText('Too close to call')).toBeVisible();
    await expect(page.getByTestId('close-summary')).toContainText('3 players are too close to call at place 3');
    await expect(page.getByTestId('agreement')).toContainText(`${SCALE}: good agreement`);
    await expectAccessible(page);
    await snap(page, 'fair-results');

    // The phone: no crowded control on the results.
    await page.setViewportSize({ width: 375, height: 740 });
    expect((await tapOffenders(page, '[role="tabpanel"]')).map((o) => `${o.what} ${o.size} (${o.crowdedBy})`)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The drill-down shows each evaluator's score with their severity, and the fair score.
    await rowOf(0)
      .getByRole('button', { name: name(0) })
      .click();
    const drill = page.getByRole('dialog', { name: /scores by evaluator/ });
    await expect(drill.getByRole('row', { name: /Hal/ })).toContainText(`7(−${Math.abs(hal.criteria[0]!.versusOthers).toFixed(1)})`);
    await expect(drill.getByRole('row', { name: /Fair score/ })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'fair-drill-down');
    await drill.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(drill).toBeHidden();

    // Publishing on fair scores: the choice is saved with the session.
    await page.getByRole('radio', { name: /Fair scores/ }).click();
    await expect(page.getByRole('radio', { name: /Fair scores/ })).toBeChecked();
    await expect
      .poll(async () => ((await apiGet(page, `/api/eval-session/${id}`)) as { session: { publishBasis: string } }).session.publishBasis)
      .toBe('fair');
  } finally {
    for (const ctx of anon) await ctx.dispose();
    await apiPost(page, `/api/eval-session/${id}/delete`);
  }
});
