import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import dayjs from 'dayjs';
import { DEMO_GUARDIAN } from '../src/server/cli/seed-demo';
import type { FamilyChildView, FamilyMe } from '../src/shared/schemas/family';
import { formatPercent } from '../src/shared/scoring';
import { apiGet as get, useSmtpCapture } from './api';
import { expect, expectAccessible, snap, test } from './fixtures';
import { tapOffenders } from './tap-targets';

/**
 * A parent would rather look than read (docs/product.md#families): the demo parent opens a child, on a
 * 375 px phone and on a 1280 px desktop, and the child's page opens with "How <first name> is doing":
 * the total over time as a chart with a sentence on which way it went, strengths and things to work on
 * as bars, each with a table for screen readers holding the numbers the family API answers; then the
 * list of evaluations. Nothing scrolls sideways, no label is cut, every control takes a thumb.
 */
const smtp = useSmtpCapture();

const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

const pct = (n: number) => `${formatPercent(n)}%`;
const longDate = (d: string) => dayjs(d).format('MMM D, YYYY');

/** The demo parent on a device of their own, signed in by the link e-mailed on request. */
async function demoParent(browser: Browser, device: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...device, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await context.newPage();
  const before = smtp.mail.messages.length;
  expect((await page.request.post('/api/family/sign-in-link', { data: { email: DEMO_GUARDIAN } })).status()).toBe(200);
  const mail = await smtp.mail.waitFor((m) => m.to.includes(DEMO_GUARDIAN) && smtp.mail.messages.indexOf(m) >= before);
  const link = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'My players' })).toBeVisible();
  return page;
}

/** A table's body cells, row by row. */
const rowsOf = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));

/** Boxes of the block that stick out of it, and texts that overflow their own box. */
async function outOfBounds(block: Locator): Promise<string[]> {
  return block.evaluate((root) => {
    const out: string[] = [];
    const box = root.getBoundingClientRect();
    for (const el of root.querySelectorAll('svg text, p, h3, h4')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
        out.push(`${el.textContent} sticks out (${r.left}–${r.right} of ${box.left}–${box.right})`);
      if (el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.textContent} is cut (${el.clientWidth} of ${el.scrollWidth} px)`);
    }
    return out;
  });
}

async function opensWithProgress(page: Page, touch: boolean) {
  const me = (await get(page, '/api/family/me')) as FamilyMe;
  const first = me.children.find((c) => !c.ownAccount)!;
  const child = (await get(page, `/api/family/player/${first.id}`)) as FamilyChildView;
  const { timeline, strengths, workOn } = child.progress;
  expect(timeline.length).toBeGreaterThan(1);

  const card = page.getByRole('region', { name: first.name });
  await card.getByRole('button', { name: 'Open' }).click();
  const progress = card.getByRole('region', { name: `How ${child.firstName} is doing` });
  await expect(progress.getByRole('heading', { name: `How ${child.firstName} is doing` })).toBeVisible();
  await expect(progress.getByText(`Total score: ${pct(child.totalScore)}`)).toBeVisible();
  const [from, to] = [timeline[0]!, timeline.at(-1)!];
  const way = to.score > from.score ? 'Up' : 'Down';
  await expect(
    progress.getByText(`${way} from ${pct(from.score)} on ${longDate(from.date)} to ${pct(to.score)} on ${longDate(to.date)}.`),
  ).toBeVisible();

  // The chart: one dot per evaluation date; the table behind it holds the API's numbers.
  const chart = progress.getByRole('img', { name: 'Total score over time' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-line-dots circle')).toHaveCount(timeline.length);
  const totals = progress.getByRole('table', { name: 'Total score by evaluation date' });
  expect(await rowsOf(totals)).toEqual(timeline.map((p) => [longDate(p.date), pct(p.score)]));

  // Strengths and things to work on: bars with the criterion's name and share, and their tables.
  for (const [title, list] of [
    ['Strengths', strengths],
    ['Things to work on', workOn],
  ] as const) {
    expect(list.length, title).toBe(3);
    const block = progress.getByRole('region', { name: title });
    await expect(block.getByRole('heading', { name: title })).toBeVisible();
    for (const c of list) await expect(block.getByText(c.criterion, { exact: true }).first()).toBeVisible();
    expect(await block.locator('.mantine-Progress-section').count()).toBe(list.length);
    const table = block.getByRole('table', { name: new RegExp(`^${title}`) });
    expect(await rowsOf(table)).toEqual(list.map((c) => [c.criterion, c.measured ? `${pct(c.percent)} (${c.measured})` : pct(c.percent)]));
  }

  // Then the list: the progress comes first, the evaluations after it.
  const evaluations = card.getByRole('region', { name: 'Evaluations' });
  await expect(evaluations.getByText(child.evaluations[0]!.criterion).first()).toBeVisible();
  const [top, list] = [await progress.boundingBox(), await evaluations.boundingBox()];
  expect(top!.y + top!.height).toBeLessThanOrEqual(list!.y);

  // Fits: no sideways scroll, the chart inside the card, no label outside its block or cut.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const [chartBox, cardBox] = [await chart.boundingBox(), await card.boundingBox()];
  expect(chartBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
  expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(await outOfBounds(progress)).toEqual([]);
  if (touch) expect(await tapOffenders(page, `section[aria-labelledby="child-${first.id}"]`)).toEqual([]);
  await expectAccessible(page);
}

test('the demo parent opens a child on a phone: how the child is doing comes first, as charts with their tables', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await demoParent(browser, PHONE);
  await opensWithProgress(page, true);
  await snap(page, 'family-child-progress');
  await page.context().close();
});

test('and on a desktop, the same charts and numbers', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await demoParent(browser, DESKTOP);
  await opensWithProgress(page, false);
  await page.context().close();
});
