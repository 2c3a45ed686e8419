import type { Browser, Page } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../src/server/mail/smtp-capture';
import { expect, test } from './fixtures';

/** Shared by the draft, offers and rollover specs: API set-up under the signed-in page's session. */

export async function apiPost(page: Page, url: string, data?: unknown) {
  const csrf = (await (await page.request.get('/api/auth/me')).json()).data.csrfToken as string;
  const res = await page.request.post(url, { data: data ?? {}, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

export const apiGet = async (page: Page, url: string) => (await (await page.request.get(url)).json()).data;

export interface Reachable {
  id: number;
  name: string;
  /** A guardian's address that receives the family's mail. */
  parent: string;
}

/** Up to `count` demo players of `teamName` with an active guardian who receives mail, after skipping `skip` of them. */
export async function reachablePlayers(page: Page, teamName: string, count: number, skip = 0): Promise<Reachable[]> {
  const all = (await apiGet(page, '/api/teams')) as { id: number; name: string }[];
  const team = all.find((t) => t.name === teamName)!;
  const members = (await apiGet(page, `/api/team/${team.id}/players?pageSize=200`)).data as {
    id: number;
    first_name: string;
    last_name: string;
  }[];
  const found: Reachable[] = [];
  for (const m of members) {
    const guardians = (await apiGet(page, `/api/player/${m.id}/guardians`)) as {
      email: string;
      status: string;
      receivesReports: boolean;
    }[];
    const parent = guardians.find((g) => g.status === 'active' && g.receivesReports);
    if (parent) found.push({ id: m.id, name: `${m.first_name} ${m.last_name}`, parent: parent.email });
    if (found.length === skip + count) break;
  }
  return found.slice(skip);
}

/**
 * A real SMTP capture on the port the server sends to (playwright.config.ts E2E_SMTP_PORT), for the
 * spec file that calls this: started before its tests, closed after them.
 */
export function useSmtpCapture(): { readonly mail: SmtpCapture } {
  const holder: { mail: SmtpCapture | undefined } = { mail: undefined };
  test.beforeAll(async () => {
    holder.mail = await startSmtpCapture(Number(process.env.E2E_SMTP_PORT));
  });
  test.afterAll(async () => {
    await holder.mail?.close();
  });
  return {
    get mail() {
      return holder.mail!;
    },
  };
}

/** The one-time offer link in a captured offer mail, as a path the phone's context opens. */
export function offerLinkOf(text: string): string {
  const link = new URL(/https?:\/\/\S+\/offer\?token=\S+/.exec(text)![0]);
  return `${link.pathname}${link.search}`;
}

/** A parent's own phone: 375 px, nobody signed in. */
export async function phoneContext(browser: Browser) {
  return browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
}

/** The rollover wizard's first step: source and target season chosen, nothing committed. */
export async function startRollover(page: Page, source: string, target: string) {
  await page.getByRole('textbox', { name: 'Source season' }).click();
  await page.getByRole('option', { name: source }).click();
  await page.getByRole('textbox', { name: 'Target season' }).click();
  await page.getByRole('option', { name: target }).click();
}
