import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_MESSAGES } from '../../../shared/schemas/player.js';
import type { Client, TestApp } from '../../test/harness.js';
import { playersSuite, type DemoIds } from './players.fixtures.js';

/** The optional birth date beside the birth year (docs/product.md#relative-age). */
let t: TestApp, admin: Client, player: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, player, ids } = s);
});

const newPlayer = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Born',
  last_name: `Dated${Math.random().toString(36).slice(2, 8)}`,
  email: 'dated.parent@example.org',
  team_id: [ids.own],
  ...extra,
});

describe('birth_date on POST /api/players and POST /api/player/:id', () => {
  it('401 signed out, 403 for a player', async () => {
    expect((await t.anon.post('/api/players', newPlayer({ birth_date: '2014-02-03' }))).statusCode).toBe(401);
    expect((await player.post('/api/players', newPlayer({ birth_date: '2014-02-03' }))).statusCode).toBe(403);
  });

  it('400 for a date that is not a real day, outside the birth years, or in another year than the birth year', async () => {
    for (const birth_date of ['2014-02-30', '14-02-03', 'soon', '1990-05-05', '2026-01-01']) {
      const bad = await admin.post('/api/players', newPlayer({ birth_date }));
      expect(bad.statusCode, birth_date).toBe(400);
      expect(bad.json(), birth_date).toEqual({ message: BIRTH_DATE_MESSAGES.format, field: 'birth_date' });
    }
    const other = await admin.post('/api/players', newPlayer({ dob: 2013, birth_date: '2014-02-03' }));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: BIRTH_DATE_MESSAGES.year, field: 'birth_date' });
  });

  it('saves a birth date, takes the birth year from it when none is given, clears it, and audits the change', async () => {
    const made = await admin.post('/api/players', newPlayer({ birth_date: '2014-02-03' }));
    expect(made.statusCode, made.body).toBe(200);
    const p = made.json().data;
    expect([p.dob, p.birth_date]).toEqual([2014, '2014-02-03']);
    const body = { first_name: p.first_name, last_name: p.last_name, dob: 2014, team_id: [ids.own] };
    const moved = await admin.post(`/api/player/${p.id}`, { ...body, birth_date: '2014-11-30' });
    expect(moved.json().data.birth_date).toBe('2014-11-30');
    expect((await admin.get(`/api/player/${p.id}`)).json().data.birth_date).toBe('2014-11-30');
    const list = (await admin.get(`/api/players?q=${p.last_name}`)).json().data.data;
    expect(list.map((r: { birth_date: string | null }) => r.birth_date)).toEqual(['2014-11-30']);
    const wrong = await admin.post(`/api/player/${p.id}`, { ...body, dob: 2013, birth_date: '2014-11-30' });
    expect(wrong.json()).toEqual({ message: BIRTH_DATE_MESSAGES.year, field: 'birth_date' });
    const cleared = await admin.post(`/api/player/${p.id}`, { ...body, birth_date: '' });
    expect([cleared.json().data.dob, cleared.json().data.birth_date]).toEqual([2014, null]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'player')
      .where('entity_id', '=', p.id)
      .execute();
    expect(audit.map((a) => a.summary).join('\n')).toMatch(/birth_date/);
    await admin.post(`/api/player/${p.id}/delete`);
  });
});

describe('the BirthDate column of POST /api/players/bulk', () => {
  const file = (content: string) => ({ field: 'bulkFile', name: 'players.csv', content });
  const HEADER = 'FirstName,LastName,Email,Dob,PlayerEmail,BirthDate';

  it('401 signed out, 403 for a player', async () => {
    expect((await t.anon.upload('/api/players/bulk', {}, file(`${HEADER}\nA,B,c@example.org,,,2014-01-01`))).statusCode).toBe(401);
    expect((await player.upload('/api/players/bulk', {}, file(`${HEADER}\nA,B,c@example.org,,,2014-01-01`))).statusCode).toBe(403);
  });

  it('400 naming the rows whose date is no day or is in another year than the birth year', async () => {
    const res = await admin.upload(
      '/api/players/bulk',
      { team_id: String(ids.own) },
      file([HEADER, 'Ann,Dated,ann.dated@example.org,2013,,2014-05-05', 'Bo,Dated,bo.dated@example.org,,,2014-02-30'].join('\n')),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`row 2: BirthDate: ${BIRTH_DATE_MESSAGES.year}\nrow 3: BirthDate: ${BIRTH_DATE_MESSAGES.format}`);
  });

  it('stores the dates, fills a missing birth year from them, and still reads files without the column', async () => {
    const res = await admin.upload(
      '/api/players/bulk',
      { team_id: String(ids.own) },
      file(
        [
          HEADER,
          'Cy,Dated,cy.dated@example.org,2014,,2014-05-05',
          'Di,Dated,di.dated@example.org,,,2013-11-30',
          'Ed,Dated,ed.dated@example.org,2012,,',
        ].join('\n'),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db
      .selectFrom('players')
      .select(['first_name', 'dob', 'birth_date'])
      .where('last_name', '=', 'Dated')
      .orderBy('first_name')
      .execute();
    expect(rows).toEqual([
      { first_name: 'Cy', dob: 2014, birth_date: '2014-05-05' },
      { first_name: 'Di', dob: 2013, birth_date: '2013-11-30' },
      { first_name: 'Ed', dob: 2012, birth_date: null },
    ]);
    const plain = await admin.upload(
      '/api/players/bulk',
      { team_id: String(ids.own) },
      file('FirstName,LastName,Email\nFy,Undated,fy@example.org'),
    );
    expect(plain.statusCode, plain.body).toBe(200);
  });
});

describe('the Birth date field of the import wizard', () => {
  it('refuses a date in another year or no date, and stores the dates of the rows it creates', async () => {
    const csv = [
      'First,Last,Parent,Year,Day',
      'Gus,Wizard,gus.wizard@example.org,2014,2014-06-01',
      'Hal,Wizard,hal.wizard@example.org,,2013-03-15T00:00:00.000Z',
      'Ivy,Wizard,ivy.wizard@example.org,2013,2014-06-01',
      'Jo,Wizard,jo.wizard@example.org,,01/06/2014',
    ].join('\n');
    const up = await admin.upload('/api/imports/players/upload', {}, { field: 'file', name: 'wizard.csv', content: csv });
    expect(up.statusCode, up.body).toBe(200);
    const mapping = { first_name: 0, last_name: 1, email: 2, dob: 3, birth_date: 4 };
    const plan = (await admin.post(`/api/import/${up.json().data.id}/validate`, { mapping, team_id: ids.own })).json().data;
    const reasons = plan.rows.map((r: { reasons: string[] }) => r.reasons);
    expect(reasons).toEqual([
      [],
      [],
      ['Birth date 2014-06-01 is not in the birth year 2013.'],
      ['Birth date “01/06/2014” is not a date in the format YYYY-MM-DD from 1995 to 2025.'],
    ]);
    const done = await admin.post(`/api/import/${up.json().data.id}/commit`, { plan_hash: plan.plan_hash });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await t.db
      .selectFrom('players')
      .select(['first_name', 'dob', 'birth_date'])
      .where('last_name', '=', 'Wizard')
      .orderBy('first_name')
      .execute();
    expect(rows).toEqual([
      { first_name: 'Gus', dob: 2014, birth_date: '2014-06-01' },
      { first_name: 'Hal', dob: 2013, birth_date: '2013-03-15' },
    ]);
  });
});
