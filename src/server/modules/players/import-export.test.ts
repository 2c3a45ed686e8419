import { parse } from 'csv-parse/sync';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { formatPercent } from '../../../shared/scoring.js';
import type { Client, TestApp } from '../../test/harness.js';
import { withRefusedInsert } from '../../test/refuse-insert.js';
import { BULK_CHUNK } from './import.repository.js';
import { neutralise } from './export.csv.js';
import { playersSuite, type DemoIds } from './players.fixtures.js';
import { nowIso, nowMs } from '../../lib/time.js';

let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, coach, player, ids } = s);
});

const HEADER = 'FirstName,LastName,Email,Dob,PlayerEmail';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
const file = (content: string | Buffer, name = 'players.csv') => ({ field: 'bulkFile', name, content });
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('players')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/players/bulk', () => {
  it('imports good rows into the team, with sign-in accounts and welcome mails', async () => {
    const res = await admin.upload(
      '/api/players/bulk',
      { team_id: String(ids.own) },
      file(
        csv(
          'Ana,Bulk,Parent.Bulk@example.org,2012,',
          'Ben,Bulk,ben.parent@example.org,,Ben.Own@example.org',
          '"Chloé ""CJ""",Bulk-Smith,x@example.org,2025,',
        ),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { created: 3, accounts: 1 }, message: MSG.success });
    const team = (await coach.get(`/api/team/${ids.own}/players?q=bulk`)).json().data;
    expect(team.data.map((p: { name: string }) => p.name).sort()).toEqual(['Ana Bulk', 'Ben Bulk', 'Chloé "CJ" Bulk-Smith']);
    const ben = team.data.find((p: { first_name: string }) => p.first_name === 'Ben');
    expect(ben.email).toBe('ben.parent@example.org');
    expect(await t.db.selectFrom('users').select('player_id').where('email', '=', 'ben.own@example.org').executeTakeFirst()).toEqual({
      player_id: ben.id,
    });
    await vi.waitFor(async () =>
      expect(
        await t.db.selectFrom('mail_outbox').select('to_address').where('to_address', '=', 'ben.own@example.org').execute(),
      ).toHaveLength(1),
    );
    expect(await t.db.selectFrom('audit_log').select('summary').where('action', '=', 'bulk_upload').execute()).toHaveLength(1);
  });

  it("a coach's file creates no sign-in, at any address; a user manager's does, never at a guardian's", async () => {
    const before = await count();
    const res = await coach.upload(
      '/api/players/bulk',
      { team_id: String(ids.own) },
      file(csv('Cara,Bulk,cara.parent@example.org,,cara.own@example.org', 'Dan,Bulk,dan.parent@example.org,,stranger@example.org')),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message.split('\n')).toEqual(
      [2, 3].map((row) => `row ${row}: PlayerEmail: Only a user manager can create a player's sign-in.`),
    );
    expect(await count()).toBe(before);
    expect(
      await t.db.selectFrom('users').select('id').where('email', 'in', ['cara.own@example.org', 'stranger@example.org']).execute(),
    ).toEqual([]);
    const guardians = await admin.upload('/api/players/bulk', {}, file(csv('Dan,Bulk,dan.parent@example.org,,dan.parent@example.org')));
    expect(guardians.json().message).toBe("row 2: PlayerEmail: A player's sign-in e-mail cannot be a guardian's e-mail.");
    const managed = await admin.upload('/api/players/bulk', {}, file(csv('Dan,Bulk,dan.parent@example.org,,dan.own@example.org')));
    expect(managed.json()).toEqual({ data: { created: 1, accounts: 1 }, message: MSG.success });
  });

  it("a coach's refused file names nothing outside their reach: another team's child, a taken address", async () => {
    const other = await t.db
      .selectFrom('players')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', ids.otherPlayer)
      .executeTakeFirstOrThrow();
    const rows = [
      `${other.first_name},${other.last_name},${other.email},,`,
      'Eve,Bulk,admin@demo.club,,',
      'Fay,Bulk,fay.parent@example.org,,',
    ];
    const before = await count();
    const refused = await coach.upload(
      '/api/players/bulk',
      { team_id: String(ids.own) },
      file(csv(...rows, 'Bad,Year,b@example.org,1990,')),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message.split('\n')).toEqual([`row 5: Dob: ${MSG.year}`]);
    expect(await count()).toBe(before);
    // Without the bad row the file is written whole: another team's child becomes a new record of the coach's team.
    const res = await coach.upload('/api/players/bulk', { team_id: String(ids.own) }, file(csv(...rows)));
    expect(res.json()).toEqual({ data: { created: 3, accounts: 0 }, message: MSG.success });
  });

  it('all or nothing: every bad row reported, nothing written', async () => {
    const before = await count();
    const res = await admin.upload(
      '/api/players/bulk',
      {},
      file(
        csv(
          'Good,Row,good@example.org,2010,',
          ',NoFirst,a@example.org,,',
          'Bad,Year,b@example.org,1990,',
          'Bad,Mail,not-an-email,,',
          'Ana,Bulk,parent.bulk@example.org,,',
          'Dup,Row,d@example.org,,',
          'Dup,Row,d@example.org,,',
          'Taken,Login,t@example.org,,coach@demo.club',
        ),
      ),
    );
    expect(res.statusCode).toBe(400);
    const { message, field } = res.json();
    expect(field).toBe('bulkFile');
    const lines = message.split('\n');
    expect(lines).toEqual([
      `row 3: FirstName: ${MSG.required}`,
      `row 4: Dob: ${MSG.year}`,
      'row 5: Email: Please enter a valid email address.',
      'row 6: A player with this first name, last name and parent email already exists.',
      'row 8: the same player as row 7',
      'row 9: PlayerEmail: This email cannot be used for a player sign-in. Please use another address.',
    ]);
    expect(await count()).toBe(before);
  });

  it('reports every problem of a row in column order, and a repeated bad cell on every row', async () => {
    const res = await admin.upload(
      '/api/players/bulk',
      {},
      file(csv(',,not-an-email,1990,bad', 'Ok,Row,ok@example.org,1990,', 'Ok2,Row,ok@example.org, 1990 ,')),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message.split('\n')).toEqual([
      `row 2: FirstName: ${MSG.required}; LastName: ${MSG.required}; Email: Please enter a valid email address.; Dob: ${MSG.year}; PlayerEmail: Please enter a valid email address.`,
      `row 3: Dob: ${MSG.year}`,
      `row 4: Dob: ${MSG.year}`,
    ]);
  });

  it('needs a team for coaches, only their own; admins may omit it', async () => {
    const noTeam = await coach.upload('/api/players/bulk', {}, file(csv('No,Team,n@example.org,,')));
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json()).toEqual({ message: MSG.required, field: 'team_id' });
    expect((await coach.upload('/api/players/bulk', { team_id: String(ids.other) }, file(csv('No,Team,n@example.org,,')))).statusCode).toBe(
      403,
    );
    expect((await admin.upload('/api/players/bulk', { team_id: '99999' }, file(csv('No,Team,n@example.org,,')))).statusCode).toBe(404);
    const ok = await admin.upload('/api/players/bulk', {}, file(csv('No,Team,n@example.org,,')));
    expect(ok.json().data.created).toBe(1);
  });

  it('refuses non-csv files, a missing file, missing columns and empty files', async () => {
    const txt = await admin.upload('/api/players/bulk', {}, file('a,b', 'players.txt'));
    expect(txt.json()).toEqual({ message: MSG.csvOnly, field: 'bulkFile' });
    expect((await admin.upload('/api/players/bulk', {})).json()).toEqual({ message: MSG.required, field: 'bulkFile' });
    const cols = await admin.upload('/api/players/bulk', {}, file('First,Last\nA,B'));
    expect(cols.statusCode).toBe(400);
    expect(cols.json().message).toMatch(/FirstName, LastName, Email/);
    expect((await admin.upload('/api/players/bulk', {}, file(HEADER))).json().message).toBe('The file has no player rows.');
    expect((await admin.upload('/api/players/bulk', {}, file('FirstName,LastName,Email\n"unclosed,B,c@d.org'))).statusCode).toBe(400);
  });

  it('401 and 403 (a player; a role with players 2 that is neither a coach nor a team manager)', async () => {
    expect((await t.anon.upload('/api/players/bulk', {}, file(csv('A,B,c@d.org,,')))).statusCode).toBe(401);
    expect((await player.upload('/api/players/bulk', {}, file(csv('A,B,c@d.org,,')))).statusCode).toBe(403);
    const now = nowIso();
    const role = await t.db
      .insertInto('roles')
      .values({
        title: 'Assistant',
        key: null,
        admin: 0,
        teams: 0,
        players: 2,
        evaluation: 0,
        criteria: 0,
        user_management: 0,
        reports: 0,
        resources: 0,
        emails: 0,
        sessions: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { hashPassword } = await import('../auth/passwords.js');
    await t.db
      .insertInto('users')
      .values({
        first_name: 'As',
        last_name: 'Sistant',
        email: 'assistant@example.org',
        password_hash: await hashPassword('assistant-pw-1'),
        role_id: role.id,
        status: 1,
        player_id: null,
        must_change_password: 0,
        password_expires_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const assistant = await t.login({ email: 'assistant@example.org', password: 'assistant-pw-1' });
    expect((await assistant.upload('/api/players/bulk', {}, file(csv('A,B,c@d.org,,')))).statusCode).toBe(403);
    expect((await assistant.post('/api/players', { first_name: 'A', last_name: 'B', email: 'c@d.org' })).statusCode).toBe(403);
  });

  it('imports 10,000 rows (timing is logged; the benchmark measures it)', async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `First${i},Last${i},family${i % 3000}@example.org,${i % 10 === 0 ? 2000 : 1995 + (i % 31)},${i % 10 === 0 ? `kid${i}@example.org` : ''}`,
    );
    const started = nowMs();
    const res = await admin.upload('/api/players/bulk', { team_id: String(ids.other) }, file(csv(...rows)));
    const ms = nowMs() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toEqual({ created: 10_000, accounts: 1000 });
    expect((await admin.get(`/api/team/${ids.other}/players?pageSize=1`)).json().data.total).toBe(10_010);
    const p = await t.db.selectFrom('players').select(['id', 'first_name']).where('first_name', '=', 'First9990').executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('users').select('player_id').where('email', '=', 'kid9990@example.org').executeTakeFirst()).toEqual({
      player_id: p.id,
    });
    console.log(`bulk import of 10,000 players (${t.dialect}): ${ms} ms`);
  }, 60_000);
});

describe('POST /api/players/bulk across statement chunks', () => {
  // Three chunks of every statement (players, memberships, accounts) and of the duplicate lookups.
  const n = 2 * BULK_CHUNK + 7;
  const rows = (tag: string, row: (i: number) => string) => csv(...Array.from({ length: n }, (_, i) => row(i)));
  const players = (lastName: string) =>
    t.db.selectFrom('players').select(['id', 'first_name']).where('last_name', '=', lastName).orderBy('id').execute();

  it('more rows than one chunk: every player, membership and account belongs to its own row', async () => {
    const kid = (i: number) => (i % 3 === 0 ? `multi.kid${i}@example.org` : '');
    const res = await admin.upload(
      '/api/players/bulk',
      { team_id: String(ids.own) },
      file(rows('Multi', (i) => `Chunk${i},Multi,multi${i}@example.org,,${kid(i)}`)),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toEqual({ created: n, accounts: Math.ceil(n / 3) });
    const created = await players('Multi');
    expect(created.map((p) => p.first_name)).toEqual(Array.from({ length: n }, (_, i) => `Chunk${i}`));
    const members = await t.db.selectFrom('team_players').select('player_id').where('team_id', '=', ids.own).execute();
    const inTeam = new Set(members.map((m) => m.player_id));
    expect(created.every((p) => inTeam.has(p.id))).toBe(true);
    const accounts = await t.db
      .selectFrom('users as u')
      .innerJoin('players as p', 'p.id', 'u.player_id')
      .select(['u.email', 'p.first_name'])
      .where('p.last_name', '=', 'Multi')
      .execute();
    expect(accounts).toHaveLength(Math.ceil(n / 3));
    for (const a of accounts) expect(a.email).toBe(kid(Number(a.first_name.slice('Chunk'.length))));
  });

  it('without a team or sign-in accounts (no ids read back): every row of every chunk stored', async () => {
    const res = await admin.upload(
      '/api/players/bulk',
      {},
      file(rows('Plain', (i) => `Plain${i},Plain,plain${i}@example.org,${1995 + (i % 31)},`)),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toEqual({ created: n, accounts: 0 });
    const stored = await t.db.selectFrom('players').select(['first_name', 'dob']).where('last_name', '=', 'Plain').orderBy('id').execute();
    expect(stored).toEqual(Array.from({ length: n }, (_, i) => ({ first_name: `Plain${i}`, dob: 1995 + (i % 31) })));
  });

  it('reports bad cells anywhere in a long file, in columns of distinct and of repeated texts', async () => {
    const before = await count();
    const res = await admin.upload(
      '/api/players/bulk',
      {},
      file(
        rows('Cells', (i) => {
          if (i === 3 || i === n - 5) return `Cell${i},Cells,cells${i}@example.org,1990,`;
          if (i === n - 9) return `Cell${i},Cells,not-an-email-${i},,`;
          if (i === n - 2) return `,Cells,cells${i}@example.org,2010,`;
          return `Cell${i},Cells,cells${i}@example.org,2010,`;
        }),
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message.split('\n')).toEqual([
      `row 5: Dob: ${MSG.year}`,
      `row ${n - 7}: Email: Please enter a valid email address.`,
      `row ${n - 3}: Dob: ${MSG.year}`,
      `row ${n}: FirstName: ${MSG.required}`,
    ]);
    expect(await count()).toBe(before);
  });

  it('finds duplicates across chunks: of an earlier row, of existing players and accounts in a later lookup chunk', async () => {
    const before = await count();
    const last = n + 1;
    const res = await admin.upload(
      '/api/players/bulk',
      {},
      file(
        rows('Dupes', (i) => {
          if (i === n - 1) return 'Dupe0,Dupes,dupes0@example.org,,';
          if (i === n - 2) return `Dupe${i},Dupes,dupes${i}@example.org,,multi.kid0@example.org`;
          if (i === n - 3) return `Dupe${i},Dupes,dupes${i}@example.org,,dupes.kid1@example.org`;
          if (i === BULK_CHUNK + 3) return 'Chunk5,Multi,multi5@example.org,,';
          return `Dupe${i},Dupes,dupes${i}@example.org,,dupes.kid${i}@example.org`;
        }),
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message.split('\n')).toEqual([
      `row ${BULK_CHUNK + 5}: A player with this first name, last name and parent email already exists.`,
      `row ${last - 2}: PlayerEmail: the same player email as row 3`,
      `row ${last - 1}: PlayerEmail: This email cannot be used for a player sign-in. Please use another address.`,
      `row ${last}: the same player as row 2`,
    ]);
    expect(await count()).toBe(before);
  });

  it('a database error in the last chunk of the last statement writes nothing', async () => {
    const boom = 'boom@example.org';
    await withRefusedInsert(t, 'users', 'email', boom, async () => {
      const tally = async () => ({
        players: await count(),
        members: (await t.db.selectFrom('team_players').select('player_id').execute()).length,
        users: (await t.db.selectFrom('users').select('id').execute()).length,
        audit: (await t.db.selectFrom('audit_log').select('id').execute()).length,
      });
      const before = await tally();
      const res = await admin.upload(
        '/api/players/bulk',
        { team_id: String(ids.own) },
        file(rows('Boom', (i) => `Boom${i},Boom,boom${i}@example.org,,${i === n - 1 ? boom : `boom.kid${i}@example.org`}`)),
      );
      expect(res.statusCode).toBe(500);
      expect(await tally()).toEqual(before);
    });
  });
});

describe('GET /api/players/export', () => {
  it('CSV with the documented columns and scores; by team and by club; coaches only their players', async () => {
    const all = await admin.get('/api/players/export');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="players.csv"');
    const records = parse(all.body, { bom: true }) as string[][];
    expect(records[0]).toEqual(['FirstName', 'LastName', 'Email', 'Score']);
    const body = records.slice(1);
    expect(body.length).toBe(await count());
    const liam = (await admin.get(`/api/player/${ids.linkedPlayer}`)).json().data;
    expect(body).toContainEqual([liam.first_name, liam.last_name, liam.email, formatPercent(liam.totalScore)]);
    const team = parse((await admin.get(`/api/players/export?team_id=${ids.own}`)).body, { bom: true }) as string[][];
    expect(team.length - 1).toBe((await admin.get(`/api/team/${ids.own}/players?pageSize=1`)).json().data.total);
    const club = await t.db.selectFrom('teams').select('category_id').where('id', '=', ids.own).executeTakeFirstOrThrow();
    const byClub = parse((await admin.get(`/api/players/export?category=${club.category_id}`)).body, { bom: true }) as string[][];
    expect(byClub.length - 1).toBe((await admin.get(`/api/players?category=${club.category_id}&pageSize=1`)).json().data.total);
    const mine = parse((await coach.get('/api/players/export')).body, { bom: true }) as string[][];
    expect(mine.length - 1).toBe((await coach.get('/api/players?pageSize=1')).json().data.total);
    expect((await coach.get(`/api/players/export?team_id=${ids.other}`)).statusCode).toBe(403);
    expect((await player.get('/api/players/export')).statusCode).toBe(403);
    expect((await t.anon.get('/api/players/export')).statusCode).toBe(401);
    expect((await admin.get('/api/players/export?team_id=abc')).statusCode).toBe(400);
  });

  it('neutralises formula injection', async () => {
    await admin.post('/api/players', { first_name: '=HYPERLINK("http://evil")', last_name: '+1', email: 'inj@example.org' });
    await admin.post('/api/players', { first_name: '@SUM(A1)', last_name: '-2', email: 'inj2@example.org' });
    const records = parse((await admin.get('/api/players/export')).body, { bom: true }) as string[][];
    expect(records).toContainEqual(['\'=HYPERLINK("http://evil")', "'+1", 'inj@example.org', '0']);
    expect(records).toContainEqual(["'@SUM(A1)", "'-2", 'inj2@example.org', '0']);
    expect(['\tx', '\rx', 'plain', '1'].map(neutralise)).toEqual(["'\tx", "'\rx", 'plain', '1']);
  });
});
