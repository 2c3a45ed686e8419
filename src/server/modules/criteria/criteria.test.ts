import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: Client;
let coach: Client;
let player: Client;
let levels: { id: number; name: string; kind: string }[];

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
  levels = await t.db.selectFrom('levels').select(['id', 'name', 'kind']).orderBy('position').execute();
});
afterAll(() => t.close());

const scale = () => levels.find((l) => l.kind === 'scale_1_10')!;
const yesNo = () => levels.find((l) => l.kind === 'yes_no')!;
let seq = 0;
const unique = (base: string) => `${base} ${++seq}`;

async function create(body: Record<string, unknown>) {
  return admin.post('/api/criteria', { description: '', video_links: [], ...body });
}

describe('GET /api/criteria', () => {
  it('401 signed out, 403 for a player, both spellings answer staff', async () => {
    expect((await t.anon.get('/api/criteria/')).statusCode).toBe(401);
    expect((await player.get('/api/criteria/')).statusCode).toBe(403);
    const a = await coach.get('/api/criteria/');
    const b = await coach.get('/api/criteria');
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
  });

  it('lists every criterion with its level, weight and evaluation count; ?level filters', async () => {
    const all = (await coach.get('/api/criteria/')).json().data as Record<string, unknown>[];
    expect(all.length).toBeGreaterThanOrEqual(10);
    const form = all.find((c) => c.criteria === 'Shooting form')!;
    expect(form).toMatchObject({ level: scale().id, level_name: 'Fundamentals', level_kind: 'scale_1_10', score: 15 });
    const stored = await t.db
      .selectFrom('evaluations')
      .where('criterion_id', '=', form.id as number)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(form.evaluationCount).toBe(Number(stored.n));
    const filtered = (await coach.get(`/api/criteria?level=${yesNo().id}`)).json().data as { level: number }[];
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((c) => c.level === yesNo().id)).toBe(true);
    expect((await coach.get('/api/criteria?level=abc')).statusCode).toBe(400);
  });
});

describe('POST /api/criteria', () => {
  it('401 signed out, 403 for criteria read-only coaches', async () => {
    expect((await t.anon.post('/api/criteria', { criteria: 'X', level: scale().id, score: 5 })).statusCode).toBe(401);
    expect((await coach.post('/api/criteria', { criteria: 'X', level: scale().id, score: 5 })).statusCode).toBe(403);
  });

  it('400 names the field: required name and level, score must be a number 0–100, links http(s)', async () => {
    let res = await create({ criteria: '', level: scale().id, score: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.required, field: 'criteria' });
    res = await create({ criteria: 'Rebounding', level: '', score: 5 });
    expect(res.json()).toMatchObject({ field: 'level', message: MSG.required });
    res = await create({ criteria: 'Rebounding', level: scale().id, score: 'ten' });
    expect(res.json()).toEqual({ message: MSG.number, field: 'score' });
    res = await create({ criteria: 'Rebounding', level: scale().id });
    expect(res.json()).toEqual({ message: MSG.required, field: 'score' });
    res = await create({ criteria: 'Rebounding', level: scale().id, score: 101 });
    expect(res.json().field).toBe('score');
    // Out of range is refused with the reason, never clamped to 100 or 0 (issue 31).
    for (const score of [150, '150', -1]) {
      res = await create({ criteria: 'Rebounding out of range', level: scale().id, score });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.weightRange, field: 'score' });
    }
    expect((await admin.get('/api/criteria')).json().data.some((c: { criteria: string }) => c.criteria === 'Rebounding out of range')).toBe(
      false,
    );
    res = await create({ criteria: 'Rebounding', level: scale().id, score: 5, video_links: ['javascript:alert(1)'] });
    expect(res.json().field).toBe('video_links');
    res = await create({ criteria: 'Rebounding', level: 999999, score: 5 });
    expect(res.json()).toMatchObject({ field: 'level' });
  });

  it('creates a criterion (numeric text accepted), audits it, and refuses a duplicate name on the level', async () => {
    const name = unique('Rebounding');
    const res = await create({
      criteria: name,
      level: String(scale().id),
      score: '7.5',
      description: 'Box out',
      video_links: ['https://youtu.be/abc', ''],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.success,
      data: {
        criteria: name,
        level: scale().id,
        score: 7.5,
        description: 'Box out',
        video_links: ['https://youtu.be/abc'],
        evaluationCount: 0,
      },
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'criterion')
      .where('entity_id', '=', res.json().data.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
    const dup = await create({ criteria: name.toUpperCase(), level: scale().id, score: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('criteria');
    // The same name on another level is a different criterion.
    expect((await create({ criteria: name, level: yesNo().id, score: 5 })).statusCode).toBe(200);
  });
});

describe('POST /api/criterion/{id}', () => {
  it('edits name, description and links; the weight is not editable', async () => {
    const id = (await create({ criteria: unique('Closeouts'), level: scale().id, score: 4 })).json().data.id;
    expect((await coach.post(`/api/criterion/${id}`, { criteria: 'X', level: scale().id })).statusCode).toBe(403);
    expect((await t.anon.post(`/api/criterion/${id}`, { criteria: 'X', level: scale().id })).statusCode).toBe(401);
    const changed = await admin.post(`/api/criterion/${id}`, { criteria: 'Closeouts 2', level: scale().id, score: 9 });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().field).toBe('score');
    const res = await admin.post(`/api/criterion/${id}`, {
      criteria: 'Closeouts edited',
      level: scale().id,
      score: 4,
      description: 'Short',
      video_links: ['https://vimeo.com/1'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      criteria: 'Closeouts edited',
      score: 4,
      description: 'Short',
      video_links: ['https://vimeo.com/1'],
    });
    const withoutScore = await admin.post(`/api/criterion/${id}`, { criteria: 'Closeouts edited', level: yesNo().id });
    expect(withoutScore.json().data).toMatchObject({ level: yesNo().id, score: 4 });
    expect((await admin.post(`/api/criterion/${id}`, { criteria: '', level: scale().id })).json()).toEqual({
      message: MSG.required,
      field: 'criteria',
    });
    expect((await admin.post('/api/criterion/999999', { criteria: 'Y', level: scale().id })).statusCode).toBe(404);
  });

  it('refuses moving an evaluated criterion to a level of the other kind (scores would change meaning)', async () => {
    const form = await t.db.selectFrom('criteria').select(['id', 'name']).where('name', '=', 'Shooting form').executeTakeFirstOrThrow();
    const res = await admin.post(`/api/criterion/${form.id}`, { criteria: form.name, level: yesNo().id });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('level');
  });
});

describe('POST /api/criterion/{id}/delete', () => {
  it('deletes the criterion with all its evaluations in one go and says how many went', async () => {
    const target = await t.db.selectFrom('criteria').select('id').where('name', '=', 'Passing').executeTakeFirstOrThrow();
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('evaluations')
            .where('criterion_id', '=', target.id)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect((await coach.post(`/api/criterion/${target.id}/delete`)).statusCode).toBe(403);
    expect((await t.anon.post(`/api/criterion/${target.id}/delete`)).statusCode).toBe(401);
    const res = await admin.post(`/api/criterion/${target.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.success, data: { id: target.id, deletedEvaluations: before } });
    expect(await count()).toBe(0);
    expect(await t.db.selectFrom('criteria').select('id').where('id', '=', target.id).executeTakeFirst()).toBeUndefined();
    expect((await admin.post(`/api/criterion/${target.id}/delete`)).statusCode).toBe(404);
  });
});
