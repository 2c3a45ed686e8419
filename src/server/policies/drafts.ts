/**
 * Who may work on a draft board (docs/product.md#draft-board, ADR 0025). The routes need teams write;
 * on top, a draft places players into several teams at once, so a caller must reach every team of
 * the draft (staff with teams write reach all of them; a narrower role would reach only its own).
 * Existence is not hidden from staff: an unknown draft is 404 before 403. `decide` is the rule, pure
 * and tested as a table; the async functions gather its facts.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../shared/permissions.js';
import type { CandidatesAdd } from '../../shared/schemas/draft.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import * as repo from '../modules/drafts/drafts.repository.js';
import { denied } from './access.js';
import { authorizeSession } from './eval-sessions.js';
import { assertPlayersReachable } from './players.js';
import { reachableTeam, reachableTeamIds, reaches } from './teams.js';

export interface DraftFacts {
  exists: boolean;
  /** The draft's teams; the caller reaches each of them or is refused. */
  teamIds: readonly number[];
  /** null = every team. */
  reachable: readonly number[] | null;
}

export type DraftDecision = 'allow' | 403 | 404;

export function decide(f: DraftFacts): DraftDecision {
  if (!f.exists) return 404;
  return f.teamIds.every((id) => reaches(f.reachable, id)) ? 'allow' : 403;
}

export const draftMessages = { notFound: 'This draft does not exist.' } as const;

/** An existing draft whose every team the caller reaches; answers its row. */
export async function authorizeDraft(db: Kysely<DB>, actor: Actor, id: number): Promise<repo.DraftRow> {
  const draft = await repo.findDraft(db, id);
  const [teamIds, reachable] = draft ? await Promise.all([repo.draftTeamIds(db, id), reachableTeamIds(db, actor)]) : [[], null];
  const decision = decide({ exists: !!draft, teamIds, reachable });
  if (decision === 404) throw notFound(draftMessages.notFound);
  if (decision === 403) throw denied();
  return draft!;
}

/** A new draft's teams: each one the caller reaches (their season is the service's check). */
export async function authorizeDraftTeams(db: Kysely<DB>, actor: Actor, teamIds: readonly number[]): Promise<void> {
  const reachable = await reachableTeamIds(db, actor);
  if (!teamIds.every((id) => reaches(reachable, id))) throw denied();
}

/**
 * Adding candidates: the draft, and the source — a session whose results the caller may read (those
 * who run it), a team they reach, or players they reach. Answers the draft and the session row.
 */
export async function authorizeCandidateSource(db: Kysely<DB>, actor: Actor, draftId: number, body: CandidatesAdd) {
  const draft = await authorizeDraft(db, actor, draftId);
  if (body.session_id !== undefined) {
    const { session } = await authorizeSession(db, actor, body.session_id, 'results');
    return { draft, session, team: null };
  }
  if (body.team_id !== undefined) return { draft, session: null, team: await reachableTeam(db, actor, body.team_id) };
  await assertPlayersReachable(db, actor, body.player_ids ?? []);
  return { draft, session: null, team: null };
}

/** The drafts of a list the caller may open (every team reached); all of them for staff with teams write. */
export async function visibleDrafts<T extends { id: number }>(db: Kysely<DB>, actor: Actor, drafts: readonly T[]): Promise<T[]> {
  const reachable = await reachableTeamIds(db, actor);
  if (reachable === null) return [...drafts];
  const teams = await repo.draftIdsWithTeams(
    db,
    drafts.map((d) => d.id),
  );
  return drafts.filter((d) => decide({ exists: true, teamIds: teams.get(d.id) ?? [], reachable }) === 'allow');
}
