import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import { MSG } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { parseScore } from '../../../shared/schemas/evaluation.js';
import type { SyncEntry, SyncRefusal, SyncResult } from '../../../shared/schemas/evaluation-sync.js';
import { scorePercentage } from '../../../shared/scoring.js';
import { decideSyncEntry, type SyncAccess } from '../../policies/evaluations.js';
import { reaches } from '../../policies/teams.js';
import { reachableTeamIds } from '../../policies/teams.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { afterMeasuredWrite, dateProblem, raceConflict } from './evaluations.service.js';
import { scoreEntries, type ScoredFields } from './measured.service.js';
import * as repo from './evaluations.repository.js';
import { syncGoalProgress } from '../goals/goals.service.js';

/** Attempts of a batch whose transaction lost a race on a unique index before the batch answers 409. */
const RACE_ATTEMPTS = 3;

type Decision =
  | { kind: 'saved'; id: number }
  | { kind: 'refused'; reason: SyncRefusal; message: string }
  /** To insert (or, for a repeat of a device id within the batch, inserted by its first entry). */
  | { kind: 'insert'; row: repo.NewEvaluation & { client_id: string } };

const refused = (reason: SyncRefusal, message: string): Decision => ({ kind: 'refused', reason, message });
const unique = <T>(list: readonly T[]) => [...new Set(list)];

/** The reason and message a device shows for an entry the caller may not write. */
function refusal(access: Exclude<SyncAccess, 'saved' | 'allow'>, team: string, player: string): Decision {
  switch (access) {
    case 'notYourEntry':
      return refused('forbidden', MSG.syncNotYourEntry);
    case 'teamDeleted':
      return refused('not_on_team', MSG.syncTeamDeleted);
    case 'notYourTeam':
      return refused('forbidden', MSG.syncNotYourTeam(team));
    case 'playerDeleted':
      return refused('player_deleted', MSG.syncPlayerDeleted);
    case 'notOnTeam':
      return refused('not_on_team', MSG.syncNotOnTeam(player, team));
  }
}

/**
 * When the device recorded it, but never later than now: the supersede rule (ADR 0005) orders a
 * pair's evaluations by date and then created_at, so a late upload of an older tap stays behind what
 * the server saved since, and a device clock running ahead cannot put its entry in front.
 */
export function createdAt(recordedAt: string, now: string): string {
  const t = Date.parse(recordedAt);
  return Number.isNaN(t) ? now : new Date(Math.min(t, Date.parse(now))).toISOString();
}

/**
 * POST /api/evaluations/sync (issue 16): saves a device's outbox batch in one transaction and answers
 * each entry saved or refused, in order. A device id already saved answers saved with its evaluation
 * and writes nothing, so a batch sent twice writes each evaluation once; two identical batches at the
 * same moment collide on the unique index, and the loser's retry reads the winner's rows as saved.
 */
export async function syncEvaluations(db: Kysely<DB>, actor: Actor, entries: readonly SyncEntry[]): Promise<SyncResult[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => syncBatch(trx, actor, entries));
    } catch (e) {
      // PostgreSQL aborts the transaction on the violation, so the whole batch is decided again.
      if (!isUniqueViolation(e)) throw e;
      if (attempt >= RACE_ATTEMPTS) throw raceConflict();
    }
  }
}

async function syncBatch(db: Kysely<DB>, actor: Actor, entries: readonly SyncEntry[]): Promise<SyncResult[]> {
  const now = nowIso();
  const existing = new Map((await repo.findByClientIds(db, unique(entries.map((e) => e.client_id)))).map((r) => [r.client_id!, r]));
  const fresh = entries.filter((e) => !existing.has(e.client_id));
  const [reachable, teams, players, memberships, criteria, evaluator] = await Promise.all([
    reachableTeamIds(db, actor),
    repo.teamsByIds(db, unique(fresh.map((e) => e.team_id))),
    repo.playersByIds(db, unique(fresh.map((e) => e.player_id))),
    repo.membershipsAmong(db, unique(fresh.map((e) => e.team_id)), unique(fresh.map((e) => e.player_id))),
    repo.scoringCriteriaByIds(db, unique(fresh.map((e) => e.criteria_id))),
    repo.userName(db, actor.id),
  ]);
  const teamName = new Map(teams.map((x) => [x.id, x.name]));
  const playerName = new Map(players.map((p) => [p.id, `${p.first_name} ${p.last_name}`]));
  const member = new Set(memberships.map((m) => `${m.team_id}:${m.player_id}`));
  const criterionById = new Map(criteria.map((c) => [c.id, c]));
  // A measured test's values are read per criterion up front (its rule reads the age group's values).
  const measuredFields = new Map<string, ScoredFields | { error: string }>();
  for (const c of criteria.filter((x) => x.kind === 'measured')) {
    const list = fresh.filter((e) => e.criteria_id === c.id);
    const fields = await scoreEntries(
      db,
      c,
      list.map((e) => ({ playerId: e.player_id, raw: e.score, attempts: e.attempts, date: e.date })),
    );
    list.forEach((e, i) => measuredFields.set(e.client_id, fields[i]!));
  }

  const decide = (e: SyncEntry): Decision => {
    const saved = existing.get(e.client_id);
    const team = teamName.get(e.team_id);
    const player = playerName.get(e.player_id);
    const access = decideSyncEntry({
      ...(saved ? { savedBy: saved.evaluator_user_id } : {}),
      callerId: actor.id,
      teamExists: team !== undefined,
      teamReachable: reaches(reachable, e.team_id),
      playerExists: player !== undefined,
      member: member.has(`${e.team_id}:${e.player_id}`),
    });
    if (access === 'saved') return { kind: 'saved', id: saved!.id };
    if (access !== 'allow') return refusal(access, team ?? '', player ?? '');
    const criterion = criterionById.get(e.criteria_id);
    if (!criterion) return refused('criterion_deleted', MSG.syncCriterionDeleted);
    const parsed = criterion.kind === 'measured' ? measuredFields.get(e.client_id)! : parseScore(criterion.kind, e.score);
    if ('error' in parsed) return refused('invalid_score', parsed.error);
    const badDate = dateProblem(e.date);
    if (badDate) return refused('invalid_date', badDate);
    // Every row carries the measured columns (null off measured tests), so one multi-row insert fits them all.
    const scored: ScoredFields =
      'score_percentage' in parsed
        ? (parsed as ScoredFields)
        : {
            score: parsed.score,
            score_percentage: scorePercentage(criterion.kind, parsed.score, criterion.weight),
            measured_value: null,
            measured_attempts: null,
            points_basis: null,
          };
    return {
      kind: 'insert',
      row: {
        client_id: e.client_id,
        player_id: e.player_id,
        criterion_id: criterion.id,
        ...scored,
        evaluator_user_id: actor.id,
        evaluator_name: evaluator,
        date: e.date,
        notes: e.notes.trim(),
        video_links: '[]',
        created_at: createdAt(e.recorded_at, now),
        updated_at: now,
      },
    };
  };

  // A device id listed twice in one batch is one evaluation: its first entry decides for both.
  const first = new Map<string, Decision>();
  const decisions = entries.map((e) => first.get(e.client_id) ?? first.set(e.client_id, decide(e)).get(e.client_id)!);
  const rows = [...first.values()].flatMap((d) => (d.kind === 'insert' ? [d.row] : []));
  const inserted = new Map((await repo.insertSyncedEvaluations(db, rows)).map((r) => [r.client_id!, r.id]));

  if (rows.length > 0) {
    const pairs = new Map<number, Set<number>>();
    for (const r of rows) pairs.set(r.criterion_id, (pairs.get(r.criterion_id) ?? new Set()).add(r.player_id));
    const touched = [...pairs].map(([criterionId, playerIds]) => ({ criterionId, playerIds: [...playerIds] }));
    for (const pair of touched) {
      await repo.recomputeCurrent(db, pair);
      await afterMeasuredWrite(db, criterionById.get(pair.criterionId)!);
    }
    await syncGoalProgress(db, actor, touched);
    const refusedCount = [...first.values()].filter((d) => d.kind === 'refused').length;
    const list = rows.map((r) => `player ${r.player_id}: ${criterionById.get(r.criterion_id)!.name} ${r.score} (${r.date})`).join('; ');
    await recordAudit(
      db,
      actor,
      'create',
      'evaluation',
      null,
      `offline sync: ${rows.length} saved${refusedCount ? `, ${refusedCount} refused` : ''} — ${list}`,
    );
  }

  return entries.map((e, i): SyncResult => {
    const d = decisions[i]!;
    if (d.kind === 'saved') return { client_id: e.client_id, status: 'saved', evaluation_id: d.id };
    if (d.kind === 'refused') return { client_id: e.client_id, status: 'refused', reason: d.reason, message: d.message };
    return { client_id: e.client_id, status: 'saved', evaluation_id: inserted.get(e.client_id)! };
  });
}
