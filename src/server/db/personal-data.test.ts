import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../test/database.js';
import { EXPORT_COVERS, exclusions } from '../modules/privacy/export.service.js';
import { PERSONAL_DATA, columnsWith } from './personal-data.js';

/**
 * The inventory covers the live schema: a table or column added by a migration and declared nowhere
 * fails here, on SQLite and on PostgreSQL, so an erasure cannot forget it.
 */
let d: TestDatabase;
beforeAll(async () => {
  d = await freshDatabase();
}, 60_000);
afterAll(() => d.dispose());

type Col = { t: string; c: string };

async function liveColumns(): Promise<Col[]> {
  if (d.dialect === 'postgres')
    return (
      await sql<Col>`select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema()`.execute(
        d.db,
      )
    ).rows;
  const main = await sql<Col>`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p
    where m.type = 'table' and m.name not like 'sqlite_%'`.execute(d.db);
  // The throttle counters live in their own file beside the database (db/limits.ts).
  const limits = await sql<Col>`select 'rate_limits' as t, name as c from pragma_table_info('rate_limits')`.execute(d.limits);
  return [...main.rows, ...limits.rows];
}

describe('the personal-data inventory', () => {
  it('declares every column of every table of the live schema, and nothing else', async () => {
    const live = (await liveColumns()).map(({ t, c }) => `${t}.${c}`).sort();
    expect(live.length).toBeGreaterThan(300);
    const declared = Object.entries(PERSONAL_DATA)
      .flatMap(([t, rule]) => Object.keys(rule.columns).map((c) => `${t}.${c}`))
      .sort();
    const undeclared = live.filter((x) => !declared.includes(x));
    const gone = declared.filter((x) => !live.includes(x));
    expect(undeclared, 'columns declared neither personal nor not personal in db/personal-data.ts').toEqual([]);
    expect(gone, 'declared columns the schema does not have').toEqual([]);
  });

  it('gives every erased column a way to find the rows, and keys every scrubbed table', async () => {
    for (const [table, column] of [...columnsWith('delete row'), ...columnsWith('clear')]) {
      expect(PERSONAL_DATA[table]!.rows, `${table}.${column}`).toBeDefined();
    }
    for (const [table] of columnsWith('scrub')) expect(Object.keys(PERSONAL_DATA[table]!.columns), table).toContain('id');
    // One table is either deleted or cleared: the erasure does one of them to its rows.
    for (const [table, rule] of Object.entries(PERSONAL_DATA)) {
      const kinds = new Set(Object.values(rule.columns).flatMap((c) => (c === 'not personal' ? [] : [c.erasure])));
      expect(kinds.has('delete row') && kinds.has('clear'), table).toBe(false);
    }
    // What an issue named must be personal: names, addresses, free text, files, tokens, outbox, audit, imports, drafts, offers, caches.
    const personal = (t: string, c: string) => PERSONAL_DATA[t]!.columns[c] !== 'not personal';
    for (const [t, c] of [
      ['players', 'first_name'],
      ['players', 'dob'],
      ['players', 'birth_date'],
      ['guardians', 'email'],
      ['files', 'data'],
      ['player_claim_tokens', 'token_hash'],
      ['mail_outbox', 'subject'],
      ['audit_log', 'summary'],
      ['imports', 'cells'],
      ['imports', 'kept'],
      ['draft_events', 'reason'],
      ['offer_deliveries', 'email'],
      ['link_previews', 'title'],
    ] as const)
      expect(personal(t, c), `${t}.${c}`).toBe(true);
  });

  it("places every table holding the player's own rows in the subject access export, or in its exclusions", () => {
    const own = Object.entries(PERSONAL_DATA)
      .filter(([, rule]) => rule.rows && ('player' in rule.rows || 'via' in rule.rows))
      .map(([table]) => table);
    expect(own.length).toBeGreaterThan(10);
    expect(own.filter((table) => !(table in EXPORT_COVERS))).toEqual([]);
    const excluded = exclusions(0).map((x) => x.what);
    for (const [table, where] of Object.entries(EXPORT_COVERS))
      if (where.startsWith('excluded: ')) expect(excluded, table).toContain(where.slice('excluded: '.length));
  });
});
