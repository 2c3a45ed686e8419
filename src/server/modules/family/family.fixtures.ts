import type { Client, TestApp } from '../../test/harness.js';
import { clientFor } from '../../test/harness.js';
import { sendFamilyLink } from './family-auth.service.js';

/** The token of a family link mail's text. */
export const linkToken = (text: string): string => decodeURIComponent(/\/family\/sign-in\?token=(\S+)/.exec(text)![1]!);

/** Issues a sign-in link to the guardian (mail captured, not sent), signs in with it and answers the guardian's client. */
export async function familyLogin(t: TestApp, email: string): Promise<Client> {
  const guardian = await t.db.selectFrom('guardians').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  let text = '';
  await sendFamilyLink(t.db, { send: async (m) => void (text = m.text) }, 'http://club.test', guardian, 'signin');
  const res = await t.anon.post('/api/family/session', { token: linkToken(text) });
  if (res.statusCode !== 200) throw new Error(`family sign-in failed: ${res.statusCode} ${res.body}`);
  const set = res.cookies.find((c) => c.name === 'gsid' || c.name === '__Host-gsid')!;
  return clientFor(t.app, `${set.name}=${set.value}`, (res.json() as { data: { csrfToken: string } }).data.csrfToken);
}

/** A guardian (new e-mail) of two players, added by staff; the second link revoked when asked. */
export async function familyOf(admin: Client, email: string, players: number[]): Promise<{ links: number[] }> {
  const links: number[] = [];
  for (const id of players) {
    const res = await admin.post(`/api/player/${id}/guardians`, { email, relationship: 'parent' });
    if (res.statusCode !== 200) throw new Error(`add guardian failed: ${res.statusCode} ${res.body}`);
    links.push((res.json().data as { id: number; email: string }[]).find((l) => l.email === email)!.id);
  }
  return { links };
}
