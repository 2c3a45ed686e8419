import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/**
 * A published tryout for the fair-evaluation tests, with its own queries: four admitted guests score
 * every player on two 1–10 criteria; the fourth scores 2 points low. On the first criterion the panel
 * agrees (each player's `ability`, one point off here and there), on the second it does not (everyone
 * about 5, the evaluators' noise larger than the players' differences). A fifth guest, excluded by
 * the director, scored everyone 10: those scores count nowhere. `harshSees` limits the low scorer to
 * some players (by index), so that fair totals can order players differently from raw ones.
 */
export const FAIR_ABILITIES = [10, 9, 8, 6, 6, 4, 3, 2] as const;

export async function fairSession(
  db: Kysely<DB>,
  name: string,
  playerIds: readonly number[],
  options: {
    abilities?: readonly number[];
    harshSees?: (index: number) => boolean;
    state?: 'published' | 'closed';
    publishBasis?: 'raw' | 'fair';
  } = {},
): Promise<{ id: number; criteria: { id: number; name: string }[] }> {
  const abilities = options.abilities ?? FAIR_ABILITIES;
  const harshSees = options.harshSees ?? (() => true);
  const now = nowIso();
  const criteria = await db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'c.name'])
    .where('l.kind', '=', 'scale_1_10')
    .orderBy('c.id')
    .limit(2)
    .execute();
  const state = options.state ?? 'published';
  const { id } = await db
    .insertInto('eval_sessions')
    .values({
      name,
      start_date: '2026-05-02',
      end_date: '2026-05-02',
      min_evaluators: 3,
      state,
      results_unlocked: 1,
      publish_basis: options.publishBasis ?? 'raw',
      published_at: state === 'published' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('eval_session_criteria')
    .values(criteria.map((c) => ({ session_id: id, criterion_id: c.id, weight: 50 })))
    .execute();
  await db
    .insertInto('eval_session_players')
    .values(playerIds.map((p) => ({ session_id: id, player_id: p, bib: null, present: 1, walk_up: 0 })))
    .execute();
  const evaluators: number[] = [];
  for (const g of ['A', 'B', 'C', 'D', 'E'])
    evaluators.push(
      (
        await db
          .insertInto('eval_session_evaluators')
          .values({
            session_id: id,
            user_id: null,
            guest_name: `Fair ${g}`,
            guest_key: `fair ${g.toLowerCase()}`,
            admitted: 1,
            excluded: g === 'E' ? 1 : 0,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const clamp = (n: number) => Math.max(1, Math.min(10, n));
  const rows = playerIds.flatMap((p, i) =>
    evaluators.flatMap((e, k) => {
      if (k === 3 && !harshSees(i)) return [];
      const shift = k === 3 ? -2 : 0;
      const a = k === 4 ? 10 : clamp(abilities[i % abilities.length]! + shift + ((i + k) % 5 === 0 ? 1 : 0));
      const b = k === 4 ? 10 : clamp(5 + ((i + 2 * k) % 3) - 1 + shift);
      return [
        { session_id: id, evaluator_id: e, player_id: p, criterion_id: criteria[0]!.id, score: a, updated_at: now },
        { session_id: id, evaluator_id: e, player_id: p, criterion_id: criteria[1]!.id, score: b, updated_at: now },
      ];
    }),
  );
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('eval_session_scores')
      .values(rows.slice(i, i + 500))
      .execute();
  return { id, criteria };
}
