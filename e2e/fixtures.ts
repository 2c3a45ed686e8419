import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export const DEMO = {
  superadmin: { email: 'superadmin@demo.club', password: 'demo-superadmin' },
  admin: { email: 'admin@demo.club', password: 'demo-admin' },
  coach: { email: 'coach@demo.club', password: 'demo-coach' },
  player: { email: 'player@demo.club', password: 'demo-player' },
} as const;
export type DemoRole = keyof typeof DEMO;

/** Signs in through the API (fast); the UI sign-in itself has its own spec. */
export async function loginAs(page: Page, role: DemoRole | { email: string; password: string }): Promise<void> {
  const creds = typeof role === 'string' ? DEMO[role] : role;
  const res = await page.request.post('/api/auth/login', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in through the sign-in form, as a person on that device would (the service worker sees it). */
export async function signInWithTheForm(page: Page, role: DemoRole) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO[role].email);
  await page.getByLabel('Password').fill(DEMO[role].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Waits until fonts are loaded and no finite animation or transition (modal fades, accordion panels,
 * the navbar sliding at a breakpoint) has run for a few frames in a row: Mantine starts a transition
 * one or two frames after mounting, so a single look could fall into that gap.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const busy = () =>
      document.getAnimations().some((a) => (a.playState === 'running' || a.pending) && a.effect?.getTiming().iterations !== Infinity);
    await new Promise<void>((resolve, reject) => {
      const deadline = performance.now() + 5000;
      let quiet = 0;
      const tick = () => {
        quiet = busy() ? 0 : quiet + 1;
        if (quiet >= 4) resolve();
        else if (performance.now() > deadline) reject(new Error('animations still running after 5 s'));
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  });
}

/**
 * The page's width once no toast is shown: toasts sit top right and slide out sideways when they
 * close, widening the page for the moment they move.
 */
export async function pageWidth(page: Page): Promise<number> {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** axe: no serious or critical violations (docs/architecture.md). */
export async function expectAccessible(page: Page): Promise<void> {
  // A modal or notification half-way through its fade reads as low contrast: let finite transitions end,
  // and hold every element at its end state while axe reads it, so a notification that starts to fade
  // in or out during the analysis (its auto-close, a late toast on a busy machine) is seen whole or not at all.
  await settleAnimations(page);
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  await still.evaluate((el) => (el as Element).remove());
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Screenshots at desktop width and at a 375 px phone width, for a person to look at. They check
 * nothing, so CI (E2E_SCREENSHOTS=0) takes none.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  const dir = process.env.SCREENS_DIR ?? 'test-results/screens';
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  // The staff navbar slides away when the width crosses its breakpoint: shoot after that transition.
  await settleAnimations(page);
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/**
 * Under a shifted clock (scripts/e2e-shifted.mjs runs runner, server and Chromium under libfaketime,
 * so cookies expire by the same date everywhere), every browser context's page clock is also set to
 * the runner's shifted now with Playwright's clock, so the pages' dates agree with the server's.
 */
const shiftedClock = Boolean(process.env.FAKETIME);
const moved = new WeakSet<BrowserContext>();
async function moveClock(context: BrowserContext): Promise<void> {
  if (!shiftedClock || moved.has(context)) return;
  moved.add(context);
  await context.clock.install({ time: Date.now() });
}

/**
 * The specs of a shard share one demo database and run one after another, in an order that follows
 * e2e/timings.json, so a spec that counts the demo club must not see what an earlier spec left.
 * After every test the club's players and teams are noted; before the first test of a file, those
 * that were there after the previous file's last test but not when the shard began are deleted (and
 * named in the output). What this file's own beforeAll made is newer than that note and stays. A
 * demo player or team that is gone fails here, naming the file that removed it.
 */
interface DemoRows {
  players: number[];
  teams: number[];
}
interface DemoWatch {
  baseline?: DemoRows;
  lastSeen?: DemoRows;
  file: string;
}
// Kept in the shard's data folder: after a failed test Playwright starts a new worker process, which
// must still know what the shard began with, or it would take an earlier file's leftovers for demo rows.
const WATCH_FILE = join(process.env.E2E_DATA_DIR ?? tmpdir(), 'demo-watch.json');
function loadWatch(): DemoWatch {
  try {
    return JSON.parse(readFileSync(WATCH_FILE, 'utf8')) as DemoWatch;
  } catch {
    return { file: '' };
  }
}
const watch: DemoWatch = loadWatch();
const saveWatch = () => writeFileSync(WATCH_FILE, JSON.stringify(watch));

/** A superadmin's API session of its own, signed in again if a spec ended it. */
function superadminApi(playwright: PlaywrightWorkerArgs['playwright']) {
  let api: APIRequestContext | undefined;
  let csrf = '';
  const signIn = async () => {
    await api?.dispose();
    api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
    expect((await api.post('/api/auth/login', { data: DEMO.superadmin })).status()).toBe(200);
    csrf = ((await (await api.get('/api/auth/me')).json()) as { data: { csrfToken: string } }).data.csrfToken;
  };
  const call = async (method: 'get' | 'post', url: string) => {
    if (!api) await signIn();
    const send = () => (method === 'get' ? api!.get(url) : api!.post(url, { data: {}, headers: { 'x-csrf-token': csrf } }));
    let res = await send();
    if (res.status() === 401) {
      await signIn();
      res = await send();
    }
    return res;
  };
  return { call, dispose: async () => api?.dispose() };
}
type SuperadminApi = ReturnType<typeof superadminApi>;

async function demoRows(api: SuperadminApi): Promise<DemoRows> {
  type ListPage = { data: { id: number }[]; next?: string | null };
  const players: number[] = [];
  let after: string | null | undefined = null;
  do {
    const query: string = after ? `&after=${encodeURIComponent(after)}` : '';
    const page: ListPage = ((await (await api.call('get', `/api/players?pageSize=200${query}`)).json()) as { data: ListPage }).data;
    players.push(...page.data.map((p) => p.id));
    after = page.next;
  } while (after);
  const teams = ((await (await api.call('get', '/api/teams')).json()) as { data: { id: number }[] }).data.map((t) => t.id);
  return { players, teams };
}

async function restoreDemoClub(api: SuperadminApi, file: string): Promise<void> {
  if (watch.file === file) return;
  const before = relative(process.cwd(), watch.file);
  watch.file = file;
  const now = await demoRows(api);
  const { baseline, lastSeen } = watch;
  if (!baseline || !lastSeen) {
    watch.baseline = now;
    saveWatch();
    return;
  }
  saveWatch();
  const left = (kind: keyof DemoRows) => now[kind].filter((id) => lastSeen[kind].includes(id) && !baseline[kind].includes(id));
  const leftovers = { players: left('players'), teams: left('teams') };
  for (const [kind, ids] of [
    ['player', leftovers.players],
    ['team', leftovers.teams],
  ] as const)
    for (const id of ids) {
      const res = await api.call('post', `/api/${kind}/${id}/delete`);
      expect([200, 404], `deleting ${kind} ${id} left by ${before}: ${await res.text()}`).toContain(res.status());
    }
  if (leftovers.players.length + leftovers.teams.length > 0)
    console.log(`${before} left ${leftovers.players.length} players and ${leftovers.teams.length} teams: deleted`);
  const gone = (kind: keyof DemoRows) => baseline[kind].filter((id) => !now[kind].includes(id));
  expect({ players: gone('players'), teams: gone('teams') }, `${before} removed demo players or teams`).toEqual({ players: [], teams: [] });
}

/** The 2-second filter spinner is shortened in tests (docs/product.md#scoring allows it by config). */
export const test = base.extend<{ demoClubAsLeft: void }, { demoApi: SuperadminApi }>({
  demoApi: [
    async ({ playwright }, use) => {
      const api = superadminApi(playwright);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  demoClubAsLeft: [
    async ({ demoApi }, use, info) => {
      await restoreDemoClub(demoApi, info.file);
      await use();
      watch.lastSeen = await demoRows(demoApi);
      saveWatch();
    },
    { auto: true },
  ],
  browser: [
    async ({ browser }, use) => {
      if (shiftedClock) {
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          await moveClock(context);
          return context;
        };
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await moveClock(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      (window as unknown as { __FILTER_SPINNER_MS: number }).__FILTER_SPINNER_MS = 300;
    });
    await use(page);
  },
});
export { expect };
