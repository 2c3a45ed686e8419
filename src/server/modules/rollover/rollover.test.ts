import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RolloverPlan, RolloverResult } from '../../../shared/schemas/rollover.js';
import { nowIso } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: Client;
let coach: Client;
const ids = { from: 0, to: 0 };

const count = async (table: 'teams' | 'team_players' | 'mail_outbox') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const planOf = async (): Promise<RolloverPlan> => (await admin.get(`/api/rollover?from=${ids.from}&to=${ids.to}`)).json().data;
/** Every team as suggested and every player the wizard ticks by default (not placed, not aged out). */
const defaults = (p: RolloverPlan) => ({
  from: ids.from,
  to: ids.to,
  teams: p.teams.map((x) => ({ source_team_id: x.source_team_id, name: x.name })),
  players: p.players.filter((x) => !x.placed_in && !x.ages_out).map((x) => ({ player_id: x.player_id, source_team_id: x.source_team_id })),
});
const targetRows = () =>
  t.db
    .selectFrom('teams as t')
    .leftJoin('team_players as tp', 'tp.team_id', 't.id')
    .select(['t.name', 't.category_id', 't.coach_user_id', 'tp.player_id'])
    .where('t.season_id', '=', ids.to)
    .orderBy('t.name')
    .orderBy('tp.player_id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach] = await Promise.all([t.login('admin'), t.login('coach')]);
  ids.from = (await t.db.selectFrom('seasons').select('id').where('name', '=', '2026/27').executeTakeFirstOrThrow()).id;
  ids.to = (
    await t.db.insertInto('seasons').values({ name: '2027/28', created_at: nowIso() }).returning('id').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe('GET /api/rollover', () => {
  it('needs a session (401) and an admin role (403 for a coach)', async () => {
    expect((await t.anon.get(`/api/rollover?from=${ids.from}&to=${ids.to}`)).statusCode).toBe(401);
    expect((await coach.get(`/api/rollover?from=${ids.from}&to=${ids.to}`)).statusCode).toBe(403);
  });

  it('refuses a missing, equal or unknown season (400, 404)', async () => {
    expect((await admin.get(`/api/rollover?from=${ids.from}`)).statusCode).toBe(400);
    expect((await admin.get(`/api/rollover?from=${ids.from}&to=${ids.from}`)).statusCode).toBe(400);
    expect((await admin.get(`/api/rollover?from=${ids.from}&to=x`)).statusCode).toBe(400);
    expect((await admin.get(`/api/rollover?from=${ids.from}&to=99999`)).statusCode).toBe(404);
  });

  it('suggests each team a year on, with club and coach, and flags players too old for every group', async () => {
    const p = await planOf();
    expect(p.source).toMatchObject({ name: '2026/27', year: 2026, closed: false });
    expect(p.target).toMatchObject({ name: '2027/28', year: 2027 });
    expect(p.teams.map((x) => [x.source_name, x.name, x.age_group])).toEqual([
      ['U14 Boys', 'U15 Boys', 15],
      ['U16 Girls', 'U17 Girls', 17],
      ['U14 Girls', 'U15 Girls', 15],
      ['U18 Boys', 'U19 Boys', 19],
    ]);
    expect(p.teams.every((x) => x.existing_team_id === null && x.coach_name !== '')).toBe(true);
    expect(p.players.length).toBeGreaterThan(0);
    // U19 is the oldest group of 2027: born 2008 or earlier is 19 or more.
    for (const x of p.players) expect(x.ages_out).toBe(x.birth_year !== null && x.birth_year <= 2008);
    expect(p.players.some((x) => x.ages_out)).toBe(true);
  });
});

describe('POST /api/rollover', () => {
  it('needs a session (401) and an admin role (403), and checks what it is given (400)', async () => {
    const body = defaults(await planOf());
    expect((await t.anon.post('/api/rollover', body)).statusCode).toBe(401);
    expect((await coach.post('/api/rollover', body)).statusCode).toBe(403);
    expect((await admin.post('/api/rollover', { ...body, to: ids.from })).statusCode).toBe(400);
    expect((await admin.post('/api/rollover', { ...body, teams: [{ source_team_id: 999999, name: 'X' }] })).statusCode).toBe(400);
    expect((await admin.post('/api/rollover', { ...body, teams: [{ ...body.teams[0]!, name: ' ' }] })).statusCode).toBe(400);
    // A player carried into a team that is not rolled over.
    expect((await admin.post('/api/rollover', { ...body, teams: body.teams.slice(1), players: body.players })).statusCode).toBe(400);
    expect(await count('teams')).toBe(4);
  });

  it('a dry run says what a commit would do and writes nothing', async () => {
    const body = defaults(await planOf());
    const res = await admin.post('/api/rollover', { ...body, dry_run: true });
    expect(res.statusCode).toBe(200);
    const r = res.json().data as RolloverResult;
    expect(r).toMatchObject({
      dry_run: true,
      teams_created: 4,
      teams_kept: 0,
      players_added: body.players.length,
      players_already_placed: 0,
      source_closed: true,
    });
    expect(await count('teams')).toBe(4);
    expect((await planOf()).source.closed).toBe(false);
  });

  it('copies the teams a year on, carries the ticked players, closes the source and sends no mail; a second run changes nothing', async () => {
    const outbox = await count('mail_outbox');
    const plan = await planOf();
    const body = defaults(plan);
    body.teams[0]!.name = 'U15 Boys Gold';
    const first = (await admin.post('/api/rollover', body)).json().data as RolloverResult;
    expect(first).toMatchObject({ dry_run: false, teams_created: 4, players_added: body.players.length, source_closed: true });
    expect(first.players_not_carried).toBe(new Set(plan.players.filter((x) => x.ages_out).map((x) => x.player_id)).size);
    const rows = await targetRows();
    expect([...new Set(rows.map((r) => r.name))]).toEqual(['U15 Boys Gold', 'U15 Girls', 'U17 Girls', 'U19 Boys']);
    const sourceTeams = await t.db
      .selectFrom('teams')
      .select(['name', 'category_id', 'coach_user_id'])
      .where('season_id', '=', ids.from)
      .execute();
    const boys = sourceTeams.find((x) => x.name === 'U14 Boys')!;
    expect(rows.find((r) => r.name === 'U15 Boys Gold')).toMatchObject({
      category_id: boys.category_id,
      coach_user_id: boys.coach_user_id,
    });
    expect((await planOf()).source.closed).toBe(true);
    expect(await count('mail_outbox')).toBe(outbox);
    const audit = await t.db.selectFrom('audit_log').select('summary').where('entity', '=', 'rollover').execute();
    expect(audit).toHaveLength(1);

    const again = await planOf();
    expect(again.teams.every((x) => x.existing_team_id !== null)).toBe(true);
    expect(again.players.filter((x) => !x.ages_out).every((x) => x.placed_in !== null)).toBe(true);
    const second = (await admin.post('/api/rollover', body)).json().data as RolloverResult;
    expect(second).toMatchObject({ teams_created: 0, teams_kept: 4, players_added: 0, players_already_placed: body.players.length });
    expect(await targetRows()).toEqual(rows);
    expect(await count('mail_outbox')).toBe(outbox);
  });

  it("a second run as the wizard sends it (placed players unticked) reports the first run's players as already placed", async () => {
    // The test above rolled the season over; the wizard now unticks everyone it placed.
    const again = await planOf();
    const distinct = (xs: RolloverPlan['players']) => new Set(xs.map((x) => x.player_id)).size;
    const placed = distinct(again.players.filter((x) => x.placed_in !== null));
    const left = distinct(again.players.filter((x) => x.placed_in === null));
    expect(placed).toBeGreaterThan(0);
    const body = defaults(again);
    expect(body.players).toEqual([]);
    for (const dry_run of [true, false]) {
      const second = (await admin.post('/api/rollover', { ...body, dry_run })).json().data as RolloverResult;
      expect(second).toMatchObject({
        dry_run,
        teams_created: 0,
        teams_kept: 4,
        players_added: 0,
        players_already_placed: placed,
        // Only those the first run left behind (too old for every group).
        players_not_carried: left,
        source_closed: false,
      });
    }
  });
});

describe('a closed season', () => {
  it('refuses evaluations through its teams and of players only in it (409), until an admin reopens it', async () => {
    const criterion = await t.db
      .selectFrom('criteria as c')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select('c.id')
      .where('l.kind', '=', 'scale_1_10')
      .executeTakeFirstOrThrow();
    // A player who aged out stayed behind: their only team is in the closed season.
    const aged = (await planOf()).players.find((x) => x.ages_out && x.placed_in === null)!;
    const team = { id: aged.source_team_id };
    const teamSave = { criteria_id: criterion.id, scores: [{ player_id: aged.player_id, score: 7 }] };
    const closed = await admin.post(`/api/team/${team.id}/evaluations`, teamSave);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(
      'The season 2026/27 is closed for evaluations. An admin can reopen it on Teams → Roll over a season.',
    );
    expect((await admin.post(`/api/player/${aged.player_id}/evaluation`, { criteria_id: criterion.id, score: 7 })).statusCode).toBe(409);

    expect((await t.anon.post(`/api/season/${ids.from}/reopen`)).statusCode).toBe(401);
    expect((await coach.post(`/api/season/${ids.from}/reopen`)).statusCode).toBe(403);
    expect((await admin.post('/api/season/0/reopen')).statusCode).toBe(400);
    expect((await admin.post('/api/season/99999/reopen')).statusCode).toBe(404);
    expect((await admin.post(`/api/season/${ids.from}/reopen`)).statusCode).toBe(200);
    expect((await admin.post(`/api/team/${team.id}/evaluations`, teamSave)).statusCode).toBe(200);
    expect((await admin.post(`/api/player/${aged.player_id}/evaluation`, { criteria_id: criterion.id, score: 6 })).statusCode).toBe(200);
  });
});
