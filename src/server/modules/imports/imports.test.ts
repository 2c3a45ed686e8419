import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { Client, TestApp } from '../../test/harness.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';
import { importMessages } from './imports.service.js';
import { nowMs } from '../../lib/time.js';

let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, coach, player, ids } = s);
});

const file = (content: string | Buffer, name = 'players.csv') => ({ field: 'file', name, content });
const count = async (table: 'players' | 'guardians' | 'team_players' | 'guardian_links') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function upload(c: Client, content: string | Buffer, name = 'players.csv') {
  const res = await c.upload('/api/imports/players/upload', {}, file(content, name));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('the players import wizard', () => {
  it('401 without a session, 403 for a player, 400 for a missing or unsupported file', async () => {
    expect((await t.anon.upload('/api/imports/players/upload', {}, file('a,b\n1,2'))).statusCode).toBe(401);
    expect((await player.upload('/api/imports/players/upload', {}, file('a,b\n1,2'))).statusCode).toBe(403);
    expect((await player.get('/api/imports/players/history')).statusCode).toBe(403);
    expect((await player.post('/api/import/1/validate', { mapping: {} })).statusCode).toBe(403);
    const none = await admin.upload('/api/imports/players/upload', {});
    expect(none.statusCode).toBe(400);
    const pdf = await admin.upload('/api/imports/players/upload', {}, file('%PDF', 'x.pdf'));
    expect(pdf.json()).toMatchObject({ message: 'Upload a CSV file (.csv) or an Excel workbook (.xlsx).', field: 'file' });
    const headerOnly = await admin.upload('/api/imports/players/upload', {}, file('First name,Last name\n'));
    expect(headerOnly.statusCode).toBe(400);
    expect((await admin.post('/api/import/x/validate', { mapping: {} })).statusCode).toBe(400);
  });

  it('reads a messy CSV (BOM, semicolons, quotes, renamed headers) and suggests the mapping', async () => {
    const csv = '\uFEFFGiven name;Surname;"Guardian e-mail";Date of birth\n"Zoë";"O\'Neil; Jr";zoe.parent@example.org;03/05/2012\n';
    const up = await upload(admin, csv);
    expect(up.headers).toEqual(['Given name', 'Surname', 'Guardian e-mail', 'Date of birth']);
    expect(up.sample).toEqual([['Zoë', "O'Neil; Jr", 'zoe.parent@example.org', '03/05/2012']]);
    expect(up.mapping).toEqual({ first_name: 0, last_name: 1, email: 2, dob: 3, birth_date: null });
    expect(up.remembered).toBe(false);
  });

  it('reads an XLSX workbook', async () => {
    const xlsx = await (
      await writeXlsxFile(
        [
          ['First name', 'Last name', 'Parent email', 'DOB'],
          ['Xena', 'Workbook', 'xena.parent@example.org', new Date('2013-02-01')],
          ['Yuri', 'Workbook', 'xena.parent@example.org', 2014],
        ] as never,
        { dateFormat: 'yyyy-mm-dd' } as never,
      )
    ).toBuffer();
    const up = await upload(admin, xlsx, 'players.xlsx');
    expect(up.row_count).toBe(2);
    expect(up.sample).toEqual([
      ['Xena', 'Workbook', 'xena.parent@example.org', '2013-02-01'],
      ['Yuri', 'Workbook', 'xena.parent@example.org', '2014'],
    ]);
    const plan = (await admin.post(`/api/import/${up.id}/validate`, { mapping: up.mapping })).json().data;
    expect(plan.counts).toEqual({ created: 2, updated: 0, linked: 0, skipped: 0 });
  });

  it('validates, previews, commits the same plan once, and undoes it', async () => {
    const existing = await t.db
      .selectFrom('players')
      .innerJoin('team_players', 'team_players.player_id', 'players.id')
      .select(['players.id', 'first_name', 'last_name', 'dob', 'email'])
      .where('team_id', '=', ids.own)
      .executeTakeFirstOrThrow();
    const before = {
      players: await count('players'),
      guardians: await count('guardians'),
      members: await count('team_players'),
      links: await count('guardian_links'),
    };
    const shout = existing.first_name.toUpperCase();
    const csv = [
      'Vorname,Nachname,Parent e-mail,Birth year,Notes',
      'Amélie,Import,family.import@example.org,2013,first sibling',
      'Bruno,Import,family.import@example.org,2015,second sibling',
      'amelie, import ,other@example.org,2013,in-file duplicate',
      `${shout},${existing.last_name},someone@example.org,${existing.dob ?? ''},existing player`,
      ',NoFirst,x@example.org,,bad row',
      'Bad,Year,y@example.org,1980,bad row',
    ].join('\n');
    const up = await upload(coach, csv);
    expect(up.mapping).toEqual({ first_name: 0, last_name: 1, email: 2, dob: 3, birth_date: null });
    // A coach must choose one of their teams.
    const noTeam = await coach.post(`/api/import/${up.id}/validate`, { mapping: up.mapping });
    expect(noTeam.json()).toMatchObject({ message: MSG.required, field: 'team_id' });
    const badMap = await coach.post(`/api/import/${up.id}/validate`, { mapping: { ...up.mapping, email: null }, team_id: ids.own });
    expect(badMap.json()).toMatchObject({ message: 'Choose the column that holds “Parent e-mail”.', field: 'mapping' });
    expect((await coach.post(`/api/import/${up.id}/validate`, { mapping: up.mapping, team_id: ids.other })).statusCode).toBe(403);

    const plan = (await coach.post(`/api/import/${up.id}/validate`, { mapping: up.mapping, team_id: ids.own })).json().data;
    const byLine = (line: number) => plan.rows.find((r: { line: number }) => r.line === line);
    expect(byLine(2)).toMatchObject({ status: 'valid', action: 'create' });
    expect(byLine(4)).toMatchObject({
      status: 'duplicate',
      candidate: { kind: 'file', line: 2, by: 'name' },
      choices: ['create', 'skip'],
      action: 'skip',
    });
    expect(byLine(5)).toMatchObject({ status: 'duplicate', candidate: { kind: 'existing', player_id: existing.id }, action: 'link' });
    expect(byLine(6)).toMatchObject({ status: 'invalid', reasons: ['First name is missing.'] });
    expect(byLine(7)).toMatchObject({ status: 'invalid', reasons: ['Birth year 1980 is outside 1995–2025.'] });
    expect(plan.counts).toEqual({ created: 2, updated: 0, linked: 1, skipped: 3 });

    // A decision changes the plan: the in-file duplicate is created after all.
    const decided = (
      await coach.post(`/api/import/${up.id}/validate`, {
        mapping: up.mapping,
        team_id: ids.own,
        decisions: { '4': 'create', '5': 'skip' },
      })
    ).json().data;
    expect(decided.counts).toEqual({ created: 3, updated: 0, linked: 0, skipped: 3 });
    // The earlier preview is no longer the plan.
    const stale = await coach.post(`/api/import/${up.id}/commit`, { plan_hash: plan.plan_hash });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(importMessages.otherPlan);

    // Another user's plan id is not found.
    expect((await admin.post(`/api/import/${up.id}/commit`, { plan_hash: decided.plan_hash })).statusCode).toBe(404);
    expect((await admin.post(`/api/import/${up.id}/validate`, { mapping: up.mapping })).statusCode).toBe(404);

    const done = await coach.post(`/api/import/${up.id}/commit`, { plan_hash: decided.plan_hash });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ data: { id: up.id, counts: decided.counts, already: false }, message: MSG.success });
    // Sent again: the same answer, nothing written twice.
    const again = await coach.post(`/api/import/${up.id}/commit`, { plan_hash: decided.plan_hash });
    expect(again.json().data).toEqual({ id: up.id, counts: decided.counts, already: true });
    expect(await count('players')).toBe(before.players + 3);
    // Siblings with one parent e-mail: one guardian (plus the in-file duplicate's other@).
    expect(await count('guardians')).toBe(before.guardians + 2);
    expect(await count('team_players')).toBe(before.members + 3);

    const hist = (await coach.get('/api/imports/players/history')).json().data;
    expect(hist[0]).toMatchObject({
      id: up.id,
      file_name: 'players.csv',
      status: 'committed',
      counts: decided.counts,
      can_undo: true,
      errors: ['Row 6: First name is missing.', 'Row 7: Birth year 1980 is outside 1995–2025.'],
    });
    // The admin sees the club's history; the coach's undo is the coach's or an admin's.
    expect((await admin.get('/api/imports/players/history')).json().data.map((h: { id: number }) => h.id)).toContain(up.id);

    const undone = await coach.post(`/api/import/${up.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toMatchObject({ restored: 0, kept: [] });
    expect({
      players: await count('players'),
      guardians: await count('guardians'),
      members: await count('team_players'),
      links: await count('guardian_links'),
    }).toEqual(before);
    expect((await coach.post(`/api/import/${up.id}/undo`)).json().message).toBe(importMessages.undone);
    expect((await coach.post(`/api/import/${up.id}/commit`, { plan_hash: decided.plan_hash })).json().data.already).toBe(true);
  });

  it('remembers the mapping for the next file with the same headers in another order', async () => {
    const up = await upload(admin, 'Kid first,Kid last,Mum email\nA,B,c@example.org\n');
    expect(up.mapping).toMatchObject({ first_name: null });
    await admin.post(`/api/import/${up.id}/validate`, { mapping: { first_name: 0, last_name: 1, email: 2, dob: null } });
    const next = await upload(admin, 'Mum email,Kid last,Kid first\nc@example.org,B,A\n');
    expect(next).toMatchObject({ remembered: true, mapping: { first_name: 2, last_name: 1, email: 0, dob: null } });
  });

  it('refuses a plan made before the data changed, or older than 30 minutes (409), until checked again', async () => {
    const up = await upload(admin, 'First name,Last name,Email\nFresh,Plan,fresh@example.org\n');
    const plan = (await admin.post(`/api/import/${up.id}/validate`, { mapping: up.mapping })).json().data;
    await t.db.updateTable('players').set({ dob: 2011 }).where('id', '=', ids.ownPlayer).execute();
    const changed = await admin.post(`/api/import/${up.id}/commit`, { plan_hash: plan.plan_hash });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(importMessages.changed);
    expect(await t.db.selectFrom('players').select('id').where('last_name', '=', 'Plan').execute()).toEqual([]);
    const again = (await admin.post(`/api/import/${up.id}/validate`, { mapping: up.mapping })).json().data;
    await t.db
      .updateTable('imports')
      .set({ planned_at: new Date(nowMs() - 31 * 60_000).toISOString() })
      .where('id', '=', up.id)
      .execute();
    const old = await admin.post(`/api/import/${up.id}/commit`, { plan_hash: again.plan_hash });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(importMessages.expired);
    const fresh = (await admin.post(`/api/import/${up.id}/validate`, { mapping: up.mapping })).json().data;
    expect((await admin.post(`/api/import/${up.id}/commit`, { plan_hash: fresh.plan_hash })).statusCode).toBe(200);
  });

  it('undo keeps what later changes depend on, restores a filled birth year, and says which', async () => {
    const target = await t.db
      .insertInto('players')
      .values({
        first_name: 'Nora',
        last_name: 'Nodob',
        email: 'nora.parent@example.org',
        dob: null,
        player_email: null,
        video_links: '[]',
        created_at: '2020-01-01',
        updated_at: '2020-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const up = await upload(
      admin,
      'First name,Last name,Email,DOB\nNORA,nodob,nora.parent@example.org,2012\nEvan,Evaluated,evan.parent@example.org,2012\nQuiet,Created,quiet.parent@example.org,\n',
    );
    const plan = (await admin.post(`/api/import/${up.id}/validate`, { mapping: up.mapping, team_id: ids.own })).json().data;
    expect(plan.rows[0]).toMatchObject({ status: 'duplicate', candidate: { player_id: target.id, by: 'email' }, action: 'update' });
    expect(plan.counts).toEqual({ created: 2, updated: 1, linked: 0, skipped: 0 });
    const done = (await admin.post(`/api/import/${up.id}/commit`, { plan_hash: plan.plan_hash })).json().data;
    expect(done.counts).toEqual(plan.counts);
    expect((await t.db.selectFrom('players').select('dob').where('id', '=', target.id).executeTakeFirstOrThrow()).dob).toBe(2012);
    const evan = await t.db.selectFrom('players').select('id').where('last_name', '=', 'Evaluated').executeTakeFirstOrThrow();
    const criterion = await t.db.selectFrom('criteria').select('id').executeTakeFirstOrThrow();
    expect((await admin.post(`/api/player/${evan.id}/evaluation`, { criteria_id: criterion.id, score: 7 })).statusCode).toBe(200);
    const undone = (await admin.post(`/api/import/${up.id}/undo`)).json().data;
    expect(undone.kept).toEqual(['Evan Evaluated was kept: since the import evaluations were recorded.']);
    expect(undone.restored).toBe(1);
    expect((await t.db.selectFrom('players').select('dob').where('id', '=', target.id).executeTakeFirstOrThrow()).dob).toBeNull();
    expect(await t.db.selectFrom('players').select('id').where('last_name', 'in', ['Created', 'Evaluated']).execute()).toEqual([
      { id: evan.id },
    ]);
    const item = (await admin.get('/api/imports/players/history')).json().data.find((h: { id: number }) => h.id === up.id);
    expect(item).toMatchObject({ status: 'undone', can_undo: false, kept: undone.kept });
  });

  it('undo is refused after 24 hours', async () => {
    const up = await upload(admin, 'First name,Last name,Email\nLate,Undo,late@example.org\n');
    const plan = (await admin.post(`/api/import/${up.id}/validate`, { mapping: up.mapping })).json().data;
    await admin.post(`/api/import/${up.id}/commit`, { plan_hash: plan.plan_hash });
    await t.db
      .updateTable('imports')
      .set({ committed_at: new Date(nowMs() - 25 * 3_600_000).toISOString() })
      .where('id', '=', up.id)
      .execute();
    const res = await admin.post(`/api/import/${up.id}/undo`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(importMessages.undoLate);
  });
});
