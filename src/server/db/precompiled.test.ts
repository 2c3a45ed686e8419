import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import { chunked, precompiled } from './precompiled.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.dispose());

const now = '2026-01-01T00:00:00.000Z';
const seasons = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ name: `Season ${from + i}`, created_at: now }));

describe('chunked', () => {
  it('runs every chunk, the last one shorter, and returns the rows in order', async () => {
    const { db } = database;
    const items = seasons(0, 25);
    const rows = await chunked(
      db,
      items,
      10,
      (chunk) =>
        db
          .insertInto('seasons')
          .values([...chunk])
          .returning('name'),
      (chunk) => chunk.flatMap((s) => [s.name, s.created_at]),
    );
    expect(rows.map((r) => r.name)).toEqual(items.map((s) => s.name));
    const found = await chunked(
      db,
      items.map((s) => s.name),
      10,
      (chunk) => db.selectFrom('seasons').select('name').where('name', 'in', chunk).orderBy('id'),
      (chunk) => [...chunk],
    );
    expect(found).toHaveLength(25);
  });

  it('refuses parameters in another order than the statement binds them, before running anything', async () => {
    const { db } = database;
    const count = async () => (await db.selectFrom('seasons').select('id').execute()).length;
    const before = await count();
    await expect(
      chunked(
        db,
        seasons(100, 3),
        10,
        (chunk) => db.insertInto('seasons').values([...chunk]),
        (chunk) => chunk.flatMap((s) => [s.created_at, s.name]),
      ),
    ).rejects.toThrow(/does not match/);
    expect(await count()).toBe(before);
  });
});

describe('precompiled', () => {
  it('runs with new parameters, and refuses a count the statement does not bind', async () => {
    const { db } = database;
    await db.insertInto('seasons').values(seasons(100, 2)).execute();
    const byName = precompiled((k) => k.selectFrom('seasons').select('name').where('name', '=', ''));
    expect(await byName(db, ['Season 101'])).toEqual([{ name: 'Season 101' }]);
    await expect(byName(db, ['Season 101', 'extra'])).rejects.toThrow(/2 parameters given, the statement binds 1/);
  });
});
