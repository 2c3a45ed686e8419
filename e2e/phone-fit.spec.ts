import { request, type Locator, type Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, loginAs, test, type DemoRole } from './fixtures';

// Issue 31: the app as a new club uses it on a 375 px phone (and on a desktop where it applies). Text
// fitting is checked by an element's scroll width against its client width, tap targets by their boxes.

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Every error tooltip in `scope`, with what it covers: a label, a field or a button whose box it overlaps.
 * A tooltip also has to describe its field (aria-describedby) and sit in a live region, so it is heard.
 */
async function errorTips(scope: Locator) {
  return scope.evaluate((root) => {
    const box = (e: Element) => e.getBoundingClientRect();
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute('aria-label') || (e as HTMLInputElement).name || '').trim().slice(0, 40)}"`;
    const others = [...root.querySelectorAll('label, input:not([type="hidden"]), textarea, select, button')].filter((e) => {
      const r = box(e);
      return r.width > 0 && r.height > 0;
    });
    return [...root.querySelectorAll('[role="tooltip"]')].map((tip) => {
      const r = box(tip);
      const described = root.querySelector(`[aria-describedby~="${CSS.escape(tip.id)}"]`);
      return {
        text: tip.textContent ?? '',
        covers: others.filter((o) => overlap(r, box(o))).map(name),
        describes: tip.id && described ? name(described) : null,
        live: !!tip.closest('[aria-live]'),
      };
    });
  });
}

async function expectTipsClear(scope: Locator, count: number) {
  const tips = scope.getByRole('tooltip');
  await expect(tips).toHaveCount(count);
  const found = await errorTips(scope);
  for (const tip of found) {
    expect(tip.covers, `"${tip.text}" covers`).toEqual([]);
    expect(tip.describes, `"${tip.text}" describes its field`).not.toBeNull();
    expect(tip.live, `"${tip.text}" is announced`).toBe(true);
  }
}

/** A screenshot at the current size, for a person to look at (test-results/screens). */
async function shoot(page: Page, name: string, height = 1000) {
  const width = page.viewportSize()!.width;
  await page.screenshot({
    path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`,
    fullPage: true,
    clip: { x: 0, y: 0, width, height },
  });
}

async function at(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
}

test.describe('error tooltips cover no label, field or button (point 4)', () => {
  test('Add Player: the three required fields at 375 px and on desktop', async ({ page }) => {
    await loginAs(page, 'coach');
    for (const size of [PHONE, DESKTOP]) {
      await at(page, size);
      await page.goto('/app/players');
      await page.getByRole('button', { name: 'Add New Player' }).click();
      await page.getByRole('menuitem', { name: 'Add Single' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Player' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('tooltip').filter({ hasText: 'This field is required' }).first()).toBeVisible();
      await expectTipsClear(dialog, await dialog.getByRole('tooltip').count());
      expect(await dialog.getByRole('tooltip').count()).toBeGreaterThanOrEqual(3);
      await expect(dialog.getByRole('textbox', { name: "Parent's email" })).toHaveAccessibleDescription('This field is required');
      if (size === PHONE) {
        await dialog.getByRole('textbox', { name: 'First name' }).scrollIntoViewIfNeeded();
        await shoot(page, 'add-player-errors-phone');
        // Again, so axe reads the form with its tooltips on screen (they go after 5 seconds).
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog.getByRole('tooltip').first()).toBeVisible();
        await expectAccessible(page);
      } else await shoot(page, 'add-player-errors-desktop', 800);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });

  test('Add User: names, Email and Role at 375 px and on desktop', async ({ page }) => {
    await loginAs(page, 'admin');
    for (const size of [PHONE, DESKTOP]) {
      await at(page, size);
      await page.goto('/app/users');
      await page.getByRole('button', { name: 'Add New User' }).click();
      await page.getByRole('menuitem', { name: 'Add Single' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add User' });
      await dialog.getByRole('button', { name: 'Add User' }).click();
      await expect(dialog.getByRole('tooltip').first()).toBeVisible();
      await expectTipsClear(dialog, 4);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });

  test('Add Criteria: the Score tooltip beside its description at 375 px and on desktop', async ({ page }) => {
    await loginAs(page, 'admin');
    for (const size of [PHONE, DESKTOP]) {
      await at(page, size);
      await page.goto('/app/criteria');
      await page.getByRole('button', { name: 'Add New Criteria' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Criteria' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('tooltip').first()).toBeVisible();
      await expectTipsClear(dialog, 3);
      // The field's own description stays read with the error.
      await expect(dialog.getByLabel('Score (%)')).toHaveAccessibleDescription(
        /The weight of this criterion in the total.*This field is required/,
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });

  test('Add Resource: Title, Category and the first tag at 375 px and on desktop', async ({ page }) => {
    await loginAs(page, 'admin');
    for (const size of [PHONE, DESKTOP]) {
      await at(page, size);
      await page.goto('/app/resources');
      await page.getByRole('button', { name: 'Add New Resource' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Resource' });
      await dialog.getByRole('button', { name: 'Add Resource' }).click();
      await expect(dialog.getByRole('tooltip').first()).toBeVisible();
      await expectTipsClear(dialog, 3);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });
});

type SheetPlayer = { id: number; name: string; current: { score: number; scoreLabel: string; date: string } | null };

async function csrf(page: Page): Promise<Record<string, string>> {
  return { 'x-csrf-token': (await (await page.request.get('/api/auth/me')).json()).data.csrfToken };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('courtside sheet at 375 px', () => {
  // The page's requests reach page.route directly, so the test holds the upload itself.
  test.use({ serviceWorkers: 'block' });

  test("right after a tap the card's last score is the tap's score with the tap's date (point 8)", async ({ page }) => {
    await loginAs(page, 'coach');
    await at(page, PHONE);
    const team = ((await (await page.request.get('/api/players/team-options')).json()).data as { id: number; name: string }[]).find(
      (t) => t.name === 'U14 Boys',
    )!;
    const criterion = ((await (await page.request.get('/api/criteria')).json()).data as { id: number; criteria: string }[]).find(
      (c) => c.criteria === 'Ball handling',
    )!;
    const sheet = (await (await page.request.get(`/api/team/${team.id}/evaluations?criteria_id=${criterion.id}`)).json()).data as {
      players: SheetPlayer[];
    };

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/evaluations/sync', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/app/team/${team.id}/evaluate`);
    const today = await page.getByLabel('Date').inputValue();
    const player = sheet.players.find((p) => p.current && p.current.score !== 7 && p.current.date < today)!;
    expect(player, 'a player scored before today, not 7').toBeTruthy();
    await choose(page, 'Level', 'Fundamentals');
    await choose(page, 'Criteria', 'Ball handling');
    const card = page.locator(`li[data-player="${player.id}"]`);
    await expect(card).toContainText(`Last: ${player.current!.scoreLabel} on ${player.current!.date}`);

    await card.getByRole('button', { name: /^7 for / }).click();
    // The upload is held: the tap has not reached the server, and the card already reads it whole.
    await expect(card).toContainText(`Last: 7/10 on ${today}`);
    await expect(card.getByText('Synced', { exact: true })).toHaveCount(0);
    await expect(card).not.toContainText(player.current!.date);
    release();
    await expect(card.getByText('Synced', { exact: true })).toBeVisible();
    await expect(card).toContainText(`Last: 7/10 on ${today}`);

    // Leave the demo club's scores as they were for the other specs.
    const mine = (await (await page.request.get(`/api/player/${player.id}/evaluation`)).json()).data.evaluations as {
      id: number;
      criteria: string;
      date: string;
    }[];
    const added = mine.find((e) => e.criteria === 'Ball handling' && e.date === today)!;
    const res = await page.request.post(`/api/player/${player.id}/evaluation/${added.id}/delete`, { headers: await csrf(page), data: {} });
    expect(res.status(), await res.text()).toBe(200);
  });
});

/** A signed-in API client of its own (another person on another device). */
async function apiAs(baseURL: string, role: DemoRole) {
  const ctx = await request.newContext({ baseURL });
  const login = await ctx.post('/api/auth/login', { data: DEMO[role] });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { 'x-csrf-token': (await (await ctx.get('/api/auth/me')).json()).data.csrfToken };
  return {
    dispose: () => ctx.dispose(),
    get: async <T>(url: string): Promise<T> => {
      const res = await ctx.get(url);
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
      return (await res.json()).data as T;
    },
    post: async <T>(url: string, data: unknown): Promise<T> => {
      const res = await ctx.post(url, { headers, data });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
      return (await res.json()).data as T;
    },
  };
}
type Api = Awaited<ReturnType<typeof apiAs>>;
type Detail = { session: { id: number }; players: { playerId: number; firstName: string; lastName: string; bib: number | null }[] };

/**
 * An open session on one 1–10 criterion for a team's players, numbered from 21 (two-digit numbers, as at
 * a real tryout), scored by the given staff evaluators.
 */
async function openSession(admin: Api, name: string, team: string, evaluators: string[]) {
  const criterion = (await admin.get<{ id: number; criteria: string }[]>('/api/criteria')).find((c) => c.criteria === 'Ball handling')!;
  const teamId = (await admin.get<{ id: number; name: string }[]>('/api/teams')).find((t) => t.name === team)!.id;
  const today = new Date().toISOString().slice(0, 10);
  const created = await admin.post<Detail>('/api/eval-sessions', {
    name,
    startDate: today,
    endDate: today,
    minEvaluators: 3,
    criteria: [{ criterionId: criterion.id, weight: 100 }],
  });
  const id = created.session.id;
  await admin.post(`/api/eval-session/${id}/players`, { teamIds: [teamId] });
  const { players } = await admin.get<Detail>(`/api/eval-session/${id}`);
  for (const [i, p] of players.entries())
    await admin.post(`/api/eval-session/${id}/player/${p.playerId}/check-in`, { present: true, bib: 21 + i });
  const options = await admin.get<{ id: number; name: string }[]>('/api/eval-sessions/evaluator-options');
  for (const who of evaluators) await admin.post(`/api/eval-session/${id}/evaluators`, { userId: options.find((o) => o.name === who)!.id });
  await admin.post(`/api/eval-session/${id}/open`, {});
  return { id, criterionId: criterion.id, players: await admin.get<Detail>(`/api/eval-session/${id}`).then((d) => d.players) };
}

test('session results: "1 score is flagged for review", in the singular (point 9)', async ({ page, baseURL }) => {
  const [admin, coach, superadmin] = await Promise.all([apiAs(baseURL!, 'admin'), apiAs(baseURL!, 'coach'), apiAs(baseURL!, 'superadmin')]);
  const s = await openSession(admin, `Flag check ${Date.now() % 100000}`, 'U16 Girls', ['Alex Admin', 'Casey Coach', 'Sam Superadmin']);
  // Everyone agrees, except one score far from the other two.
  for (const [api, odd] of [
    [admin, 8],
    [coach, 8],
    [superadmin, 1],
  ] as const) {
    await api.post(`/api/eval-session/${s.id}/scores`, {
      entries: s.players.map((p, i) => ({ playerId: p.playerId, criterionId: s.criterionId, score: i === 0 ? odd : 7 })),
    });
  }
  await admin.post(`/api/eval-session/${s.id}/unlock`, {});
  await Promise.all([admin.dispose(), coach.dispose(), superadmin.dispose()]);

  await loginAs(page, 'admin');
  await at(page, PHONE);
  await page.goto(`/app/sessions/${s.id}`);
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page.getByText(/1 score is flagged for review/)).toBeVisible();
  await expect(page.getByText(/1 scores are/)).toHaveCount(0);
});

/** What of `el` is cut: its text wider than its box (scroll width against client width), or its box past the viewport. */
async function cut(el: Locator): Promise<string | null> {
  return el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    if (e.scrollWidth > e.clientWidth) return `"${e.textContent}" needs ${e.scrollWidth} px, has ${e.clientWidth} px`;
    if (r.right > window.innerWidth + 0.5 || r.left < -0.5) return `"${e.textContent}" runs past the screen (${r.left}–${r.right})`;
    return null;
  });
}

async function expectTapTarget(el: Locator) {
  const box = (await el.boundingBox())!;
  expect(box.width, 'tap target width').toBeGreaterThanOrEqual(44);
  expect(box.height, 'tap target height').toBeGreaterThanOrEqual(44);
}

test.describe('on a phone (point 6)', () => {
  test('the header: menu and account buttons are 44 × 44 px, for staff and for players', async ({ page }) => {
    await at(page, PHONE);
    await loginAs(page, 'coach');
    await page.goto('/app/dashboard');
    await expectTapTarget(page.getByRole('button', { name: 'Toggle navigation' }));
    await expectTapTarget(page.getByRole('button', { name: 'Account menu' }));
    await expectAccessible(page);
    await page.context().clearCookies();
    await loginAs(page, 'player');
    await page.goto('/player');
    await expect(page.getByRole('button', { name: 'Note details' }).first()).toBeVisible();
    await expectTapTarget(page.getByRole('button', { name: 'Toggle navigation' }));
    await expectTapTarget(page.getByRole('button', { name: 'Account menu' }));
    // The player dashboard's link to a note's whole text.
    await expectTapTarget(page.getByRole('button', { name: 'Note details' }).first());
    await expectAccessible(page);
  });

  test.describe('courtside', () => {
    test.use({ serviceWorkers: 'block' });

    test('the footer keeps "Save all" whole beside a long summary', async ({ page }) => {
      await loginAs(page, 'coach');
      await at(page, PHONE);
      const team = ((await (await page.request.get('/api/players/team-options')).json()).data as { id: number; name: string }[]).find(
        (t) => t.name === 'U14 Boys',
      )!;
      // Nothing reaches the server: every tap stays on the device, and the summary is at its longest.
      await page.route('**/api/evaluations/sync', (route) => route.abort('internetdisconnected'));
      await page.goto(`/app/team/${team.id}/evaluate`);
      await choose(page, 'Level', 'Fundamentals');
      await choose(page, 'Criteria', 'Passing');
      const groups = page.getByRole('group', { name: /^Score for / });
      await expect(groups.first()).toBeVisible();
      const n = await groups.count();
      for (let i = 0; i < n; i++)
        await groups
          .nth(i)
          .getByRole('button', { name: /^8 for / })
          .click();
      await expect(page.getByTestId('sheet-summary')).toContainText(`${n} of ${n} scored · ${n} on this device`);
      const save = page.getByRole('button', { name: 'Save all' });
      expect(await cut(save.locator('.mantine-Button-label'))).toBeNull();
      expect(await cut(save)).toBeNull();
      expect(await cut(page.getByTestId('sheet-summary'))).toBeNull();
      await expectTapTarget(save);
    });
  });
});

test('the session list keeps a long name and its state badge whole at 375 px (point 6)', async ({ page, baseURL }) => {
  const admin = await apiAs(baseURL!, 'admin');
  const name = `Spring tryout for the U14 and U16 squads at the Northside gym ${Date.now() % 100000}`;
  await openSession(admin, name, 'U14 Girls', ['Alex Admin']);
  await admin.dispose();
  await loginAs(page, 'admin');
  await at(page, PHONE);
  await page.goto('/app/sessions');
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  expect(await cut(card.getByText('Open', { exact: true }))).toBeNull();
  expect(await cut(card.getByRole('link', { name }))).toBeNull();
  await expect(card).toContainText('1 criterion');
});

test.describe('the tryout sheet at 375 px (point 1)', () => {
  // The test answers or holds the sheet's uploads itself.
  test.use({ serviceWorkers: 'block' });

  test('every card shows its whole number and name, in every sync state', async ({ page, baseURL }) => {
    const admin = await apiAs(baseURL!, 'admin');
    const s = await openSession(admin, `Sheet fit ${Date.now() % 100000}`, 'U16 Girls', ['Alex Admin']);
    await admin.dispose();
    await loginAs(page, 'admin');
    await at(page, PHONE);
    const cards = page.getByTestId('sheet-player');

    /** Each card's number, name and state badge: none cut. */
    const expectWhole = async (label: string) => {
      await expect(cards).toHaveCount(s.players.length);
      const problems: string[] = [];
      for (let i = 0; i < s.players.length; i++) {
        const card = cards.nth(i);
        const parts = [
          card.getByLabel(/^Number \d+$/).locator('.mantine-Badge-label'),
          card.locator('p').first(),
          ...(await card.locator('.mantine-Badge-root:not([aria-label]) .mantine-Badge-label').all()),
        ];
        for (const part of parts) {
          const problem = await cut(part);
          if (problem) problems.push(problem);
        }
      }
      expect(problems, label).toEqual([]);
    };

    const [offline, refused, held] = s.players.slice(0, 3).map((p) => `${p.firstName} ${p.lastName}`);
    const refusedId = s.players[1]!.playerId;
    const heldId = s.players[2]!.playerId;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/eval-session/${s.id}/scores`, async (route) => {
      const entries = (route.request().postDataJSON() as { entries: { playerId: number; criterionId: number }[] }).entries;
      if (entries.some((e) => e.playerId === refusedId)) {
        return route.fulfill({
          json: { data: entries.map((e) => ({ ...e, status: 'refused', reason: 'This player is no longer in the session.' })) },
        });
      }
      if (entries.some((e) => e.playerId === heldId)) await holding;
      return route.continue();
    });

    await page.goto(`/app/sessions/${s.id}/score`);
    await expectWhole('not scored');
    const cardOf = (name: string) => cards.filter({ has: page.getByText(name, { exact: true }) });

    await page.context().setOffline(true);
    await cardOf(offline!)
      .getByRole('button', { name: /^5 for / })
      .click();
    await expect(cardOf(offline!).getByText('Saved on this device')).toBeVisible();
    await expectWhole('saved on this device');
    await page.context().setOffline(false);
    await expect(cardOf(offline!).getByText('Synced')).toBeVisible();
    await expectWhole('synced');

    await cardOf(refused!)
      .getByRole('button', { name: /^6 for / })
      .click();
    await expect(cardOf(refused!).getByText('Needs attention')).toBeVisible();
    await expectWhole('needs attention');
    // The sheet's own list of refused scores keeps its Discard button whole too.
    const discard = page.getByRole('alert').filter({ hasText: refused! }).getByRole('button', { name: 'Discard' });
    expect(await cut(discard.locator('.mantine-Button-label'))).toBeNull();

    await cardOf(held!)
      .getByRole('button', { name: /^7 for / })
      .click();
    await expect(cardOf(held!).getByText('Syncing')).toBeVisible();
    await expectWhole('syncing');
    await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/tryout-sheet-phone.png`, fullPage: true });
    await expectAccessible(page);
    release();
    await expect(cardOf(held!).getByText('Synced')).toBeVisible();
  });
});

test('the guest sheet at 375 px keeps "#21" and the name whole while a score waits (point 1)', async ({ page, baseURL }) => {
  const admin = await apiAs(baseURL!, 'admin');
  const s = await openSession(admin, `Guest fit ${Date.now() % 100000}`, 'U16 Girls', ['Alex Admin']);
  const code = (await admin.get<{ session: { guestCode: string } }>(`/api/eval-session/${s.id}`)).session.guestCode;
  const joined = await page.request.post('/api/tryout/join', { data: { code, name: 'Gina Guest' } });
  expect(joined.status(), await joined.text()).toBe(200);
  const token = (await joined.json()).data.token as string;
  // A guest scores once the director lets them in.
  const guest = (await admin.get<{ evaluators: { id: number; name: string }[] }>(`/api/eval-session/${s.id}`)).evaluators.find(
    (e) => e.name === 'Gina Guest',
  )!;
  await admin.post(`/api/eval-session/${s.id}/evaluator/${guest.id}/admit`, {});
  await admin.dispose();
  await page.addInitScript((t) => localStorage.setItem('tryout-token', t), token);
  await at(page, PHONE);
  await page.goto('/tryout');
  await expect(page.getByText('Scoring as Gina Guest')).toBeVisible();
  const first = page.getByTestId('sheet-player').first();
  await page.context().setOffline(true);
  await first.getByRole('button', { name: /^4 for / }).click();
  await expect(first.getByText('Saved on this device')).toBeVisible();
  const cards = await page.getByTestId('sheet-player').all();
  expect(cards.length).toBe(s.players.length);
  for (const card of cards) {
    expect(await cut(card.getByLabel(/^Number \d+$/).locator('.mantine-Badge-label'))).toBeNull();
    expect(await cut(card.locator('p').first())).toBeNull();
  }
  await expect(first.getByLabel('Number 21')).toHaveText('#21');
  await page.context().setOffline(false);
  await expect(first.getByText('Synced')).toBeVisible();
});
