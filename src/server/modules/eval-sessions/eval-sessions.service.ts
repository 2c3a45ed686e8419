import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MSG, plural } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { fairResults, publishableFairScore } from '../../../shared/fair-evaluations.js';
import {
  isValidScore,
  meanPercentage,
  roundPercent,
  sessionResults,
  type SessionCriterion,
  type SessionScore,
} from '../../../shared/scoring.js';
import type {
  EvalSession,
  PublishBasis,
  SessionDetail,
  SessionPlayerScores,
  SessionProgress,
  SessionResults,
  SessionSave,
  SessionScoreEntry,
  SessionSheet,
  TryoutStatus,
} from '../../../shared/schemas/eval-session.js';
import { manageableSessions } from '../../policies/eval-sessions.js';
import { authorizeEvaluationWrites } from '../../policies/evaluations.js';
import { assertPlayersReachable, authorizeAddPlayers, authorizeTeams } from '../../policies/players.js';
import { assertTeamReachable, reachableTeamIds } from '../../policies/teams.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { fileByKey } from '../../files/files.repository.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { insertEvaluation, insertEvaluations, recomputeCurrent } from '../evaluations/evaluations.repository.js';
import { existingTeamIds, findDuplicate, insertPlayer, setTeams } from '../players/players.repository.js';
import * as repo from './eval-sessions.repository.js';
import { syncGoalProgress } from '../goals/goals.service.js';
import { afterMeasuredWrite } from '../evaluations/evaluations.service.js';
import * as measured from './session-measured.service.js';

/** The published evaluation's note: "Mean of 1 evaluator", "Mean of 3 evaluators". */
export const meanNote = (evaluators: number, session: string) =>
  `Mean of ${evaluators} ${plural(evaluators, 'evaluator', 'evaluators')} in the session "${session}".`;
/** On the fair basis: "Fair score of 3 evaluators (their severity taken out) in the session …". */
export const fairNote = (evaluators: number, session: string) =>
  `Fair score of ${evaluators} ${plural(evaluators, 'evaluator', 'evaluators')} (their severity taken out) in the session "${session}".`;

type Db = Kysely<DB>;

/* ---------- sessions ---------- */

export async function presentSessions(db: Db, actor: Actor, rows: repo.SessionRow[]): Promise<EvalSession[]> {
  const ids = rows.map((r) => r.id);
  const [counts, criteria, mine, managed] = await Promise.all([
    repo.countsOf(db, ids),
    repo.criteriaOfSessions(db, ids),
    repo.sessionsEvaluatedBy(db, actor.id, ids),
    manageableSessions(db, actor, ids),
  ]);
  return rows.map((r) => {
    const c = counts.get(r.id)!;
    const manager = managed.has(r.id);
    return {
      ...r,
      guestCode: manager && r.state === 'open' ? r.guestCode : null,
      playerCount: c.players,
      presentCount: c.present,
      evaluatorCount: c.evaluators,
      criteria: criteria.get(r.id)!.map(({ catalogueWeight: _, ...rest }) => rest),
      canManage: manager,
      isEvaluator: mine.has(r.id),
    };
  });
}

export async function listSessions(db: Db, actor: Actor, scope: repo.ListScope | null): Promise<EvalSession[]> {
  return presentSessions(db, actor, await repo.listSessions(db, scope));
}

export async function sessionDetail(db: Db, actor: Actor, id: number): Promise<SessionDetail> {
  const row = await repo.findSession(db, id);
  if (!row) throw notFound();
  const [session] = await presentSessions(db, actor, [row]);
  const [players, evaluators, scores, criteria] = await Promise.all([
    repo.sessionPlayers(db, id),
    repo.sessionEvaluators(db, id),
    repo.sessionScores(db, id),
    repo.sessionCriteria(db, id),
  ]);
  // Players each evaluator scored on every criterion: progress, never the scores themselves.
  const perEvaluator = new Map<number, Map<number, number>>();
  for (const s of scores) {
    const byPlayer = perEvaluator.get(s.evaluatorId) ?? new Map<number, number>();
    byPlayer.set(s.playerId, (byPlayer.get(s.playerId) ?? 0) + 1);
    perEvaluator.set(s.evaluatorId, byPlayer);
  }
  const done = (evaluatorId: number) => [...(perEvaluator.get(evaluatorId)?.values() ?? [])].filter((n) => n === criteria.length).length;
  return {
    session: session!,
    players,
    evaluators: evaluators.map((e) => ({ ...e, playersDone: session!.canManage ? done(e.id) : 0 })),
  };
}

async function checkSave(db: Db, body: SessionSave): Promise<void> {
  const ids = body.criteria.map((c) => c.criterionId);
  const known = await repo.existingCriterionIds(db, ids);
  if (ids.some((id) => !known.has(id))) throw badRequest('This criterion does not exist. Choose criteria from the list.', 'criteria');
}

export async function createSession(db: Db, actor: Actor, body: SessionSave): Promise<number> {
  await checkSave(db, body);
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertSession(trx, body, actor.id, nowIso());
    await repo.replaceCriteria(trx, id, body.criteria);
    await recordAudit(trx, actor, 'create', 'eval_session', id, body.name);
    return id;
  });
}

export async function updateSession(db: Db, actor: Actor, session: repo.SessionRow, body: SessionSave): Promise<void> {
  if (session.state === 'published') throw conflict('A published session cannot be changed.');
  await checkSave(db, body);
  const current = await repo.sessionCriteria(db, session.id);
  const same =
    current.length === body.criteria.length &&
    body.criteria.every((c) => current.some((k) => k.criterionId === c.criterionId && Math.abs(k.weight - c.weight) < 1e-9));
  if (!same && session.state !== 'draft') throw conflict('Criteria and weights can be changed while the session is a draft.', 'criteria');
  await db.transaction().execute(async (trx) => {
    await repo.updateSession(trx, session.id, body, nowIso());
    if (!same) await repo.replaceCriteria(trx, session.id, body.criteria);
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, body.name);
  });
}

export async function deleteSession(db: Db, actor: Actor, session: repo.SessionRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.deleteSession(trx, session.id);
    await recordAudit(trx, actor, 'delete', 'eval_session', session.id, session.name);
  });
}

/* ---------- players and check-in ---------- */

function assertRoster(session: repo.SessionRow): void {
  if (session.state === 'closed' || session.state === 'published') throw conflict('Players can be changed until the session closes.');
}

export async function addPlayers(
  db: Db,
  actor: Actor,
  session: repo.SessionRow,
  body: { teamIds: number[]; playerIds: number[] },
): Promise<number> {
  assertRoster(session);
  // Player ids pass the same reach rule as team ids: a director of their own teams adds their players only.
  for (const teamId of body.teamIds) await assertTeamReachable(db, actor, teamId);
  await assertPlayersReachable(db, actor, body.playerIds);
  const known = await repo.existingPlayerIds(db, body.playerIds);
  if (body.playerIds.some((id) => !known.has(id))) throw badRequest('This player does not exist.', 'playerIds');
  const ids = [...body.playerIds, ...(await repo.teamMemberIds(db, body.teamIds))];
  return db.transaction().execute(async (trx) => {
    const added = await repo.addPlayers(trx, session.id, ids);
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, `${session.name}: ${added} players added`);
    return added;
  });
}

export async function addWalkUp(
  db: Db,
  actor: Actor,
  session: repo.SessionRow,
  body: { first_name: string; last_name: string; email: string; bib: number | null; teamId: number | null },
): Promise<number> {
  assertRoster(session);
  // Walk-ups become players of the club: the players policy decides who may add them, and into which team.
  authorizeAddPlayers(actor);
  if (body.teamId !== null && !(await existingTeamIds(db, [body.teamId])).length) throw badRequest('This team does not exist.', 'teamId');
  // Someone already on file (same names and e-mail) within the caller's reach is added as they are, not created
  // twice; a match outside it is not looked at, so the answer says nothing about other teams' players.
  const existing = await findDuplicate(db, body, undefined, await reachableTeamIds(db, actor));
  const teams = existing ? [] : await authorizeTeams(db, actor, body.teamId === null ? [] : [body.teamId], []).catch(renameTeamField);
  if (body.bib !== null) await assertBibFree(db, session.id, body.bib, 0);
  return db.transaction().execute(async (trx) => {
    const playerId =
      existing?.id ??
      (await insertPlayer(trx, {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        player_email: null,
        dob: null,
        profile_img: null,
      }));
    if (!existing) {
      await setTeams(trx, playerId, teams);
      await recordAudit(trx, actor, 'create', 'player', playerId, `${body.first_name} ${body.last_name} (walk-up, ${session.name})`);
    }
    await repo.addPlayers(trx, session.id, [playerId], true);
    await repo.setCheckIn(trx, session.id, playerId, true, body.bib);
    return playerId;
  });
}

/** The players policy names the team field `team_id`; the walk-up form's is `teamId`. */
function renameTeamField(e: unknown): never {
  if (e instanceof HttpError && e.field === 'team_id') throw new HttpError(e.statusCode, e.message, 'teamId');
  throw e;
}

async function assertBibFree(db: Db, sessionId: number, bib: number, playerId: number): Promise<void> {
  const holder = await repo.bibHolder(db, sessionId, bib, playerId);
  if (holder) throw conflict(`Number ${bib} is already given to ${holder.first_name} ${holder.last_name}.`, 'bib');
}

export async function checkIn(
  db: Db,
  session: repo.SessionRow,
  playerId: number,
  body: { present: boolean; bib: number | null },
): Promise<void> {
  if (session.state === 'published') throw conflict('A published session cannot be changed.');
  if (!(await repo.sessionPlayer(db, session.id, playerId))) throw notFound('This player is not in this session.');
  if (body.bib !== null) await assertBibFree(db, session.id, body.bib, playerId);
  try {
    await repo.setCheckIn(db, session.id, playerId, body.present, body.bib);
  } catch (e) {
    // Two check-ins giving the same number at once: the unique index decides.
    if (isUniqueViolation(e)) throw conflict(`Number ${body.bib} was just given to another player.`, 'bib');
    throw e;
  }
}

export async function removePlayer(db: Db, actor: Actor, session: repo.SessionRow, playerId: number): Promise<void> {
  assertRoster(session);
  if (!(await repo.sessionPlayer(db, session.id, playerId))) throw notFound('This player is not in this session.');
  await db.transaction().execute(async (trx) => {
    await repo.removePlayer(trx, session.id, playerId);
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, `${session.name}: player ${playerId} removed`);
  });
}

/* ---------- evaluators ---------- */

export async function addEvaluator(db: Db, actor: Actor, session: repo.SessionRow, userId: number): Promise<void> {
  if (session.state === 'published') throw conflict('A published session cannot be changed.');
  if (!(await repo.userMaySessions(db, userId))) throw badRequest('Choose an active user whose role may score in sessions.', 'userId');
  if ((await repo.evaluatorOfUser(db, session.id, userId)) !== undefined)
    throw conflict('This user already evaluates in this session.', 'userId');
  await db.transaction().execute(async (trx) => {
    await repo.insertEvaluator(trx, { sessionId: session.id, userId, guestName: null, tokenHash: null }, nowIso());
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, `${session.name}: evaluator ${userId} added`);
  });
}

export async function removeEvaluator(db: Db, actor: Actor, session: repo.SessionRow, evaluatorId: number): Promise<void> {
  if (session.state === 'published') throw conflict('A published session cannot be changed.');
  if (!(await repo.findEvaluator(db, session.id, evaluatorId))) throw notFound();
  await db.transaction().execute(async (trx) => {
    await repo.deleteEvaluator(trx, session.id, evaluatorId);
    await recordAudit(
      trx,
      actor,
      'update',
      'eval_session',
      session.id,
      `${session.name}: evaluator ${evaluatorId} and their scores removed`,
    );
  });
}

/* ---------- states ---------- */

// No 0/O or 1/I: read aloud across a gym and typed on a phone.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newGuestCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export async function openSession(db: Db, actor: Actor, session: repo.SessionRow): Promise<void> {
  if (session.state !== 'draft' && session.state !== 'closed') throw conflict('Only a draft or a closed session can be opened.');
  const [criteria, players] = await Promise.all([repo.sessionCriteria(db, session.id), repo.sessionPlayers(db, session.id)]);
  if (!criteria.length) throw conflict('Choose the criteria before opening the session.');
  if (!players.length) throw conflict('Add players before opening the session.');
  await db.transaction().execute(async (trx) => {
    // A reopened session gets a new code, and the guests of its earlier opening join again with it.
    await repo.revokeGuestTokens(trx, session.id);
    await repo.setSessionState(trx, session.id, { state: 'open', guest_code: newGuestCode() }, nowIso());
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, `${session.name}: opened`);
  });
}

/** Closing ends every guest's access: the code goes, and their tokens now answer that the session has closed. */
export async function closeSession(db: Db, actor: Actor, session: repo.SessionRow): Promise<void> {
  if (session.state !== 'open') throw conflict('Only an open session can be closed.');
  await db.transaction().execute(async (trx) => {
    await repo.setSessionState(trx, session.id, { state: 'closed', guest_code: null }, nowIso());
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, `${session.name}: closed`);
  });
}

export async function unlockResults(db: Db, actor: Actor, session: repo.SessionRow): Promise<void> {
  if (session.state === 'draft') throw conflict('A draft session has no results yet.');
  if (session.resultsUnlocked) return;
  await db.transaction().execute(async (trx) => {
    await repo.setSessionState(trx, session.id, { results_unlocked: 1 }, nowIso());
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, `${session.name}: results unlocked`);
  });
}

/* ---------- results ---------- */

/** A session's rows and its results; `counted` are the scores that count (admitted, not excluded evaluators). */
export async function computeResults(db: Db, session: repo.SessionRow) {
  const [criteria, players, scores, evaluators] = await Promise.all([
    repo.sessionCriteria(db, session.id),
    repo.sessionPlayers(db, session.id),
    repo.sessionScores(db, session.id),
    repo.sessionEvaluators(db, session.id),
  ]);
  // Only admitted evaluators whose scores the director has not excluded count.
  const countedIds = new Set(evaluators.filter((e) => e.admitted && !e.excluded).map((e) => e.id));
  const counted = scores.filter((s) => countedIds.has(s.evaluatorId));
  const measures = await measured.sessionMeasures(db, criteria);
  const measuredPoints = await measured.measuredPointsOf(
    db,
    session,
    measures,
    players.map((p) => p.playerId),
  );
  const results = sessionResults(
    players.map((p) => p.playerId),
    criteria,
    counted,
    { minEvaluators: session.minEvaluators, ...(measuredPoints ? { measuredPoints } : {}) },
  );
  return { criteria, players, scores, counted, evaluators, results, measures };
}

export async function progress(db: Db, session: repo.SessionRow): Promise<SessionProgress> {
  const { players, results } = await computeResults(db, session);
  const byId = new Map(results.map((r) => [r.playerId, r]));
  const rows = players.map((p) => ({
    playerId: p.playerId,
    firstName: p.firstName,
    lastName: p.lastName,
    bib: p.bib,
    present: p.present,
    evaluatorsDone: byId.get(p.playerId)!.evaluatorsDone,
    complete: byId.get(p.playerId)!.complete,
  }));
  return { minEvaluators: session.minEvaluators, complete: rows.filter((r) => r.complete).length, total: rows.length, rows };
}

export type ComputedResults = Awaited<ReturnType<typeof computeResults>>;

/** `computed`: results already read for this session (the CSV reads them once for both tables). */
export async function results(db: Db, session: repo.SessionRow, computed?: ComputedResults): Promise<SessionResults> {
  const { criteria, players, evaluators, results, measures } = computed ?? (await computeResults(db, session));
  const byId = new Map(players.map((p) => [p.playerId, p]));
  const rows = results.map((r) => {
    const p = byId.get(r.playerId)!;
    return {
      ...r,
      firstName: p.firstName,
      lastName: p.lastName,
      bib: p.bib,
      total: r.total === null ? null : roundPercent(r.total),
      cells: r.cells.map(({ measured: _, ...c }) => {
        const label = measured.cellLabel(
          measures,
          r.cells.find((x) => x.criterionId === c.criterionId)!,
        );
        return {
          ...c,
          mean: c.mean === null ? null : roundPercent(c.mean),
          percentage: roundPercent(c.percentage),
          ...(label ? { measured: label } : {}),
        };
      }),
    };
  });
  rows.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.lastName.localeCompare(b.lastName));
  return {
    minEvaluators: session.minEvaluators,
    criteria: criteria.map((c) => measured.withMeasure(c, measures)),
    // Guests still waiting for the director are no evaluators of the results yet.
    evaluators: evaluators.filter((e) => e.admitted).map((e) => ({ id: e.id, name: e.name, guest: e.guest, excluded: e.excluded })),
    rows,
  };
}

export async function playerScores(db: Db, session: repo.SessionRow, playerId: number): Promise<SessionPlayerScores> {
  if (!(await repo.sessionPlayer(db, session.id, playerId))) throw notFound('This player is not in this session.');
  const { evaluators, results, scores, measures } = await computeResults(db, session);
  const byId = new Map(evaluators.map((e) => [e.id, e]));
  const cells = results.find((r) => r.playerId === playerId)!.cells;
  return {
    playerId,
    scores: scores
      .filter((s) => s.playerId === playerId)
      .map((s) => ({
        evaluatorId: s.evaluatorId,
        evaluatorName: byId.get(s.evaluatorId)?.name ?? 'Evaluator',
        guest: byId.get(s.evaluatorId)?.guest ?? true,
        excluded: !byId.get(s.evaluatorId)?.admitted || !!byId.get(s.evaluatorId)?.excluded,
        criterionId: s.criterionId,
        score: s.score,
        ...(measures.has(s.criterionId) && s.value !== null ? { measured: measured.scoreLabel(measures, s)! } : {}),
        outlier: cells.find((c) => c.criterionId === s.criterionId)?.outliers.includes(s.evaluatorId) ?? false,
      }))
      .sort((a, b) => a.evaluatorName.localeCompare(b.evaluatorName) || a.criterionId - b.criterionId),
  };
}

/**
 * Publishing writes each complete player's session means into evaluations, one per criterion, dated
 * the session's last day: from then on percentages, leaderboards, history and the player's area count
 * them by the same rule as any evaluation (docs/decisions/0016-session-averaging.md). On the fair basis
 * it writes the fair scores instead, clamped into the level's range (ADR 0027).
 */
export async function publish(
  db: Db,
  actor: Actor,
  session: repo.SessionRow,
): Promise<{ published: number; incomplete: number; evaluations: number }> {
  if (session.state !== 'closed') throw conflict('Close the session before publishing it.');
  const { criteria, players, counted, results, measures } = await computeResults(db, session);
  const complete = results.filter((r) => r.complete);
  await authorizeEvaluationWrites(
    db,
    actor,
    complete.map((r) => r.playerId),
  );
  const fair = session.publishBasis === 'fair' ? fairScoresOf(players, criteria, counted, session.minEvaluators) : null;
  const now = nowIso();
  const rows = complete.flatMap((r) =>
    r.cells.map((c, i) => {
      const criterion = criteria[i]!;
      const score = fair ? publishableFairScore(criterion.kind, fair.get(r.playerId)![i]!) : c.mean!;
      const measurement = measures.has(c.criterionId)
        ? measured.publishedMeasurement(measures.get(c.criterionId)!, c, counted, r.playerId)
        : null;
      return {
        player_id: r.playerId,
        criterion_id: c.criterionId,
        score: Math.round(score * 100) / 100,
        score_percentage: meanPercentage(criterion.kind, score, criterion.catalogueWeight),
        // A measurement publishes its mean value and the points of it, on either basis.
        ...measurement,
        evaluator_user_id: null,
        evaluator_name: `Session: ${session.name}`,
        date: measured.sessionDate(session),
        notes: fair ? fairNote(c.evaluators, session.name) : meanNote(c.evaluators, session.name),
        video_links: '[]',
        created_at: now,
        updated_at: now,
      };
    }),
  );
  await db.transaction().execute(async (trx) => {
    // The state moves first: a second publish racing this one finds it published and stops.
    const moved = await repo.moveState(trx, session.id, 'closed', { state: 'published', published_at: now, results_unlocked: 1 }, now);
    if (!moved) throw conflict('This session was just published.');
    // The multi-row insert writes the score columns only; a measured test's rows go one by one with their values.
    await insertEvaluations(
      trx,
      rows.filter((row) => !measures.has(row.criterion_id)),
    );
    for (const row of rows.filter((x) => measures.has(x.criterion_id))) await insertEvaluation(trx, row);
    const playerIds = complete.map((r) => r.playerId);
    for (const c of criteria) await recomputeCurrent(trx, { criterionId: c.criterionId, playerIds });
    for (const c of measures.values()) await afterMeasuredWrite(trx, c);
    await syncGoalProgress(
      trx,
      actor,
      criteria.map((c) => ({ criterionId: c.criterionId, playerIds })),
    );
    const basis = fair ? 'fair scores' : 'raw means';
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, `${session.name}: published ${complete.length} players (${basis})`);
  });
  return { published: complete.length, incomplete: results.length - complete.length, evaluations: rows.length };
}

/** Each player's fair score per criterion, in the session's order of criteria (no bootstrap: one round). */
function fairScoresOf(
  players: readonly { playerId: number }[],
  criteria: readonly SessionCriterion[],
  counted: readonly SessionScore[],
  minEvaluators: number,
): Map<number, (number | null)[]> {
  const f = fairResults(
    players.map((p) => p.playerId),
    criteria,
    counted,
    { minEvaluators, rounds: 1 },
  );
  return new Map(f.players.map((p) => [p.playerId, p.fairScores]));
}

/** Chooses what publishing writes: the session's means or the fair scores; audited. */
export async function setPublishBasis(db: Db, actor: Actor, session: repo.SessionRow, basis: PublishBasis): Promise<void> {
  if (session.state === 'published') throw conflict('A published session cannot be changed.');
  if (session.publishBasis === basis) return;
  await db.transaction().execute(async (trx) => {
    if (!(await repo.setPublishBasis(trx, session.id, basis, nowIso()))) throw conflict('A published session cannot be changed.');
    const words = basis === 'fair' ? 'fair scores' : 'raw means';
    await recordAudit(trx, actor, 'update', 'eval_session', session.id, `${session.name}: publishing set to ${words}`);
  });
}

/* ---------- evaluators' sheets ---------- */

export async function sheet(db: Db, sessionId: number, evaluator: { id: number; name: string; guest: boolean }): Promise<SessionSheet> {
  const session = (await repo.findSession(db, sessionId))!;
  const [criteria, players, scores] = await Promise.all([
    repo.sessionCriteria(db, sessionId),
    repo.sessionPlayers(db, sessionId),
    repo.sessionScores(db, sessionId, evaluator.id),
  ]);
  const measures = await measured.sessionMeasures(db, criteria);
  return {
    session: { id: session.id, name: session.name, state: session.state, criteria: criteria.map((c) => measured.withMeasure(c, measures)) },
    evaluator,
    // Guests see a first name and an initial: enough to match a face and a number, no more (minors).
    players: players.map((p) => ({
      playerId: p.playerId,
      name: evaluator.guest ? `${p.firstName} ${p.lastName.slice(0, 1)}.` : `${p.firstName} ${p.lastName}`,
      photo: p.photo,
      bib: p.bib,
      present: p.present,
    })),
    scores: scores.map((s) => ({
      playerId: s.playerId,
      criterionId: s.criterionId,
      score: s.score,
      ...(s.attempts ? { attempts: measured.parseStored(s.attempts) } : {}),
    })),
  };
}

export async function saveScores(db: Db, sessionId: number, evaluatorId: number, entries: readonly SessionScoreEntry[]) {
  const [session, criteria, players] = await Promise.all([
    repo.findSession(db, sessionId),
    repo.sessionCriteria(db, sessionId),
    repo.sessionPlayers(db, sessionId),
  ]);
  const kinds = new Map(criteria.map((c) => [c.criterionId, c.kind]));
  const inSession = new Set(players.map((p) => p.playerId));
  // A measured criterion's attempts are checked and kept like any measurement; its score is the points of the value.
  const measures = await measured.sessionMeasures(db, criteria);
  const kept = new Map<SessionScoreEntry, Awaited<ReturnType<typeof measured.scoreMeasured>>[number]>();
  for (const [id, criterion] of measures) {
    const list = entries.filter((e) => e.criterionId === id && inSession.has(e.playerId));
    const fields = await measured.scoreMeasured(db, session!, criterion, list);
    list.forEach((e, i) => kept.set(e, fields[i]!));
  }
  const outcomes = entries.map((e) => {
    const kind = kinds.get(e.criterionId);
    const fields = kept.get(e);
    const reason = !inSession.has(e.playerId)
      ? 'This player is not in this session.'
      : kind === undefined
        ? 'This criterion is not scored in this session.'
        : fields
          ? 'error' in fields
            ? fields.error
            : null
          : e.score === undefined || !isValidScore(kind, e.score)
            ? kind === 'yes_no'
              ? 'Choose Yes or No.'
              : 'Choose a score from 1 to 10.'
            : null;
    const value = fields && !('error' in fields) ? fields : null;
    return {
      playerId: e.playerId,
      criterionId: e.criterionId,
      score: value ? value.score : (e.score ?? 0),
      value: value?.measured_value ?? null,
      attempts: value?.measured_attempts ?? null,
      reason,
    };
  });
  const saved = outcomes.filter((o) => o.reason === null);
  if (saved.length) await repo.upsertScores(db, sessionId, evaluatorId, saved, nowIso());
  return outcomes.map(({ playerId, criterionId, reason }) =>
    reason === null ? { playerId, criterionId, status: 'saved' as const } : { playerId, criterionId, status: 'refused' as const, reason },
  );
}

/** A name as the one-name-per-session rule compares it: case, spacing and look-alike forms folded. */
export const guestKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A guest joins with the code and a name no one else in the session uses (staff included), and waits
 * until the director admits them. A guest whose token ended joins again under their own name, and
 * waits again: the director decides who that is.
 */
export async function joinAsGuest(db: Db, code: string, name: string): Promise<{ token: string; name: string; admitted: boolean }> {
  const session = await repo.sessionByGuestCode(db, code);
  if (!session || session.state !== 'open') throw new HttpError(404, MSG.tryoutCodeUnknown, 'code');
  const key = guestKey(name);
  const staff = (await repo.sessionEvaluators(db, session.id)).filter((e) => !e.guest);
  if (staff.some((e) => guestKey(e.name) === key)) throw conflict(MSG.tryoutNameTaken, 'name');
  const token = randomToken();
  const earlier = await repo.guestByKey(db, session.id, key);
  if (earlier) {
    if (earlier.token_hash !== null || !(await repo.reclaimGuest(db, earlier.id, sha256(token))))
      throw conflict(MSG.tryoutNameTaken, 'name');
    return { token, name, admitted: false };
  }
  try {
    await repo.insertEvaluator(
      db,
      { sessionId: session.id, userId: null, guestName: name.trim(), guestKey: key, tokenHash: sha256(token) },
      nowIso(),
    );
  } catch (e) {
    // Two phones joining with the same name at once: the unique index decides.
    if (isUniqueViolation(e)) throw conflict(MSG.tryoutNameTaken, 'name');
    throw e;
  }
  return { token, name: name.trim(), admitted: false };
}

/** What a guest's phone shows: waiting, or let in. */
export function guestStatus(guest: { name: string; sessionName: string; admitted: boolean }): TryoutStatus {
  return { name: guest.name, sessionName: guest.sessionName, admitted: guest.admitted };
}

/** Leave / Not you?: the token ends, so the next volunteer on this phone starts from the join form. */
export async function leaveAsGuest(db: Db, evaluatorId: number): Promise<void> {
  await repo.revokeGuestToken(db, evaluatorId);
}

async function guestOf(db: Db, session: repo.SessionRow, evaluatorId: number) {
  const e = await repo.findEvaluator(db, session.id, evaluatorId);
  if (!e) throw notFound();
  return e;
}

/** The director lets a waiting guest in; refusing one is removing them. */
export async function admitGuest(db: Db, actor: Actor, session: repo.SessionRow, evaluatorId: number): Promise<void> {
  if (session.state === 'published') throw conflict('A published session cannot be changed.');
  const e = await guestOf(db, session, evaluatorId);
  if (e.user_id !== null) throw badRequest('Only guests wait to be let in.');
  if (e.admitted === 1) return;
  await db.transaction().execute(async (trx) => {
    await repo.setEvaluatorFlags(trx, session.id, evaluatorId, { admitted: 1 });
    await recordAudit(
      trx,
      actor,
      'update',
      'eval_session',
      session.id,
      `${session.name}: guest ${e.guest_name} (evaluator ${evaluatorId}) admitted`,
    );
  });
}

/** Leaves an evaluator's scores out of the results (or counts them again) until publishing, audited. */
export async function excludeEvaluator(
  db: Db,
  actor: Actor,
  session: repo.SessionRow,
  evaluatorId: number,
  excluded: boolean,
): Promise<void> {
  if (session.state === 'published') throw conflict('A published session cannot be changed.');
  const e = await guestOf(db, session, evaluatorId);
  if ((e.excluded === 1) === excluded) return;
  const who = e.user_id === null ? `guest ${e.guest_name}` : `user ${e.user_id}`;
  await db.transaction().execute(async (trx) => {
    await repo.setEvaluatorFlags(trx, session.id, evaluatorId, { excluded: excluded ? 1 : 0 });
    await recordAudit(
      trx,
      actor,
      'update',
      'eval_session',
      session.id,
      `${session.name}: scores of ${who} (evaluator ${evaluatorId}) ${excluded ? 'excluded' : 'counted again'}`,
    );
  });
}

/** Staff who may be assigned as evaluators, as the picker shows them; e-mails only to those who may read users. */
export async function evaluatorOptions(db: Db, showEmails: boolean) {
  return (await repo.evaluatorCandidates(db)).map((u) => ({
    id: u.id,
    name: `${u.first_name} ${u.last_name}`,
    email: showEmails ? u.email : null,
  }));
}

/** A staff evaluator's own sheet. */
export async function staffSheet(db: Db, sessionId: number, evaluatorId: number): Promise<SessionSheet> {
  const me = (await repo.sessionEvaluators(db, sessionId)).find((e) => e.id === evaluatorId)!;
  return sheet(db, sessionId, { id: me.id, name: me.name, guest: false });
}

/** The photo of one of the session's players (WebP bytes); any other player is 404. */
export async function sessionPlayerPhoto(db: Db, sessionId: number, playerId: number): Promise<Buffer> {
  const key = await repo.playerPhoto(db, sessionId, playerId);
  const file = key ? await fileByKey(db, key) : undefined;
  if (!file || file.mime !== 'image/webp') throw notFound();
  return Buffer.from(file.data);
}
