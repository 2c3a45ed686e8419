import type { Page } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../src/server/mail/smtp-capture';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * The password flows through a real SMTP capture: playwright.config.ts points the app's SMTP_URL at
 * E2E_SMTP_PORT, where this file runs an smtp-server for its duration.
 */
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await smtp?.close();
});

const temporaryPasswordIn = (text: string) => /Temporary password: (\S+)/.exec(text)![1]!;

async function apiPost(page: Page, url: string, data: unknown) {
  const me = await page.request.get('/api/auth/me');
  const csrf = (await me.json()).data.csrfToken as string;
  const res = await page.request.post(url, { data, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('Forgot password: same answer, single-use link by e-mail, new password works', async ({ page }) => {
  test.slow();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await snap(page, 'forgot-password');
  await page.getByLabel('Email').fill('jordan.reyes@demo.club');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for this address');

  const mail = await smtp.waitFor((m) => m.to.includes('jordan.reyes@demo.club') && m.subject === 'Reset your password');
  const link = /\/reset-password\?token=\S+/.exec(mail.text)![0];
  await page.goto(link);
  await expectAccessible(page);
  await snap(page, 'reset-password');
  await page.getByLabel(/^New password/).fill('password123');
  await page.getByLabel('Repeat the new password').fill('password123');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('This password is too common or too easy to guess.', { exact: false })).toBeVisible();
  await page.getByLabel(/^New password/).fill('Zone-Defense-Drill-8');
  await page.getByLabel('Repeat the new password').fill('Zone-Defense-Drill-8');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill('jordan.reyes@demo.club');
  await page.getByLabel(/^Password/).fill('Zone-Defense-Drill-8');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel(/^New password/).fill('Another-Good-Pass-3');
  await page.getByLabel('Repeat the new password').fill('Another-Good-Pass-3');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired');
});

test('a temporary password: sign in, only the change-password screen until changed, then the account menu', async ({ page }) => {
  test.slow();
  await loginAs(page, 'admin');
  const roles = (await (await page.request.get('/api/roles')).json()).data as { id: number; key: string | null }[];
  await apiPost(page, '/api/users', {
    first_name: 'Tess',
    last_name: 'Temp',
    email: 'tess.temp@example.org',
    role: roles.find((r) => r.key === 'coach')!.id,
  });
  await page.context().clearCookies();

  const welcome = await smtp.waitFor((m) => m.to.includes('tess.temp@example.org') && m.subject === 'Your club account');
  const temporary = temporaryPasswordIn(welcome.text);
  await signIn(page, 'tess.temp@example.org', temporary);
  await expect(page).toHaveURL(/\/account\/password$/);
  // The route's loading spinner is a status too: wait for the notice itself.
  await expect(page.getByRole('status').filter({ hasText: 'temporary password' })).toBeVisible();
  // Every other API call is refused until the password is changed.
  expect((await page.request.get('/api/teams')).status()).toBe(403);
  await page.goto('/app/teams');
  await expect(page).toHaveURL(/\/account\/password$/);
  await expectAccessible(page);
  await snap(page, 'change-password-forced');

  await page.getByLabel('Temporary password').fill(temporary);
  await page.getByLabel(/^New password/).fill('Pick-And-Roll-42');
  await page.getByLabel('Repeat the new password').fill('Pick-And-Roll-42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // The toast code loads with the first toast, so this one can appear after the dashboard, cover the
  // account menu and outlive the next change: close it before going on.
  const toast = page.getByText('Operation successful!');
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toBeHidden();
  expect((await page.request.get('/api/teams')).status()).toBe(200);

  // Changing one's own password from the account menu.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await page.getByLabel('Current password').fill('Pick-And-Roll-42');
  await page.getByLabel(/^New password/).fill('Full-Court-Press-7');
  await page.getByLabel('Repeat the new password').fill('Full-Court-Press-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('admin Reset Password e-mails a temporary password that must be changed at the next sign-in', async ({ page }) => {
  test.slow();
  await loginAs(page, 'admin');
  const roles = (await (await page.request.get('/api/roles')).json()).data as { id: number; key: string | null }[];
  await apiPost(page, '/api/users', {
    first_name: 'Remy',
    last_name: 'Reset',
    email: 'remy.reset@example.org',
    role: roles.find((r) => r.key === 'coach')!.id,
  });
  await page.goto('/app/users');
  await page.getByRole('button', { name: 'Actions for Remy Reset' }).click();
  await page.getByRole('menuitem', { name: 'Reset Password' }).click();
  await page.getByRole('dialog', { name: 'Reset Password' }).getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();

  const mail = await smtp.waitFor((m) => m.to.includes('remy.reset@example.org') && m.subject === 'Your password has been reset');
  expect(mail.text).toContain('valid for 24 hours');
  await page.context().clearCookies();
  await signIn(page, 'remy.reset@example.org', temporaryPasswordIn(mail.text));
  await expect(page).toHaveURL(/\/account\/password$/);
});

test('Superadmin reads the audit log and the mail outbox in Settings', async ({ page }) => {
  test.slow();
  await loginAs(page, 'superadmin');
  await page.goto('/app/settings?tab=audit');
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('textbox', { name: 'Record type' }).click();
  await page.getByRole('option', { name: 'user', exact: true }).click();
  const resetRow = page
    .getByRole('row')
    .filter({ hasText: 'Password reset' })
    .filter({ hasText: 'Temporary password e-mailed to remy.reset@example.org' });
  await expect(resetRow).toContainText('Alex Admin');
  await expect(page.getByRole('row').filter({ hasText: 'Created' }).filter({ hasText: 'tess.temp@example.org' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'settings-audit');

  await page.getByRole('tab', { name: 'Mail outbox' }).click();
  const row = page.getByRole('row').filter({ hasText: 'remy.reset@example.org' }).filter({ hasText: 'Your password has been reset' });
  await expect(row).toContainText('Sent');
  await row.getByRole('button', { name: /Show the message/ }).click();
  await expect(page.getByText('is not kept', { exact: false }).first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'settings-outbox');

  // Admins see neither tab.
  await page.context().clearCookies();
  await loginAs(page, 'admin');
  await page.goto('/app/settings');
  await expect(page.getByRole('tab', { name: 'Clubs' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Mail outbox' })).toHaveCount(0);
});
