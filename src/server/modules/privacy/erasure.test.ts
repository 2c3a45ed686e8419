import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerPrivacy, PrivacyRequest } from '../../../shared/schemas/privacy.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { familyLogin } from '../family/family.fixtures.js';
import { demoIds, pngDataUrl, type DemoIds } from '../players/players.fixtures.js';
import { scrub } from './erasure.service.js';
import { nowIso } from '../../lib/time.js';

/**
 * After an erasure the player's name is nowhere: a player with a unique name is written into every
 * place a name can go, erased, then every column of every table (both databases) and every GET
 * route the app serves are searched for it.
 */
const FIRST = 'Quillonaire';
const LAST = 'Vexmorrow';
const NEEDLES = [FIRST.toLowerCase(), LAST.toLowerCase()];

let t: TestApp, admin: Client, ids: DemoIds;
beforeAll(async () => {
  t = await createTestApp({ config: { PUBLIC_BOARD_MAX_AGE_SECONDS: 0 } });
  admin = await t.login('superadmin');
  ids = await demoIds(t);
}, 60_000);
afterAll(() => t.close());

const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Every table's every column, read back whole: text, JSON, numbers and blobs. */
async function tablesMentioning(): Promise<string[]> {
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
  expect(tables.map((x) => x.name)).toEqual(
    expect.arrayContaining(['players', 'audit_log', 'mail_outbox', 'files', 'reports', 'guardians', 'privacy_requests']),
  );
  const hits: string[] = [];
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db)).rows;
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const text = value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : typeof value === 'string' ? value : '';
        if (NEEDLES.some((n) => text.toLowerCase().includes(n))) hits.push(`${name}.${column}: ${text.slice(0, 120)}`);
      }
    }
  }
  return hits;
}

/** Every GET route, each path id filled with the player's, a team's and a session's id, and name searches. */
async function pagesMentioning(clients: Client[], idsToTry: number[]): Promise<string[]> {
  const hits: string[] = [];
  const routes = t.app.routeTable.filter((r) => r.method === 'GET');
  for (const route of routes) {
    const urls = route.url.includes(':')
      ? idsToTry.map((id) => route.url.replace(/:\w+/g, String(id)))
      : [route.url, `${route.url}?q=${FIRST}`, `${route.url}?search=${FIRST}`];
    for (const url of urls) {
      for (const client of clients) {
        const res = await client.get(url);
        const body = res.rawPayload.toString('latin1').toLowerCase();
        if (NEEDLES.some((n) => body.includes(n))) hits.push(`${url} → ${res.statusCode}`);
      }
    }
  }
  expect(routes.length).toBeGreaterThan(50);
  return hits;
}

describe('erasure', () => {
  it('scrub replaces whole words in any case and leaves longer words alone', () => {
    expect(scrub('Sam Vexmorrow and sam VEXMORROW; Samuel', ['Sam', 'Vexmorrow'])).toBe('[erased] [erased] and [erased] [erased]; Samuel');
  });

  it(`leaves the name nowhere — every table and every page — while the team's figures stay`, async () => {
    const now = nowIso();
    const criterion = (await t.db.selectFrom('criteria').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const created = data<{ id: number; profile_img: string }>(
      await admin.post('/api/players', {
        first_name: FIRST,
        last_name: LAST,
        email: 'shared.parent@example.org',
        player_email: 'quill.vexmorrow@example.org',
        dob: 2012,
        profile_img: await pngDataUrl(),
        team_id: [ids.own],
      }),
    );
    const id = created.id;
    const sibling = data<{ id: number }>(
      await admin.post('/api/players', {
        first_name: 'Stays',
        last_name: 'Sibling',
        email: 'shared.parent@example.org',
        team_id: [ids.own],
      }),
    ).id;
    const account = await t.db.selectFrom('users').select(['id']).where('player_id', '=', id).executeTakeFirstOrThrow();

    // Everywhere the name can go.
    data(
      await admin.post(`/api/player/${id}/evaluation`, {
        criteria_id: criterion,
        score: 9,
        notes: `${FIRST} ${LAST} shows great hands`,
        video_links: [`https://example.org/${LAST}`],
      }),
    );
    data(await admin.post(`/api/player/${id}/notes`, { details: `Talked to ${FIRST} about the season` }));
    const award = (await t.db.selectFrom('achievements').select('id').executeTakeFirstOrThrow()).id;
    data(await admin.post(`/api/player/${id}/achievements`, { achievement_id: award, detail: `${LAST} MVP` }));
    const pdf = `%PDF-1.4\n% ${FIRST} ${LAST}\n%%EOF\n`;
    data(
      await admin.upload(
        `/api/player/${id}/analysis`,
        { video_links: `https://example.org/${FIRST}` },
        { field: 'pdf', name: `${LAST}-analysis.pdf`, content: pdf, type: 'application/pdf' },
      ),
    );
    data(
      await admin.post(`/api/player/${id}/guardians`, { email: 'mv.parent@example.org', name: `Morgan ${LAST}`, relationship: 'parent' }),
    );
    const leaving = await familyLogin(t, 'mv.parent@example.org');
    const staying = await familyLogin(t, 'shared.parent@example.org');
    for (const g of [leaving, staying]) data(await g.post(`/api/family/player/${id}/consent`, { purpose: 'public_name', granted: true }));
    await t.db
      .insertInto('mail_outbox')
      .values([
        {
          to_address: 'coach@demo.club',
          subject: `About ${FIRST} ${LAST}`,
          text: `${FIRST} ${LAST} was absent on Monday.`,
          status: 'sent',
          error: null,
          created_at: now,
          sent_at: now,
        },
        {
          to_address: 'shared.parent@example.org',
          subject: 'Training',
          text: `Hi, ${FIRST} did great today.`,
          status: 'sent',
          error: null,
          created_at: now,
          sent_at: now,
        },
      ])
      .execute();
    await t.db
      .insertInto('audit_log')
      .values({
        user_id: null,
        user_name: 'Casey Coach',
        action: 'update',
        entity: 'team',
        entity_id: ids.own,
        summary: `moved ${FIRST} ${LAST} up`,
        created_at: now,
      })
      .execute();
    await t.db
      .insertInto('audit_log')
      .values({
        user_id: account.id,
        user_name: `${FIRST} ${LAST}`,
        action: 'update',
        entity: 'user',
        entity_id: account.id,
        summary: 'password changed',
        created_at: now,
      })
      .execute();
    const session = data<{ session: { id: number } }>(
      await admin.post('/api/eval-sessions', {
        name: 'Winter tryout',
        startDate: '2026-01-10',
        endDate: '2026-01-10',
        criteria: [{ criterionId: criterion, weight: 100 }],
      }),
    ).session.id;
    data(await admin.post(`/api/eval-session/${session}/players`, { playerIds: [id] }));
    const me = await t.db.selectFrom('users').select('id').where('email', '=', 'superadmin@demo.club').executeTakeFirstOrThrow();
    data(await admin.post(`/api/eval-session/${session}/evaluators`, { userId: me.id }));
    data(await admin.post(`/api/eval-session/${session}/open`));
    data(await admin.post(`/api/eval-session/${session}/scores`, { entries: [{ playerId: id, criterionId: criterion, score: 6 }] }));
    const season = (await t.db.selectFrom('seasons').select('id').executeTakeFirstOrThrow()).id;
    const cycle = await t.db
      .insertInto('report_cycles')
      .values({
        name: 'Autumn',
        season_id: season,
        opens_on: '2026-09-01',
        closes_on: '2026-11-30',
        show_team_average: 1,
        show_rank: 0,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('reports')
      .values({
        cycle_id: cycle.id,
        player_id: id,
        team_id: ids.own,
        state: 'sent',
        overall_comment: `Well done ${FIRST}`,
        criterion_comments: '{}',
        focus: '[]',
        snapshot: JSON.stringify({ player: `${FIRST} ${LAST}`, total: 90 }),
        created_by: null,
        approved_by: null,
        approved_at: now,
        sent_at: now,
        viewed_at: null,
        revoked_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.settled();
    // The name is really there before, in tables and on pages (the public board names consented players).
    expect((await tablesMentioning()).length).toBeGreaterThan(20);
    expect(JSON.stringify(data(await t.anon.get(`/api/public/leaderboard?q=${FIRST}`)))).toContain(FIRST);
    const teamBefore = data<unknown>(await admin.get(`/api/leaderboard/teams`));
    const totalBefore = await t.db.selectFrom('player_scores').select('total').where('player_id', '=', id).executeTakeFirstOrThrow();
    const evaluationsBefore = (await t.db.selectFrom('evaluations').select('id').where('player_id', '=', id).execute()).length;

    // The guardian who leaves asks; the admin approves.
    const request = data<PlayerPrivacy>(await leaving.post(`/api/family/player/${id}/erasure-request`, { reason: `Please erase ${FIRST}` }))
      .requests[0]!;
    const decided = data<PrivacyRequest>(
      await admin.post(`/api/privacy/request/${request.id}/decide`, { decision: 'approve', reason: `Approved for ${LAST}` }),
    );
    expect(decided).toMatchObject({ status: 'erased', playerName: 'Erased Player', reason: '', decisionReason: '' });
    await t.settled();

    expect(await tablesMentioning()).toEqual([]);
    const pages = await pagesMentioning([admin, staying, t.anon], [id, ids.own, session, account.id]);
    expect(pages).toEqual([]);

    // What stays: the evaluations (without text), the total, the team's figures and the session's score.
    expect((await t.db.selectFrom('evaluations').select('id').where('player_id', '=', id).execute()).length).toBe(evaluationsBefore);
    expect(await t.db.selectFrom('player_scores').select('total').where('player_id', '=', id).executeTakeFirstOrThrow()).toEqual(
      totalBefore,
    );
    expect(data<unknown>(await admin.get(`/api/leaderboard/teams`))).toEqual(teamBefore);
    expect(await t.db.selectFrom('eval_session_scores').select('score').where('player_id', '=', id).execute()).toHaveLength(1);
    // What goes: files, notes, achievements, reports, the guardian links; the sign-in is closed.
    expect(await t.db.selectFrom('files').select('id').where('key', '=', created.profile_img).execute()).toEqual([]);
    expect(await t.db.selectFrom('files').select('id').where('mime', '=', 'application/pdf').execute()).toEqual([]);
    for (const table of ['notes', 'player_achievements', 'reports', 'guardian_links'] as const) {
      expect(await t.db.selectFrom(table).select('id').where('player_id', '=', id).execute(), table).toEqual([]);
    }
    const user = await t.db
      .selectFrom('users')
      .select(['status', 'password_hash', 'player_id', 'email'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ status: 2, password_hash: null, player_id: null, email: `erased-user-${account.id}@erased.invalid` });
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', account.id).execute()).toEqual([]);
    // The guardian with no other child is anonymised and signed out; the sibling's guardian stays linked to the sibling.
    expect((await leaving.get('/api/family/me')).statusCode).toBe(401);
    expect(await t.db.selectFrom('guardians').select('id').where('email', '=', 'mv.parent@example.org').execute()).toEqual([]);
    const stayingMe = data<{ children: { id: number }[] }>(await staying.get('/api/family/me'));
    expect(stayingMe.children.map((c) => c.id)).toEqual([sibling]);
    expect((await staying.get(`/api/family/player/${id}`)).statusCode).toBe(404);
    // The audit keeps one entry of the erasure, with no personal data.
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['summary'])
      .where('action', '=', 'erase')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry.summary).toMatch(/^request \d+: player \d+ erased; 1 evaluations kept/);
    // The public board: anonymous (no consent left), not found by the name.
    expect(JSON.stringify(data(await t.anon.get(`/api/public/leaderboard?q=${FIRST}`)))).not.toContain(FIRST);
  }, 120_000);
});
