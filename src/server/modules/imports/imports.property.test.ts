import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../test/harness.js';
import { playersSuite, type DemoIds } from '../players/players.fixtures.js';

/** Properties of the import engine on a real database: the preview is what runs, and undo leaves no trace. */

let t: TestApp, admin: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, ids } = s);
});

/** Everything an import may touch, row by row (ids included): equal snapshots are equal data. */
async function snapshot(): Promise<string> {
  const players = await t.db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name', 'email', 'dob', 'updated_at'])
    .orderBy('id')
    .execute();
  const members = await t.db.selectFrom('team_players').select(['team_id', 'player_id']).orderBy('team_id').orderBy('player_id').execute();
  const guardians = await t.db.selectFrom('guardians').select(['id', 'email']).orderBy('id').execute();
  const links = await t.db.selectFrom('guardian_links').select(['id', 'guardian_id', 'player_id', 'status']).orderBy('id').execute();
  return JSON.stringify({ players, members, guardians, links });
}

const first = ['Ana', 'ANA', 'Anä', 'Ben', 'Chloé', 'Chloe', ' Dan ', ''];
const last = ['Prop', 'prop', 'Pröp', 'Anne-Marie', 'Annemarie'];
const email = ['p1@example.org', 'P1@example.org', 'p2@example.org', 'bad-address', ''];
const dob = ['', '2012', '2013-04-05', '1980', 'soon'];

const rowArb = fc.tuple(fc.constantFrom(...first), fc.constantFrom(...last), fc.constantFrom(...email), fc.constantFrom(...dob));

describe('import properties', () => {
  it('the commit writes exactly the preview’s counts, and undo leaves the database as before', async () => {
    const existing = await t.db
      .selectFrom('players')
      .select(['first_name', 'last_name', 'email', 'dob'])
      .where('id', '=', ids.ownPlayer)
      .executeTakeFirstOrThrow();
    const existingRow: [string, string, string, string] = [
      existing.first_name.toLowerCase(),
      existing.last_name,
      existing.email,
      String(existing.dob ?? ''),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ weight: 6, arbitrary: rowArb }, { weight: 1, arbitrary: fc.constant(existingRow) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.constantFrom('link', 'create', 'skip'), { minLength: 12, maxLength: 12 }),
        fc.boolean(),
        async (rows, decisions, intoTeam) => {
          const before = await snapshot();
          const csv = ['Given name;Surname;Parent email;DOB', ...rows.map((r) => r.map((c) => `"${c}"`).join(';'))].join('\n');
          const up = (await admin.upload('/api/imports/players/upload', {}, { field: 'file', name: 'p.csv', content: csv })).json().data;
          const chosen = Object.fromEntries(decisions.slice(0, rows.length).map((d, i) => [String(i + 2), d]));
          const res = await admin.post(`/api/import/${up.id}/validate`, {
            mapping: up.mapping,
            team_id: intoTeam ? ids.own : null,
            decisions: chosen,
          });
          expect(res.statusCode, res.body).toBe(200);
          const plan = res.json().data;
          const done = await admin.post(`/api/import/${up.id}/commit`, { plan_hash: plan.plan_hash });
          expect(done.statusCode, done.body).toBe(200);
          expect(done.json().data.counts).toEqual(plan.counts);
          expect(plan.counts.created + plan.counts.updated + plan.counts.linked + plan.counts.skipped).toBe(rows.length);
          const undone = await admin.post(`/api/import/${up.id}/undo`);
          expect(undone.statusCode, undone.body).toBe(200);
          expect(undone.json().data.kept).toEqual([]);
          // Undo writes updated_at on a restored birth year: compared without it for those rows only.
          const strip = (s: string) => s.replace(/"updated_at":"[^"]*"/g, '');
          expect(strip(await snapshot())).toBe(strip(before));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('evaluations: the commit writes the preview’s counts, keeps the totals, and undo leaves evaluations and totals as before', async () => {
    const criteria = await t.db
      .selectFrom('criteria as c')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select(['c.id', 'c.name'])
      .where('l.kind', '=', 'scale_1_10')
      .orderBy('c.id')
      .limit(2)
      .execute();
    // A stored evaluation the files may repeat (same player, criterion and date).
    const seeded = await admin.post(`/api/player/${ids.ownPlayer}/evaluation`, {
      criteria_id: criteria[0]!.id,
      score: 5,
      date: '2026-01-03',
    });
    expect(seeded.statusCode, seeded.body).toBe(200);
    const evaluations = async () => {
      const rows = await t.db
        .selectFrom('evaluations')
        .select(['id', 'player_id', 'criterion_id', 'score', 'score_percentage', 'notes', 'date', 'is_current', 'updated_at'])
        .orderBy('id')
        .execute();
      const totals = await t.db.selectFrom('player_scores').select(['player_id', 'total']).orderBy('player_id').execute();
      const levels = await t.db
        .selectFrom('player_level_scores')
        .select(['player_id', 'level_id', 'total'])
        .orderBy('player_id')
        .orderBy('level_id')
        .execute();
      return JSON.stringify({ rows, totals, levels });
    };
    const maintainedRight = async () => {
      const kept = await t.db
        .selectFrom('player_scores')
        .select(['player_id', 'total'])
        .where('player_id', 'in', [ids.ownPlayer, ids.otherPlayer])
        .orderBy('player_id')
        .execute();
      const sums = await t.db
        .selectFrom('evaluations')
        .select(['player_id', (eb) => eb.fn.sum<number>('score_percentage').as('total')])
        .where('is_current', '=', 1)
        .where('player_id', 'in', [ids.ownPlayer, ids.otherPlayer])
        .groupBy('player_id')
        .orderBy('player_id')
        .execute();
      expect(kept.map((r) => [r.player_id, Math.round(Number(r.total) * 1000)])).toEqual(
        sums.map((r) => [r.player_id, Math.round(Number(r.total) * 1000)]),
      );
    };
    const who = [String(ids.ownPlayer), String(ids.otherPlayer), '999999', ''];
    const what = [criteria[0]!.name, criteria[1]!.name, criteria[0]!.name.toUpperCase(), 'Nope'];
    const score = ['1', '5', '7', '10', '11', 'yes', ''];
    const date = ['2026-01-03', '03.01.2026', '2026-01-04', '', 'soon'];
    const evalRow = fc.tuple(fc.constantFrom(...who), fc.constantFrom(...what), fc.constantFrom(...score), fc.constantFrom(...date));
    await fc.assert(
      fc.asyncProperty(
        fc.array(evalRow, { minLength: 1, maxLength: 10 }),
        fc.array(fc.constantFrom('link', 'create', 'skip'), { minLength: 10, maxLength: 10 }),
        async (rows, decisions) => {
          const before = await evaluations();
          const csv = ['Player ID,Criterion,Score,Date', ...rows.map((r) => r.join(','))].join('\n');
          const up = (await admin.upload('/api/imports/evaluations/upload', {}, { field: 'file', name: 'e.csv', content: csv })).json()
            .data;
          const chosen = Object.fromEntries(decisions.slice(0, rows.length).map((d, i) => [String(i + 2), d]));
          const res = await admin.post(`/api/import/${up.id}/validate`, { mapping: up.mapping, decisions: chosen });
          expect(res.statusCode, res.body).toBe(200);
          const plan = res.json().data;
          const done = await admin.post(`/api/import/${up.id}/commit`, { plan_hash: plan.plan_hash });
          expect(done.statusCode, done.body).toBe(200);
          expect(done.json().data.counts).toEqual(plan.counts);
          await maintainedRight();
          const undone = await admin.post(`/api/import/${up.id}/undo`);
          expect(undone.statusCode, undone.body).toBe(200);
          expect(undone.json().data.kept).toEqual([]);
          expect(await evaluations()).toBe(before);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
