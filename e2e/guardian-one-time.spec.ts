import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openDatabase } from '../src/server/db/index';
import { approvedReport, reportCycle } from '../src/server/modules/reports/reports.fixtures';
import { apiGet as get, apiPost as post, phoneContext } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * No e-mail server, still a way in for parents (docs/product.md#families): a user manager hands a parent
 * a one-time sign-in from the player's GUARDIANS panel — link and QR code, shown once — the parent's
 * own phone opens it and lands on My players, which lists the child's open offer and new report (made
 * through the API here), so no other link is needed; the link works once. Nothing is mailed: the
 * server's SMTP port has no listener in this spec.
 */
const INVALID = 'This sign-in link is invalid, used or expired.';
const made: { player?: number; team?: number; cycle?: number } = {};

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await context.newPage();
  await loginAs(page, 'admin');
  const csrf = (await (await page.request.get('/api/auth/me')).json()).data.csrfToken as string;
  const headers = { 'x-csrf-token': csrf };
  // The player first (its reports, offers and draft places go with it), then the team and the report cycle.
  if (made.player)
    expect([200, 404]).toContain((await page.request.post(`/api/player/${made.player}/delete`, { data: {}, headers })).status());
  if (made.team) expect([200, 404]).toContain((await page.request.post(`/api/team/${made.team}/delete`, { data: {}, headers })).status());
  if (made.cycle) {
    const database = openDatabase(databaseUrl());
    try {
      await database.db.deleteFrom('report_cycles').where('id', '=', made.cycle).execute();
    } finally {
      await database.close();
    }
  }
  await context.close();
});

const databaseUrl = () => process.env.E2E_DATABASE_URL ?? `sqlite:${join(process.env.E2E_DATA_DIR!, 'e2e.db')}`;

/** A new-season team and a finalised draft that places the player in it (the offer is sent later). */
async function placedInNewTeam(page: Page, playerId: number, stamp: string) {
  const season = await post(page, '/api/seasons', { name: `2027/28 one-time ${stamp}` });
  const all = (await get(page, '/api/teams')) as { id: number; name: string; categoryId: number; coachUser: number; coachRole: number }[];
  const source = all.find((t) => t.name === 'U14 Boys')!;
  const team = (await post(page, '/api/teams', {
    name: `U15 One-time ${stamp}`,
    category: source.categoryId,
    coachRole: source.coachRole,
    coachUser: source.coachUser,
    season: season.id,
  })) as { id: number; name: string };
  made.team = team.id;
  const draft = await post(page, '/api/drafts', {
    name: `One-time ${stamp}`,
    season_id: season.id,
    teams: [{ team_id: team.id, target_size: 1 }],
  });
  let version = (await post(page, `/api/draft/${draft.id}/candidates`, { expected_version: draft.version, player_ids: [playerId] }))
    .version;
  // A player without a birth year goes into the U15 team only with the override.
  version = (
    await post(page, `/api/draft/${draft.id}/move`, { expected_version: version, player_id: playerId, team_id: team.id, override: true })
  ).version;
  version = (await post(page, `/api/draft/${draft.id}/candidate/${playerId}`, { expected_version: version, decision: 'selected' })).version;
  await post(page, `/api/draft/${draft.id}/finalise`, { expected_version: version });
  return { draftId: draft.id as number, team };
}

test('a user manager hands a parent a one-time sign-in; the phone lands on My players with the open offer and new report; the link works once', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, 'admin');
  const stamp = String(Date.now() % 1_000_000);
  const email = `one-time.${stamp}@example.org`;
  const player = await post(page, '/api/players', {
    first_name: 'Ottoline',
    last_name: `Handover${stamp}`,
    email: `ottoline.${stamp}@example.org`,
    team_id: [((await get(page, '/api/teams')) as { id: number; name: string }[]).find((t) => t.name === 'U14 Boys')!.id],
  });
  made.player = player.id as number;
  await post(page, `/api/player/${player.id}/guardians`, { email, relationship: 'parent' });
  const { draftId, team } = await placedInNewTeam(page, player.id, stamp);

  // On a 375 px phone first (a user manager at the pitch), then on the desktop: each press makes a new link.
  const links: string[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.goto(`/app/player/${player.id}`);
    const panel = page.getByRole('region', { name: 'GUARDIANS' });
    await panel.getByRole('button', { name: `One-time sign-in for ${email}` }).click();
    const modal = page.getByRole('dialog', { name: 'One-time sign-in' });
    await expect(modal).toBeVisible();
    const link = await modal.getByRole('textbox', { name: 'Sign-in link' }).inputValue();
    expect(link).toMatch(/\/family\/sign-in\?token=[\w-]+/);
    await expect(modal.getByRole('img', { name: 'QR code of the sign-in link' })).toBeVisible();
    await expect(modal).toContainText(/works until \d\d:\d\d \(15 minutes\)/);
    await expect(modal.getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
    if (width === 375) await snap(page, 'guardian-one-time-sign-in');
    // Closing forgets it: nothing of the link stays on the page.
    await modal.getByRole('button', { name: 'Done' }).click();
    await expect(modal).toBeHidden();
    expect(await page.content()).not.toContain(new URL(link).searchParams.get('token')!);
    links.push(link);
  }
  const [replaced, handed] = links as [string, string];
  const path = (l: string) => {
    const u = new URL(l);
    return `${u.pathname}${u.search}`;
  };

  // The parent's own phone: the replaced link is refused, the newer one signs in and lands on My players.
  const phone = await phoneContext(browser);
  const parent = await phone.newPage();
  await parent.goto(path(replaced));
  await expect(parent.getByRole('alert')).toContainText(INVALID);
  await parent.goto(path(handed));
  await expect(parent).toHaveURL(/\/family$/);
  const card = parent.getByRole('region', { name: `Ottoline Handover${stamp}` });
  await expect(card).toBeVisible();
  // The family grants reports (offers and reports go to guardians whose reports consent counts).
  await card.getByRole('button', { name: 'Open' }).click();
  const reportsConsent = card.getByRole('switch', { name: 'Evaluation reports to the family' });
  await reportsConsent.click();
  await expect(reportsConsent).toBeChecked();
  await expect(card.getByText('In effect').first()).toBeVisible();
  // Closed again: what follows shows on the card itself.
  await card.getByRole('button', { name: 'Close' }).click();

  // Staff send the child's offer and a report; nothing is mailed anywhere the parent could read it.
  const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const preview = await post(page, `/api/draft/${draftId}/offers/preview`, { deadline });
  expect(preview.offers).toBe(1);
  await post(page, `/api/draft/${draftId}/offers`, { deadline, confirmation: preview.confirmation });
  const database = openDatabase(databaseUrl());
  try {
    made.cycle = await reportCycle(database.db, [team.id], `One-time cycle ${stamp}`);
    await approvedReport(database.db, { cycleId: made.cycle, playerId: player.id, teamId: team.id });
  } finally {
    await database.close();
  }
  const sent = (await post(page, `/api/team/${team.id}/report-delivery/${made.cycle}`, { confirm: true })) as {
    sent: number;
    failed: number;
  };
  // No SMTP listener: the mail fails, the report is sent all the same and reaches the portal.
  expect(sent.sent + sent.failed).toBe(1);

  // My players lists both for the child, without any link to copy.
  await parent.reload();
  const offers = card.getByRole('region', { name: 'Open offers for Ottoline' });
  await expect(offers).toContainText(`Ottoline is offered a place in ${team.name}.`);
  const reports = card.getByRole('region', { name: 'New reports for Ottoline' });
  await expect(reports.getByRole('link', { name: `One-time cycle ${stamp}` })).toBeVisible();
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(parent);
  await snap(parent, 'family-inbox');
  await parent.setViewportSize({ width: 375, height: 740 });

  // The report opens in the portal and is then no longer new; the offer is accepted from the portal.
  await reports.getByRole('link', { name: `One-time cycle ${stamp}` }).click();
  await expect(parent.getByRole('heading', { level: 1, name: `Ottoline Handover${stamp}` })).toBeVisible();
  await parent.getByRole('link', { name: '← My players' }).click();
  await expect(card.getByRole('region', { name: 'New reports for Ottoline' })).toHaveCount(0);
  await offers.getByRole('button', { name: `Accept the place in ${team.name}` }).click();
  await expect(parent.getByText('Ottoline has accepted the place.')).toBeVisible();
  await expect(card.getByRole('region', { name: 'Open offers for Ottoline' })).toHaveCount(0);
  await expectAccessible(parent);

  // The handed link a second time, on another phone: refused.
  const second = await phoneContext(browser);
  const again = await second.newPage();
  await again.goto(path(handed));
  await expect(again.getByRole('alert')).toContainText(INVALID);
  await expect(again).not.toHaveURL(/\/family$/);
  await second.close();
  await phone.close();

  // Staff see the answer: the offer is accepted.
  const listed = (await get(page, `/api/draft/${draftId}/offers`)) as { offers: { state: string }[] };
  expect(listed.offers.map((o) => o.state)).toEqual(['accepted']);
});
