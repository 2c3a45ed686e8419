import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_OFFER_LINK } from '../../../shared/schemas/offer.js';
import { INVALID_REPORT_LINK } from '../../../shared/schemas/report-delivery.js';
import type { PlayerPrivacy } from '../../../shared/schemas/privacy.js';
import { loadOutboxKey, PREFIX, unseal } from '../../mail/outbox-seal.js';
import { dayOffset, nowIso, nowMs, todayDate } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { hashPassword } from '../auth/passwords.js';
import { INVALID_FAMILY_LINK } from '../family/family-auth.service.js';
import { familyLogin, linkToken } from '../family/family.fixtures.js';
import { handoverMessages } from '../handover/handover.service.js';
import { finalisedDraft, offerToken } from '../offers/offers.fixtures.js';
import { demoIds, pngDataUrl, type DemoIds } from '../players/players.fixtures.js';
import { approvedReport, reportCycle } from '../reports/reports.fixtures.js';
import type { PlayerExport } from './export.service.js';

/**
 * The erasure scan (docs/product.md#privacy): a player with two guardians, an account, evaluations,
 * notes, a photo and a PDF, a report sent and viewed, an offer, a draft decision with a reason, an
 * import that kept them, an upload never run, a claim link, reset and sign-in links, a cached link
 * preview and sign-in counters is erased through the request → approve flow. Then every column of
 * every table (the live schema, files and imports included), the throttle counters and the outbox
 * (sealed texts opened) hold neither their names nor addresses, and every link of theirs is dead.
 */
const FIRST = 'Zephyrine';
const LAST = 'Quorvalle';
const PARENT = 'Oriel';
const PLAYER_EMAIL = 'zephyrine.q@example.org';
const PARENT_EMAIL = 'oriel.q@example.org';
const HOME_EMAIL = 'zq.home@example.org';
const NEEDLES = [FIRST, LAST, PARENT, PLAYER_EMAIL, PARENT_EMAIL, HOME_EMAIL].map((n) => n.toLowerCase());
const PASSWORD = 'Erasure scan 2026!';

let t: TestApp, admin: Client, ids: DemoIds;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('superadmin');
  ids = await demoIds(t);
}, 60_000);
afterAll(() => t.close());

const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const textOf = (value: unknown): string =>
  value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : typeof value === 'string' ? value : '';

/** Every column of every table of the live schema, the throttle counters and the opened outbox: where a needle is. */
async function traces(): Promise<string[]> {
  const tables =
    t.dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            t.db,
          )
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.db)).rows;
  const hits: string[] = [];
  const look = (where: string, value: unknown) => {
    const text = textOf(value).toLowerCase();
    if (NEEDLES.some((n) => text.includes(n))) hits.push(`${where}: ${text.slice(0, 100)}`);
  };
  for (const { name } of tables) {
    for (const row of (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db)).rows)
      for (const [column, value] of Object.entries(row)) look(`${name}.${column}`, value);
  }
  if (t.dialect === 'sqlite')
    for (const row of await t.app.database.limits.selectFrom('rate_limits').selectAll().execute()) look('rate_limits.key', row.key);
  const key = loadOutboxKey(t.app.config);
  for (const m of await t.db.selectFrom('mail_outbox').select(['id', 'to_address', 'text']).execute())
    if (m.text.startsWith(PREFIX)) look(`mail_outbox.text (opened) #${m.id}`, unseal(key, m.to_address, m.text));
  return hits;
}

/** The link in the newest mail to this address: the test holds the outbox key and opens the sealed text. */
async function linkTo(to: string, pattern: RegExp): Promise<string> {
  const key = loadOutboxKey(t.app.config);
  // Some links are mailed after the answer (the same answer whether the address exists): wait for the mail.
  for (const until = nowMs() + 5000; nowMs() < until; await new Promise((r) => setTimeout(r, 20))) {
    const rows = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'text'])
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .execute();
    for (const r of rows) {
      const found = pattern.exec(r.text.startsWith(PREFIX) ? unseal(key, r.to_address, r.text) : r.text);
      if (found) return decodeURIComponent(found[1]!);
    }
  }
  throw new Error(`no mail to ${to} with ${pattern}`);
}

describe('the erasure scan', () => {
  it('leaves no trace of the player and their guardians anywhere, and every link and sign-in of theirs is dead', async () => {
    const year = Number(todayDate().slice(0, 4)) - 17;
    const criterion = (await t.db.selectFrom('criteria').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

    // An import creates the player; an evaluation recorded since makes its undo keep them, by name.
    const csv = `First name,Last name,Parent e-mail,Birth year\n${FIRST},${LAST},${HOME_EMAIL},${year}\n`;
    const up = data<{ id: number; mapping: Record<string, number> }>(
      await admin.upload('/api/imports/players/upload', {}, { field: 'file', name: 'players.csv', content: csv }),
    );
    const plan = data<{ plan_hash: string }>(await admin.post(`/api/import/${up.id}/validate`, { mapping: up.mapping, team_id: ids.own }));
    data(await admin.post(`/api/import/${up.id}/commit`, { plan_hash: plan.plan_hash }));
    const id = (await t.db.selectFrom('players').select('id').where('last_name', '=', LAST).executeTakeFirstOrThrow()).id;
    data(
      await admin.post(`/api/player/${id}/evaluation`, {
        criteria_id: criterion,
        score: 8,
        notes: `${FIRST} ${LAST} reads the game well`,
        video_links: [`https://example.org/${LAST}-highlights`],
      }),
    );
    const undone = data<{ kept: string[] }>(await admin.post(`/api/import/${up.id}/undo`));
    expect(undone.kept).toEqual([`${FIRST} ${LAST} was kept: since the import evaluations were recorded.`]);
    // An upload never run, holding the player's cells.
    data(await admin.upload('/api/imports/players/upload', {}, { field: 'file', name: `${LAST}.csv`, content: csv }));

    // The player's own sign-in, photo, PDF, note; a guardian with a name; a cached preview of the video link.
    data(
      await admin.post(`/api/player/${id}`, {
        first_name: FIRST,
        last_name: LAST,
        dob: String(year),
        player_email: PLAYER_EMAIL,
        profile_img: await pngDataUrl(),
        team_id: [ids.own],
      }),
    );
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('player_id', '=', id)
      .execute();
    const player = await t.login({ email: PLAYER_EMAIL, password: PASSWORD });
    data(
      await admin.upload(
        `/api/player/${id}/analysis`,
        { video_links: `https://example.org/${FIRST}-analysis` },
        { field: 'pdf', name: `${LAST}-analysis.pdf`, content: `%PDF-1.4\n% ${FIRST} ${LAST}\n%%EOF\n`, type: 'application/pdf' },
      ),
    );
    data(await admin.post(`/api/player/${id}/notes`, { details: `Spoke with ${PARENT} ${LAST} after practice` }));
    data(await admin.post(`/api/player/${id}/guardians`, { email: PARENT_EMAIL, name: `${PARENT} ${LAST}`, relationship: 'parent' }));
    const parent = await familyLogin(t, PARENT_EMAIL);
    data(await parent.post(`/api/family/player/${id}/consent`, { purpose: 'reports', granted: true }));
    await t.db
      .insertInto('link_previews')
      .values({
        url: `https://example.org/${LAST}-highlights`,
        success: 1,
        title: `${FIRST} ${LAST} highlights`,
        description: '',
        image: '',
        fetched_at: nowIso(),
      })
      .execute();

    // A report sent to the parent and the player; the parent views it.
    const cycle = await reportCycle(t.db, [ids.own], 'Erasure cycle');
    await approvedReport(t.db, { cycleId: cycle, playerId: id, teamId: ids.own });
    const sent = data<{ sent: number }>(await admin.post(`/api/team/${ids.own}/report-delivery/${cycle}`, { confirm: true }));
    expect(sent.sent).toBe(2);
    const reportPattern = /\/report\/open\?token=(\S+)/;
    const parentReport = await linkTo(PARENT_EMAIL, reportPattern);
    const playerReport = await linkTo(PLAYER_EMAIL, reportPattern);
    data(await t.anon.post('/api/report-link/session', { token: parentReport }));

    // An offer from a finalised draft, and a decision revised with a reason naming them.
    const squad = await t.db
      .selectFrom('teams')
      .select(['season_id', 'category_id', 'coach_user_id'])
      .where('id', '=', ids.own)
      .executeTakeFirstOrThrow();
    const source = await t.db
      .insertInto('teams')
      .values({ ...squad, name: 'Erasure squad', created_at: nowIso(), updated_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('team_players').values({ team_id: source.id, player_id: id }).execute();
    const draft = await finalisedDraft(t.db, { sourceTeam: 'Erasure squad', selected: 1, waitlisted: 0 });
    expect(draft.selected).toEqual([id]);
    const deadline = dayOffset(21);
    const preview = data<{ confirmation: string; recipients: number }>(
      await admin.post(`/api/draft/${draft.draftId}/offers/preview`, { deadline }),
    );
    expect(preview.recipients).toBe(2);
    data(await admin.post(`/api/draft/${draft.draftId}/offers`, { deadline, confirmation: preview.confirmation }));
    const offerPattern = /\/offer\?token=(\S+)/;
    const offerLinks = [await linkTo(PARENT_EMAIL, offerPattern), await linkTo(PLAYER_EMAIL, offerPattern)];
    expect(offerToken(`x/offer?token=${encodeURIComponent(offerLinks[0]!)}`)).toBe(offerLinks[0]);
    data(
      await admin.post(`/api/draft/${draft.draftId}/revision`, {
        expected_version: 3,
        reason: `${FIRST} ${LAST} keeps the place; ${FIRST} asked to stay`,
        changes: [{ player_id: id, team_id: draft.teamId }],
      }),
    );

    // A claim link, a password reset link and a family sign-in link, all left unused.
    data(await admin.post(`/api/player/${id}/handover/claim-link`, { email: PLAYER_EMAIL }));
    const claim = await linkTo(PLAYER_EMAIL, /\/claim\?token=(\S+)/);
    expect((await t.anon.post('/api/auth/forgot-password', { email: PLAYER_EMAIL })).statusCode).toBe(200);
    const reset = await linkTo(PLAYER_EMAIL, /\/reset-password\?token=(\S+)/);
    expect((await t.anon.post('/api/family/sign-in-link', { email: PARENT_EMAIL })).statusCode).toBe(200);
    const familyLink = linkToken(
      `/family/sign-in?token=${encodeURIComponent(await linkTo(PARENT_EMAIL, /\/family\/sign-in\?token=(\S+)/))}`,
    );
    await t.settled();

    // The traces are really there, in the places the issue named.
    const before = await traces();
    const places = new Set(before.map((h) => h.split(':')[0]!.replace(/ \(opened\) #\d+$/, '')));
    for (const place of [
      'players.first_name',
      'guardians.name',
      'evaluations.notes',
      'notes.details',
      'files.data',
      'files.original_name',
      'reports.snapshot',
      'report_deliveries.email',
      'offer_deliveries.email',
      'player_claim_tokens.email',
      'imports.kept',
      'imports.cells',
      'imports.file_name',
      'draft_events.reason',
      'link_previews.title',
      'audit_log.summary',
      'mail_outbox.to_address',
      'mail_outbox.text',
      'rate_limits.key',
    ])
      expect(places, place).toContain(place);

    // The subject access export shows the offer and the claim link too (the inventory's tables).
    const exported = JSON.parse((await admin.get(`/api/player/${id}/privacy/export.json`)).body) as PlayerExport;
    expect(exported.offers).toEqual([
      expect.objectContaining({ state: 'pending', sentTo: expect.arrayContaining([expect.objectContaining({ to: PARENT_EMAIL })]) }),
    ]);
    expect(exported.claimLinks).toEqual([expect.objectContaining({ to: PLAYER_EMAIL, usedAt: null })]);
    expect((await admin.get(`/api/player/${id}/privacy/export.pdf`)).statusCode).toBe(200);

    // The parent asks; the admin approves.
    const request = data<PlayerPrivacy>(await parent.post(`/api/family/player/${id}/erasure-request`, { reason: `Please erase ${FIRST}` }))
      .requests[0]!;
    data(await admin.post(`/api/privacy/request/${request.id}/decide`, { decision: 'approve', reason: `Approved for ${LAST}` }));
    await t.settled();

    expect(await traces()).toEqual([]);
    // The uploaded files and imports: the unused upload is gone at once, not a day later.
    expect(await t.db.selectFrom('imports').select('id').where('status', 'in', ['uploaded', 'planned']).execute()).toEqual([]);

    // Every link and sign-in of theirs answers as invalid or expired.
    const family = await t.anon.post('/api/family/session', { token: familyLink });
    expect(family.json()).toEqual({ message: INVALID_FAMILY_LINK, field: 'token' });
    expect((await parent.get('/api/family/me')).statusCode).toBe(401);
    for (const token of [parentReport, playerReport]) {
      const res = await t.anon.post('/api/report-link/session', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INVALID_REPORT_LINK, field: 'token' });
    }
    for (const token of offerLinks) {
      expect((await t.anon.post('/api/offer-link', { token })).json()).toMatchObject({ message: INVALID_OFFER_LINK });
      expect((await t.anon.post('/api/offer-link/answer', { token, answer: 'decline' })).statusCode).toBe(400);
    }
    const claimed = await t.anon.post('/api/handover/claim', { token: claim, password: 'Another long pass 7' });
    expect(claimed.json()).toEqual({ message: handoverMessages.invalidLink, field: 'token' });
    const resetAfter = await t.anon.post('/api/auth/reset-password', { token: reset, new_password: 'Another long pass 7' });
    expect(resetAfter.statusCode).toBe(400);
    expect(resetAfter.json()).toMatchObject({ field: 'token', message: expect.stringContaining('invalid or has expired') });
    expect((await player.get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.anon.post('/api/auth/login', { email: PLAYER_EMAIL, password: PASSWORD })).statusCode).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', PLAYER_EMAIL).execute()).toEqual([]);
  }, 180_000);

  it('ends the claim link: after the erasure the claim answers invalid and brings nothing back', async () => {
    const year = Number(todayDate().slice(0, 4)) - 17;
    const id = data<{ id: number }>(
      await admin.post('/api/players', {
        first_name: 'Claimable',
        last_name: 'Erased',
        email: 'claim.parent@example.org',
        dob: String(year),
        team_id: [],
      }),
    ).id;
    data(await admin.post(`/api/player/${id}/handover/claim-link`, { email: 'claim.me@example.org' }));
    const token = await linkTo('claim.me@example.org', /\/claim\?token=(\S+)/);
    const request = data<PlayerPrivacy>(await admin.post(`/api/player/${id}/erasure-request`, { reason: '' })).requests[0]!;
    data(await admin.post(`/api/privacy/request/${request.id}/decide`, { decision: 'approve', reason: '' }));
    expect(await t.db.selectFrom('player_claim_tokens').select('id').where('player_id', '=', id).execute()).toEqual([]);

    const claimed = await t.anon.post('/api/handover/claim', { token, password: 'Maple river 2026!' });
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json()).toEqual({ message: handoverMessages.invalidLink, field: 'token' });
    expect(await t.db.selectFrom('players').select(['player_email', 'first_name']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      player_email: null,
      first_name: 'Erased',
    });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'claim.me@example.org').execute()).toEqual([]);
    expect((await t.anon.post('/api/auth/login', { email: 'claim.me@example.org', password: 'Maple river 2026!' })).statusCode).toBe(401);
  });
});
