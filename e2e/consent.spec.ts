import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../src/server/mail/smtp-capture';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Consent (docs/product.md#families, ADR 0019): an admin publishes a new version of the media wording in
 * Settings; a parent who agreed under the earlier one sees so on the family portal and confirms again.
 * A parent withdraws media consent: the child's photo is gone from a team-mate's player-area board on
 * the next load (the server sends no key, and refuses the file), while staff still see it.
 */
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await smtp?.close();
});

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  return { 'x-csrf-token': (await (await request.get('/api/auth/me')).json()).data.csrfToken as string };
}

/** A parent's own phone, signed in by the link e-mailed on request (the sign-in page's "E-mail me a link"). */
async function parentPhone(browser: Browser, email: string): Promise<Page> {
  const before = smtp.messages.length;
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const page = await phone.newPage();
  expect((await page.request.post('/api/family/sign-in-link', { data: { email } })).status()).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before);
  const link = new URL(/https?:\/\/\S+\/family\/sign-in\?token=\S+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'My players' })).toBeVisible();
  return page;
}

async function activeGuardianOf(request: APIRequestContext, playerId: number): Promise<string> {
  const links = (await (await request.get(`/api/player/${playerId}/guardians`)).json()).data as { email: string; status: string }[];
  return links.find((l) => l.status === 'active')!.email;
}

test('Settings › Consent wording: publish a new version; a parent sees "earlier wording" and confirms again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await page.goto('/app/settings?tab=consent');
  const media = page.getByRole('region', { name: 'Photos and video' });
  await expect(media.getByText('Version 1 · built in')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Evaluation reports to the family' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Name on the public leaderboard' })).toBeVisible();
  const publish = media.getByRole('button', { name: 'Publish version 2' });
  await expect(publish).toBeDisabled();
  await expectAccessible(page);

  const field = media.getByLabel('Wording in force');
  await field.fill('Too short');
  await publish.click();
  await expect(page.getByText('Write at least 20 characters.')).toBeVisible();
  const wording = 'The club may show photos and videos of my child on club pages and at club events, never to sponsors.';
  await field.fill(wording);
  await media.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(media.getByText(/^Version 2 · published/)).toBeVisible();
  await expect(media.getByRole('button', { name: 'Publish version 3' })).toBeDisabled();
  await expect(media.getByText(/consents were given under an earlier wording/)).toBeVisible();
  await media.getByText('Earlier versions (1)').click();
  await expect(media.getByText('Version 1 · built in')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'settings-consent-wording');

  // The demo parent agreed under version 1.
  const parent = await parentPhone(browser, 'parent@demo.club');
  const card = parent.getByRole('region').first();
  await card.getByRole('button', { name: 'Open' }).click();
  await expect(card.getByText(wording)).toBeVisible();
  await expect(card.getByText('Given under an earlier wording')).toBeVisible();
  await expectAccessible(parent);
  await snap(parent, 'family-earlier-wording');
  await card.getByRole('button', { name: 'Confirm again' }).click();
  await expect(card.getByText('Given under an earlier wording')).toHaveCount(0);
  await expect(card.getByRole('switch', { name: 'Photos and video' })).toBeChecked();
  await parent.context().close();
});

test("a withdrawn media consent: the photo is gone from a team-mate's player-area board at once; staff still see it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const player = await (await browser.newContext()).newPage();
  await loginAs(player, 'player');
  const me = (await (await player.request.get('/api/auth/me')).json()).data as { player: number };
  const self = (await (await player.request.get(`/api/player/${me.player}`)).json()).data as { teamIds: number[] };
  const teamId = self.teamIds[0]!;
  const rows = (await (await player.request.get(`/api/leaderboard/players?team_id=${teamId}`)).json()).data.rows as { id: number }[];
  const mateId = rows.find((r) => r.id !== me.player)!.id;

  // Staff give the team-mate a photo.
  await loginAs(page, 'admin');
  const headers = await csrf(page.request);
  const mate = (await (await page.request.get(`/api/player/${mateId}`)).json()).data as {
    first_name: string;
    last_name: string;
    dob: number | null;
    player_email: string | null;
    teamIds: number[];
  };
  const saved = await page.request.post(`/api/player/${mateId}`, {
    data: {
      first_name: mate.first_name,
      last_name: mate.last_name,
      dob: mate.dob,
      player_email: mate.player_email ?? '',
      team_id: mate.teamIds,
      profile_img: PNG,
    },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const key = (await saved.json()).data.profile_img as string;
  const photo = player.locator(`img[src$="${key}"]`);

  // The family consents (demo): the team-mate's photo shows on the player's team board.
  await player.goto(`/player/${me.player}/team/${teamId}/leaderboard`);
  await expect(photo).toBeVisible();

  const parent = await parentPhone(browser, await activeGuardianOf(page.request, mateId));
  const card = parent.getByRole('region', { name: `${mate.first_name} ${mate.last_name}` });
  await card.getByRole('button', { name: 'Open' }).click();
  const media = card.getByRole('switch', { name: 'Photos and video' });
  await expect(media).toBeChecked();
  await media.click();
  await expect(media).not.toBeChecked();
  await parent.context().close();

  await player.reload();
  await expect(player.getByRole('table')).toBeVisible();
  await expect(player.getByText(`${mate.first_name} ${mate.last_name}`)).toBeVisible();
  await expect(photo).toHaveCount(0);
  expect((await player.request.get(`/assets/images/users/${key}`)).status()).toBe(404);
  await snap(player, 'player-board-media-withdrawn');

  // The public board never shows photos; staff pages still do.
  await player.goto('/leaderboard');
  await expect(player.getByRole('table')).toBeVisible();
  await expect(player.locator('img[src*="/assets/images/users/"]')).toHaveCount(0);
  await page.goto(`/app/player/${mateId}`);
  await expect(page.locator(`img[src$="${key}"]`).first()).toBeVisible();
  await player.context().close();
  // Leave the demo team-mate as the other specs know it: no photo.
  const cleared = await page.request.post(`/api/player/${mateId}`, {
    data: {
      first_name: mate.first_name,
      last_name: mate.last_name,
      dob: mate.dob,
      player_email: mate.player_email ?? '',
      team_id: mate.teamIds,
      profile_img: null,
    },
    headers,
  });
  expect(cleared.status()).toBe(200);
});
