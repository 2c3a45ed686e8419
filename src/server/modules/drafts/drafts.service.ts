import type { Kysely } from 'kysely';
import { ageGroupLabel, ageGroupOf, ageMismatchText, noTeamForAge, outsideAgeGroup, seasonYear } from '../../../shared/age-groups.js';
import type { Actor } from '../../../shared/permissions.js';
import { roundPercent } from '../../../shared/scoring.js';
import {
  BASIS_LABELS,
  DECISION_LABELS,
  type Board,
  type BoardCandidate,
  type BulkDecisionBody,
  type CandidatesAdd,
  type CandidateUpdate,
  type DraftCreate,
  type DraftEvent,
  type DraftSummary,
  type MoveBody,
  type RevisionBody,
  type SuggestBody,
  type TargetBody,
  type TotalInterval,
  type WriteResult,
} from '../../../shared/schemas/draft.js';
import type { DB, DraftState } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { SessionRow } from '../eval-sessions/eval-sessions.repository.js';
import { versionedCache } from '../scores/score-cache.js';
import { publishedSessionAnalysis } from '../scores/session-analysis.js';
import { cutLines, totalOn } from './cut-lines.js';
import * as repo from './drafts.repository.js';
import { suggest as suggestPlaces } from './suggest.js';

/**
 * The draft board (ADR 0025). Every write names the version it was made on: one UPDATE moves the
 * draft from that version to the next only while it is still there (and still open), inside the
 * write's transaction, so two writers on one version cannot both land and the loser hears what the
 * winner did. Each write appends events (the history) and one audit row in the same transaction.
 */

type Db = Kysely<DB>;

export const draftText = {
  locked: 'This draft is finalised and locked: change it with a revision that gives a reason.',
  notFinal: 'This draft is not finalised yet: change it on the board.',
  stale: (changes: string) => `This draft changed since you loaded it: ${changes}. The board shows the latest version now.`,
  pinned: (name: string) => `${name} is pinned: unpin them before moving them.`,
  notCandidate: 'This player is not a candidate of this draft.',
  notDraftTeam: 'This team is not a team of this draft.',
  notPublished: 'Only a published session can add candidates: publish its results first.',
  /** "Ava Costa: Born 2008: U19, this team is U14. …" */
  crossAge: (name: string, why: string) => `${name}: ${why}. Moving a player into a team of another age group needs a confirmed override.`,
} as const;

type EventRow = Awaited<ReturnType<typeof repo.eventsAfter>>[number];

function eventText(e: EventRow): string {
  let text = e.kind;
  try {
    text = (JSON.parse(e.detail) as { text?: string }).text ?? e.kind;
  } catch {
    // An unreadable detail still names its kind.
  }
  const subject = e.first_name !== null ? `${e.first_name} ${e.last_name} ` : '';
  return `${subject}${text}${e.user_name ? ` by ${e.user_name}` : ''}`;
}

/** Names a team (or the pool) in an event's words. */
function namer(teams: readonly { team_id: number; name: string }[]) {
  const names = new Map(teams.map((t) => [t.team_id, t.name]));
  return (id: number | null) => (id === null ? 'the pool' : (names.get(id) ?? `team ${id}`));
}

async function teamNamer(db: Db, draftId: number) {
  return namer(await repo.boardTeams(db, draftId));
}

interface Work {
  events: repo.EventIn[];
  /** One audit row, or one per change where a write changes several candidates' decisions at once. */
  audit: string | string[];
  changed: number;
}

/** One write on a draft: version check, the work, its events and audit row, all in one transaction. */
async function write(
  db: Db,
  actor: Actor,
  draft: repo.DraftRow,
  expected: number,
  state: DraftState,
  work: (trx: Db, now: string) => Promise<Work>,
): Promise<WriteResult> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await repo.bumpVersion(trx, draft.id, expected, state, now))) {
      const current = await repo.findDraft(trx, draft.id);
      if (!current) throw notFound();
      if (current.state !== state) throw conflict(state === 'open' ? draftText.locked : draftText.notFinal, 'expected_version');
      const missed = await repo.eventsAfter(trx, draft.id, expected);
      const list = missed.length ? missed.slice(-10).map(eventText).join('; ') : `it is at version ${current.version}`;
      const more = missed.length > 10 ? ` (and ${missed.length - 10} earlier changes)` : '';
      throw conflict(draftText.stale(list + more), 'expected_version');
    }
    const version = expected + 1;
    const done = await work(trx, now);
    await repo.insertEvents(trx, draft.id, version, actor.id, done.events, now);
    for (const line of typeof done.audit === 'string' ? [done.audit] : done.audit)
      await recordAudit(trx, actor, 'update', 'draft', draft.id, `${draft.name} v${version}: ${line}`);
    return { version, changed: done.changed };
  });
}

/* ---------- reads ---------- */

export async function list(db: Db, seasonId: number | undefined): Promise<DraftSummary[]> {
  const rows = await repo.listDrafts(db, seasonId);
  return rows.map((r) => ({ ...r, teams: Number(r.teams ?? 0), candidates: Number(r.candidates ?? 0) }));
}

interface Scored {
  total: number | null;
  evaluators: number | null;
  outlier: boolean;
  interval: TotalInterval | null;
  fair_total: number | null;
  fair_interval: TotalInterval | null;
  total_basis: 'raw' | 'fair';
  raw_total: number | null;
  raw_interval: TotalInterval | null;
}

const rounded = (range: readonly [number, number] | null, within: number | null): TotalInterval | null =>
  range === null
    ? null
    : // From 5 evaluators the total shown is the trimmed mean (ADR 0016) and the interval the plain mean's:
      // widened to hold the total shown, as the interval always holds its own figure.
      {
        low: Math.min(roundPercent(range[0]), within ?? Infinity),
        high: Math.max(roundPercent(range[1]), within ?? -Infinity),
      };

/**
 * Published session results of the sessions candidates came from, per session and player: the one
 * analysis per session and score version (scores/session-analysis.ts) that reports and the family
 * portal read too.
 */
async function sessionScores(db: Db, sessionIds: readonly number[]): Promise<Map<string, Scored>> {
  const out = new Map<string, Scored>();
  for (const id of sessionIds) {
    const analysis = await publishedSessionAnalysis(db, id);
    if (!analysis) continue;
    for (const [playerId, p] of analysis.players) {
      const fairTotal = p.fair.fair.total === null ? null : roundPercent(p.fair.fair.total);
      const rawInterval = p.total === null ? null : rounded(p.fair.raw.interval, p.total);
      const fairInterval = fairTotal === null ? null : rounded(p.fair.fair.interval, fairTotal);
      // The session total is the one the director published on: on fair scores, the fair total.
      const fair = analysis.publishBasis === 'fair';
      out.set(`${id}:${playerId}`, {
        total: fair ? fairTotal : p.total,
        evaluators: p.evaluatorsDone,
        outlier: p.outlier,
        interval: fair ? fairInterval : rawInterval,
        fair_total: fairTotal,
        fair_interval: fairInterval,
        total_basis: analysis.publishBasis,
        raw_total: p.total,
        raw_interval: rawInterval,
      });
    }
  }
  return out;
}

async function candidatesOf(
  db: Db,
  draft: repo.DraftRow,
): Promise<(Omit<BoardCandidate, 'age_note'> & { waitlist_rank: number | null })[]> {
  const rows = await repo.boardCandidates(db, draft.id);
  const sessions = [...new Set(rows.filter((r) => r.source === 'session' && r.source_id !== null).map((r) => r.source_id!))];
  const scores = await sessionScores(db, sessions);
  const year = seasonYear(draft.season_name);
  return rows.map((r) => {
    const s = r.source === 'session' ? scores.get(`${r.source_id}:${r.player_id}`) : undefined;
    return {
      player_id: r.player_id,
      name: `${r.first_name} ${r.last_name}`,
      birth_year: r.dob,
      age_group: ageGroupLabel(r.dob, year),
      team_id: r.team_id,
      pinned: !!r.pinned,
      position: r.position,
      decision: r.decision,
      source: r.source as BoardCandidate['source'],
      total: s ? s.total : r.current_total === null ? null : roundPercent(Number(r.current_total)),
      evaluators: s ? s.evaluators : null,
      outlier: s?.outlier ?? false,
      interval: s?.interval ?? null,
      fair_total: s?.fair_total ?? null,
      fair_interval: s?.fair_interval ?? null,
      total_basis: s?.total_basis ?? null,
      raw_total: s?.raw_total ?? null,
      raw_interval: s?.raw_interval ?? null,
      waitlist_rank: r.waitlist_rank,
    };
  });
}

/** The draft's teams' age groups and the year ages are read in: the facts every age check of a draft takes. */
function agesOf(draft: repo.DraftRow, teams: readonly { team_id: number; name: string }[]) {
  const year = seasonYear(draft.season_name);
  const groupOf = new Map(teams.map((t) => [t.team_id, ageGroupOf(t.name)]));
  const groups = [...groupOf.values()].filter((g): g is number => g !== null);
  return {
    year,
    groupOf,
    /** A move of a player born in `birthYear` into `teamId` outside their age group, else null (the pool fits anyone). */
    mismatch: (birthYear: number | null, teamId: number | null) =>
      teamId === null ? null : outsideAgeGroup(birthYear, groupOf.get(teamId) ?? null, groups, year),
  };
}

// A board changes with its draft's version (every write moves it) and with the score version (names,
// birth years, totals and session results all move it): kept per both, a warm read builds nothing.
const boards = versionedCache<Board>(64);

/** The board (GET /api/draft/:id). Callers must not mutate it. */
export function board(db: Db, draft: repo.DraftRow): Promise<Board> {
  const key = JSON.stringify([draft.id, draft.version, draft.state, draft.name, draft.season_name, draft.finalised_at]);
  return boards(db, key, () => buildBoard(db, draft));
}

async function buildBoard(db: Db, draft: repo.DraftRow): Promise<Board> {
  const [teams, candidates] = await Promise.all([repo.boardTeams(db, draft.id), candidatesOf(db, draft)]);
  const ages = agesOf(draft, teams);
  const note = (c: Omit<BoardCandidate, 'age_note'>) => {
    if (c.team_id !== null) {
      const m = ages.mismatch(c.birth_year, c.team_id);
      return m ? ageMismatchText(m) : null;
    }
    return c.decision === 'released' || c.decision === 'withdrawn'
      ? null
      : noTeamForAge(c.birth_year, [...ages.groupOf.values()], ages.year);
  };
  return {
    id: draft.id,
    name: draft.name,
    season_id: draft.season_id,
    season_name: draft.season_name,
    state: draft.state,
    version: draft.version,
    finalised_at: draft.finalised_at,
    season_year: ages.year,
    teams: teams.map((t) => {
      const mine = candidates.filter((c) => c.team_id === t.team_id);
      const positions: Record<string, number> = {};
      for (const c of mine) if (c.position) positions[c.position] = (positions[c.position] ?? 0) + 1;
      return {
        team_id: t.team_id,
        name: t.name,
        target_size: t.target_size,
        position_targets: parseTargets(t.position_targets),
        count: mine.length,
        position_counts: positions,
        strength: roundPercent(mine.reduce((a, c) => a + (c.total ?? 0), 0)),
        age_group: ages.groupOf.get(t.team_id) ?? null,
      };
    }),
    candidates: candidates.map(({ waitlist_rank: _, ...c }) => ({ ...c, age_note: note(c) })),
    cut_lines: {
      raw: cutLines(cutTeams(teams, ages), candidates, ages.year, 'raw'),
      fair: cutLines(cutTeams(teams, ages), candidates, ages.year, 'fair'),
    },
  };
}

const cutTeams = (teams: Awaited<ReturnType<typeof repo.boardTeams>>, ages: ReturnType<typeof agesOf>) =>
  teams.map((t) => ({ team_id: t.team_id, name: t.name, target_size: t.target_size, age_group: ages.groupOf.get(t.team_id) ?? null }));

function parseTargets(text: string): Record<string, number> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export async function history(db: Db, draft: repo.DraftRow): Promise<DraftEvent[]> {
  const rows = await repo.eventsAfter(db, draft.id, 0);
  return rows.map((e) => ({
    version: e.version,
    kind: e.kind,
    player_id: e.player_id,
    text: eventText(e),
    reason: e.reason,
    user_name: e.user_name,
    created_at: e.created_at,
  }));
}

/* ---------- writes ---------- */

export async function create(db: Db, actor: Actor, body: DraftCreate): Promise<{ id: number; version: number }> {
  const season = await repo.seasonById(db, body.season_id);
  if (!season) throw badRequest('This season does not exist.', 'season_id');
  const teams = await repo.teamsByIds(
    db,
    body.teams.map((t) => t.team_id),
  );
  const byId = new Map(teams.map((t) => [t.id, t]));
  for (const t of body.teams) {
    const team = byId.get(t.team_id);
    if (!team) throw badRequest(`Team ${t.team_id} does not exist.`, 'teams');
    if (team.season_id !== body.season_id) throw badRequest(`${team.name} is not a team of the season ${season.name}.`, 'teams');
  }
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const id = await repo.insertDraft(trx, { name: body.name, season_id: body.season_id, created_by: actor.id, now }, body.teams);
    await repo.insertEvents(
      trx,
      id,
      1,
      actor.id,
      [{ kind: 'create', player_id: null, detail: { text: `created the draft ${body.name}` } }],
      now,
    );
    await recordAudit(trx, actor, 'create', 'draft', id, `${body.name} for ${season.name}: ${body.teams.length} team(s)`);
    return { id, version: 1 };
  });
}

export async function addCandidates(
  db: Db,
  actor: Actor,
  draft: repo.DraftRow,
  body: CandidatesAdd,
  from: { session: SessionRow | null; team: { id: number; name: string } | null },
): Promise<WriteResult> {
  let ids: number[];
  let source: 'session' | 'team' | 'manual';
  let sourceId: number | null = null;
  let label: string;
  if (from.session) {
    if (from.session.state !== 'published') throw conflict(draftText.notPublished, 'session_id');
    ids = await repo.sessionPlayerIds(db, from.session.id);
    [source, sourceId, label] = ['session', from.session.id, `the session ${from.session.name}`];
  } else if (from.team) {
    ids = await repo.teamMemberIds(db, from.team.id);
    [source, sourceId, label] = ['team', from.team.id, `the team ${from.team.name}`];
  } else {
    ids = [...new Set(body.player_ids ?? [])];
    const found = await repo.existingPlayerIds(db, ids);
    const unknown = ids.find((id) => !found.has(id));
    if (unknown !== undefined) throw badRequest(`Player ${unknown} does not exist.`, 'player_ids');
    [source, label] = ['manual', 'by hand'];
  }
  return write(db, actor, draft, body.expected_version, 'open', async (trx, now) => {
    const added = await repo.insertCandidates(
      trx,
      draft.id,
      ids.map((player_id) => ({ player_id, source, source_id: sourceId })),
      now,
    );
    const text = `added ${added} candidate(s) from ${label}`;
    return {
      events: [{ kind: 'add', player_id: null, detail: { text, source, source_id: sourceId, added } }],
      audit: text,
      changed: added,
    };
  });
}

async function draftTeamOrThrow(db: Db, draftId: number, teamId: number, status: 400 | 404 = 400) {
  const ids = await repo.draftTeamIds(db, draftId);
  if (!ids.includes(teamId)) throw status === 404 ? notFound(draftText.notDraftTeam) : badRequest(draftText.notDraftTeam, 'team_id');
}

export async function setTarget(db: Db, actor: Actor, draft: repo.DraftRow, teamId: number, body: TargetBody): Promise<WriteResult> {
  await draftTeamOrThrow(db, draft.id, teamId, 404);
  return write(db, actor, draft, body.expected_version, 'open', async (trx) => {
    await repo.setTarget(trx, draft.id, teamId, body.target_size, JSON.stringify(body.position_targets));
    const name = (await teamNamer(trx, draft.id))(teamId);
    const positions = Object.entries(body.position_targets).map(([p, n]) => `${p} ${n}`);
    const text = `set ${name}'s target to ${body.target_size ?? 'no limit'}${positions.length ? ` (${positions.join(', ')})` : ''}`;
    return {
      events: [{ kind: 'target', player_id: null, detail: { text, team_id: teamId, target_size: body.target_size } }],
      audit: text,
      changed: 1,
    };
  });
}

async function candidateOrThrow(db: Db, draftId: number, playerId: number) {
  const c = await repo.candidate(db, draftId, playerId);
  if (!c) throw notFound(draftText.notCandidate);
  return c;
}

export async function move(db: Db, actor: Actor, draft: repo.DraftRow, body: MoveBody): Promise<WriteResult> {
  if (body.team_id !== null) await draftTeamOrThrow(db, draft.id, body.team_id);
  return write(db, actor, draft, body.expected_version, 'open', async (trx, now) => {
    // Read inside the transaction: the version check has already made this writer the only one.
    const c = await candidateOrThrow(trx, draft.id, body.player_id);
    const who = `${c.first_name} ${c.last_name}`;
    if (c.pinned && c.team_id !== body.team_id) throw conflict(draftText.pinned(who), 'player_id');
    const teams = await repo.boardTeams(trx, draft.id);
    const name = namer(teams);
    const across = crossAge(agesOf(draft, teams), who, c.dob, c.team_id, body.team_id, body.override);
    await repo.updateCandidate(trx, draft.id, body.player_id, { team_id: body.team_id }, now);
    const text = `moved to ${name(body.team_id)}${across.words}`;
    return {
      events: [
        {
          kind: 'move',
          player_id: body.player_id,
          detail: { text, from_team_id: c.team_id, to_team_id: body.team_id, ...across.detail },
        },
      ],
      audit: `${who} moved from ${name(c.team_id)} to ${name(body.team_id)}${across.words}`,
      changed: 1,
    };
  });
}

/**
 * A move by hand into a team outside the player's age group: refused (409) without the caller's
 * override, else recorded with the move in the words of the warning the board showed.
 */
function crossAge(
  ages: ReturnType<typeof agesOf>,
  who: string,
  birthYear: number | null,
  from: number | null,
  to: number | null,
  override: boolean,
) {
  const m = from === to ? null : ages.mismatch(birthYear, to);
  if (!m) return { words: '', detail: {} };
  const why = ageMismatchText(m);
  if (!override) throw conflict(draftText.crossAge(who, why), 'override');
  return { words: ` across age groups (override: ${why})`, detail: { age_override: true, birth_year: birthYear, team_age_group: m.team } };
}

export async function updateCandidate(
  db: Db,
  actor: Actor,
  draft: repo.DraftRow,
  playerId: number,
  body: CandidateUpdate,
): Promise<WriteResult> {
  return write(db, actor, draft, body.expected_version, 'open', async (trx, now) => {
    const c = await candidateOrThrow(trx, draft.id, playerId);
    const events: repo.EventIn[] = [];
    const set: Parameters<typeof repo.updateCandidate>[3] = {};
    if (body.pinned !== undefined && body.pinned !== !!c.pinned) {
      set.pinned = body.pinned ? 1 : 0;
      const where = (await teamNamer(trx, draft.id))(c.team_id);
      events.push({
        kind: body.pinned ? 'pin' : 'unpin',
        player_id: playerId,
        detail: { text: body.pinned ? `pinned to ${where}` : 'unpinned' },
      });
    }
    if (body.decision !== undefined && body.decision !== c.decision) {
      set.decision = body.decision;
      set.waitlist_rank = body.decision === 'waitlisted' ? await repo.nextWaitlistRank(trx, draft.id, c.team_id) : null;
      events.push({
        kind: 'decision',
        player_id: playerId,
        detail: { text: `marked ${DECISION_LABELS[body.decision]}`, from: c.decision, to: body.decision },
      });
    }
    if (body.position !== undefined && (body.position || null) !== c.position) {
      set.position = body.position || null;
      events.push({ kind: 'position', player_id: playerId, detail: { text: `given the position ${set.position ?? 'none'}` } });
    }
    if (events.length) await repo.updateCandidate(trx, draft.id, playerId, set, now);
    const who = `${c.first_name} ${c.last_name}`;
    return {
      events,
      audit: events.length ? `${who} ${events.map((e) => e.detail.text).join(', ')}` : `${who} unchanged`,
      changed: events.length,
    };
  });
}

/**
 * Suggest (suggest.ts) applied in one transaction: one statement per team it fills. It orders by the raw
 * totals, or by the fair totals when the director chose them (`basis`): the event and the audit row
 * record which.
 */
export async function runSuggest(db: Db, actor: Actor, draft: repo.DraftRow, body: SuggestBody): Promise<WriteResult> {
  const { expected_version: expected, basis } = body;
  const [teams, candidates] = await Promise.all([repo.boardTeams(db, draft.id), candidatesOf(db, draft)]);
  const ages = agesOf(draft, teams);
  return write(db, actor, draft, expected, 'open', async (trx, now) => {
    // The placements read before the transaction hold when the draft was at `expected` then: any write
    // since would have moved the version, and the bump above would have failed. Else they are read again.
    const rows = draft.version === expected ? candidates : await repo.boardCandidates(trx, draft.id);
    const current = new Map(rows.map((r) => [r.player_id, { team_id: r.team_id, pinned: !!r.pinned, decision: r.decision }]));
    const plan = suggestPlaces(
      teams.map((t) => ({ team_id: t.team_id, target_size: t.target_size, age_group: ages.groupOf.get(t.team_id) ?? null })),
      candidates
        .filter((c) => current.has(c.player_id))
        .map((c) => {
          const r = current.get(c.player_id)!;
          return {
            player_id: c.player_id,
            team_id: r.team_id,
            pinned: !!r.pinned,
            decision: r.decision,
            total: totalOn(basis, c).total,
            birth_year: c.birth_year,
          };
        }),
      ages.year,
    );
    const moves = [...plan].filter(([playerId, teamId]) => current.get(playerId)!.team_id !== teamId);
    const moved = moves.length;
    await repo.placePlayers(trx, draft.id, moves, now);
    const placed = [...plan.values()].filter((t) => t !== null).length;
    // Left in the pool because no team of the draft is of their age group (the board says so on their card).
    const birth = new Map(candidates.map((c) => [c.player_id, c.birth_year]));
    const outOfAge = [...plan].filter(
      ([p, t]) =>
        t === null &&
        !['released', 'withdrawn'].includes(current.get(p)!.decision) &&
        teams.length > 0 &&
        teams.every((team) => ages.mismatch(birth.get(p) ?? null, team.team_id) !== null),
    ).length;
    // Raw is the default and keeps its words; fair says so in the history too.
    const text = `Suggest placed ${placed} unpinned player(s)${basis === 'fair' ? ' by fair totals' : ''}, ${moved} of them moved${
      outOfAge ? `; ${outOfAge} left in the pool with no team of their age group` : ''
    }`;
    return {
      events: [{ kind: 'suggest', player_id: null, detail: { text, placed, moved, out_of_age: outOfAge, basis } }],
      audit: `${text} (ordered by ${BASIS_LABELS[basis].toLowerCase()})`,
      changed: moved,
    };
  });
}

/**
 * One decision for the selected candidates (open board): one history entry and one audit row per
 * candidate whose decision changes, in one versioned write. After Finalise the board sends the same
 * change as a revision with its reason instead.
 */
export async function decideMany(db: Db, actor: Actor, draft: repo.DraftRow, body: BulkDecisionBody): Promise<WriteResult> {
  return write(db, actor, draft, body.expected_version, 'open', async (trx, now) => {
    const rows = new Map((await repo.candidatesByIds(trx, draft.id, body.player_ids)).map((r) => [r.player_id, r]));
    const missing = body.player_ids.find((id) => !rows.has(id));
    if (missing !== undefined) throw badRequest(`Player ${missing} is not a candidate of this draft.`, 'player_ids');
    const changing = body.player_ids.map((id) => rows.get(id)!).filter((r) => r.decision !== body.decision);
    if (body.decision === 'waitlisted') {
      // In the order sent (the board's), each after those already on their team's waiting list.
      const next = new Map<number | null, number>();
      for (const r of changing) {
        const rank = next.get(r.team_id) ?? (await repo.nextWaitlistRank(trx, draft.id, r.team_id));
        await repo.updateCandidate(trx, draft.id, r.player_id, { decision: 'waitlisted', waitlist_rank: rank }, now);
        next.set(r.team_id, rank + 1);
      }
    } else
      await repo.setDecisions(
        trx,
        draft.id,
        changing.map((r) => r.player_id),
        body.decision,
        now,
      );
    const text = `marked ${DECISION_LABELS[body.decision]}`;
    return {
      events: changing.map((r) => ({
        kind: 'decision',
        player_id: r.player_id,
        detail: { text, from: r.decision, to: body.decision, bulk: true },
      })),
      audit: changing.length
        ? changing.map((r) => `${r.first_name} ${r.last_name} ${text} (with ${body.player_ids.length} selected)`)
        : `${body.player_ids.length} selected player(s) already ${text}`,
      changed: changing.length,
    };
  });
}

/**
 * Finalise (ADR 0025): every candidate who is placed in a team and selected becomes a member of that
 * team (memberships already there are kept), and the draft is locked.
 */
export async function finalise(db: Db, actor: Actor, draft: repo.DraftRow, expected: number): Promise<WriteResult> {
  return write(db, actor, draft, expected, 'open', async (trx, now) => {
    const chosen = (await repo.boardCandidates(trx, draft.id)).filter((c) => c.team_id !== null && c.decision === 'selected');
    const held = await repo.membershipsOf(trx, await repo.draftTeamIds(trx, draft.id));
    const rows = chosen
      .map((c) => ({ team_id: c.team_id!, player_id: c.player_id }))
      .filter((r) => !held.has(`${r.team_id}:${r.player_id}`));
    await repo.insertMemberships(trx, rows);
    await repo.markFinalised(trx, draft.id, actor.id, now);
    const teams = new Set(chosen.map((c) => c.team_id)).size;
    const text = `finalised: ${chosen.length} selected player(s) in ${teams} team(s), ${rows.length} membership(s) written`;
    return {
      events: [{ kind: 'finalise', player_id: null, detail: { text, selected: chosen.length, written: rows.length } }],
      audit: text,
      changed: rows.length,
    };
  });
}

/** A change after Finalise: placements and decisions with a reason; the team memberships follow. */
export async function revise(db: Db, actor: Actor, draft: repo.DraftRow, body: RevisionBody): Promise<WriteResult> {
  const teamIds = new Set(await repo.draftTeamIds(db, draft.id));
  for (const ch of body.changes)
    if (ch.team_id !== undefined && ch.team_id !== null && !teamIds.has(ch.team_id)) throw badRequest(draftText.notDraftTeam, 'changes');
  return write(db, actor, draft, body.expected_version, 'finalised', async (trx, now) => {
    const teams = await repo.boardTeams(trx, draft.id);
    const name = namer(teams);
    const ages = agesOf(draft, teams);
    const held = await repo.membershipsOf(trx, [...teamIds]);
    const events: repo.EventIn[] = [];
    const audit: string[] = [];
    for (const ch of body.changes) {
      const c = await repo.candidate(trx, draft.id, ch.player_id);
      if (!c) throw badRequest(`Player ${ch.player_id} is not a candidate of this draft.`, 'changes');
      const team = ch.team_id === undefined ? c.team_id : ch.team_id;
      const across = crossAge(ages, `${c.first_name} ${c.last_name}`, c.dob, c.team_id, team, ch.override);
      const decision = ch.decision ?? c.decision;
      const before = c.decision === 'selected' ? c.team_id : null;
      const after = decision === 'selected' ? team : null;
      await repo.updateCandidate(
        trx,
        draft.id,
        ch.player_id,
        { team_id: team, decision, ...(decision !== c.decision ? { waitlist_rank: null } : {}) },
        now,
      );
      if (before !== after) {
        if (before !== null && held.delete(`${before}:${ch.player_id}`)) await repo.deleteMembership(trx, before, ch.player_id);
        if (after !== null && !held.has(`${after}:${ch.player_id}`)) {
          await repo.insertMemberships(trx, [{ team_id: after, player_id: ch.player_id }]);
          held.add(`${after}:${ch.player_id}`);
        }
      }
      const parts = [
        ...(team !== c.team_id ? [`moved to ${name(team)}${across.words}`] : []),
        ...(decision !== c.decision ? [`marked ${DECISION_LABELS[decision]}`] : []),
      ];
      events.push({
        kind: 'revision',
        player_id: ch.player_id,
        detail: {
          text: `revised: ${parts.join(', ') || 'unchanged'}`,
          from_team_id: c.team_id,
          to_team_id: team,
          from: c.decision,
          to: decision,
          ...across.detail,
        },
        reason: body.reason,
      });
      audit.push(`${c.first_name} ${c.last_name} revised: ${parts.join(', ') || 'unchanged'} (reason: ${body.reason})`);
    }
    return { events, audit, changed: body.changes.length };
  });
}
