/**
 * The screens added since issue 29 (issue 43, "Also measure what is new"), through the real app, each
 * beside a baseline in the same run: the staff dashboard (a coach of two teams, an admin reaching every
 * team; warm and after a new score version), a report cycle's team page, a report's editor read and the
 * send preview, the draft board of 500 candidates in 20 teams and a move on it, the family portal of a
 * guardian with three children signed in by a one-time link, the guardians list by cursor, and the
 * privacy export of a player with 600 evaluations (JSON and PDF). Targets: p99 < 50 ms warm, < 100 ms
 * cold, < 1 s for each export (ADR 0023, "Rows of the screens").
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/types.js';
import { sendFamilyLink } from '../../src/server/modules/family/family-auth.service.js';
import { encodeCursor } from '../../src/shared/schemas/cursor.js';
import { DASHBOARD_PAGE_SIZE } from '../../src/shared/schemas/dashboard.js';
import { request, signIn, type Session } from '../lib/http.js';
import { moveScoreVersion } from './baselines.js';
import { CANDIDATES, seedDraft, TEAMS } from './drafts.js';
import { cannon, loop, timeOnce, type Figures, type Timing } from './measure.js';
import type { Row } from './report.js';
import type { Club } from './seed.js';
import { EXPORT_EVALUATIONS } from './seed-screens.js';
import { startChild, type Child } from './servers.js';

const WARM_MS = 50;
const COLD_MS = 100;
const EXPORT_MS = 1000;
const MOVES = 60;
const EXPORTS = 15;
const WARM_RUNS = 3;

interface Screen {
  scenario: string;
  headers: Record<string, string>;
  /** The k-th request's path (k = 0 is the body the bare baseline serves). */
  path: (k: number) => string;
  maxP99Ms: number;
  /** Held to 3× of (a) as the cached http rows are; the uncached reads to their time only (the ratio is shown). */
  cached?: boolean;
  /** What the captured answer must hold, so that a row never measures something smaller than it says. */
  holds?: (data: any) => boolean;
}

const step = (text: string) => console.log(`  measuring ${text}`);
/** A list in a scrambled order, so that consecutive requests land far apart. */
const spread = <T>(list: readonly T[]): T[] => list.map((_, i) => list[(i * 7919) % list.length]!);
const pick = <T>(list: readonly T[], k: number): T => list[k % list.length]!;

async function capture(base: string, headers: Record<string, string>, path: string): Promise<string> {
  const res = await request(base, path, { headers });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.text;
}

/**
 * The family sign-in as the family tests make it (family.fixtures.ts familyLogin): a one-time link
 * issued to the guardian with its mail captured, then POST /api/family/session with its token.
 */
async function familySignIn(base: string, db: Kysely<DB>, email: string): Promise<Record<string, string>> {
  const guardian = await db.selectFrom('guardians').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  let text = '';
  await sendFamilyLink(db, { send: async (m) => void (text = m.text) }, 'http://bench.test', guardian, 'signin');
  const token = decodeURIComponent(/\/family\/sign-in\?token=(\S+)/.exec(text)![1]!);
  const res = await request(base, '/api/family/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (res.status !== 200) throw new Error(`family sign-in answered ${res.status}: ${res.text.slice(0, 300)}`);
  const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const csrf = (JSON.parse(res.text) as { data: { csrfToken: string } }).data.csrfToken;
  return { cookie, 'x-csrf-token': csrf };
}

/** Cursors (`after`) of guardians spread over the list's second half, as deepListCursors does for players. */
async function guardianCursors(db: Kysely<DB>, count = 500): Promise<string[]> {
  const { n } = await db
    .selectFrom('guardians')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('guardians')
    .select('email')
    .orderBy('email')
    .limit(count)
    .offset(Math.floor(Number(n) / 2))
    .execute();
  return spread(rows.map((r) => encodeCursor([r.email])));
}

interface Context {
  app: Child;
  admin: Session;
  coach: Session;
  family: Record<string, string>;
  db: Kysely<DB>;
  club: Club;
  cycleId: number;
  draftId: number;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The reads measured warm (the same answer cached, or nothing cached and the database warm), another item each request where a screen shows many. */
async function screens(c: Context): Promise<Screen[]> {
  const { db, club, cycleId } = c;
  const admin = { cookie: c.admin.cookie };
  const coach = { cookie: c.coach.cookie };
  const teams = spread(club.teamIds);
  const drafts = spread(
    (
      await db
        .selectFrom('reports')
        .select('id')
        .where('cycle_id', '=', cycleId)
        .where('state', '=', 'draft')
        .orderBy('id')
        .limit(2000)
        .execute()
    ).map((r) => r.id),
  );
  const { members } = await db
    .selectFrom('team_players')
    .select((eb) => eb.fn.countAll<number>().as('members'))
    .where('team_id', 'in', club.teamIds)
    .executeTakeFirstOrThrow();
  const teamSize = Math.round(Number(members) / club.teamIds.length);
  const cursors = await guardianCursors(db);
  const children = club.screens.family.childIds;
  return [
    // Kept under this name (it was the http group's row) so that earlier runs compare.
    {
      scenario: `GET /api/dashboard, ${club.teamIds.length} teams (cache-warm)`,
      headers: admin,
      path: () => `/api/dashboard?today=${today()}`,
      maxP99Ms: WARM_MS,
      cached: true,
      // Paged since 2026-12-02: the first page of teams, whatever the club's size.
      holds: (d) => d.teams.length === Math.min(DASHBOARD_PAGE_SIZE, club.teamIds.length),
    },
    {
      scenario: 'dashboard, coach of 2 teams (cache-warm)',
      headers: coach,
      path: () => `/api/dashboard?today=${today()}`,
      maxP99Ms: WARM_MS,
      cached: true,
      holds: (d) => d.teams.length === 2,
    },
    {
      scenario: `report cycle's team page (players × report states), ~${teamSize} players, another team each request`,
      headers: admin,
      path: (k) => `/api/report-cycle/${cycleId}/team/${pick(teams, k)}/reports`,
      maxP99Ms: WARM_MS,
    },
    {
      scenario: "a report's editor read, another draft report each request",
      headers: admin,
      path: (k) => `/api/report/${pick(drafts, k)}`,
      maxP99Ms: WARM_MS,
    },
    {
      scenario: `report send preview, a team of ~${teamSize} (a guardian each), another team each request`,
      headers: admin,
      path: (k) => `/api/team/${pick(teams, k)}/report-delivery/${cycleId}`,
      maxP99Ms: WARM_MS,
      holds: (d) => d.recipients > 0 && d.undeliverable.length > 0,
    },
    {
      scenario: `draft board, ${CANDIDATES} candidates in ${TEAMS} teams`,
      headers: admin,
      path: () => `/api/draft/${c.draftId}`,
      maxP99Ms: WARM_MS,
      holds: (d) => d.candidates.length === CANDIDATES && d.teams.length === TEAMS,
    },
    {
      scenario: 'family portal, My players of a guardian with 3 children',
      headers: c.family,
      path: () => '/api/family/me',
      maxP99Ms: WARM_MS,
      holds: (d) => d.children.length === 3,
    },
    {
      scenario: "family portal, one child's page (another of the 3 each request)",
      headers: c.family,
      path: (k) => `/api/family/player/${pick(children, k)}`,
      maxP99Ms: WARM_MS,
    },
    {
      scenario: 'guardians list, deep page by cursor (another page and size each request)',
      headers: admin,
      path: (k) => `/api/guardians?pageSize=${20 + (k % 31)}&after=${pick(cursors, k)}`,
      maxP99Ms: WARM_MS,
    },
  ];
}

async function warmRows(c: Context, timing: Timing): Promise<Row[]> {
  const list = await screens(c);
  const bodies: string[] = [];
  for (const s of list) {
    const body = await capture(c.app.base, s.headers, s.path(0));
    if (s.holds && !s.holds((JSON.parse(body) as { data: unknown }).data)) throw new Error(`${s.scenario}: ${body.slice(0, 300)}`);
    bodies.push(body);
  }
  const bare = await startChild('bare', {}, bodies);
  const rows: Row[] = [];
  try {
    for (const [i, s] of list.entries()) {
      step(s.scenario);
      let k = 1;
      const measured = await cannon({ base: c.app.base, headers: s.headers, path: () => s.path(k++) }, timing);
      const baseline = await cannon({ base: bare.base, headers: s.headers, path: () => `/bare/${i}` }, timing);
      rows.push({
        scenario: s.scenario,
        measured,
        baselineName: '(a) bare Fastify, one of its JSON answers',
        baseline,
        ratio: baseline.rps / measured.rps,
        maxRatio: s.cached ? undefined : Number.POSITIVE_INFINITY,
        maxP99Ms: s.maxP99Ms,
        leaderboard: false,
      });
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

/**
 * The dashboard is cached per score version: with the version moved before each request (untimed), as
 * a score write moves it, every request computes it. Closed loop, as the cold boards (scenarios.ts),
 * beside the same loop against the bare server serving the answer.
 */
async function coldDashboards(c: Context, timing: Timing): Promise<Row[]> {
  const who = [
    {
      scenario: `dashboard, admin reaching all ${c.club.teamIds.length} teams, first page (cache-cold: a new version)`,
      headers: { cookie: c.admin.cookie },
    },
    { scenario: 'dashboard, coach of 2 teams (cache-cold: a new version)', headers: { cookie: c.coach.cookie } },
  ];
  const path = `/api/dashboard?today=${today()}`;
  const bodies = await Promise.all(who.map((w) => capture(c.app.base, w.headers, path)));
  const bare = await startChild('bare', {}, bodies);
  const rows: Row[] = [];
  const get = (base: string, p: string, headers: Record<string, string>) => async () => {
    const res = await request(base, p, { headers });
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
  };
  try {
    for (const [i, w] of who.entries()) {
      step(w.scenario);
      const measured = await loop(get(c.app.base, path, w.headers), timing, moveScoreVersion(c.db));
      const baseline = await loop(get(bare.base, `/bare/${i}`, w.headers), timing);
      rows.push({
        scenario: w.scenario,
        measured,
        baselineName: '(a) bare Fastify, same JSON (closed loop)',
        baseline,
        ratio: baseline.rps / measured.rps,
        maxRatio: Number.POSITIVE_INFINITY,
        maxP99Ms: COLD_MS,
        leaderboard: false,
      });
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

function figures(runs: readonly number[]): Figures {
  const s = [...runs].sort((a, b) => a - b);
  return { p50: s[Math.floor(s.length / 2)]!, p99: s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)]!, rps: NaN, count: s.length };
}

/** `runs` timings of each, alternating, after WARM_RUNS untimed ones: [measured, baseline]. */
async function alternate(measured: () => Promise<unknown>, baseline: () => Promise<unknown>, runs: number): Promise<[number[], number[]]> {
  const [m, b]: [number[], number[]] = [[], []];
  for (let k = 0; k < WARM_RUNS + runs; k++) {
    const bm = await timeOnce(baseline);
    const mm = await timeOnce(measured);
    if (k >= WARM_RUNS) [b, m].forEach((list, i) => list.push(i === 0 ? bm : mm));
  }
  return [m, b];
}

function timedRow(scenario: string, m: number[], baselineName: string, b: number[], maxP99Ms: number, rows: number): Row {
  const [measured, baseline] = [figures(m), figures(b)];
  return {
    scenario,
    measured,
    baselineName,
    baseline,
    ratio: measured.p99 / baseline.p99,
    // The target is the time; the baseline shows the floor under it (a move writes events and an audit row).
    maxRatio: Number.POSITIVE_INFINITY,
    maxP99Ms,
    leaderboard: false,
    oneOff: { rows },
  };
}

/**
 * Moves one at a time (each names the board version it was made on, so they are serial on one board):
 * an unpinned candidate to the next team, beside a raw UPDATE of that candidate and the draft's version.
 */
async function moveRow(c: Context): Promise<Row> {
  const scenario = `draft move, one candidate on the board of ${CANDIDATES} in ${TEAMS} teams (one at a time)`;
  step(scenario);
  const { db, draftId } = c;
  const candidates = await db
    .selectFrom('draft_candidates')
    .select(['player_id', 'team_id'])
    .where('draft_id', '=', draftId)
    .where('pinned', '=', 0)
    .orderBy('player_id')
    .execute();
  const teamIds = [...new Set(candidates.map((x) => x.team_id!))];
  let { version } = await db.selectFrom('drafts').select('version').where('id', '=', draftId).executeTakeFirstOrThrow();
  let k = 0;
  const move = async () => {
    const cand = candidates[(k * 7919) % candidates.length]!;
    const to = teamIds[(teamIds.indexOf(cand.team_id!) + 1) % teamIds.length]!;
    const res = await request(c.app.base, `/api/draft/${draftId}/move`, {
      method: 'POST',
      headers: { ...c.admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ expected_version: version, player_id: cand.player_id, team_id: to, override: true }),
    });
    if (res.status !== 200) throw new Error(`draft move answered ${res.status}: ${res.text.slice(0, 300)}`);
    version = (JSON.parse(res.text) as { data: { version: number } }).data.version;
    cand.team_id = to;
    k++;
  };
  // What a move writes, bare: the candidate's team and the board's version, in one transaction.
  const spare = candidates.at(-1)!;
  const raw = async () => {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('draft_candidates')
        .set({ team_id: spare.team_id, updated_at: new Date().toISOString() })
        .where('draft_id', '=', draftId)
        .where('player_id', '=', spare.player_id)
        .execute();
      await trx
        .updateTable('drafts')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', draftId)
        .execute();
    });
    version += 1;
  };
  const [m, b] = await alternate(move, raw, MOVES);
  return timedRow(scenario, m, '(k) raw UPDATE of the candidate and the draft', b, WARM_MS, 1);
}

/** What the export reads, bare: the player's row, evaluations, teams, guardians and reports, one statement each. */
function rawExportReads(db: Kysely<DB>, playerId: number) {
  return async () => {
    await db.selectFrom('players').selectAll().where('id', '=', playerId).execute();
    await db.selectFrom('evaluations').selectAll().where('player_id', '=', playerId).orderBy('date').orderBy('id').execute();
    await db
      .selectFrom('team_players as tp')
      .innerJoin('teams as t', 't.id', 'tp.team_id')
      .select(['t.id', 't.name'])
      .where('tp.player_id', '=', playerId)
      .execute();
    await db
      .selectFrom('guardian_links as l')
      .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
      .selectAll('l')
      .select('g.email')
      .where('l.player_id', '=', playerId)
      .execute();
    await db.selectFrom('reports').selectAll().where('player_id', '=', playerId).execute();
  };
}

/** The subject access export of one player with 600 evaluations, one download at a time, JSON then PDF. */
async function exportRows(c: Context): Promise<Row[]> {
  const id = c.club.screens.exportPlayerId;
  const { n } = await c.db
    .selectFrom('evaluations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('player_id', '=', id)
    .executeTakeFirstOrThrow();
  if (Number(n) !== EXPORT_EVALUATIONS) throw new Error(`the export's player has ${n} evaluations, not ${EXPORT_EVALUATIONS}`);
  const rows: Row[] = [];
  for (const kind of ['json', 'pdf'] as const) {
    const scenario = `privacy export (${kind.toUpperCase()}) of a player with ${EXPORT_EVALUATIONS} evaluations (one at a time)`;
    step(scenario);
    const download = async () => {
      const res = await request(c.app.base, `/api/player/${id}/privacy/export.${kind}`, { headers: { cookie: c.admin.cookie } });
      if (res.status !== 200) throw new Error(`export.${kind} answered ${res.status}: ${res.text.slice(0, 300)}`);
    };
    const [m, b] = await alternate(download, rawExportReads(c.db, id), EXPORTS);
    rows.push(timedRow(scenario, m, "(j) raw SQL reads of the player's rows", b, EXPORT_MS, EXPORT_EVALUATIONS));
  }
  return rows;
}

/** BENCH_ONLY=screens. */
export async function screenRows(app: Child, admin: Session, db: Kysely<DB>, club: Club, timing: Timing): Promise<Row[]> {
  const coach = await signIn(app.base, club.screens.coach.email, club.screens.coach.password);
  const family = await familySignIn(app.base, db, club.screens.family.email);
  const { id: cycleId } = await db.selectFrom('report_cycles').select('id').where('name', '=', 'Bench autumn').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const { id: seasonId } = await db
    .insertInto('seasons')
    .values({ name: 'Bench board 2031/32', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { draftId } = await seedDraft(db, seasonId, club.playerIds.slice(0, CANDIDATES), 'B', true);
  const c: Context = { app, admin, coach, family, db, club, cycleId, draftId };
  return [...(await warmRows(c, timing)), ...(await coldDashboards(c, timing)), await moveRow(c), ...(await exportRows(c))];
}
