import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/** Names carry the attempt number, so that a retry never meets what a failed attempt created. */
const named = (name: string) => (test.info().retry ? `${name} ${test.info().retry}` : name);

async function apiPost(page: Page, url: string, data: unknown) {
  const me = await page.request.get('/api/auth/me');
  const csrf = (await me.json()).data.csrfToken as string;
  const res = await page.request.post(url, { data, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}
async function roleId(page: Page, key: string): Promise<number> {
  const roles = (await (await page.request.get('/api/roles')).json()).data as { id: number; key: string | null }[];
  return roles.find((r) => r.key === key)!.id;
}
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
async function rowAction(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('users table, role filter, and what an Admin may do to Superadmin rows', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'admin');
  await page.goto('/app/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  for (const h of ['Name', 'Email Address', 'Role']) await expect(page.getByRole('columnheader', { name: h })).toBeVisible();
  await expect(rowOf(page, 'coach@demo.club')).toContainText('Coach');
  // Admins cannot manage Superadmin users: no actions on that row.
  await expect(page.getByRole('button', { name: 'Actions for Sam Superadmin' })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'users');

  await page.getByRole('textbox', { name: 'Filter by role' }).click();
  await page.getByRole('option', { name: 'Coach', exact: true }).click();
  // Other specs share the demo database and add coaches: count them through the API.
  const users = (await (await page.request.get('/api/users')).json()).data as { role_title: string }[];
  await expect(page.getByRole('row')).toHaveCount(1 + users.filter((u) => u.role_title === 'Coach').length);
  await expect(rowOf(page, 'jordan.reyes@demo.club')).toBeVisible();
  await expect(rowOf(page, 'admin@demo.club')).toHaveCount(0);
});

test('Add Single, server error on the email field, and Edit (email and role fixed)', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'admin');
  await page.goto('/app/users');
  await page.getByRole('button', { name: 'Add New User' }).click();
  await page.getByRole('menuitem', { name: 'Add Single' }).click();
  const modal = page.getByRole('dialog', { name: 'Add User' });
  await modal.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('tooltip').filter({ hasText: 'This field is required' }).first()).toBeVisible();
  await modal.getByLabel('First name').fill('Erin');
  await modal.getByLabel('Last name').fill(named('Evans'));
  await modal.getByLabel('Email').fill('coach@demo.club');
  await modal.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Coach', exact: true }).click();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Add User' }).click();
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'A user with the e-mail address coach@demo.club already exists.' }),
  ).toBeVisible();
  await modal.getByLabel('Email').fill(`erin.evans${test.info().retry || ''}@example.org`);
  await modal.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(rowOf(page, `erin.evans${test.info().retry || ''}@example.org`)).toContainText(`Erin ${named('Evans')}`);

  await rowAction(page, `Erin ${named('Evans')}`, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Email')).toBeDisabled();
  await expect(edit.getByRole('textbox', { name: 'Role' })).toBeDisabled();
  await edit.getByLabel('First name').fill('Erica');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Operation successful!').first()).toBeVisible();
  await expect(rowOf(page, `erin.evans${test.info().retry || ''}@example.org`)).toContainText(`Erica ${named('Evans')}`);
});

test('Add Bulk with the CSV template: row errors, then a good file', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'admin');
  await page.goto('/app/users');
  await page.getByRole('button', { name: 'Add New User' }).click();
  await page.getByRole('menuitem', { name: 'Add Bulk' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Users in Bulk' });
  await expect(modal.getByRole('link', { name: 'Download CSV template' })).toHaveAttribute('href', /FirstName%2CLastName%2CEmail/);
  await modal.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Coach', exact: true }).click();
  const input = modal.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'users.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('FirstName,LastName,Email\nGail,Green,gail@example.org\n,Nobody,nobody@example.org\n'),
  });
  await modal.getByRole('button', { name: 'Upload' }).click();
  await expect(modal.getByRole('alert')).toContainText('Error: row 3: FirstName: This field is required');
  await expect(rowOf(page, 'gail@example.org')).toHaveCount(0);
  await snap(page, 'users-bulk-error');

  await input.setInputFiles({
    name: 'users.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('FirstName,LastName,Email\nGail,Green,gail@example.org\nHank,Hill,hank@example.org\n'),
  });
  await modal.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(rowOf(page, 'gail@example.org')).toBeVisible();
  await expect(rowOf(page, 'hank@example.org')).toBeVisible();
});

test('row actions: suspend (icon), reactivate, reset password, delete', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'admin');
  await apiPost(page, '/api/users', {
    first_name: 'Ivy',
    last_name: 'Irons',
    email: 'ivy.irons@example.org',
    role: await roleId(page, 'coach'),
  });
  await page.goto('/app/users');

  await rowAction(page, 'Ivy Irons', 'Suspend user');
  await page.getByRole('dialog', { name: 'Suspend user' }).getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(rowOf(page, 'ivy.irons@example.org').getByRole('img', { name: 'Suspended' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'users-suspended');

  await rowAction(page, 'Ivy Irons', 'Reactivate user');
  await page.getByRole('dialog', { name: 'Reactivate user' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(rowOf(page, 'ivy.irons@example.org').getByRole('img', { name: 'Suspended' })).toHaveCount(0);

  await rowAction(page, 'Ivy Irons', 'Reset Password');
  await page.getByRole('dialog', { name: 'Reset Password' }).getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeHidden();
  await expect(page.getByText('Operation successful!').first()).toBeVisible();

  await rowAction(page, 'Ivy Irons', 'Delete');
  await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, 'ivy.irons@example.org')).toHaveCount(0);
});

test('row actions: the coach guard, View Profile for players (no Reset Password), View Teams for coaches', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'admin');
  await page.goto('/app/users');
  // A coach assigned to teams cannot be suspended: the product's message names the user.
  await rowAction(page, 'Casey Coach', 'Suspend user');
  const dialog = page.getByRole('dialog', { name: 'Suspend user' });
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Casey Coach is currently assigned as a coach and cannot be suspended or deleted. To proceed, please reassign the teams to a different coach.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Players have no Reset Password; coaches have View Teams; players View Profile.
  await page
    .getByRole('button', { name: /^Actions for / })
    .last()
    .waitFor();
  const playerRow = rowOf(page, 'player@demo.club');
  await playerRow.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Reset Password' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(/\/app\/player\/\d+$/);
  await page.goto('/app/users');
  await rowAction(page, 'Casey Coach', 'View Teams');
  await expect(page).toHaveURL(/\/app\/coach\/\d+\/teams$/);
});

test('coaches cannot open the users page', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'coach');
  await page.goto('/app/users');
  await expect(page).toHaveURL(/\/app\/unauthorized$/);
});
