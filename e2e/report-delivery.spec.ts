import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { openDatabase } from '../src/server/db/index';
import { startSmtpCapture, type SmtpCapture } from '../src/server/mail/smtp-capture';
import { signWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../src/server/policies/webhook';
import { approvedReport, COACH_COMMENT, reportCycle } from '../src/server/modules/reports/reports.fixtures';
import { expect, expectAccessible, loginAs, snap, test } from './fixtures';

/**
 * Report delivery (docs/product.md#reports): an admin previews a team × cycle ("N reports to M
 * recipients", one player listed as undeliverable with why) and sends; a parent opens the e-mailed
 * one-time link on a 375 px phone and reads the report; its PDF carries the coach's comment and no
 * private staff note; revoked, the report is gone for the parent. Approved reports are written into
 * the e2e database directly (drafting and approval are the reports screens' part). Mail goes over the
 * real SMTP path to a capture server (playwright.config.ts E2E_SMTP_PORT).
 */
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await smtp?.close();
});

const PRIVATE_NOTE = 'Private staff note: e2e only, never in a report';

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const me = await request.get('/api/auth/me');
  return { 'x-csrf-token': (await me.json()).data.csrfToken as string };
}

/** A cycle of the team with an approved report for each player; the last player's guardians do not receive reports. */
async function approvedReports(teamId: number, players: number[]): Promise<{ cycleId: number; reports: Map<number, number> }> {
  const database = openDatabase(process.env.E2E_DATABASE_URL ?? `sqlite:${join(process.env.E2E_DATA_DIR!, 'e2e.db')}`);
  try {
    const cycleId = await reportCycle(database.db, [teamId], `E2E cycle ${Date.now().toString(36)}`);
    const reports = new Map<number, number>();
    for (const p of players) reports.set(p, await approvedReport(database.db, { cycleId, playerId: p, teamId }));
    await database.db.updateTable('guardian_links').set({ receives_reports: 0 }).where('player_id', '=', players.at(-1)!).execute();
    return { cycleId, reports };
  } finally {
    await database.close();
  }
}

test('an admin bulk-sends after the preview; a parent opens the link on a phone, reads and downloads the report; revoked, it is gone', async ({
  page,
  browser,
}) => {
  // Several screens, each checked with axe and shot twice, on a machine shared by other runs.
  test.setTimeout(240_000);
  await loginAs(page, 'admin');
  const headers = await csrf(page.request);
  const teams = (await (await page.request.get('/api/teams')).json()).data as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'U14 Girls')!;
  const members = (await (await page.request.get(`/api/team/${team.id}/players?pageSize=100`)).json()).data.data as {
    id: number;
    name: string;
  }[];
  const players = members.map((m) => m.id).sort((a, b) => a - b);
  const { cycleId, reports } = await approvedReports(team.id, players);
  const child = members.find((m) => m.id === players[0])!;
  const skipped = members.find((m) => m.id === players.at(-1))!;
  expect((await page.request.post(`/api/player/${child.id}/notes`, { data: { details: PRIVATE_NOTE }, headers })).status()).toBe(200);
  const guardians = (await (await page.request.get(`/api/player/${child.id}/guardians`)).json()).data as {
    email: string;
    status: string;
    receivesReports: boolean;
  }[];
  const parentEmail = guardians.find((g) => g.status === 'active' && g.receivesReports)!.email;

  // The preview: nobody is skipped in silence.
  await page.goto(`/app/reports/send?team=${team.id}&cycle=${cycleId}`);
  await expect(page.getByRole('heading', { name: `${players.length - 1} reports to ${players.length - 1} recipients` })).toBeVisible();
  const cannot = page.getByRole('table', { name: 'Players who cannot be reached' });
  await expect(cannot.getByRole('row')).toHaveCount(2);
  await expect(cannot.getByRole('row', { name: new RegExp(skipped.name) })).toContainText('No guardian who receives reports');
  await expectAccessible(page);
  await snap(page, 'reports-send-preview');
  await page.getByRole('button', { name: `Send ${players.length - 1} reports` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reports sent' })).toContainText(`${players.length - 1} e-mails sent`);
  await expect(page.getByRole('heading', { name: '0 reports to 0 recipients' })).toBeVisible();

  const mail = await smtp.waitFor((m) => m.to.includes(parentEmail) && m.subject.startsWith('Evaluation report'));
  const link = new URL(/https?:\/\/\S+\/report\/open\?token=\S+/.exec(mail.text)![0]);

  // The parent's own phone: the link signs in once and opens the report.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const parent = await phone.newPage();
  await parent.goto(`${link.pathname}${link.search}`);
  await expect(parent.getByRole('heading', { level: 1, name: child.name })).toBeVisible();
  await expect(parent.getByText(COACH_COMMENT)).toBeVisible();
  expect(parent.url()).toContain(`/family/player/${child.id}/report/${reports.get(child.id)}`);
  await expect(parent.getByText(PRIVATE_NOTE)).toHaveCount(0);
  await expect(parent.getByText(/Casey|Jordan/)).toHaveCount(0);
  // Readable on the phone: nothing wider than the screen.
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(parent);
  await snap(parent, 'family-report');

  const [download] = await Promise.all([parent.waitForEvent('download'), parent.getByRole('link', { name: 'Download PDF' }).click()]);
  const text = (await new PDFParse({ data: readFileSync((await download.path())!) }).getText()).text;
  expect(text.replace(/\s+/g, ' ')).toContain(COACH_COMMENT);
  expect(text).not.toContain('Private staff note');

  // Staff see where it went on the player's profile.
  await page.goto(`/app/player/${child.id}`);
  const panel = page.getByRole('region', { name: 'REPORTS' });
  await expect(panel.getByText('viewed')).toBeVisible();
  await expect(panel.getByText(parentEmail)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'player-reports-panel');

  // Revoked: gone from the portal.
  const revoked = await page.request.post(`/api/report/${reports.get(child.id)}/revoke`, { headers });
  expect(revoked.status(), await revoked.text()).toBe(200);
  await parent.reload();
  await expect(parent.getByRole('alert')).toContainText('This report is not available');
  await parent.goto('/family');
  const card = parent.getByRole('region', { name: child.name });
  await card.getByRole('button', { name: 'Open' }).click();
  await expect(card.getByRole('region', { name: 'Reports' }).getByText('No reports yet.')).toBeVisible();
  await phone.close();
});

test('a player reads their own sent report in the player area and downloads it', async ({ page }) => {
  await loginAs(page, 'player');
  const me = (await (await page.request.get('/api/auth/me')).json()).data as { player: number };
  const profile = (await (await page.request.get(`/api/player/${me.player}`)).json()).data as {
    teamIds: number[];
    first_name: string;
    last_name: string;
  };
  const database = openDatabase(process.env.E2E_DATABASE_URL ?? `sqlite:${join(process.env.E2E_DATA_DIR!, 'e2e.db')}`);
  let reportId: number;
  try {
    const cycleId = await reportCycle(database.db, [profile.teamIds[0]!], 'Player cycle');
    reportId = await approvedReport(database.db, { cycleId, playerId: me.player, teamId: profile.teamIds[0]!, state: 'sent' });
  } finally {
    await database.close();
  }
  await page.goto(`/player/${me.player}/reports`);
  await page.getByRole('link', { name: 'Player cycle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${profile.first_name} ${profile.last_name}` })).toBeVisible();
  await expect(page.getByText(COACH_COMMENT)).toBeVisible();
  expect(page.url()).toContain(`/player/${me.player}/report/${reportId}`);
  await expectAccessible(page);
  await snap(page, 'player-report');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  const text = (await new PDFParse({ data: readFileSync((await download.path())!) }).getText()).text;
  expect(text.replace(/\s+/g, ' ')).toContain(COACH_COMMENT);
  await page.goto(`/player/${me.player}/reports`);
  await expect(page.getByRole('link', { name: 'Player cycle' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'player-reports');
  // A used or unknown link says so and offers both sign-ins.
  await page.goto('/report/open?token=not-a-real-token');
  await expect(page.getByRole('alert')).toContainText('invalid, used or expired');
  expect(page.url()).not.toContain('token=');
  await expectAccessible(page);
  await snap(page, 'report-link-invalid');
});

test('a provider\'s bounce notice shows "bounced" on the player\'s profile and flags the guardian', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const headers = await csrf(page.request);
  const teams = (await (await page.request.get('/api/teams')).json()).data as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'U14 Girls')!;
  const members = (await (await page.request.get(`/api/team/${team.id}/players?pageSize=100`)).json()).data.data as { id: number }[];
  // A player of the team with an active guardian who receives reports (read, not assumed).
  let child: number | undefined;
  let parentEmail = '';
  for (const m of members.map((x) => x.id).sort((a, b) => a - b)) {
    const gs = (await (await page.request.get(`/api/player/${m}/guardians`)).json()).data as {
      email: string;
      status: string;
      receivesReports: boolean;
    }[];
    const g = gs.find((x) => x.status === 'active' && x.receivesReports);
    if (g) {
      child = m;
      parentEmail = g.email;
      break;
    }
  }
  expect(child).toBeDefined();
  const database = openDatabase(process.env.E2E_DATABASE_URL ?? `sqlite:${join(process.env.E2E_DATA_DIR!, 'e2e.db')}`);
  let cycleId: number;
  try {
    cycleId = await reportCycle(database.db, [team.id], `Bounce cycle ${Date.now().toString(36)}`);
    await approvedReport(database.db, { cycleId, playerId: child!, teamId: team.id });
  } finally {
    await database.close();
  }
  const sent = await page.request.post(`/api/team/${team.id}/report-delivery/${cycleId}`, { data: { confirm: true }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  // The provider names the mail by the Message-ID it went out with.
  const mail = await smtp.waitFor((m) => m.to.includes(parentEmail) && m.subject.includes('Bounce cycle'));
  const messageId = /^message-id:\s*(<[^>]+>)/im.exec(mail.raw)![1]!;

  const body = JSON.stringify({ type: 'bounce', message_id: messageId, email: parentEmail, reason: '550 5.1.1 Mailbox does not exist' });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await page.request.post('/api/mail/bounces', {
    data: body,
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signWebhook(process.env.E2E_WEBHOOK_SECRET!, timestamp, body),
    },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto(`/app/player/${child}`);
  const panel = page.getByRole('region', { name: 'REPORTS' });
  const row = panel.getByText(parentEmail).filter({ hasText: 'Mailbox does not exist' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/bounced/i);
  await expect(page.getByRole('region', { name: 'GUARDIANS' }).getByText('e-mail bouncing')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'player-report-bounced');

  // The team's reports list of the cycle counts it, linking to the profile.
  await page.goto(`/app/reports/${cycleId!}/team/${team.id}`);
  const badge = page.getByRole('link', { name: '1 not delivered' });
  await expect(badge).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'team-reports-undelivered');
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`/app/player/${child}$`));
});
