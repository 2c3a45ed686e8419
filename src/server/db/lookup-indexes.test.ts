import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Lookups that an import or a bounce makes per address find their rows on an index (migration 0031,
 * ADR 0023): a plan that reads the whole table costs what the club holds. PostgreSQL is told not to
 * prefer a scan, which it would on the small test tables whatever the indexes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function plan(text: string): Promise<string> {
  if (process.env.TEST_DB === 'postgres') {
    return t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const { rows } = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(t.db);
  return rows.map((r) => r.detail).join('\n');
}

describe('address lookups read an index', () => {
  it('players by parent e-mail, any case (the evaluations import)', async () => {
    expect(await plan(`select id from players where lower(email) in ('a@b.test', 'c@d.test')`)).toMatch(/players_email_lower_idx/);
  });

  it('guardians by e-mail, any case (a bounce)', async () => {
    expect(await plan(`select id from guardians where lower(email) = 'a@b.test'`)).toMatch(/guardians_email_lower_idx/);
  });
});
