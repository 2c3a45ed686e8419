import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type {
  Decision,
  ImportCounts,
  ImportHistoryItem,
  ImportKind,
  ImportMapping,
  ImportPlan,
  PlanRow,
} from '../../../shared/schemas/import.js';
import type { DB } from '../../db/types.js';
import { encodeCursor } from '../../../shared/schemas/cursor.js';
import { authorizeImportKind, mayReachImport, seesEveryImport } from '../../policies/imports.js';
import { assertImportTeamGiven } from '../../policies/players.js';
import { reachableTeam } from '../../policies/teams.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Upload } from '../../lib/upload.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './imports.repository.js';
import { evaluationsKind } from './evaluations.kind.js';
import type { CommitDeps, KindHandler } from './kind.js';
import { applyRemembered, mappingProblems, rememberedForm, suggestMapping } from './mapping.js';
import { playersKind } from './players.kind.js';
import { countPlan } from './players.rows.js';
import { readTable } from './read-table.js';
import { teamsKind } from './teams.kind.js';
import { usersKind } from './users.kind.js';
import { nowIso, nowMs } from '../../lib/time.js';

/** The import engine (docs/decisions/0021-imports.md): upload → map → validate → preview → commit → undo. */

const KINDS: Record<ImportKind, KindHandler> = { players: playersKind, evaluations: evaluationsKind, teams: teamsKind, users: usersKind };

/** A plan is run only as previewed, and only while young: older ones are checked again. */
export const PLAN_TTL_MINUTES = 30;
export const UNDO_HOURS = 24;
/** The preview lists every row needing a decision or explanation, and this many of the rest. */
const VALID_SHOWN = 20;
const SAMPLE_ROWS = 5;

export const importMessages = {
  notFound: 'This import was not found.',
  expired: `This preview is more than ${PLAN_TTL_MINUTES} minutes old. Check the file again before importing.`,
  changed: 'The data this file is checked against changed since this preview was made. Check the file again before importing.',
  otherPlan: 'This preview is not the current plan of the import. Check the file again before importing.',
  notPlanned: 'Check the file before importing it.',
  undone: 'This import was already undone.',
  undoLate: `Undo is possible for ${UNDO_HOURS} hours after an import.`,
  notCommitted: 'Only a finished import can be undone.',
} as const;

/** The engine's fingerprint and the kind's own: a plan is stale when either moved. */
async function fingerprintOf(db: Kysely<DB>, handler: KindHandler): Promise<string> {
  const base = await repo.dataFingerprint(db);
  return handler.fingerprint ? `${base}|${await handler.fingerprint(db)}` : base;
}

const minutesAgo = (iso: string) => (nowMs() - Date.parse(iso)) / 60_000;

/** The import if the caller may reach it for this use; otherwise it is not found (policies/imports.ts). */
async function reachImport(db: Kysely<DB>, actor: Actor, id: number, use: 'plan' | 'history'): Promise<repo.ImportRow> {
  const row = await repo.findImport(db, id);
  if (!row || !mayReachImport(actor, row, use)) throw notFound(importMessages.notFound);
  // The author may have lost the kind's write right since the upload.
  authorizeImportKind(actor, row.kind as ImportKind);
  return row;
}

function parseJson<T>(text: string | null, fallback: T): T {
  return text ? (JSON.parse(text) as T) : fallback;
}

export async function uploadFile(db: Kysely<DB>, actor: Actor, kind: ImportKind, upload: Upload) {
  if (!upload.file) throw badRequest('Choose a file to import.', 'file');
  const table = await readTable(upload.file.name, upload.file.data);
  const handler = KINDS[kind];
  const remembered = parseJson<Record<string, string | null> | null>(await repo.rememberedMapping(db, kind), null);
  const fromMemory = remembered ? applyRemembered(handler.fields, remembered, table.headers) : null;
  // A field the last file did not have is still suggested when this file has it.
  const mapping = suggestMapping(handler.fields, table.headers, fromMemory ?? {});
  await repo.purgeAbandoned(db, new Date(nowMs() - UNDO_HOURS * 3_600_000).toISOString());
  const byName = await repo.userName(db, actor.id);
  const id = await repo.insertImport(db, {
    kind,
    created_by: actor.id,
    created_by_name: byName,
    file_name: upload.file.name.slice(0, 255),
    headers: JSON.stringify(table.headers),
    cells: JSON.stringify({ rows: table.rows, lines: table.lines }),
  });
  return {
    id,
    kind,
    file_name: upload.file.name,
    headers: table.headers,
    sample: table.rows.slice(0, SAMPLE_ROWS),
    row_count: table.rows.length,
    mapping,
    remembered: fromMemory !== null,
  };
}

/** Every row's outcome as a stable text: the hash names exactly this plan. */
const hashPlan = (plan: readonly PlanRow[], teamId: number | null) =>
  createHash('sha256')
    .update(JSON.stringify([teamId, plan.map((r) => [r.line, r.action, r.candidate])]))
    .digest('hex')
    .slice(0, 32);

function preview(id: number, plan: PlanRow[], planHash: string, plannedAt: string): ImportPlan {
  const attention = plan.filter((r) => r.status !== 'valid');
  const valid = plan.filter((r) => r.status === 'valid');
  return {
    id,
    plan_hash: planHash,
    counts: countPlan(plan),
    total: plan.length,
    valid: valid.length,
    invalid: plan.filter((r) => r.status === 'invalid').length,
    duplicates: plan.filter((r) => r.status === 'duplicate').length,
    rows: [...attention, ...valid.slice(0, VALID_SHOWN)].sort((a, b) => a.line - b.line),
    expires_at: new Date(Date.parse(plannedAt) + PLAN_TTL_MINUTES * 60_000).toISOString(),
  };
}

/** Validates with the mapping and decisions, stores the plan (and remembers the mapping), answers the preview. */
export async function validate(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  body: { mapping: ImportMapping; team_id: number | null; decisions: Record<string, Decision> },
): Promise<ImportPlan> {
  const row = await reachImport(db, actor, id, 'plan');
  if (row.status !== 'uploaded' && row.status !== 'planned') throw conflict('This import has already run.');
  const handler = KINDS[row.kind as ImportKind];
  const headers = parseJson<string[]>(row.headers, []);
  const problems = mappingProblems(handler.fields, body.mapping, headers.length);
  if (problems.length) throw badRequest(problems.join(' '), 'mapping');
  if (handler.usesTeam) assertImportTeamGiven(actor, body.team_id !== null);
  const team = body.team_id === null || !handler.usesTeam ? null : await reachableTeam(db, actor, body.team_id);
  const mapping = Object.fromEntries(handler.fields.map((f) => [f.key, body.mapping[f.key] ?? null]));
  // The fingerprint is read before the data, so a change while planning makes the plan stale, never silently wrong.
  const fingerprint = await fingerprintOf(db, handler);
  const { rows, lines } = parseJson<{ rows: string[][]; lines: number[] }>(row.cells, { rows: [], lines: [] });
  const plan = await handler.plan(db, actor, { rows, lines, mapping, decisions: body.decisions, teamId: team?.id ?? null });
  const planHash = hashPlan(plan, team?.id ?? null);
  const plannedAt = nowIso();
  await repo.savePlan(db, id, {
    team_id: team?.id ?? null,
    mapping: JSON.stringify(mapping),
    plan: JSON.stringify(plan),
    plan_hash: planHash,
    fingerprint,
    counts: JSON.stringify(countPlan(plan)),
    planned_at: plannedAt,
  });
  await repo.rememberMapping(db, row.kind, JSON.stringify(rememberedForm(mapping, headers)), actor.id);
  return preview(id, plan, planHash, plannedAt);
}

/**
 * Runs the stored plan, all or nothing. The same plan sent again answers the first commit's result;
 * a plan older than PLAN_TTL_MINUTES or made before the data changed is refused (409), to be checked again.
 */
export async function commit(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  planHash: string,
  deps: CommitDeps = { mailer: null, publicUrl: '' },
): Promise<{ id: number; counts: ImportCounts; already: boolean }> {
  const row = await reachImport(db, actor, id, 'plan');
  const done = (r: repo.ImportRow) => ({
    id,
    counts: parseJson<ImportCounts>(r.counts, { created: 0, updated: 0, linked: 0, skipped: 0 }),
    already: true,
  });
  if (row.status === 'committed' || row.status === 'undone') {
    if (row.plan_hash === planHash) return done(row);
    throw conflict(importMessages.otherPlan);
  }
  if (row.status !== 'planned' || !row.plan || !row.planned_at) throw conflict(importMessages.notPlanned);
  if (row.plan_hash !== planHash) throw conflict(importMessages.otherPlan);
  if (minutesAgo(row.planned_at) > PLAN_TTL_MINUTES) throw conflict(importMessages.expired);
  const plan = parseJson<PlanRow[]>(row.plan, []);
  const handler = KINDS[row.kind as ImportKind];
  const result = await db.transaction().execute(async (trx) => {
    if (!(await repo.claimPlan(trx, id, planHash))) return null;
    if ((await fingerprintOf(trx, handler)) !== row.fingerprint) throw conflict(importMessages.changed);
    const { counts, effects, after } = await handler.commit(trx, actor, { plan, teamId: row.team_id, deps });
    await repo.insertEffects(trx, id, effects);
    const errors = plan.filter((r) => r.status === 'invalid').map((r) => `Row ${r.line}: ${r.reasons.join(' ')}`);
    await repo.finishCommit(trx, id, JSON.stringify(counts), JSON.stringify(errors));
    await recordAudit(
      trx,
      actor,
      'bulk_upload',
      handler.entity,
      id,
      `Import ${id} (${row.file_name}): ${counts.created} created, ${counts.updated} updated, ${counts.linked} linked, ${counts.skipped} skipped`,
    );
    return { counts, after };
  });
  // Another request committed this plan meanwhile: its result is this one's.
  if (!result) return done((await repo.findImport(db, id))!);
  // After the commit: an e-mail cannot be taken back, so none goes out for a refused import.
  await result.after?.();
  return { id, counts: result.counts, already: false };
}

const HISTORY_PAGE = 50;

/** The newest imports of a kind, HISTORY_PAGE at a time; `after` is the `next` of the page before (ADR 0023). */
export async function history(
  db: Kysely<DB>,
  actor: Actor,
  kind: ImportKind,
  after?: repo.HistoryKey,
): Promise<{ data: ImportHistoryItem[]; next: string | null }> {
  const found = await repo.history(db, kind, seesEveryImport(actor) ? null : actor.id, HISTORY_PAGE + 1, after);
  const rows = found.slice(0, HISTORY_PAGE);
  const last = rows.at(-1);
  const next = found.length > HISTORY_PAGE && last ? encodeCursor([last.committed_at!, last.id]) : null;
  const data = rows.map((r) => {
    const undoUntil = new Date(Date.parse(r.committed_at!) + UNDO_HOURS * 3_600_000).toISOString();
    return {
      id: r.id,
      kind: r.kind,
      file_name: r.file_name,
      status: r.status as 'committed' | 'undone',
      by: r.created_by_name,
      committed_at: r.committed_at!,
      undone_at: r.undone_at,
      counts: parseJson<ImportCounts>(r.counts, { created: 0, updated: 0, linked: 0, skipped: 0 }),
      errors: parseJson<string[]>(r.errors, []),
      undo_until: undoUntil,
      can_undo: r.status === 'committed' && nowMs() < Date.parse(undoUntil),
      kept: parseJson<string[]>(r.kept, []),
    };
  });
  return { data, next };
}

/** Undo within UNDO_HOURS: removes what the import created and restores what it updated, except what later changes depend on. */
export async function undo(db: Kysely<DB>, actor: Actor, id: number) {
  const row = await reachImport(db, actor, id, 'history');
  if (row.status === 'undone') throw conflict(importMessages.undone);
  if (row.status !== 'committed' || !row.committed_at) throw conflict(importMessages.notCommitted);
  if (nowMs() - Date.parse(row.committed_at) > UNDO_HOURS * 3_600_000) throw conflict(importMessages.undoLate);
  const handler = KINDS[row.kind as ImportKind];
  return db.transaction().execute(async (trx) => {
    // Claimed first: a second undo of the same import waits here, then finds it undone.
    if (!(await repo.markUndone(trx, id))) throw conflict(importMessages.undone);
    const outcome = await handler.undo(trx, { effects: await repo.effectsOf(trx, id), committedAt: row.committed_at! });
    await repo.setKept(trx, id, JSON.stringify(outcome.kept));
    await recordAudit(
      trx,
      actor,
      'delete',
      handler.entity,
      id,
      `Import ${id} (${row.file_name}) undone: ${outcome.removed} removed, ${outcome.restored} restored, ${outcome.kept.length} kept`,
    );
    return outcome;
  });
}
