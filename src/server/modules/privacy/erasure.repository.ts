import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { LimitsDB } from '../../db/limits.js';
import type { ClearTo, Found, RowsOf } from '../../db/personal-data.js';
import type { DB } from '../../db/types.js';

/**
 * The writes of an erasure (ADR 0022). Which rows and columns it touches comes from the inventory
 * (db/personal-data.ts); these statements only carry it out, inside the decision's transaction. The
 * triggers on players, evaluations and guardian_links move the score version, so cached boards,
 * lists and profiles are rebuilt (ADR 0006).
 */
type Db = Kysely<DB>;

export async function playerToErase(db: Db, id: number) {
  return db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name', 'email', 'player_email', 'profile_img', 'pdf_file_id', 'video_links'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function accountsOf(db: Db, playerId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('player_id', '=', playerId).execute();
}

/** The player's guardians, and for each whether they have a link to another player. */
export async function guardiansOf(db: Db, playerId: number) {
  return db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
    .select(['g.id', 'g.email', 'g.name'])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('guardian_links as o').select('o.id').whereRef('o.guardian_id', '=', 'g.id').where('o.player_id', '<>', playerId),
        )
        .as('has_other_child'),
    )
    .where('l.player_id', '=', playerId)
    .execute();
}

/** Every video link on the player and their evaluations: their cached previews name the player. */
export async function videoLinksOf(db: Db, playerId: number): Promise<string[]> {
  const rows = await db.selectFrom('evaluations').select('video_links').where('player_id', '=', playerId).execute();
  const own = await db.selectFrom('players').select('video_links').where('id', '=', playerId).execute();
  return [...own, ...rows].flatMap((r) => {
    try {
      const list = JSON.parse(r.video_links) as unknown;
      return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  });
}

export async function fileIdsOf(db: Db, ids: readonly number[], keys: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where((eb) => eb.or([eb('id', 'in', [...ids, -1]), eb('key', 'in', [...keys, ''])]))
    .execute();
  return rows.map((r) => r.id);
}

/** Uploads and plans not run yet, with what they hold (the service looks for the player in them). */
export async function unusedImports(db: Db) {
  return db.selectFrom('imports').select(['id', 'file_name', 'cells', 'plan']).where('status', 'in', ['uploaded', 'planned']).execute();
}

/** Import effects on the player's rows: their `before` holds the player's earlier values. */
export async function importEffectsOn(
  db: Db,
  t: { player: number; users: readonly number[]; guardians: readonly number[]; evaluations: readonly number[] },
): Promise<number[]> {
  const rows = await db
    .selectFrom('import_effects')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('effect', 'in', ['player_created', 'player_updated', 'membership_added']), eb('target_id', '=', t.player)]),
        eb.and([eb('effect', 'in', ['user_created', 'user_updated']), eb('target_id', 'in', [...t.users, -1])]),
        eb.and([eb('effect', '=', 'guardian_created'), eb('target_id', 'in', [...t.guardians, -1])]),
        eb.and([eb('effect', 'in', ['evaluation_created', 'evaluation_updated']), eb('target_id', 'in', [...t.evaluations, -1])]),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

export async function evaluationIdsOf(db: Db, playerId: number): Promise<number[]> {
  return (await db.selectFrom('evaluations').select('id').where('player_id', '=', playerId).execute()).map((r) => r.id);
}

/** What the erasure found before writing, for the inventory's `rows`. */
export interface Targets {
  playerId: number;
  leavingGuardians: readonly number[];
  erasedAddresses: readonly string[];
  found: Record<Found, readonly (number | string)[]>;
}

const list = (values: readonly (number | string)[]) => sql.join(values.map((v) => sql`${v}`));

/** The condition picking the player's rows of a table, or null when there are none. */
export function rowsWhere(rows: RowsOf, t: Targets): RawBuilder<boolean> | null {
  if ('player' in rows) return sql<boolean>`${sql.ref(rows.player)} = ${t.playerId}`;
  if ('via' in rows)
    return sql<boolean>`${sql.ref(rows.via)} in (select id from ${sql.table(rows.parent)} where ${sql.ref(rows.parentPlayer)} = ${t.playerId})`;
  if ('leavingGuardians' in rows)
    return t.leavingGuardians.length ? sql<boolean>`${sql.ref(rows.leavingGuardians)} in (${list(t.leavingGuardians)})` : null;
  if ('erasedAddresses' in rows)
    return t.erasedAddresses.length ? sql<boolean>`lower(${sql.ref(rows.erasedAddresses)}) in (${list(t.erasedAddresses)})` : null;
  if ('found' in rows) {
    const values = t.found[rows.found];
    return values.length ? sql<boolean>`${sql.ref(rows.column)} in (${list(values)})` : null;
  }
  return null; // counters: after the commit (forgetCounters)
}

const affected = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);

export async function deleteRows(db: Db, table: string, where: RawBuilder<boolean>): Promise<number> {
  return affected(await sql`delete from ${sql.table(table)} where ${where}`.execute(db));
}

/** Sets the cleared values on the rows; a value computed from the row's id is written row by row. */
export async function clearRows(db: Db, table: string, where: RawBuilder<boolean>, values: Record<string, ClearTo>): Promise<number> {
  const fixed = Object.entries(values).filter(([, v]) => typeof v !== 'function');
  const perRow = Object.entries(values).filter((e): e is [string, (id: number) => string] => typeof e[1] === 'function');
  const assign = (pairs: [string, unknown][]) => sql.join(pairs.map(([c, v]) => sql`${sql.ref(c)} = ${v}`));
  if (!perRow.length) return affected(await sql`update ${sql.table(table)} set ${assign(fixed)} where ${where}`.execute(db));
  const ids = (await sql<{ id: number }>`select id from ${sql.table(table)} where ${where}`.execute(db)).rows.map((r) => Number(r.id));
  for (const id of ids) {
    const pairs: [string, unknown][] = [...fixed, ...perRow.map(([c, f]): [string, unknown] => [c, f(id)])];
    await sql`update ${sql.table(table)} set ${assign(pairs)} where id = ${id}`.execute(db);
  }
  return ids.length;
}

/** Rows (by id) whose columns contain any of the terms, case-insensitive, optionally only some rows. */
export async function rowsContaining(
  db: Db,
  table: string,
  columns: readonly string[],
  terms: readonly string[],
  opts: { only?: RawBuilder<boolean>; extra?: readonly string[] } = {},
): Promise<{ id: number; text: Record<string, string | null> }[]> {
  if (!terms.length || !columns.length) return [];
  const any = sql.join(
    columns.flatMap((c) => terms.map((term) => sql`lower(${sql.ref(c)}) like ${`%${term.toLowerCase()}%`}`)),
    sql` or `,
  );
  const selected = sql.join([...columns, ...(opts.extra ?? [])].map((c) => sql.ref(c)));
  const only = opts.only ? sql`and ${opts.only}` : sql``;
  const rows = await sql<Record<string, unknown>>`select id, ${selected} from ${sql.table(table)} where (${any}) ${only}`.execute(db);
  return rows.rows.map(({ id, ...text }) => ({ id: Number(id), text: text as Record<string, string | null> }));
}

export async function updateTexts(db: Db, table: string, id: number, values: Record<string, string | null>): Promise<void> {
  const pairs = Object.entries(values);
  if (!pairs.length) return;
  await sql`update ${sql.table(table)} set ${sql.join(pairs.map(([c, v]) => sql`${sql.ref(c)} = ${v}`))} where id = ${id}`.execute(db);
}

export async function renameAuditActor(db: Db, userIds: readonly number[], name: string): Promise<void> {
  if (userIds.length)
    await db
      .updateTable('audit_log')
      .set({ user_name: name })
      .where('user_id', 'in', [...userIds])
      .execute();
}

/** Throttle counters keyed by an erased address (their own database on SQLite). */
export async function forgetCounters(limits: Kysely<LimitsDB>, addresses: readonly string[]): Promise<void> {
  for (const address of addresses)
    await limits
      .deleteFrom('rate_limits')
      .where(sql<string>`lower(key)`, 'like', `%${address.toLowerCase()}%`)
      .execute();
}
