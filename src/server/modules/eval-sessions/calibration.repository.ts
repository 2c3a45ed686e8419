import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { ScoreRow } from './eval-sessions.repository.js';

type Db = Kysely<DB>;

/** The session's players in its calibration round (migration 0047). */
export async function calibrationPlayerIds(db: Db, sessionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('eval_session_players')
    .select('player_id')
    .where('session_id', '=', sessionId)
    .where('calibration', '=', 1)
    .orderBy('player_id')
    .execute();
  return rows.map((r) => r.player_id);
}

/** Marks exactly these players as the round's; scores of players no longer in it go. */
export async function setCalibrationPlayers(db: Db, sessionId: number, playerIds: readonly number[]): Promise<void> {
  await db.updateTable('eval_session_players').set({ calibration: 0 }).where('session_id', '=', sessionId).execute();
  let gone = db.deleteFrom('eval_session_calibration_scores').where('session_id', '=', sessionId);
  if (playerIds.length) {
    await db
      .updateTable('eval_session_players')
      .set({ calibration: 1 })
      .where('session_id', '=', sessionId)
      .where('player_id', 'in', [...playerIds])
      .execute();
    gone = gone.where('player_id', 'not in', [...playerIds]);
  }
  await gone.execute();
}

export async function calibrationScores(db: Db, sessionId: number): Promise<ScoreRow[]> {
  const rows = await db
    .selectFrom('eval_session_calibration_scores')
    .select(['evaluator_id', 'player_id', 'criterion_id', 'score'])
    .where('session_id', '=', sessionId)
    .execute();
  return rows.map((r) => ({
    evaluatorId: r.evaluator_id,
    playerId: r.player_id,
    criterionId: r.criterion_id,
    score: Number(r.score),
    value: null,
    attempts: null,
  }));
}

/** An evaluator's calibration scores; a second score of the same player and criterion replaces the first. */
export async function upsertCalibrationScores(
  db: Db,
  sessionId: number,
  evaluatorId: number,
  rows: readonly { playerId: number; criterionId: number; score: number }[],
  now: string,
): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('eval_session_calibration_scores')
    .values(
      rows.map((r) => ({
        session_id: sessionId,
        evaluator_id: evaluatorId,
        player_id: r.playerId,
        criterion_id: r.criterionId,
        score: r.score,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['session_id', 'evaluator_id', 'player_id', 'criterion_id'])
        .doUpdateSet((eb) => ({ score: eb.ref('excluded.score'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}
