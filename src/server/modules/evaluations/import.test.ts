import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TEMPLATES } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import type { Client, TestApp } from '../../test/harness.js';
import { withRefusedInsert } from '../../test/refuse-insert.js';
import { leaderboardTotals } from '../../../shared/scoring.js';
import { loadEvaluations } from '../leaderboard/leaderboard.fixtures.js';
import { playerTotals } from '../scores/scores.repository.js';
import { INSERT_CHUNK } from './evaluations.repository.js';
import { currentRows, evaluationSuite, evaluationCount, type DemoFacts } from './evaluations.fixtures.js';
import { nowMs } from '../../lib/time.js';

let t: TestApp, admin: Client, coach: Client, player: Client, facts: DemoFacts;
beforeAll(async () => {
  ({ t, admin, coach, player, facts } = await evaluationSuite());
});
afterAll(() => t.close());

type Member = { first_name: string; last_name: string; email: string };
const line = (p: Member, level: string, criteria: string, score: string, notes = '', video = '') =>
  [p.first_name, p.last_name, p.email, level, criteria, score, notes, video]
    .map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
    .join(',');
const csv = (...lines: string[]) => [CSV_TEMPLATES.evaluation.join(','), ...lines].join('\n') + '\n';
const file = (content: string, name = 'evaluations.csv', type = 'text/csv') => ({ field: 'bulkFile', name, content, type });

describe('POST /api/players/evaluation/bulk', () => {
  const url = '/api/players/evaluation/bulk';

  it('401 signed out, 403 for players', async () => {
    const p = facts.own[0]!;
    const content = csv(line(p, 'Fundamentals', facts.scale[0]!.name, '5'));
    expect((await t.anon.upload(url, {}, file(content))).statusCode).toBe(401);
    expect((await player.upload(url, {}, file(content))).statusCode).toBe(403);
  });

  it('400 for a missing or non-csv file and for missing columns', async () => {
    expect((await admin.upload(url, { evaluator: 'X' })).json()).toMatchObject({ field: 'bulkFile' });
    expect(
      (await admin.upload(url, {}, file('a,b', 'scores.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).json(),
    ).toEqual({ message: MSG.csvOnly, field: 'bulkFile' });
    const res = await admin.upload(url, {}, file('PlayerFirstName,PlayerLastName\nA,B\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Missing columns: ParentEmail, Level, Criteria, Score, Notes, Video/);
    expect((await admin.upload(url, {}, file(csv()))).json().message).toMatch(/no rows/);
  });

  it('imports a good file in one go: both level kinds, case-insensitive matching, supersedes the current ones', async () => {
    const [a, b] = [facts.own[0]!, facts.own[1]!];
    const scale = facts.scale[0]!;
    const yesNo = facts.yesNo[0]!;
    const before = await evaluationCount(t);
    const content = csv(
      line(a, 'fundamentals', scale.name.toUpperCase(), '8', 'Great, "quick" release', 'https://youtu.be/a'),
      line({ ...b, email: b.email.toUpperCase() }, 'Game IQ', yesNo.name, 'Yes'),
      line(b, 'Fundamentals', scale.name, '3'),
      line(b, 'Fundamentals', scale.name, '6'),
    );
    const res = await coach.upload(url, { evaluator: 'Assistant Sam' }, file(content));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.success, data: { rows: 4, players: 2 } });
    expect(await evaluationCount(t)).toBe(before + 4);

    const aRows = await currentRows(t, a.id, scale.id);
    const aCurrent = aRows.filter((r) => r.is_current === 1);
    expect(aCurrent).toHaveLength(1);
    expect(aCurrent[0]!.score).toBe(8);
    // Two rows for the same pair in one file: the later row wins, the earlier is history.
    const bRows = await currentRows(t, b.id, scale.id);
    expect(bRows.filter((r) => r.is_current === 1).map((r) => r.score)).toEqual([6]);
    expect(bRows.some((r) => r.score === 3 && r.is_current === 0)).toBe(true);
    const list = (await coach.get(`/api/player/${a.id}/evaluation`)).json().data.evaluations;
    expect(list.find((e: { criteria_id: number }) => e.criteria_id === scale.id)).toMatchObject({
      notes: 'Great, "quick" release',
      evaluator_name: 'Assistant Sam',
      video_links: ['https://youtu.be/a'],
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'bulk_upload')
      .where('entity', '=', 'evaluation')
      .execute();
    expect(audit.map((x) => x.summary)).toContain('4 evaluations for 2 player(s)');
  });

  it('an evaluation dated after the import (tomorrow) stays current; the imported row of its pair is history', async () => {
    const [a, b] = [facts.own[2]!, facts.own[3]!];
    const scale = facts.scale[0]!;
    const tomorrow = new Date(nowMs() + 86_400_000).toISOString().slice(0, 10);
    const body = { criteria_id: scale.id, score: 9, evaluator_name: 'Casey Coach', notes: '', video_links: [], date: tomorrow };
    const later = await coach.post(`/api/player/${a.id}/evaluation`, body);
    expect(later.statusCode).toBe(200);
    const res = await coach.upload(url, {}, file(csv(line(a, 'Fundamentals', scale.name, '2'), line(b, 'Fundamentals', scale.name, '4'))));
    expect(res.statusCode, res.body).toBe(200);
    expect((await currentRows(t, a.id, scale.id)).filter((r) => r.is_current === 1).map((r) => [r.score, r.date])).toEqual([[9, tomorrow]]);
    expect((await currentRows(t, a.id, scale.id)).some((r) => r.score === 2 && r.is_current === 0)).toBe(true);
    expect((await currentRows(t, b.id, scale.id)).filter((r) => r.is_current === 1).map((r) => r.score)).toEqual([4]);
    const expected = leaderboardTotals(await loadEvaluations(t.db));
    const actual = await playerTotals(t.db);
    for (const id of [a.id, b.id]) expect(actual.get(id) ?? 0).toBeCloseTo(expected.get(id) ?? 0, 6);
    // Deleting it promotes the imported row (the file's later tests expect the file's rows current).
    expect((await coach.post(`/api/player/${a.id}/evaluation/${later.json().data.id}/delete`, {})).statusCode).toBe(200);
    expect((await currentRows(t, a.id, scale.id)).filter((r) => r.is_current === 1).map((r) => r.score)).toEqual([2]);
  });

  it('all-or-nothing: one bad row writes nothing and every bad row is reported with its row number', async () => {
    const [a, b] = [facts.own[2]!, facts.own[3]!];
    const scale = facts.scale[1]!;
    const yesNo = facts.yesNo[1]!;
    const before = await evaluationCount(t);
    const content = csv(
      line(a, 'Fundamentals', scale.name, '7'),
      line(b, 'Fundamentals', scale.name, '12'),
      line(a, 'Game IQ', yesNo.name, 'Maybe'),
      line({ ...a, email: 'nobody@example.org' }, 'Fundamentals', scale.name, '5'),
      line(a, 'Fundamentals', 'No such criterion', '5'),
      line(a, 'Fundamentals', scale.name, '5', '', 'not a link'),
    );
    const res = await admin.upload(url, {}, file(content));
    expect(res.statusCode).toBe(400);
    const { message, field, errors } = res.json();
    expect(field).toBe('bulkFile');
    expect(errors.map((e: string) => e.split(':')[0])).toEqual(['row 3', 'row 4', 'row 5', 'row 6', 'row 7']);
    expect(errors[0]).toContain(MSG.number);
    expect(message).toMatch(/^5 rows have errors; nothing was imported\.\nrow 3:/);
    expect(await evaluationCount(t)).toBe(before);
  });

  it('coach scoping applies to every row: a player of another team fails the whole file, read as an unknown player', async () => {
    const before = await evaluationCount(t);
    const other = facts.other[0]!;
    const content = csv(
      line(facts.own[4]!, 'Fundamentals', facts.scale[0]!.name, '5'),
      line(other, 'Fundamentals', facts.scale[0]!.name, '5'),
    );
    const res = await coach.upload(url, {}, file(content));
    expect(res.statusCode).toBe(400);
    // The same words as for a name nobody has: the error never tells a coach who plays on another team.
    const unknown = { ...other, first_name: 'Nobody', last_name: 'Known' };
    const nobody = await coach.upload(url, {}, file(csv(line(unknown, 'Fundamentals', facts.scale[0]!.name, '5'))));
    const shape = (e: string) =>
      e
        .replace(/^row \d+: /, '')
        .replace(`${other.first_name} ${other.last_name}`, 'NAME')
        .replace('Nobody Known', 'NAME');
    expect(res.json().errors.map(shape)).toEqual(nobody.json().errors.map(shape));
    expect(res.json().errors).toEqual([expect.stringMatching(/^row 3: no player named /)]);
    expect(await evaluationCount(t)).toBe(before);
    // The same file is fine for an admin.
    expect((await admin.upload(url, {}, file(content))).statusCode).toBe(200);
  });
});

describe('POST /api/players/evaluation/bulk across statement chunks', () => {
  const url = '/api/players/evaluation/bulk';
  // Three INSERT chunks; every (player, criterion) pair recurs in several of them.
  const n = 2 * INSERT_CHUNK + 7;
  const rowsFor = (players: (Member & { id: number })[], notes: (i: number) => string = () => '') => {
    const criteria = [...facts.scale, ...facts.yesNo];
    return Array.from({ length: n }, (_, i) => {
      const c = criteria[Math.floor(i / players.length) % criteria.length]!;
      const score = c.kind === 'yes_no' ? (i % 2 ? 'Yes' : 'No') : String(1 + (i % 10));
      return {
        player: players[i % players.length]!,
        criterion: c,
        score,
        line: line(players[i % players.length]!, c.level, c.name, score, notes(i)),
      };
    });
  };
  const distinct = () => [...new Map(facts.members.map((m) => [m.id, m])).values()].slice(0, 9);

  it('more rows than one chunk: every row stored, the last row of each pair current, totals as scoring.ts computes', async () => {
    const rows = rowsFor(distinct());
    const before = await evaluationCount(t);
    const res = await admin.upload(url, {}, file(csv(...rows.map((r) => r.line))));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data.rows).toBe(n);
    expect(await evaluationCount(t)).toBe(before + n);
    const last = new Map(rows.map((r) => [`${r.player.id}:${r.criterion.id}`, r]));
    for (const r of last.values()) {
      const current = (await currentRows(t, r.player.id, r.criterion.id)).filter((e) => e.is_current === 1);
      expect(current.map((e) => e.score)).toEqual([r.criterion.kind === 'yes_no' ? (r.score === 'Yes' ? 1 : 0) : Number(r.score)]);
    }
    const expected = leaderboardTotals(await loadEvaluations(t.db));
    const actual = await playerTotals(t.db);
    for (const { id } of distinct()) expect(actual.get(id) ?? 0).toBeCloseTo(expected.get(id) ?? 0, 6);
  });

  it('a database error in the last chunk writes nothing', async () => {
    await withRefusedInsert(t, 'evaluations', 'notes', 'boom', async () => {
      const before = {
        evaluations: await evaluationCount(t),
        totals: await playerTotals(t.db),
        audit: (await t.db.selectFrom('audit_log').select('id').execute()).length,
      };
      const rows = rowsFor(distinct(), (i) => (i === n - 1 ? 'boom' : ''));
      const res = await admin.upload(url, {}, file(csv(...rows.map((r) => r.line))));
      expect(res.statusCode).toBe(500);
      expect({
        evaluations: await evaluationCount(t),
        totals: await playerTotals(t.db),
        audit: (await t.db.selectFrom('audit_log').select('id').execute()).length,
      }).toEqual(before);
    });
  });
});

describe('POST /api/player/{id}/evaluation/bulk', () => {
  it('rows with blank player columns apply to that player; a row naming another player fails the file', async () => {
    const p = facts.own[5]!;
    const scale = facts.scale[2]!;
    const url = `/api/player/${p.id}/evaluation/bulk`;
    const blank = { first_name: '', last_name: '', email: '' };
    expect((await t.anon.upload(url, {}, file(csv(line(blank, 'Fundamentals', scale.name, '5'))))).statusCode).toBe(401);
    expect((await player.upload(url, {}, file(csv(line(blank, 'Fundamentals', scale.name, '5'))))).statusCode).toBe(403);
    expect(
      (await coach.upload(`/api/player/${facts.other[0]!.id}/evaluation/bulk`, {}, file(csv(line(blank, 'Fundamentals', scale.name, '5')))))
        .statusCode,
    ).toBe(403);
    expect(
      (await admin.upload('/api/player/999999/evaluation/bulk', {}, file(csv(line(blank, 'Fundamentals', scale.name, '5'))))).statusCode,
    ).toBe(404);

    const before = await evaluationCount(t);
    const bad = await coach.upload(
      url,
      {},
      file(csv(line(blank, 'Fundamentals', scale.name, '5'), line(facts.own[6]!, 'Fundamentals', scale.name, '5'))),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.stringMatching(/^row 3: .* is not the player being evaluated/)]);
    expect(await evaluationCount(t)).toBe(before);

    const res = await coach.upload(
      url,
      {},
      file(csv(line(blank, 'Fundamentals', scale.name, '9'), line(p, 'Game IQ', facts.yesNo[0]!.name, 'no'))),
    );
    expect(res.json()).toEqual({ message: MSG.success, data: { rows: 2, players: 1 } });
    const current = (await currentRows(t, p.id, scale.id)).filter((r) => r.is_current === 1);
    expect(current.map((r) => r.score)).toEqual([9]);
  });
});
