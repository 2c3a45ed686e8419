import { expect, expectAccessible, loginAs, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';

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
    const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const name = (e: Element) => `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute('aria-label') || (e as HTMLInputElement).name || '').trim().slice(0, 40)}"`;
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
  await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`, fullPage: true, clip: { x: 0, y: 0, width, height } });
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
      }
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
      await expect(dialog.getByLabel('Score (%)')).toHaveAccessibleDescription(/The weight of this criterion in the total.*This field is required/);
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
