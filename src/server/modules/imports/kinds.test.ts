import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ImportPlan, PlanRow } from '../../../shared/schemas/import.js';
import { guardianRuleMessages } from '../guardians/links.service.js';
import type { Client, TestApp } from '../../test/harness.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';
import { todayDate, nowIso } from '../../lib/time.js';

/** The evaluations, teams and users kinds of the import wizard (docs/product.md#importing), on a real database. */

let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, coach, player, ids } = s);
});

const file = (content: string, name = 'file.csv') => ({ field: 'file', name, content });

async function upload(c: Client, kind: string, content: string) {
  const res = await c.upload(`/api/imports/${kind}/upload`, {}, file(content));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function plan(c: Client, id: number, mapping: unknown, decisions: Record<string, string> = {}): Promise<ImportPlan> {
  const res = await c.post(`/api/import/${id}/validate`, { mapping, decisions });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const lineOf = (p: ImportPlan, line: number) => p.rows.find((r) => r.line === line) as PlanRow & { candidate: { id: number } };

/** The maintained totals next to what the current evaluations add up to: equal when the triggers kept up. */
async function totals() {
  const kept = await t.db.selectFrom('player_scores').select(['player_id', 'total']).orderBy('player_id').execute();
  const levels = await t.db
    .selectFrom('player_level_scores')
    .select(['player_id', 'level_id', 'total'])
    .orderBy('player_id')
    .orderBy('level_id')
    .execute();
  const sums = await t.db
    .selectFrom('evaluations')
    .select(['player_id', sql<number>`sum(score_percentage)`.as('total')])
    .where('is_current', '=', 1)
    .groupBy('player_id')
    .orderBy('player_id')
    .execute();
  return { kept, levels, sums };
}

async function evaluationsSnapshot() {
  return t.db
    .selectFrom('evaluations')
    .select(['id', 'player_id', 'criterion_id', 'score', 'notes', 'date', 'is_current'])
    .orderBy('id')
    .execute();
}

describe('kinds and their rights', () => {
  it('401 without a session, 403 without the section’s write right, 400 without a file', async () => {
    for (const kind of ['evaluations', 'teams', 'users']) {
      expect((await t.anon.upload(`/api/imports/${kind}/upload`, {}, file('a,b\n1,2'))).statusCode).toBe(401);
      expect((await player.upload(`/api/imports/${kind}/upload`, {}, file('a,b\n1,2'))).statusCode).toBe(403);
      expect((await player.get(`/api/imports/${kind}/history`)).statusCode).toBe(403);
      expect((await admin.upload(`/api/imports/${kind}/upload`, {})).statusCode).toBe(400);
    }
    // A coach writes evaluations but not teams or users.
    expect((await coach.upload('/api/imports/teams/upload', {}, file('Name\nX'))).statusCode).toBe(403);
    expect((await coach.upload('/api/imports/users/upload', {}, file('Email\nx@example.org'))).statusCode).toBe(403);
    expect((await coach.get('/api/imports/users/history')).statusCode).toBe(403);
    expect((await player.post('/api/import/1/commit', { plan_hash: 'x' })).statusCode).toBe(403);
  });
});

describe('the evaluations kind', () => {
  it('matches players and criteria, marks duplicates, commits the preview, keeps the totals, and undoes', async () => {
    const criterion = await t.db
      .selectFrom('criteria as c')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select(['c.id', 'c.name', 'l.name as level'])
      .where('l.kind', '=', 'scale_1_10')
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const own = await t.db
      .selectFrom('players')
      .select(['id', 'first_name', 'last_name', 'dob'])
      .where('id', '=', ids.ownPlayer)
      .executeTakeFirstOrThrow();
    const stored = await coach.post(`/api/player/${own.id}/evaluation`, { criteria_id: criterion.id, score: 4, date: '2026-01-10' });
    expect(stored.statusCode, stored.body).toBe(200);
    const beforeEvaluations = await evaluationsSnapshot();
    const beforeTotals = await totals();

    const csv = [
      'Player ID;First name;Last name;Birth year;Skill;Level;Rating;Date;Comment',
      `${own.id};;;;${criterion.name};${criterion.level};8;2026-01-10;better`,
      `${own.id};;;;${criterion.name};;9;10.01.2026;same day again`,
      `;${own.first_name.toUpperCase()};${own.last_name};${own.dob ?? ''};${criterion.name};;6;2026-01-05;`,
      `${ids.otherPlayer};;;;${criterion.name};;7;2026-01-05;not the coach's player`,
      `${own.id};;;;No such skill;;7;2026-01-05;`,
      `${own.id};;;;${criterion.name};;12;2026-01-05;`,
      `${own.id};;;;${criterion.name};;7;2099-01-05;`,
    ].join('\n');
    const up = await upload(coach, 'evaluations', csv);
    expect(up.mapping).toMatchObject({
      player_id: 0,
      first_name: 1,
      last_name: 2,
      dob: 3,
      criterion: 4,
      level: 5,
      score: 6,
      date: 7,
      notes: 8,
    });
    const p = await plan(coach, up.id, up.mapping);
    expect(lineOf(p, 2)).toMatchObject({
      status: 'duplicate',
      action: 'update',
      choices: ['link', 'create', 'skip'],
      candidate: { kind: 'record' },
    });
    expect(lineOf(p, 3)).toMatchObject({ status: 'duplicate', action: 'skip', candidate: { kind: 'file', line: 2 } });
    expect(lineOf(p, 4)).toMatchObject({ status: 'valid', action: 'create' });
    expect(lineOf(p, 5)).toMatchObject({ status: 'invalid' });
    expect(lineOf(p, 5)!.reasons[0]).toContain('Unknown player');
    expect(lineOf(p, 6)!.reasons).toEqual(['Unknown criterion “No such skill”.']);
    expect(lineOf(p, 7)!.reasons[0]).toContain('out of range');
    expect(lineOf(p, 8)!.reasons[0]).toContain('future');
    expect(p.counts).toEqual({ created: 1, updated: 1, linked: 0, skipped: 5 });

    const done = await coach.post(`/api/import/${up.id}/commit`, { plan_hash: p.plan_hash });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.counts).toEqual(p.counts);
    // The other team's player was never written.
    expect(
      await t.db
        .selectFrom('evaluations')
        .select('id')
        .where('player_id', '=', ids.otherPlayer)
        .where('notes', '=', "not the coach's player")
        .execute(),
    ).toEqual([]);
    // The stored evaluation of that day now holds the row's score (it is current only if it is the pair's latest).
    const updated = await t.db
      .selectFrom('evaluations')
      .select(['score', 'notes', 'date'])
      .where('id', '=', lineOf(p, 2)!.candidate.id)
      .executeTakeFirstOrThrow();
    expect(updated).toMatchObject({ score: 8, notes: 'better', date: '2026-01-10' });
    const after = await totals();
    expect(after.kept.map((r) => [r.player_id, Number(r.total)])).toEqual(after.sums.map((r) => [r.player_id, Number(r.total)]));

    const history = (await coach.get('/api/imports/evaluations/history')).json().data;
    expect(history[0]).toMatchObject({ id: up.id, kind: 'evaluations', counts: p.counts, can_undo: true });
    expect(history[0].errors).toHaveLength(4);

    const undone = await coach.post(`/api/import/${up.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toEqual({ removed: 1, restored: 1, kept: [] });
    expect(await evaluationsSnapshot()).toEqual(beforeEvaluations);
    expect(await totals()).toEqual(beforeTotals);
  });

  it('create beside a stored evaluation supersedes it; undo brings it back unless edited since, and says so', async () => {
    const criterion = await t.db.selectFrom('criteria').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const today = todayDate();
    const csv = `Player ID,Criterion,Score,Date\n${ids.ownPlayer},${criterion.name},5,${today}\n`;
    const up = await upload(admin, 'evaluations', csv);
    const first = await plan(admin, up.id, up.mapping);
    const row = lineOf(first, 2)!;
    const p = row.status === 'duplicate' ? await plan(admin, up.id, up.mapping, { '2': 'create' }) : first;
    expect(p.counts.created).toBe(1);
    expect((await admin.post(`/api/import/${up.id}/commit`, { plan_hash: p.plan_hash })).json().data.counts).toEqual(p.counts);
    const created = await t.db.selectFrom('evaluations').select(['id', 'is_current']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Number(created.is_current)).toBe(1);
    const edit = await admin.post(`/api/player/${ids.ownPlayer}/evaluation/${created.id}`, {
      criteria_id: criterion.id,
      score: 6,
      date: '2026-01-10',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const undone = (await admin.post(`/api/import/${up.id}/undo`)).json().data;
    expect(undone.removed).toBe(0);
    expect(undone.kept[0]).toContain('was kept: it was edited after the import.');
  });

  it('refuses rows of a closed season', async () => {
    const teams = await t.db.selectFrom('team_players').select('team_id').where('player_id', '=', ids.otherPlayer).execute();
    const seasons = await t.db
      .selectFrom('teams')
      .select('season_id')
      .where(
        'id',
        'in',
        teams.map((r) => r.team_id),
      )
      .execute();
    const seasonIds = [...new Set(seasons.map((s) => s.season_id))];
    await t.db.updateTable('seasons').set({ closed_at: nowIso() }).where('id', 'in', seasonIds).execute();
    try {
      const criterion = await t.db.selectFrom('criteria').select('name').orderBy('id').executeTakeFirstOrThrow();
      const up = await upload(admin, 'evaluations', `Player ID,Criterion,Score\n${ids.otherPlayer},${criterion.name},5\n`);
      const p = await plan(admin, up.id, up.mapping);
      expect(lineOf(p, 2)).toMatchObject({ status: 'invalid' });
      expect(lineOf(p, 2)!.reasons.join(' ')).toMatch(/is closed for evaluations/);
    } finally {
      await t.db.updateTable('seasons').set({ closed_at: null }).where('id', 'in', seasonIds).execute();
    }
  });
});

describe('the teams kind', () => {
  it('creates, links an existing team to the row’s coach, refuses bad rows, and undoes', async () => {
    const team = await t.db
      .selectFrom('teams as t')
      .innerJoin('categories as c', 'c.id', 't.category_id')
      .innerJoin('seasons as s', 's.id', 't.season_id')
      .innerJoin('users as u', 'u.id', 't.coach_user_id')
      .select(['t.id', 't.name', 'c.name as club', 's.name as season', 'u.email', 't.coach_user_id'])
      .where('t.id', '=', ids.own)
      .executeTakeFirstOrThrow();
    const other = team.email === 'jordan.reyes@demo.club' ? 'coach@demo.club' : 'jordan.reyes@demo.club';
    const csv = [
      'Team,Club,Saison,Trainer',
      `Import Lions,${team.club},${team.season},${team.email}`,
      `${team.name.toLowerCase()},${team.club},${team.season},${other}`,
      `import lions,${team.club},${team.season},${team.email}`,
      `Nowhere,No such club,${team.season},${team.email}`,
      `Admins,${team.club},${team.season},admin@demo.club`,
    ].join('\n');
    const up = await upload(admin, 'teams', csv);
    expect(up.mapping).toEqual({ name: 0, category: 1, season: 2, coach_email: 3 });
    const p = await plan(admin, up.id, up.mapping);
    expect(lineOf(p, 2)).toMatchObject({ status: 'valid', action: 'create' });
    expect(lineOf(p, 3)).toMatchObject({
      status: 'duplicate',
      action: 'update',
      choices: ['link', 'skip'],
      candidate: { kind: 'record', id: team.id },
    });
    expect(lineOf(p, 4)!.reasons[0]).toContain('Row 2 of the file is already the team');
    expect(lineOf(p, 5)!.reasons).toEqual(['Unknown club “No such club”: add it in Settings first.']);
    expect(lineOf(p, 6)!.reasons).toEqual(['admin@demo.club is not in a coach role.']);
    expect(p.counts).toEqual({ created: 1, updated: 1, linked: 0, skipped: 3 });
    const done = await admin.post(`/api/import/${up.id}/commit`, { plan_hash: p.plan_hash });
    expect(done.json().data.counts).toEqual(p.counts);
    // The same plan sent again answers the first result and writes nothing.
    expect((await admin.post(`/api/import/${up.id}/commit`, { plan_hash: p.plan_hash })).json().data).toMatchObject({
      already: true,
      counts: p.counts,
    });
    const lions = await t.db.selectFrom('teams').select('id').where('name', '=', 'Import Lions').execute();
    expect(lions).toHaveLength(1);
    const undone = (await admin.post(`/api/import/${up.id}/undo`)).json().data;
    expect(undone).toEqual({ removed: 1, restored: 1, kept: [] });
    expect(await t.db.selectFrom('teams').select('id').where('name', '=', 'Import Lions').execute()).toEqual([]);
    const back = await t.db.selectFrom('teams').select('coach_user_id').where('id', '=', team.id).executeTakeFirstOrThrow();
    expect(back.coach_user_id).toBe(team.coach_user_id);
  });

  it('undo keeps a team players joined since, and says why', async () => {
    const team = await t.db
      .selectFrom('teams as t')
      .innerJoin('categories as c', 'c.id', 't.category_id')
      .innerJoin('seasons as s', 's.id', 't.season_id')
      .select(['c.name as club', 's.name as season'])
      .where('t.id', '=', ids.own)
      .executeTakeFirstOrThrow();
    const up = await upload(admin, 'teams', `Name,Club,Season,Coach e-mail\nKept Team,${team.club},${team.season},coach@demo.club\n`);
    const p = await plan(admin, up.id, up.mapping);
    await admin.post(`/api/import/${up.id}/commit`, { plan_hash: p.plan_hash });
    const kept = await t.db.selectFrom('teams').select('id').where('name', '=', 'Kept Team').executeTakeFirstOrThrow();
    await t.db.insertInto('team_players').values({ team_id: kept.id, player_id: ids.ownPlayer }).execute();
    const undone = (await admin.post(`/api/import/${up.id}/undo`)).json().data;
    expect(undone).toEqual({ removed: 0, restored: 0, kept: ['The team Kept Team was kept: since the import players joined it.'] });
  });
});

describe('the users kind', () => {
  it('creates accounts with a temporary password, updates an existing one, refuses what the caller may not do, and undoes', async () => {
    const coachUser = await t.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'role_id'])
      .where('email', '=', 'coach@demo.club')
      .executeTakeFirstOrThrow();
    const csv = [
      'Vorname,Nachname,E-Mail,Rolle',
      'Nina,Newcoach,nina.newcoach@example.org,coach',
      `Casey,Renamed,coach@demo.club,Coach`,
      'Olga,Unknown,olga@example.org,Goalkeeper',
      'Nina,Again,NINA.newcoach@example.org,Coach',
      'Adam,Admin,adam@example.org,Admin',
      'Paula,Parent,parent@demo.club,Player',
    ].join('\n');
    const up = await upload(admin, 'users', csv);
    expect(up.mapping).toEqual({ first_name: 0, last_name: 1, email: 2, role: 3 });
    const p = await plan(admin, up.id, up.mapping);
    expect(lineOf(p, 2)).toMatchObject({ status: 'valid', action: 'create' });
    expect(lineOf(p, 3)).toMatchObject({
      status: 'duplicate',
      action: 'update',
      choices: ['link', 'skip'],
      candidate: { kind: 'record', id: coachUser.id },
    });
    expect(lineOf(p, 4)!.reasons).toEqual(['Unknown role “Goalkeeper”.']);
    expect(lineOf(p, 5)!.reasons[0]).toContain('is already on row 2 of the file');
    expect(lineOf(p, 6)!.reasons[0]).toContain('You cannot give the role Admin');
    expect(lineOf(p, 7)!.reasons).toContain(guardianRuleMessages.playerEmailIsGuardian);
    expect(p.counts).toEqual({ created: 1, updated: 1, linked: 0, skipped: 4 });
    const done = await admin.post(`/api/import/${up.id}/commit`, { plan_hash: p.plan_hash });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.counts).toEqual(p.counts);
    const nina = await t.db
      .selectFrom('users')
      .select(['id', 'must_change_password'])
      .where('email', '=', 'nina.newcoach@example.org')
      .executeTakeFirstOrThrow();
    expect(Number(nina.must_change_password)).toBe(1);
    const mail = await t.db.selectFrom('mail_outbox').select(['subject']).where('to_address', '=', 'nina.newcoach@example.org').execute();
    expect(mail.map((m) => m.subject)).toEqual(['Your club account']);
    expect((await t.db.selectFrom('users').select('last_name').where('id', '=', coachUser.id).executeTakeFirstOrThrow()).last_name).toBe(
      'Renamed',
    );

    const undone = (await admin.post(`/api/import/${up.id}/undo`)).json().data;
    expect(undone).toEqual({ removed: 1, restored: 1, kept: [] });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'nina.newcoach@example.org').execute()).toEqual([]);
    const back = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'role_id'])
      .where('id', '=', coachUser.id)
      .executeTakeFirstOrThrow();
    expect(back).toEqual({ first_name: coachUser.first_name, last_name: coachUser.last_name, role_id: coachUser.role_id });
  });
});
