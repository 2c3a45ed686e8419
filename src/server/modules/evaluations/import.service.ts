import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { DB } from '../../db/types.js';
import { nowIso, todayDate } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { afterMeasuredWrite, evaluatorName, writeEvaluations } from './evaluations.service.js';
import * as repo from './evaluations.repository.js';
import { checkRows, errorMessage, readCsv, supersede } from './import.csv.js';
import { pairsOf, syncGoalProgress } from '../goals/goals.service.js';

export type ImportResult = { invalid: { message: string; field: string; errors: string[] } } | { rows: number; players: number };

/**
 * Checks every row, then writes all of them in one transaction: the imported players' current rows
 * are read once, the supersede rule is decided in memory, the superseded rows are cleared and the
 * new rows inserted with their flags in chunked multi-row INSERTs — no per-row queries. `reachable`:
 * the players the file may name (policies/evaluations.ts authorizeBulk); `playerId`: the per-player
 * upload, whose rows apply to that player.
 */
export async function importEvaluations(
  db: Kysely<DB>,
  actor: Actor,
  content: Buffer,
  reachable: Set<number> | null,
  options: { playerId?: number; evaluator: string },
): Promise<ImportResult> {
  const onlyPlayer = options.playerId === undefined ? undefined : (await repo.findPlayerForMatching(db, options.playerId))!;
  const rows = readCsv(content);
  const emails = [...new Set(rows.map((r) => r.email.toLowerCase()).filter(Boolean))];
  const [criteria, players] = await Promise.all([repo.allScoringCriteria(db), repo.playersByEmails(db, emails)]);
  const evaluator = options.evaluator.trim() || (await evaluatorName(db, actor, {}));
  const { values, errors } = checkRows(rows, {
    criteria,
    players,
    reachable,
    ...(onlyPlayer ? { onlyPlayer } : {}),
    evaluatorUserId: actor.id,
    evaluatorName: evaluator.slice(0, 120),
    date: todayDate(),
    now: nowIso(),
  });
  if (errors.length) return { invalid: { message: errorMessage(errors), field: 'bulkFile', errors } };

  const playerCount = new Set(values.map((v) => v.player_id)).size;
  await writeEvaluations(db, async (trx) => {
    const { rows, superseded } = supersede(await repo.currentOfPlayers(trx, [...new Set(values.map((v) => v.player_id))]), values);
    // Before the insert: the unique index allows one current row per pair at every moment.
    await repo.clearCurrent(trx, superseded);
    // The multi-row insert writes the score columns only; a measured test's rows go one by one with their values.
    const measuredIds = new Set(criteria.filter((c) => c.kind === 'measured').map((c) => c.id));
    await repo.insertEvaluations(
      trx,
      rows.filter((r) => !measuredIds.has(r.criterion_id)),
    );
    const measuredRows = rows.filter((r) => measuredIds.has(r.criterion_id));
    for (const r of measuredRows) await repo.insertEvaluation(trx, r);
    for (const c of criteria.filter((x) => measuredRows.some((r) => r.criterion_id === x.id))) {
      await repo.recomputeCurrent(trx, { criterionId: c.id, playerIds: [...new Set(measuredRows.map((r) => r.player_id))] });
      await afterMeasuredWrite(trx, c);
    }
    await syncGoalProgress(trx, actor, pairsOf(rows));
    await recordAudit(
      trx,
      actor,
      'bulk_upload',
      'evaluation',
      onlyPlayer?.id ?? null,
      `${values.length} evaluations for ${playerCount} player(s)`,
    );
  });
  return { rows: values.length, players: playerCount };
}
