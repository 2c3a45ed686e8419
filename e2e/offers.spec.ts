import type { Page } from '@playwright/test';
import { apiGet as get, apiPost as post, offerLinkOf, phoneContext, reachablePlayers, useSmtpCapture } from './api';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Offers (docs/product.md#offers): a finalised draft (built through the draft board's API from demo
 * players whose families receive e-mail) sends its offers after the preview; a parent opens the
 * e-mailed one-time link on a 375 px phone and accepts; the team's roster shows the player. Mail goes
 * over the real SMTP path to a capture server (playwright.config.ts E2E_SMTP_PORT).
 */
const smtp = useSmtpCapture();

/** A new season's team, and a finalised draft placing two reachable demo players in it (a third waitlisted). */
async function finalisedDraft(page: Page, stamp: string) {
  const season = await post(page, '/api/seasons', { name: `2027/28 offers ${stamp}` });
  const all = (await get(page, '/api/teams')) as { id: number; name: string; categoryId: number; coachUser: number; coachRole: number }[];
  const source = all.find((t) => t.name === 'U14 Boys')!;
  const team = await post(page, '/api/teams', {
    name: `U15 Offers ${stamp}`,
    category: source.categoryId,
    coachRole: source.coachRole,
    coachUser: source.coachUser,
    season: season.id,
  });
  const reachable = await reachablePlayers(page, 'U14 Boys', 3);
  const [a, b, c] = reachable as [(typeof reachable)[number], (typeof reachable)[number], (typeof reachable)[number]];
  const draft = await post(page, '/api/drafts', {
    name: `Offers ${stamp}`,
    season_id: season.id,
    teams: [{ team_id: team.id, target_size: 2 }],
  });
  let version = (await post(page, `/api/draft/${draft.id}/candidates`, { expected_version: draft.version, player_ids: [a.id, b.id, c.id] }))
    .version;
  // Demo players of any age go into the U15 team: across age groups, so with the override.
  for (const p of [a, b, c])
    version = (
      await post(page, `/api/draft/${draft.id}/move`, { expected_version: version, player_id: p.id, team_id: team.id, override: true })
    ).version;
  for (const [p, decision] of [
    [a, 'selected'],
    [b, 'selected'],
    [c, 'waitlisted'],
  ] as const)
    version = (await post(page, `/api/draft/${draft.id}/candidate/${p.id}`, { expected_version: version, decision })).version;
  await post(page, `/api/draft/${draft.id}/finalise`, { expected_version: version });
  return { draftId: draft.id as number, team: team as { id: number; name: string }, child: a, other: b };
}

test('staff send offers after the preview; a parent accepts by link on a phone; the team shows the player', async ({ page, browser }) => {
  await loginAs(page, 'admin');
  const stamp = String(Date.now() % 1_000_000);
  const { draftId, team, child } = await finalisedDraft(page, stamp);

  // From the finalised board to its offers.
  await page.goto(`/app/teams/drafts/${draftId}`);
  await page.getByRole('link', { name: 'Offers', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/app/teams/drafts/${draftId}/offers$`));
  await expect(page.getByText('No offers have been sent for this draft yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Preview offers' }).click();
  const heading = page.getByRole('heading', { name: /^2 offers to \d+ recipients$/ });
  await expect(heading).toBeVisible();
  const toSend = page.getByRole('table', { name: 'Offers to send' });
  await expect(toSend.getByRole('row', { name: new RegExp(child.name) })).toContainText(child.parent);
  await expectAccessible(page);
  await snap(page, 'offers-preview');
  const recipients = Number(/to (\d+) recipients/.exec((await heading.textContent())!)![1]);

  await page.getByRole('button', { name: 'Send 2 offers' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Offers sent' })).toContainText(`2 offers sent to ${recipients} recipients`);
  const offers = page.getByRole('table', { name: 'Offers' });
  await expect(offers.getByRole('row', { name: new RegExp(child.name) })).toContainText('Pending');

  const mail = await smtp.mail.waitFor((m) => m.to.includes(child.parent) && m.subject.includes(team.name));
  const link = offerLinkOf(mail.text);

  // The parent's own phone: no sign-in, the link shows the offer and takes one answer.
  const phone = await phoneContext(browser);
  const parent = await phone.newPage();
  await parent.goto(link);
  await expect(parent.getByText(`${child.name.split(' ')[0]} is offered a place in ${team.name}.`)).toBeVisible();
  expect(parent.url()).not.toContain('token=');
  await expect(parent.getByText(child.name.split(' ').slice(1).join(' '))).toHaveCount(0);
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(parent);
  await parent.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/offer-link-phone.png`, fullPage: true });
  await parent.getByRole('button', { name: 'Accept' }).click();
  await expect(parent.getByRole('status').filter({ hasText: 'Thank you' })).toContainText(`has accepted the place in ${team.name}`);
  await expectAccessible(parent);
  await parent.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/offer-accepted-phone.png`, fullPage: true });

  // The same link again: the first answer counted.
  const again = await phone.newPage();
  await again.goto(link);
  await expect(again.getByRole('status')).toContainText('can no longer be answered');
  await phone.close();

  // Staff: the offer is accepted and the team's roster holds the player.
  await page.reload();
  await expect(offers.getByRole('row', { name: new RegExp(child.name) })).toContainText('Accepted');
  await snap(page, 'offers-list');
  await page.goto(`/app/team/${team.id}/players`);
  await expect(page.getByText(child.name).first()).toBeVisible();

  // The specs share one demo database: the demo coach's teams are the demo club's again for later specs.
  await post(page, `/api/team/${team.id}/delete`);
});
