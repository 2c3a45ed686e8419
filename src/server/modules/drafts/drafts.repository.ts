import { sql, type Kysely } from 'kysely';
import type { DB, DraftDecision, DraftState } from '../../db/types.js';

/** All queries of the draft board (migration 0028, ADR 0025). */

type Db = Kysely<DB>;
const CHUNK = 500;

export interface DraftRow {
  id: number;
  name: string;
  season_id: number;
  season_name: string;
  state: DraftState;
  version: number;
  finalised_at: string | null;
}

export function findDraft(db: Db, id: number): Promise<DraftRow | undefined> {
  return db
    .selectFrom('drafts as d')
    .innerJoin('seasons as s', 's.id', 'd.season_id')
    .select(['d.id', 'd.name', 'd.season_id', 's.name as season_name', 'd.state', 'd.version', 'd.finalised_at'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function draftTeamIds(db: Db, draftId: number): Promise<number[]> {
  const rows = await db.selectFrom('draft_teams').select('team_id').where('draft_id', '=', draftId).execute();
  return rows.map((r) => r.team_id);
}

export function listDrafts(db: Db, seasonId: number | undefined) {
  let q = db
    .selectFrom('drafts as d')
    .innerJoin('seasons as s', 's.id', 'd.season_id')
    .select((eb) => [
      'd.id',
      'd.name',
      'd.season_id',
      's.name as season_name',
      'd.state',
      'd.version',
      'd.updated_at',
      eb.selectFrom('draft_teams as t').select(eb.fn.countAll<number>().as('n')).whereRef('t.draft_id', '=', 'd.id').as('teams'),
      eb.selectFrom('draft_candidates as c').select(eb.fn.countAll<number>().as('n')).whereRef('c.draft_id', '=', 'd.id').as('candidates'),
    ])
    .orderBy('d.updated_at', 'desc')
    .orderBy('d.id', 'desc');
  if (seasonId !== undefined) q = q.where('d.season_id', '=', seasonId);
  return q.execute();
}

/** Every team of the draft, with team ids the caller may reach filtered by the policy beforehand. */
export async function draftIdsWithTeams(db: Db, draftIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!draftIds.length) return out;
  const rows = await db
    .selectFrom('draft_teams')
    .select(['draft_id', 'team_id'])
    .where('draft_id', 'in', [...draftIds])
    .execute();
  for (const r of rows) out.set(r.draft_id, [...(out.get(r.draft_id) ?? []), r.team_id]);
  return out;
}

export function seasonById(db: Db, id: number) {
  return db.selectFrom('seasons').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export function teamsByIds(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('teams')
    .select(['id', 'name', 'season_id'])
    .where('id', 'in', ids.length ? [...ids] : [-1])
    .execute();
}

export async function insertDraft(
  db: Db,
  d: { name: string; season_id: number; created_by: number; now: string },
  teams: readonly { team_id: number; target_size: number | null }[],
): Promise<number> {
  const { id } = await db
    .insertInto('drafts')
    .values({ name: d.name, season_id: d.season_id, created_by: d.created_by, created_at: d.now, updated_at: d.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('draft_teams')
    .values(teams.map((t) => ({ draft_id: id, team_id: t.team_id, target_size: t.target_size, position_targets: '{}' })))
    .execute();
  return id;
}

/**
 * The version check and the lock in one statement: only a draft still at `expected` and in `state`
 * moves on, so of two writers on the same version one wins and the other changes nothing.
 */
export async function bumpVersion(db: Db, id: number, expected: number, state: DraftState, now: string): Promise<boolean> {
  const r = await db
    .updateTable('drafts')
    .set({ version: expected + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', expected)
    .where('state', '=', state)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markFinalised(db: Db, id: number, userId: number, now: string): Promise<void> {
  await db.updateTable('drafts').set({ state: 'finalised', finalised_by: userId, finalised_at: now }).where('id', '=', id).execute();
}

export function boardTeams(db: Db, draftId: number) {
  return db
    .selectFrom('draft_teams as dt')
    .innerJoin('teams as t', 't.id', 'dt.team_id')
    .select(['dt.team_id', 't.name', 'dt.target_size', 'dt.position_targets'])
    .where('dt.draft_id', '=', draftId)
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
}

export interface CandidateRow {
  player_id: number;
  first_name: string;
  last_name: string;
  dob: number | null;
  team_id: number | null;
  pinned: number;
  position: string | null;
  decision: DraftDecision;
  source: string;
  source_id: number | null;
  waitlist_rank: number | null;
  current_total: number | null;
}

export function boardCandidates(db: Db, draftId: number): Promise<CandidateRow[]> {
  return db
    .selectFrom('draft_candidates as c')
    .innerJoin('players as p', 'p.id', 'c.player_id')
    .leftJoin('player_scores as ps', 'ps.player_id', 'c.player_id')
    .select([
      'c.player_id',
      'p.first_name',
      'p.last_name',
      'p.dob',
      'c.team_id',
      'c.pinned',
      'c.position',
      'c.decision',
      'c.source',
      'c.source_id',
      'c.waitlist_rank',
      'ps.total as current_total',
    ])
    .where('c.draft_id', '=', draftId)
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('c.player_id')
    .execute() as Promise<CandidateRow[]>;
}

export function candidate(db: Db, draftId: number, playerId: number) {
  return db
    .selectFrom('draft_candidates as c')
    .innerJoin('players as p', 'p.id', 'c.player_id')
    .select(['c.player_id', 'p.first_name', 'p.last_name', 'p.dob', 'c.team_id', 'c.pinned', 'c.decision', 'c.position'])
    .where('c.draft_id', '=', draftId)
    .where('c.player_id', '=', playerId)
    .executeTakeFirst();
}

/** These players' candidate rows in the draft (players not in it are missing from the answer). */
export async function candidatesByIds(db: Db, draftId: number, playerIds: readonly number[]) {
  const out: { player_id: number; first_name: string; last_name: string; team_id: number | null; decision: DraftDecision }[] = [];
  for (let i = 0; i < playerIds.length; i += CHUNK)
    out.push(
      ...(await db
        .selectFrom('draft_candidates as c')
        .innerJoin('players as p', 'p.id', 'c.player_id')
        .select(['c.player_id', 'p.first_name', 'p.last_name', 'c.team_id', 'c.decision'])
        .where('c.draft_id', '=', draftId)
        .where('c.player_id', 'in', playerIds.slice(i, i + CHUNK))
        .execute()),
    );
  return out;
}

/** One decision for many candidates (no waitlist rank: a waitlisted one gets theirs one by one). */
export async function setDecisions(db: Db, draftId: number, playerIds: readonly number[], decision: DraftDecision, now: string) {
  for (let i = 0; i < playerIds.length; i += CHUNK)
    await db
      .updateTable('draft_candidates')
      .set({ decision, waitlist_rank: null, updated_at: now })
      .where('draft_id', '=', draftId)
      .where('player_id', 'in', playerIds.slice(i, i + CHUNK))
      .execute();
}

export async function updateCandidate(
  db: Db,
  draftId: number,
  playerId: number,
  set: Partial<{ team_id: number | null; pinned: 0 | 1; decision: DraftDecision; position: string | null; waitlist_rank: number | null }>,
  now: string,
): Promise<void> {
  await db
    .updateTable('draft_candidates')
    .set({ ...set, updated_at: now })
    .where('draft_id', '=', draftId)
    .where('player_id', '=', playerId)
    .execute();
}

/** The next waitlist rank in a team (1 = next in line). */
export async function nextWaitlistRank(db: Db, draftId: number, teamId: number | null): Promise<number> {
  const r = await db
    .selectFrom('draft_candidates')
    .select((eb) => eb.fn.max('waitlist_rank').as('m'))
    .where('draft_id', '=', draftId)
    .where((eb) => (teamId === null ? eb('team_id', 'is', null) : eb('team_id', '=', teamId)))
    .where('decision', '=', 'waitlisted')
    .executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

/**
 * Suggest's placements of many players: one UPDATE … CASE per chunk, pinned rows never touched. The ids
 * are integers the service computed, inlined as literals: PostgreSQL types bound CASE parameters as text.
 */
export async function placePlayers(
  db: Db,
  draftId: number,
  moves: readonly (readonly [number, number | null])[],
  now: string,
): Promise<void> {
  for (let i = 0; i < moves.length; i += CHUNK) {
    const part = moves.slice(i, i + CHUNK);
    const teamOf = sql<number | null>`case ${sql.ref('player_id')} ${sql.join(
      part.map(([p, t]) => sql`when ${sql.lit(p)} then ${t === null ? sql`null` : sql.lit(t)}`),
      sql` `,
    )} end`;
    await db
      .updateTable('draft_candidates')
      .set({ team_id: teamOf, updated_at: now })
      .where('draft_id', '=', draftId)
      .where(
        'player_id',
        'in',
        part.map(([p]) => p),
      )
      .where('pinned', '=', 0)
      .execute();
  }
}

/** Adds candidates; players already in the draft are left as they are. Answers how many were new. */
export async function insertCandidates(
  db: Db,
  draftId: number,
  rows: readonly { player_id: number; source: 'session' | 'team' | 'manual'; source_id: number | null }[],
  now: string,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const r = await db
      .insertInto('draft_candidates')
      .values(rows.slice(i, i + CHUNK).map((c) => ({ draft_id: draftId, ...c, updated_at: now })))
      .onConflict((oc) => oc.columns(['draft_id', 'player_id']).doNothing())
      .returning('player_id')
      .execute();
    added += r.length;
  }
  return added;
}

export async function setTarget(db: Db, draftId: number, teamId: number, target: number | null, positions: string): Promise<void> {
  await db
    .updateTable('draft_teams')
    .set({ target_size: target, position_targets: positions })
    .where('draft_id', '=', draftId)
    .where('team_id', '=', teamId)
    .execute();
}

export async function existingPlayerIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('players')
      .select('id')
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

export async function teamMemberIds(db: Db, teamId: number): Promise<number[]> {
  const rows = await db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).orderBy('player_id').execute();
  return rows.map((r) => r.player_id);
}

export async function sessionPlayerIds(db: Db, sessionId: number): Promise<number[]> {
  const rows = await db.selectFrom('eval_session_players').select('player_id').where('session_id', '=', sessionId).execute();
  return rows.map((r) => r.player_id);
}

export interface EventIn {
  kind: string;
  player_id: number | null;
  /** JSON-able; `text` is the change in words without its subject ("moved to U13 Blue"). */
  detail: { text: string } & Record<string, unknown>;
  reason?: string | null;
}

export async function insertEvents(db: Db, draftId: number, version: number, userId: number, events: readonly EventIn[], now: string) {
  for (let i = 0; i < events.length; i += CHUNK)
    await db
      .insertInto('draft_events')
      .values(
        events.slice(i, i + CHUNK).map((e) => ({
          draft_id: draftId,
          version,
          kind: e.kind,
          player_id: e.player_id,
          detail: JSON.stringify(e.detail),
          reason: e.reason ?? null,
          user_id: userId,
          created_at: now,
        })),
      )
      .execute();
}

/** The draft's events after `version` (all of them from 0), oldest first, with the names they mention. */
export function eventsAfter(db: Db, draftId: number, version: number) {
  return db
    .selectFrom('draft_events as e')
    .leftJoin('players as p', 'p.id', 'e.player_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.id',
      'e.version',
      'e.kind',
      'e.player_id',
      'e.detail',
      'e.reason',
      'e.created_at',
      'p.first_name',
      'p.last_name',
      sql<string | null>`${sql.ref('u.first_name')} || ' ' || ${sql.ref('u.last_name')}`.as('user_name'),
    ])
    .where('e.draft_id', '=', draftId)
    .where('e.version', '>', version)
    .orderBy('e.version')
    .orderBy('e.id')
    .execute();
}

/** Memberships already held among these (team, player) pairs' teams. */
export async function membershipsOf(db: Db, teamIds: readonly number[]): Promise<Set<string>> {
  if (!teamIds.length) return new Set();
  const rows = await db
    .selectFrom('team_players')
    .select(['team_id', 'player_id'])
    .where('team_id', 'in', [...teamIds])
    .execute();
  return new Set(rows.map((r) => `${r.team_id}:${r.player_id}`));
}

export async function insertMemberships(db: Db, rows: readonly { team_id: number; player_id: number }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('team_players')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

export async function deleteMembership(db: Db, teamId: number, playerId: number): Promise<void> {
  await db.deleteFrom('team_players').where('team_id', '=', teamId).where('player_id', '=', playerId).execute();
}
