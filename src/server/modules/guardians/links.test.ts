import { describe, expect, it } from 'vitest';
import { migrateParentEmails } from '../../db/migrations/0017_guardians.js';
import { guardianRuleMessages } from './links.service.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';
import type { Client, TestApp } from '../../test/harness.js';
import { nowIso } from '../../lib/time.js';

let t: TestApp, admin: Client, coach: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, coach, ids } = s);
});

const linksOf = (playerId: number) =>
  t.db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
    .select(['g.email', 'l.guardian_id', 'l.is_primary', 'l.status'])
    .where('l.player_id', '=', playerId)
    .execute();
const csv = (...rows: string[]) => ['FirstName,LastName,Email,Dob,PlayerEmail', ...rows].join('\n');
const file = (content: string) => ({ field: 'bulkFile', name: 'players.csv', content });

describe('guardians from parent e-mails (migration 0017)', () => {
  it('turns every parent e-mail into one primary guardian per player, siblings sharing one, nothing lost', async () => {
    const now = nowIso();
    await t.db.deleteFrom('guardian_links').execute();
    await t.db.deleteFrom('guardians').execute();
    const base = {
      dob: null,
      player_email: null,
      profile_img: null,
      video_links: '[]',
      pdf_file_id: null,
      created_at: now,
      updated_at: now,
    };
    await t.db
      .insertInto('players')
      .values([
        { ...base, first_name: 'Mig', last_name: 'One', email: ' Sib.Parent@Example.org ' },
        { ...base, first_name: 'Mig', last_name: 'Two', email: 'sib.parent@example.org' },
      ])
      .execute();
    await migrateParentEmails(t.db);
    const players = await t.db.selectFrom('players').select(['id', 'email']).execute();
    const links = await t.db.selectFrom('guardian_links').selectAll().execute();
    const guardians = await t.db.selectFrom('guardians').selectAll().execute();
    expect(links).toHaveLength(players.length);
    expect(new Set(links.map((l) => l.player_id)).size).toBe(players.length);
    expect(links.every((l) => l.is_primary === 1 && l.status === 'invited' && l.parental_responsibility === 1)).toBe(true);
    const byId = new Map(guardians.map((g) => [g.id, g.email]));
    for (const p of players) expect(byId.get(links.find((l) => l.player_id === p.id)!.guardian_id)).toBe(p.email.trim().toLowerCase());
    expect(guardians).toHaveLength(new Set(players.map((p) => p.email.trim().toLowerCase())).size);
    expect(guardians.filter((g) => g.email === 'sib.parent@example.org')).toHaveLength(1);
  });
});

describe('player saves create or reuse guardians', () => {
  it('two siblings created with one parent e-mail give one guardian and two primary links', async () => {
    const a = await coach.post('/api/players', {
      first_name: 'Sib',
      last_name: 'Alpha',
      email: 'Twins.Parent@example.org',
      team_id: [ids.own],
    });
    const b = await coach.post('/api/players', {
      first_name: 'Sib',
      last_name: 'Beta',
      email: 'twins.parent@example.org',
      team_id: [ids.own],
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const [la, lb] = [await linksOf(a.json().data.id), await linksOf(b.json().data.id)];
    expect(la).toEqual([expect.objectContaining({ email: 'twins.parent@example.org', is_primary: 1, status: 'invited' })]);
    expect(lb[0]!.guardian_id).toBe(la[0]!.guardian_id);
  });

  it('the CSV import reuses an existing guardian and shares one between siblings in the file', async () => {
    const res = await admin.upload(
      '/api/players/bulk',
      { team_id: String(ids.own) },
      file(csv('Csv,One,twins.parent@example.org,,', 'Csv,Two,new.csv.parent@example.org,,', 'Csv,Three,NEW.csv.parent@example.org,,')),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.selectFrom('players').select(['id', 'last_name']).where('first_name', '=', 'Csv').execute();
    const links = Object.fromEntries(await Promise.all(rows.map(async (r) => [r.last_name, (await linksOf(r.id))[0]!] as const)));
    const twins = (
      await t.db.selectFrom('guardians').select('id').where('email', '=', 'twins.parent@example.org').executeTakeFirstOrThrow()
    ).id;
    expect(links.One!.guardian_id).toBe(twins);
    expect(links.Two!.guardian_id).toBe(links.Three!.guardian_id);
    expect(links.Two!.email).toBe('new.csv.parent@example.org');
  });

  it('an edited player without a guardian gets the parent e-mail as primary guardian', async () => {
    await t.db.deleteFrom('guardian_links').where('player_id', '=', ids.ownPlayer).execute();
    const current = (await admin.get(`/api/player/${ids.ownPlayer}`)).json().data;
    const res = await admin.post(`/api/player/${ids.ownPlayer}`, {
      first_name: current.first_name,
      last_name: current.last_name,
      team_id: current.teamIds,
      profile_img: current.profile_img,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linksOf(ids.ownPlayer)).toEqual([expect.objectContaining({ email: current.email, is_primary: 1 })]);
  });

  it("refuses a player's sign-in e-mail that is a guardian's: create, edit and CSV (400, nothing written)", async () => {
    const same = await admin.post('/api/players', {
      first_name: 'Own',
      last_name: 'Mail',
      email: 'own.mail@example.org',
      player_email: 'own.mail@example.org',
      team_id: [ids.own],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: guardianRuleMessages.playerEmailIsGuardian, field: 'player_email' });
    const other = await admin.post('/api/players', {
      first_name: 'Own',
      last_name: 'Mail',
      email: 'own.mail@example.org',
      player_email: 'TWINS.parent@example.org',
      team_id: [ids.own],
    });
    expect(other.statusCode).toBe(400);
    const current = (await admin.get(`/api/player/${ids.ownPlayer}`)).json().data;
    const edit = await admin.post(`/api/player/${ids.ownPlayer}`, {
      first_name: current.first_name,
      last_name: current.last_name,
      team_id: current.teamIds,
      player_email: 'parent@demo.club',
    });
    expect(edit.statusCode).toBe(400);
    const bulk = await admin.upload(
      '/api/players/bulk',
      { team_id: String(ids.own) },
      file(csv('Csv,Four,a.parent@example.org,,a.parent@example.org', 'Csv,Five,b.parent@example.org,,parent@demo.club')),
    );
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().message).toContain(`row 2: PlayerEmail: ${guardianRuleMessages.playerEmailIsGuardian}`);
    expect(bulk.json().message).toContain(`row 3: PlayerEmail: ${guardianRuleMessages.playerEmailIsGuardian}`);
    expect(await t.db.selectFrom('players').select('id').where('last_name', 'in', ['Mail', 'Four', 'Five']).execute()).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'own.mail@example.org').execute()).toEqual([]);
  });
});
