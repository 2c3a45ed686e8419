import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { recipientsOf } from '../reports/recipients.js';
import { nowIso } from '../../lib/time.js';

/** The token of an offer mail's link. */
export const offerToken = (text: string): string => decodeURIComponent(/\/offer\?token=(\S+)/.exec(text)![1]!);

export interface FinalisedDraft {
  draftId: number;
  teamId: number;
  selected: number[];
  waitlisted: number[];
}

/**
 * A finalised draft as the draft board leaves it, written directly: a new team of the source team's
 * season, its first `selected` players selected and placed (memberships written, as Finalise does),
 * the next `waitlisted` ones waitlisted for that team with ranks 1, 2, …
 */
export async function finalisedDraft(
  db: Kysely<DB>,
  opts: { sourceTeam?: string; name?: string; selected?: number; waitlisted?: number; createdBy?: string } = {},
): Promise<FinalisedDraft> {
  const now = nowIso();
  const source = await db
    .selectFrom('teams')
    .select(['id', 'season_id', 'category_id', 'coach_user_id'])
    .where('name', '=', opts.sourceTeam ?? 'U14 Boys')
    .executeTakeFirstOrThrow();
  const creator = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', opts.createdBy ?? 'admin@demo.club')
    .executeTakeFirstOrThrow();
  const name = opts.name ?? `Offers team ${Math.random().toString(36).slice(2, 8)}`;
  const team = await db
    .insertInto('teams')
    .values({
      name,
      season_id: source.season_id,
      category_id: source.category_id,
      coach_user_id: source.coach_user_id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const all = (await db.selectFrom('team_players').select('player_id').where('team_id', '=', source.id).orderBy('player_id').execute()).map(
    (r) => r.player_id,
  );
  // Only players somebody can receive an offer for (a test makes its own undeliverable ones).
  const reach = await recipientsOf(db, all);
  const players = all.filter((id) => !reach.get(id)!.reason);
  const nSel = opts.selected ?? 3;
  const nWait = opts.waitlisted ?? 2;
  const selected = players.slice(0, nSel);
  const waitlisted = players.slice(nSel, nSel + nWait);
  const draft = await db
    .insertInto('drafts')
    .values({
      name: `Draft for ${name}`,
      season_id: source.season_id,
      state: 'finalised',
      version: 3,
      created_by: creator.id,
      finalised_by: creator.id,
      finalised_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('draft_teams').values({ draft_id: draft.id, team_id: team.id, target_size: nSel }).execute();
  await db
    .insertInto('draft_candidates')
    .values([
      ...selected.map((player_id) => ({
        draft_id: draft.id,
        player_id,
        source: 'team' as const,
        source_id: source.id,
        team_id: team.id,
        decision: 'selected' as const,
        waitlist_rank: null,
        position: null,
        updated_at: now,
      })),
      ...waitlisted.map((player_id, i) => ({
        draft_id: draft.id,
        player_id,
        source: 'team' as const,
        source_id: source.id,
        team_id: team.id,
        decision: 'waitlisted' as const,
        waitlist_rank: i + 1,
        position: null,
        updated_at: now,
      })),
    ])
    .execute();
  await db
    .insertInto('team_players')
    .values(selected.map((player_id) => ({ team_id: team.id, player_id })))
    .execute();
  return { draftId: draft.id, teamId: team.id, selected, waitlisted };
}
