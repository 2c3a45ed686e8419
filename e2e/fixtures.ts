import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { mkdirSync } from 'node:fs';

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

/** Screenshots at desktop width and at a 375 px phone width, for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
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
 * e2e/timings.json. Each spec file must leave the demo club as it found it: before the first test of
 * every file the club's players and teams are counted, and a change since the previous file fails
 * here, naming that file, instead of in whichever spec happens to count them next.
 */
const demoCounts = { file: '', players: -1, teams: -1 };
async function expectDemoClubAsLeft(playwright: PlaywrightWorkerArgs['playwright'], file: string): Promise<void> {
  if (demoCounts.file === file) return;
  const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  try {
    expect((await api.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
    const players = ((await (await api.get('/api/players?pageSize=1')).json()) as { data: { total: number } }).data.total;
    const teams = ((await (await api.get('/api/teams')).json()) as { data: unknown[] }).data.length;
    const before = demoCounts.file;
    if (before)
      expect({ players, teams }, `${before} left the demo club changed`).toEqual({ players: demoCounts.players, teams: demoCounts.teams });
    Object.assign(demoCounts, { file, players, teams });
  } finally {
    await api.dispose();
  }
}

/** The 2-second filter spinner is shortened in tests (docs/product.md#scoring allows it by config). */
export const test = base.extend<{ demoClubAsLeft: void }, object>({
  demoClubAsLeft: [
    async ({ playwright }, use, info) => {
      await expectDemoClubAsLeft(playwright, info.file);
      await use();
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
