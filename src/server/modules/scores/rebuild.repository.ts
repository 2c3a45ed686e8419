/**
 * Recomputes every figure kept on write from the evaluation history, the source of truth (ADR 0023):
 * the current flag of each (player, criterion) (the order of ADR 0005), player_scores,
 * player_level_scores and team_scores. Set-based and in one transaction; rows already right are not written, so
 * the triggers fire only for what was wrong.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { unitsOf } from '../../db/team-units.js';

export interface RebuildResult {
  /** Evaluations whose current flag was wrong. */
  flagsFixed: number;
  playerScores: number;
  playerLevelScores: number;
  teamScores: number;
}

/** A later evaluation of the same pair exists (the order of ADR 0005): an index probe per row, no ranking of the whole table. */
const superseded = sql<boolean>`exists (select 1 from evaluations w
  where w.player_id = evaluations.player_id and w.criterion_id = evaluations.criterion_id
    and (w.date, w.created_at, w.id) > (evaluations.date, evaluations.created_at, evaluations.id))`;

/**
 * `flags: false` trusts the current flags (a loader that set them itself, like the bench seeder): the
 * check probes every evaluation and is most of a rebuild's time.
 */
export async function rebuildScores(db: Kysely<DB>, { flags = true }: { flags?: boolean } = {}): Promise<RebuildResult> {
  return db.transaction().execute(async (trx) => {
    let fixed = 0;
    if (flags) {
      // Clear first: the partial unique index allows one current row per pair at any moment.
      const cleared = await trx
        .updateTable('evaluations')
        .set({ is_current: 0 })
        .where('is_current', '=', 1)
        .where(superseded)
        .executeTakeFirst();
      const set = await trx
        .updateTable('evaluations')
        .set({ is_current: 1 })
        .where('is_current', '=', 0)
        .where(sql<boolean>`not ${superseded}`)
        .executeTakeFirst();
      fixed = Number(cleared.numUpdatedRows) + Number(set.numUpdatedRows);
    }

    await trx.deleteFrom('player_scores').execute();
    await sql`insert into player_scores (player_id, total)
      select e.player_id, sum(e.score_percentage) from evaluations e
      where e.is_current = 1 and exists (select 1 from players p where p.id = e.player_id)
      group by e.player_id`.execute(trx);
    await trx.deleteFrom('player_level_scores').execute();
    await sql`insert into player_level_scores (player_id, level_id, total)
      select e.player_id, c.level_id, sum(e.score_percentage) from evaluations e join criteria c on c.id = e.criterion_id
      where e.is_current = 1 and exists (select 1 from players p where p.id = e.player_id)
      group by e.player_id, c.level_id`.execute(trx);
    // After player_scores, which it sums.
    await trx.deleteFrom('team_scores').execute();
    await sql
      .raw(
        `insert into team_scores (team_id, players, total)
          select tp.team_id, count(*), coalesce(sum(${unitsOf('ps.total')}), 0) from team_players tp
          left join player_scores ps on ps.player_id = tp.player_id group by tp.team_id`,
      )
      .execute(trx);
    // The cached views are keyed by the score version: move it once for the whole rebuild.
    await trx
      .updateTable('score_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();

    const count = async (table: 'player_scores' | 'player_level_scores' | 'team_scores') =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      flagsFixed: fixed,
      playerScores: await count('player_scores'),
      playerLevelScores: await count('player_level_scores'),
      teamScores: await count('team_scores'),
    };
  });
}
