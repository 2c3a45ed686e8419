import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/** Names carry the attempt number, so that a retry never meets what a failed attempt created. */
const named = (name: string) => (test.info().retry ? `${name} ${test.info().retry}` : name);

/** A write through the API with the session's CSRF token (setup for the screen under test). */
async function apiPost(page: Page, url: string, data: unknown) {
  const me = await page.request.get('/api/auth/me');
  const csrf = (await me.json()).data.csrfToken as string;
  const res = await page.request.post(url, { data, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

const none = { teams: 0, players: 0, evaluation: 0, criteria: 0, user_management: 0, reports: 0, resources: 0, emails: 0, sessions: 0 };

test('the roles table lists every role with its users', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'admin');
  await page.goto('/app/roles');
  await expect(page.getByRole('heading', { name: 'Roles and Permissions' })).toBeVisible();
  const coachRow = page.getByRole('row').filter({ has: page.getByText('Coach', { exact: true }) });
  await expect(coachRow).toContainText('Casey Coach');
  await expect(coachRow.getByRole('button', { name: 'Edit Coach' })).toBeVisible();
  // Player and Coach (and the admin roles) cannot be deleted: no delete button.
  await expect(page.getByRole('button', { name: 'Delete Coach' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Player' })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'roles');
});

test('the permissions matrix: required title, at least one permission, read/write rules, Select All', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'admin');
  await page.goto('/app/roles');
  await page.getByRole('button', { name: 'Add Role' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Role' });
  await modal.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByRole('tooltip').filter({ hasText: 'This field is required' })).toBeVisible();
  await expect(modal.getByRole('alert')).toHaveText('Please select at least one permission');
  // The highlight goes away after 5 seconds.
  await expect(page.getByRole('tooltip').filter({ hasText: 'This field is required' })).toHaveCount(0, { timeout: 7000 });

  const read = modal.getByRole('checkbox', { name: 'Players read' });
  const write = modal.getByRole('checkbox', { name: 'Players write' });
  await expect(write).toBeDisabled();
  await read.check();
  await expect(write).toBeEnabled();
  await write.check();
  await read.uncheck();
  await expect(write).not.toBeChecked();
  await expect(write).toBeDisabled();

  // An Admin cannot set the Admin option (Superadmin only).
  await expect(modal.getByRole('checkbox', { name: /^Admin/ })).toBeDisabled();
  await modal.getByRole('checkbox', { name: 'Select All' }).check();
  for (const name of ['Teams write', 'Emails write', 'User management write'])
    await expect(modal.getByRole('checkbox', { name })).toBeChecked();
  await modal.getByRole('checkbox', { name: 'Select All' }).uncheck();
  await expect(modal.getByRole('checkbox', { name: 'Teams read' })).not.toBeChecked();

  await modal.getByLabel('Title').fill(named('Video Analyst'));
  await modal.getByRole('checkbox', { name: 'Reports read' }).check();
  await modal.getByRole('checkbox', { name: 'Resources read' }).check();
  await expectAccessible(page);
  await snap(page, 'roles-add-modal');
  await modal.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: named('Video Analyst') })).toBeVisible();

  // Server error (duplicate title) shows on the title field.
  await page.getByRole('button', { name: 'Add Role' }).click();
  await modal.getByLabel('Title').fill(named('video analyst'));
  await modal.getByRole('checkbox', { name: 'Reports read' }).check();
  await modal.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByRole('tooltip').filter({ hasText: 'A role with this title already exists.' })).toBeVisible();
});

test('edit and delete a role; a role with users cannot be deleted', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'admin');
  const role = await apiPost(page, '/api/roles', { title: 'Physio', permissions: { ...none, players: 1 } });
  await apiPost(page, '/api/roles', { title: named('Team Doctor'), permissions: { ...none, players: 1 } });
  await page.goto('/app/roles');

  await page.getByRole('button', { name: 'Edit Physio' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Role' });
  await expect(edit.getByRole('checkbox', { name: 'Players read' })).toBeChecked();
  await edit.getByRole('checkbox', { name: 'Evaluation read' }).check();
  await edit.getByLabel('Title').fill(named('Physiotherapist'));
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: named('Physiotherapist') })).toBeVisible();

  await apiPost(page, '/api/users', { first_name: 'Pat', last_name: 'Physio', email: 'pat.physio@example.org', role: role.id });
  await page.reload();
  await page.getByRole('button', { name: `Delete ${named('Physiotherapist')}` }).click();
  const del = page.getByRole('dialog', { name: 'Delete Role' });
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(del.getByRole('alert')).toHaveText(
    'You cannot delete this role since it has users associated with it. Delete or re-assign the users to continue.',
  );
  await del.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Delete ${named('Team Doctor')}` }).click();
  await page.getByRole('dialog', { name: 'Delete Role' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: named('Team Doctor') })).toHaveCount(0);
});

test('Superadmin sets the Admin option, which gives user management read', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'superadmin');
  await page.goto('/app/roles');
  // Nobody edits their own role.
  await expect(page.getByRole('button', { name: 'Edit Superadmin' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add Role' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Role' });
  await modal.getByLabel('Title').fill(named('Club Office'));
  await modal.getByRole('checkbox', { name: /^Admin/ }).check();
  await expect(modal.getByRole('checkbox', { name: 'User management read' })).toBeChecked();
  await modal.getByRole('checkbox', { name: 'User management read' }).uncheck();
  await expect(modal.getByRole('checkbox', { name: /^Admin/ })).not.toBeChecked();
  await modal.getByRole('checkbox', { name: /^Admin/ }).check();
  await modal.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByText('Operation successful!')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: named('Club Office') });
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
});

test('coaches cannot open the roles page', async ({ page }) => {
  test.slow(); // long multi-step flow on a shared machine
  await loginAs(page, 'coach');
  await page.goto('/app/roles');
  await expect(page).toHaveURL(/\/app\/unauthorized$/);
});
