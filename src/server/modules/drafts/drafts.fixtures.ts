import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/**
 * Seeds for the draft tests, with their own queries: a target season with teams, and a published
 * tryout session whose three admitted evaluators scored each player on two criteria.
 */

export async function targetSeason(db: Kysely<DB>, name: string, teamNames: readonly string[]) {
  const now = nowIso();
  const base = await db.selectFrom('teams').select(['category_id', 'coach_user_id']).orderBy('id').executeTakeFirstOrThrow();
  const { id: seasonId } = await db.insertInto('seasons').values({ name, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const teamIds: number[] = [];
  for (const t of teamNames)
    teamIds.push(
      (
        await db
          .insertInto('teams')
          .values({
            name: t,
            category_id: base.category_id,
            season_id: seasonId,
            coach_user_id: base.coach_user_id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  return { seasonId, teamIds };
}

/** New players born in `dob` (many at once for the bench). */
export async function newPlayers(db: Kysely<DB>, count: number, prefix: string, dob = 2014): Promise<number[]> {
  const now = nowIso();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 400) {
    const rows = await db
      .insertInto('players')
      .values(
        Array.from({ length: Math.min(400, count - i) }, (_, k) => ({
          first_name: prefix,
          last_name: `Player ${String(i + k + 1).padStart(4, '0')}`,
          email: `${prefix.toLowerCase()}.${i + k + 1}@example.org`,
          dob,
          video_links: '[]',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * A published session of these players: scores are deterministic (player i scores lower the later it
 * comes), and the third evaluator is far off for the first player, so that one carries an outlier.
 */
export async function publishedSession(db: Kysely<DB>, name: string, playerIds: readonly number[]): Promise<number> {
  const now = nowIso();
  const criteria = await db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select('c.id')
    .where('l.kind', '=', 'scale_1_10')
    .orderBy('c.id')
    .limit(2)
    .execute();
  const { id } = await db
    .insertInto('eval_sessions')
    .values({
      name,
      start_date: '2026-05-01',
      end_date: '2026-05-01',
      min_evaluators: 3,
      state: 'published',
      results_unlocked: 1,
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('eval_session_criteria')
    .values(criteria.map((c) => ({ session_id: id, criterion_id: c.id, weight: 50 })))
    .execute();
  for (let i = 0; i < playerIds.length; i += 400)
    await db
      .insertInto('eval_session_players')
      .values(playerIds.slice(i, i + 400).map((p) => ({ session_id: id, player_id: p, bib: null, present: 1, walk_up: 0 })))
      .execute();
  const evaluators: number[] = [];
  for (const g of ['A', 'B', 'C'])
    evaluators.push(
      (
        await db
          .insertInto('eval_session_evaluators')
          .values({
            session_id: id,
            user_id: null,
            guest_name: `Guest ${g}`,
            guest_key: `guest ${g.toLowerCase()}`,
            admitted: 1,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const scores = playerIds.flatMap((p, i) =>
    criteria.flatMap((c) =>
      evaluators.map((e, k) => ({
        session_id: id,
        evaluator_id: e,
        player_id: p,
        criterion_id: c.id,
        score: i === 0 && k === 2 ? 1 : Math.max(1, 10 - Math.floor((i * 9) / Math.max(1, playerIds.length))),
        updated_at: now,
      })),
    ),
  );
  for (let i = 0; i < scores.length; i += 500)
    await db
      .insertInto('eval_session_scores')
      .values(scores.slice(i, i + 500))
      .execute();
  return id;
}
