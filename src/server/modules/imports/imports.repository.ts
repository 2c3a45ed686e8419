import { sql, type Kysely } from 'kysely';
import { chunked } from '../../db/precompiled.js';
import type { DB, ImportEffectsTable } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/** The imports table (upload → plan → commit → undo), its effects and the remembered mappings (migration 0025). */

const CHUNK = 500;

export async function insertImport(
  db: Kysely<DB>,
  row: { kind: string; created_by: number; created_by_name: string; file_name: string; headers: string; cells: string },
): Promise<number> {
  const now = nowIso();
  const r = await db
    .insertInto('imports')
    .values({ ...row, status: 'uploaded', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Uploads and plans never run are dropped after a day: their cells are a club's data nobody asked to keep. */
export async function purgeAbandoned(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('imports').where('status', 'in', ['uploaded', 'planned']).where('created_at', '<', before).execute();
}

/** The uploader's name as the history shows it (kept if the user is deleted later). */
export async function userName(db: Kysely<DB>, id: number): Promise<string> {
  const u = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
  return u ? `${u.first_name} ${u.last_name}` : '';
}

export async function findImport(db: Kysely<DB>, id: number) {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}
export type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;

export async function savePlan(
  db: Kysely<DB>,
  id: number,
  p: { team_id: number | null; mapping: string; plan: string; plan_hash: string; fingerprint: string; counts: string; planned_at: string },
): Promise<void> {
  await db
    .updateTable('imports')
    .set({ ...p, status: 'planned', updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', ['uploaded', 'planned'])
    .execute();
}

/** Claims the plan for its commit: only one commit of a plan ever runs (the others see 0 rows). */
export async function claimPlan(db: Kysely<DB>, id: number, planHash: string): Promise<boolean> {
  const now = nowIso();
  const r = await db
    .updateTable('imports')
    .set({ status: 'committed', committed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'planned')
    .where('plan_hash', '=', planHash)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function finishCommit(db: Kysely<DB>, id: number, counts: string, errors: string): Promise<void> {
  // The commit's time is taken after its writes, so an edit "since" the import is one made after it.
  await db.updateTable('imports').set({ counts, errors, plan: null, cells: '[]', committed_at: nowIso() }).where('id', '=', id).execute();
}

export async function setKept(db: Kysely<DB>, id: number, kept: string): Promise<void> {
  await db.updateTable('imports').set({ kept }).where('id', '=', id).execute();
}

export async function markUndone(db: Kysely<DB>, id: number): Promise<boolean> {
  const now = nowIso();
  const r = await db
    .updateTable('imports')
    .set({ status: 'undone', undone_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'committed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** An import's place in the history: committed_at, id (imports_history_idx reads it in that order). */
export type HistoryKey = [committed_at: string, id: number];

export async function history(db: Kysely<DB>, kind: string, createdBy: number | null, limit: number, after?: HistoryKey) {
  let q = db
    .selectFrom('imports')
    .select(['id', 'kind', 'file_name', 'status', 'created_by', 'created_by_name', 'committed_at', 'undone_at', 'counts', 'errors', 'kept'])
    .where('kind', '=', kind)
    .where('status', 'in', ['committed', 'undone']);
  if (createdBy !== null) q = q.where('created_by', '=', createdBy);
  if (after) q = q.where(sql<boolean>`(committed_at, id) < (${after[0]}, ${after[1]})`);
  return q.orderBy('committed_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export type NewEffect = Omit<ImportEffectsTable, 'id' | 'import_id'>;

export async function insertEffects(db: Kysely<DB>, importId: number, effects: readonly NewEffect[]): Promise<void> {
  await chunked(
    db,
    effects,
    CHUNK,
    (chunk) => db.insertInto('import_effects').values(chunk.map((e) => ({ import_id: importId, ...e }))),
    (chunk) => chunk.flatMap((e) => [importId, e.effect, e.target_id, e.team_id, e.before]),
  );
}

export async function effectsOf(db: Kysely<DB>, importId: number) {
  return db
    .selectFrom('import_effects')
    .select(['effect', 'target_id', 'team_id', 'before'])
    .where('import_id', '=', importId)
    .orderBy('id')
    .execute();
}

export async function rememberedMapping(db: Kysely<DB>, kind: string): Promise<string | null> {
  const r = await db.selectFrom('import_mappings').select('mapping').where('kind', '=', kind).executeTakeFirst();
  return r?.mapping ?? null;
}

export async function rememberMapping(db: Kysely<DB>, kind: string, mapping: string, userId: number): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('import_mappings')
    .values({ kind, mapping, updated_by: userId, updated_at: now })
    .onConflict((oc) => oc.column('kind').doUpdateSet({ mapping, updated_by: userId, updated_at: now }))
    .execute();
}

/**
 * What a plan read, as it was: the list version (score_state, moved by triggers on every players and
 * memberships change, ADR 0011) and the guardians and their links (which the duplicate check reads by
 * e-mail). A plan whose fingerprint no longer matches was made before the data changed.
 */
export async function dataFingerprint(db: Kysely<DB>): Promise<string> {
  const version = await db.selectFrom('score_state').select('version').where('id', '=', 1).executeTakeFirst();
  const g = await db
    .selectFrom('guardians')
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`max(updated_at)`.as('at'), sql<number | null>`max(id)`.as('top')])
    .executeTakeFirstOrThrow();
  const l = await db
    .selectFrom('guardian_links')
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`max(updated_at)`.as('at'), sql<number | null>`max(id)`.as('top')])
    .executeTakeFirstOrThrow();
  return [version?.version ?? 0, g.n, g.at ?? '', g.top ?? 0, l.n, l.at ?? '', l.top ?? 0].join(':');
}
