import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../../shared/permissions.js';
import {
  scoreLabel,
  type FieldErrorsBody,
  type TeamEvaluationSheet,
  type teamEvaluationsSaveSchema,
} from '../../../shared/schemas/evaluation.js';
import { measuredLabel, type Attempt } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { nowIso, todayDate } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { afterMeasuredWrite, checkDate, evaluatorName, scoringCriterion, writeEvaluations } from './evaluations.service.js';
import { scoreEntries, type ScoredFields } from './measured.service.js';
import * as repo from './evaluations.repository.js';
import { assertTeamsOpen } from '../rollover/season-lock.js';
import { syncGoalProgress } from '../goals/goals.service.js';

type Db = Kysely<DB>;
type Team = { id: number; name: string };

/** "11.04 s → 9 points, U14 bands" for a measured current evaluation, else null. */
function measuredText(
  criterion: repo.ScoringCriterion | undefined,
  p: { score: number | null; measured_value: number | null; measured_attempts: string | null; points_basis: string | null },
): string | null {
  if (!criterion?.measure || p.measured_value === null) return null;
  const attempts = p.measured_attempts ? (JSON.parse(p.measured_attempts) as Attempt[]) : [];
  return measuredLabel(criterion.measure, Number(p.measured_value), Number(p.score), p.points_basis ?? '', attempts);
}

/** The courtside sheet: every player of the team with their current score on the criterion (if one is chosen). */
export async function teamSheet(db: Db, team: Team, criterionId: number | undefined): Promise<TeamEvaluationSheet> {
  const criterion = criterionId ? await repo.findScoringCriterion(db, criterionId) : undefined;
  const rows = await repo.teamPlayersWithCurrent(db, team.id, criterion?.id);
  return {
    team,
    players: rows.map((p) => ({
      id: p.id,
      name: `${p.first_name} ${p.last_name}`,
      profile_img: p.profile_img,
      birth_year: p.dob,
      current:
        criterion && p.score !== null && p.date !== null
          ? {
              score: Number(p.score),
              scoreLabel: scoreLabel(criterion.kind, Number(p.score)),
              date: p.date,
              measured: measuredText(criterion, p),
            }
          : null,
    })),
  };
}

/**
 * Saves one criterion's scores for players of the team in one transaction, or answers every entry's
 * problem (400 body) and writes nothing.
 */
export async function saveTeamScores(
  db: Db,
  actor: Actor,
  team: Team,
  b: z.output<typeof teamEvaluationsSaveSchema>,
): Promise<{ invalid: FieldErrorsBody } | { saved: number }> {
  await assertTeamsOpen(db, [team.id]);
  const criterion = await scoringCriterion(db, b.criteria_id);
  const date = b.date ?? todayDate();
  checkDate(date);

  // Membership is the object-level rule here: a coach reaches this team, so only its players.
  const members = new Map((await repo.teamPlayersWithCurrent(db, team.id, undefined)).map((p) => [p.id, `${p.first_name} ${p.last_name}`]));
  const errors: { field: string; message: string }[] = [];
  const seen = new Set<number>();
  const scores: ({ playerId: number; notes: string } & ScoredFields)[] = [];
  const fields = await scoreEntries(
    db,
    criterion,
    b.scores.map((s) => ({ playerId: s.player_id, raw: s.score, attempts: s.attempts, date })),
  );
  b.scores.forEach((s, i) => {
    if (!members.has(s.player_id)) return errors.push({ field: `scores.${i}.player_id`, message: 'This player is not on the team.' });
    if (seen.has(s.player_id))
      return errors.push({ field: `scores.${i}.player_id`, message: `${members.get(s.player_id)} is listed twice.` });
    seen.add(s.player_id);
    const parsed = fields[i]!;
    if ('error' in parsed) return errors.push({ field: `scores.${i}.score`, message: parsed.error });
    scores.push({ playerId: s.player_id, notes: s.notes, ...parsed });
  });
  if (errors.length) {
    const first = errors[0]!;
    const message = errors.length === 1 ? first.message : `${errors.length} scores need attention.`;
    return { invalid: { message, field: first.field, errors } };
  }

  const name = b.evaluator_name?.trim() || (await evaluatorName(db, actor, {}));
  const now = nowIso();
  await writeEvaluations(db, async (trx) => {
    const rows = scores.map(({ playerId, notes, ...scored }) => ({
      player_id: playerId,
      criterion_id: criterion.id,
      ...scored,
      evaluator_user_id: actor.id,
      evaluator_name: name,
      date,
      notes,
      video_links: '[]',
      created_at: now,
      updated_at: now,
    }));
    // The multi-row insert writes the score columns only; a measured test's few rows go one by one with their values.
    if (criterion.kind === 'measured') for (const row of rows) await repo.insertEvaluation(trx, row);
    else await repo.insertEvaluations(trx, rows);
    const pair = { criterionId: criterion.id, playerIds: scores.map((s) => s.playerId) };
    await repo.recomputeCurrent(trx, pair);
    await afterMeasuredWrite(trx, criterion);
    await syncGoalProgress(trx, actor, [pair]);
    await recordAudit(trx, actor, 'create', 'evaluation', null, `team ${team.name}: ${criterion.name} for ${scores.length} player(s)`);
  });
  return { saved: scores.length };
}
