import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { LevelKind } from '../../../shared/scoring.js';
import type { PublishBasis, SessionState } from '../../../shared/schemas/eval-session.js';
import type { DB } from '../../db/types.js';
import { chunks } from '../evaluations/evaluations.repository.js';
import { exists } from '../../db/exists.js';

type Db = Kysely<DB>;
const ID_CHUNK = 500;

export interface SessionRow {
  id: number;
  name: string;
  categoryId: number | null;
  categoryName: string | null;
  seasonId: number | null;
  seasonName: string | null;
  startDate: string;
  endDate: string;
  minEvaluators: number;
  state: SessionState;
  resultsUnlocked: boolean;
  guestCode: string | null;
  publishBasis: PublishBasis;
}

function sessionQuery(db: Db) {
  return db
    .selectFrom('eval_sessions as s')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .leftJoin('seasons as se', 'se.id', 's.season_id')
    .select([
      's.id',
      's.name',
      's.category_id',
      'c.name as category_name',
      's.season_id',
      'se.name as season_name',
      's.start_date',
      's.end_date',
      's.min_evaluators',
      's.state',
      's.results_unlocked',
      's.guest_code',
      's.publish_basis',
    ]);
}

type RawSession = Awaited<ReturnType<ReturnType<typeof sessionQuery>['executeTakeFirstOrThrow']>>;
const toSession = (r: RawSession): SessionRow => ({
  id: r.id,
  name: r.name,
  categoryId: r.category_id,
  categoryName: r.category_name,
  seasonId: r.season_id,
  seasonName: r.season_name,
  startDate: r.start_date,
  endDate: r.end_date,
  minEvaluators: r.min_evaluators,
  state: r.state,
  resultsUnlocked: r.results_unlocked === 1,
  guestCode: r.guest_code,
  publishBasis: r.publish_basis,
});

/** A caller's sessions: those `userId` evaluates in, and (runsWithin set) those whose players are all on these teams. */
export interface ListScope {
  userId: number;
  runsWithin: readonly number[] | undefined;
}

/** Narrows session players (`sp`) to those on none of these teams. */
function onTeamsOtherThan<Q extends SelectQueryBuilder<DB & { sp: DB['eval_session_players'] }, 'sp', unknown>>(
  q: Q,
  teamIds: readonly number[],
): Q {
  if (!teamIds.length) return q;
  return q.where('sp.player_id', 'not in', (eb) =>
    eb
      .selectFrom('team_players')
      .select('team_players.player_id')
      .where('team_players.team_id', 'in', [...teamIds]),
  ) as Q;
}

/** Narrows sessions (`s`) to a caller's scope (null: every session). */
function inScope<Q extends SelectQueryBuilder<DB & { s: DB['eval_sessions'] }, 's', unknown>>(db: Db, q: Q, scope: ListScope | null): Q {
  if (scope === null) return q;
  const { userId, runsWithin } = scope;
  return q.where((eb) =>
    eb.or([
      eb('s.id', 'in', db.selectFrom('eval_session_evaluators').select('session_id').where('user_id', '=', userId)),
      ...(runsWithin === undefined
        ? []
        : [
            eb.not(
              eb.exists(
                onTeamsOtherThan(
                  eb.selectFrom('eval_session_players as sp').select('sp.player_id').whereRef('sp.session_id', '=', 's.id'),
                  runsWithin,
                ),
              ),
            ),
          ]),
    ]),
  ) as Q;
}

/** All sessions (scope null), newest first, or those of a caller's scope. */
export async function listSessions(db: Db, scope: ListScope | null): Promise<SessionRow[]> {
  return (await inScope(db, sessionQuery(db), scope).orderBy('s.start_date', 'desc').orderBy('s.id', 'desc').execute()).map(toSession);
}

/** How many sessions of a caller's scope are in this state (the staff dashboard). */
export async function countSessions(db: Db, scope: ListScope | null, state: SessionState): Promise<number> {
  const q = inScope(db, db.selectFrom('eval_sessions as s').where('s.state', '=', state), scope);
  return Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}

/** Of these sessions, those holding a player who is on none of these teams. */
export async function sessionsWithPlayersOutside(db: Db, sessionIds: readonly number[], teamIds: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks(sessionIds, ID_CHUNK)) {
    const q = onTeamsOtherThan(
      db.selectFrom('eval_session_players as sp').select('sp.session_id').distinct().where('sp.session_id', 'in', part),
      teamIds,
    );
    for (const r of await q.execute()) out.add(r.session_id);
  }
  return out;
}

export async function findSession(db: Db, id: number): Promise<SessionRow | undefined> {
  const row = await sessionQuery(db).where('s.id', '=', id).executeTakeFirst();
  return row && toSession(row);
}

export async function sessionExists(db: Db, id: number): Promise<boolean> {
  return exists(db.selectFrom('eval_sessions').select('id').where('id', '=', id));
}

export interface Counts {
  players: number;
  present: number;
  evaluators: number;
}

export async function countsOf(db: Db, ids: readonly number[]): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>(ids.map((id) => [id, { players: 0, present: 0, evaluators: 0 }]));
  for (const part of chunks(ids, ID_CHUNK)) {
    const players = await db
      .selectFrom('eval_session_players')
      .select(['session_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('present').as('present')])
      .where('session_id', 'in', part)
      .groupBy('session_id')
      .execute();
    for (const p of players) Object.assign(out.get(p.session_id)!, { players: Number(p.n), present: Number(p.present ?? 0) });
    const evaluators = await db
      .selectFrom('eval_session_evaluators')
      .select(['session_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('session_id', 'in', part)
      .groupBy('session_id')
      .execute();
    for (const e of evaluators) out.get(e.session_id)!.evaluators = Number(e.n);
  }
  return out;
}

export interface SessionWrite {
  name: string;
  categoryId: number | null;
  seasonId: number | null;
  startDate: string;
  endDate: string;
  minEvaluators: number;
}

const columns = (s: SessionWrite) => ({
  name: s.name,
  category_id: s.categoryId,
  season_id: s.seasonId,
  start_date: s.startDate,
  end_date: s.endDate,
  min_evaluators: s.minEvaluators,
});

export async function insertSession(db: Db, s: SessionWrite, createdBy: number, now: string): Promise<number> {
  const row = await db
    .insertInto('eval_sessions')
    .values({ ...columns(s), state: 'draft', results_unlocked: 0, created_by: createdBy, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSession(db: Db, id: number, s: SessionWrite, now: string): Promise<void> {
  await db
    .updateTable('eval_sessions')
    .set({ ...columns(s), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setSessionState(
  db: Db,
  id: number,
  patch: { state?: SessionState; results_unlocked?: 0 | 1; guest_code?: string | null; published_at?: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('eval_sessions')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Sets what publishing writes, unless the session has been published meanwhile; answers whether it was set. */
export async function setPublishBasis(db: Db, id: number, basis: PublishBasis, now: string): Promise<boolean> {
  const res = await db
    .updateTable('eval_sessions')
    .set({ publish_basis: basis, updated_at: now })
    .where('id', '=', id)
    .where('state', '!=', 'published')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteSession(db: Db, id: number): Promise<void> {
  await db.deleteFrom('eval_sessions').where('id', '=', id).execute();
}

export interface CriterionRow {
  criterionId: number;
  name: string;
  levelName: string;
  kind: LevelKind;
  weight: number;
  catalogueWeight: number;
}

export async function sessionCriteria(db: Db, sessionId: number): Promise<CriterionRow[]> {
  return (await criteriaOfSessions(db, [sessionId])).get(sessionId) ?? [];
}

/** The criteria of several sessions at once (the sessions list). */
export async function criteriaOfSessions(db: Db, sessionIds: readonly number[]): Promise<Map<number, CriterionRow[]>> {
  const out = new Map<number, CriterionRow[]>(sessionIds.map((id) => [id, []]));
  for (const part of chunks(sessionIds, ID_CHUNK)) {
    const rows = await db
      .selectFrom('eval_session_criteria as sc')
      .innerJoin('criteria as c', 'c.id', 'sc.criterion_id')
      .innerJoin('levels as l', 'l.id', 'c.level_id')
      .select(['sc.session_id', 'sc.criterion_id', 'c.name', 'l.name as level_name', 'l.kind', 'sc.weight', 'c.weight as catalogue_weight'])
      .where('sc.session_id', 'in', part)
      .orderBy('l.name')
      .orderBy('c.name')
      .execute();
    for (const r of rows) {
      out.get(r.session_id)!.push({
        criterionId: r.criterion_id,
        name: r.name,
        levelName: r.level_name,
        kind: r.kind as LevelKind,
        weight: Number(r.weight),
        catalogueWeight: Number(r.catalogue_weight),
      });
    }
  }
  return out;
}

/** Which of these sessions a user evaluates in. */
export async function sessionsEvaluatedBy(db: Db, userId: number, sessionIds: readonly number[]): Promise<Set<number>> {
  if (!sessionIds.length) return new Set();
  const rows = await db
    .selectFrom('eval_session_evaluators')
    .select('session_id')
    .where('user_id', '=', userId)
    .where('session_id', 'in', [...sessionIds])
    .execute();
  return new Set(rows.map((r) => r.session_id));
}

export async function existingCriterionIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('criteria')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function replaceCriteria(db: Db, sessionId: number, list: readonly { criterionId: number; weight: number }[]): Promise<void> {
  await db.deleteFrom('eval_session_criteria').where('session_id', '=', sessionId).execute();
  if (list.length) {
    await db
      .insertInto('eval_session_criteria')
      .values(list.map((c) => ({ session_id: sessionId, criterion_id: c.criterionId, weight: c.weight })))
      .execute();
  }
}

export interface PlayerRow {
  playerId: number;
  firstName: string;
  lastName: string;
  photo: string | null;
  bib: number | null;
  present: boolean;
  walkUp: boolean;
}

export async function sessionPlayers(db: Db, sessionId: number): Promise<PlayerRow[]> {
  const rows = await db
    .selectFrom('eval_session_players as sp')
    .innerJoin('players as p', 'p.id', 'sp.player_id')
    .select(['sp.player_id', 'p.first_name', 'p.last_name', 'p.profile_img', 'sp.bib', 'sp.present', 'sp.walk_up'])
    .where('sp.session_id', '=', sessionId)
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('sp.player_id')
    .execute();
  return rows.map((r) => ({
    playerId: r.player_id,
    firstName: r.first_name,
    lastName: r.last_name,
    photo: r.profile_img,
    bib: r.bib,
    present: r.present === 1,
    walkUp: r.walk_up === 1,
  }));
}

export async function sessionPlayer(db: Db, sessionId: number, playerId: number) {
  return db
    .selectFrom('eval_session_players as sp')
    .innerJoin('players as p', 'p.id', 'sp.player_id')
    .select(['sp.player_id', 'sp.bib', 'sp.present', 'p.first_name', 'p.last_name', 'p.profile_img'])
    .where('sp.session_id', '=', sessionId)
    .where('sp.player_id', '=', playerId)
    .executeTakeFirst();
}

export async function existingPlayerIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks(ids, ID_CHUNK)) {
    for (const r of await db.selectFrom('players').select('id').where('id', 'in', part).execute()) out.add(r.id);
  }
  return out;
}

export async function teamMemberIds(db: Db, teamIds: readonly number[]): Promise<number[]> {
  if (!teamIds.length) return [];
  const rows = await db
    .selectFrom('team_players')
    .select('player_id')
    .distinct()
    .where('team_id', 'in', [...teamIds])
    .execute();
  return rows.map((r) => r.player_id);
}

/** Adds players who are not in the session yet; answers how many were added. */
export async function addPlayers(db: Db, sessionId: number, playerIds: readonly number[], walkUp = false): Promise<number> {
  const have = new Set(
    (await db.selectFrom('eval_session_players').select('player_id').where('session_id', '=', sessionId).execute()).map((r) => r.player_id),
  );
  const fresh = [...new Set(playerIds)].filter((id) => !have.has(id));
  for (const part of chunks(fresh, ID_CHUNK)) {
    await db
      .insertInto('eval_session_players')
      .values(part.map((player_id) => ({ session_id: sessionId, player_id, present: walkUp ? 1 : 0, walk_up: walkUp ? 1 : 0, bib: null })))
      .execute();
  }
  return fresh.length;
}

export async function removePlayer(db: Db, sessionId: number, playerId: number): Promise<void> {
  await db.deleteFrom('eval_session_scores').where('session_id', '=', sessionId).where('player_id', '=', playerId).execute();
  await db.deleteFrom('eval_session_calibration_scores').where('session_id', '=', sessionId).where('player_id', '=', playerId).execute();
  await db.deleteFrom('eval_session_players').where('session_id', '=', sessionId).where('player_id', '=', playerId).execute();
}

export async function bibHolder(db: Db, sessionId: number, bib: number, exceptPlayerId: number) {
  return db
    .selectFrom('eval_session_players as sp')
    .innerJoin('players as p', 'p.id', 'sp.player_id')
    .select(['p.first_name', 'p.last_name'])
    .where('sp.session_id', '=', sessionId)
    .where('sp.bib', '=', bib)
    .where('sp.player_id', '!=', exceptPlayerId)
    .executeTakeFirst();
}

export async function setCheckIn(db: Db, sessionId: number, playerId: number, present: boolean, bib: number | null): Promise<void> {
  await db
    .updateTable('eval_session_players')
    .set({ present: present ? 1 : 0, bib })
    .where('session_id', '=', sessionId)
    .where('player_id', '=', playerId)
    .execute();
}

export interface EvaluatorRow {
  id: number;
  userId: number | null;
  name: string;
  guest: boolean;
  /** A guest the director has let in (staff: always). */
  admitted: boolean;
  /** The director left this evaluator's scores out of the results. */
  excluded: boolean;
}

export async function sessionEvaluators(db: Db, sessionId: number): Promise<EvaluatorRow[]> {
  const rows = await db
    .selectFrom('eval_session_evaluators as ev')
    .leftJoin('users as u', 'u.id', 'ev.user_id')
    .select(['ev.id', 'ev.user_id', 'ev.guest_name', 'ev.admitted', 'ev.excluded', 'u.first_name', 'u.last_name'])
    .where('ev.session_id', '=', sessionId)
    .orderBy('ev.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    name: r.user_id !== null ? `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() : (r.guest_name ?? 'Guest'),
    guest: r.user_id === null,
    admitted: r.admitted === 1,
    excluded: r.excluded === 1,
  }));
}

export async function evaluatorOfUser(db: Db, sessionId: number, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('eval_session_evaluators')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

export async function findEvaluator(db: Db, sessionId: number, evaluatorId: number) {
  return db
    .selectFrom('eval_session_evaluators')
    .select(['id', 'user_id', 'guest_name', 'admitted', 'excluded'])
    .where('session_id', '=', sessionId)
    .where('id', '=', evaluatorId)
    .executeTakeFirst();
}

/** The guest of a session who uses this folded name, if any, and whether their token is live. */
export async function guestByKey(db: Db, sessionId: number, guestKey: string) {
  return db
    .selectFrom('eval_session_evaluators')
    .select(['id', 'token_hash'])
    .where('session_id', '=', sessionId)
    .where('guest_key', '=', guestKey)
    .executeTakeFirst();
}

/**
 * A guest whose token has ended (they left, or the session was reopened) joins again under their
 * name: a new token, and they wait for the director again. Only if no one claimed the name meanwhile.
 */
export async function reclaimGuest(db: Db, evaluatorId: number, tokenHash: string): Promise<boolean> {
  const res = await db
    .updateTable('eval_session_evaluators')
    .set({ token_hash: tokenHash, admitted: 0 })
    .where('id', '=', evaluatorId)
    .where('token_hash', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setEvaluatorFlags(
  db: Db,
  sessionId: number,
  evaluatorId: number,
  patch: { admitted?: 0 | 1; excluded?: 0 | 1 },
): Promise<void> {
  await db.updateTable('eval_session_evaluators').set(patch).where('session_id', '=', sessionId).where('id', '=', evaluatorId).execute();
}

/** Ends one guest's token (Leave, Not you?): the evaluator and their scores stay. */
export async function revokeGuestToken(db: Db, evaluatorId: number): Promise<void> {
  await db
    .updateTable('eval_session_evaluators')
    .set({ token_hash: null })
    .where('id', '=', evaluatorId)
    .where('user_id', 'is', null)
    .execute();
}

/** A guest evaluator by their token's hash, with the session's state. */
export async function guestByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('eval_session_evaluators as ev')
    .innerJoin('eval_sessions as s', 's.id', 'ev.session_id')
    .select(['ev.id', 'ev.session_id', 'ev.guest_name', 'ev.admitted', 's.state', 's.name as session_name'])
    .where('ev.token_hash', '=', tokenHash)
    .where('ev.user_id', 'is', null)
    .executeTakeFirst();
}

export async function sessionByGuestCode(db: Db, code: string) {
  return db.selectFrom('eval_sessions').select(['id', 'state']).where('guest_code', '=', code).executeTakeFirst();
}

export type EvaluatorWrite =
  | { sessionId: number; userId: number; guestName: null; tokenHash: null }
  | { sessionId: number; userId: null; guestName: string; guestKey: string; tokenHash: string };

/** Staff evaluators count at once; a guest waits until the director admits them. */
export async function insertEvaluator(db: Db, e: EvaluatorWrite, now: string): Promise<number> {
  const guest = e.userId === null ? { guest_key: e.guestKey, admitted: 0 as const } : {};
  const row = await db
    .insertInto('eval_session_evaluators')
    .values({ session_id: e.sessionId, user_id: e.userId, guest_name: e.guestName, token_hash: e.tokenHash, created_at: now, ...guest })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteEvaluator(db: Db, sessionId: number, evaluatorId: number): Promise<void> {
  await db.deleteFrom('eval_session_evaluators').where('session_id', '=', sessionId).where('id', '=', evaluatorId).execute();
}

/** Active staff users (not Player accounts) who may score in sessions. */
export async function evaluatorCandidates(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('u.status', '=', 1)
    .where('r.sessions', '>=', 1)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

export async function userMaySessions(db: Db, userId: number): Promise<boolean> {
  return exists(
    db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select('u.id')
      .where('u.id', '=', userId)
      .where('u.status', '=', 1)
      .where('r.sessions', '>=', 1),
  );
}

export interface ScoreRow {
  evaluatorId: number;
  playerId: number;
  criterionId: number;
  score: number;
  /** A measured criterion: the value kept and the attempts it was kept from (JSON). */
  value: number | null;
  attempts: string | null;
}

export async function sessionScores(db: Db, sessionId: number, evaluatorId?: number): Promise<ScoreRow[]> {
  let q = db
    .selectFrom('eval_session_scores')
    .select(['evaluator_id', 'player_id', 'criterion_id', 'score', 'measured_value', 'measured_attempts'])
    .where('session_id', '=', sessionId);
  if (evaluatorId !== undefined) q = q.where('evaluator_id', '=', evaluatorId);
  const rows = await q.execute();
  return rows.map((r) => ({
    evaluatorId: r.evaluator_id,
    playerId: r.player_id,
    criterionId: r.criterion_id,
    score: Number(r.score),
    value: r.measured_value === null ? null : Number(r.measured_value),
    attempts: r.measured_attempts,
  }));
}

/** An evaluator's scores; a second score of the same player and criterion replaces the first. */
export async function upsertScores(
  db: Db,
  sessionId: number,
  evaluatorId: number,
  rows: readonly { playerId: number; criterionId: number; score: number; value?: number | null; attempts?: string | null }[],
  now: string,
): Promise<void> {
  for (const part of chunks(rows, ID_CHUNK)) {
    await db
      .insertInto('eval_session_scores')
      .values(
        part.map((r) => ({
          session_id: sessionId,
          evaluator_id: evaluatorId,
          player_id: r.playerId,
          criterion_id: r.criterionId,
          score: r.score,
          measured_value: r.value ?? null,
          measured_attempts: r.attempts ?? null,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['session_id', 'evaluator_id', 'player_id', 'criterion_id']).doUpdateSet((eb) => ({
          score: eb.ref('excluded.score'),
          measured_value: eb.ref('excluded.measured_value'),
          measured_attempts: eb.ref('excluded.measured_attempts'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

export async function playerPhoto(db: Db, sessionId: number, playerId: number): Promise<string | null | undefined> {
  const row = await sessionPlayer(db, sessionId, playerId);
  return row ? row.profile_img : undefined;
}

export async function revokeGuestTokens(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('eval_session_evaluators').set({ token_hash: null }).where('session_id', '=', sessionId).execute();
}

/** Moves a session from one state to the next only if it is still in the first; answers whether it moved. */
export async function moveState(
  db: Db,
  id: number,
  from: SessionState,
  patch: { state: SessionState; published_at?: string; results_unlocked?: 0 | 1 },
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('eval_sessions')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
