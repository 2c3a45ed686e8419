/**
 * What the benchmark measures, in order: the HTTP endpoints against the real app (each body captured
 * once and served again by the bare baseline), the leaderboards with a cold cache against their raw
 * SQL, the mixed load, the screens (screens.ts), the drafts' writes, the fair results, then the players
 * CSV import against a raw INSERT, then an evaluations CSV import for those players against a raw
 * INSERT of as many evaluations (last: they add players and evaluations).
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../../src/server/db/index.js';
import { request, signIn, type Session } from '../lib/http.js';
import {
  benchCriteria,
  evaluationsCsv,
  moveScoreVersion,
  PLAYERS_BOARD_SQL,
  runSql,
  TEAMS_BOARD_SQL,
  timeEvaluationImport,
  timeImport,
  timeRawEvaluationInsert,
  timeRawFamilyInsert,
  timeRawInsert,
  timeWizardEvaluations,
  timeWizardPreview,
} from './baselines.js';
import { draftRows } from './drafts.js';
import { fairRow } from './fair.js';
import { cannon, loop, type Figures, type Timing } from './measure.js';
import { startPublicFlood } from './public-flood.js';
import { screenRows } from './screens.js';
import type { Row } from './report.js';
import type { Club } from './seed.js';
import { deepListCursors, mixedRows, rssMb } from './mixed.js';
import { startChild, type Child } from './servers.js';

export interface Run {
  url: string;
  database: Database;
  club: Club;
  timing: Timing;
  importRows: number;
  evaluationImportRows: number;
}

interface Endpoint {
  scenario: string;
  path: string;
  leaderboard: boolean;
}

function endpoints(club: Club): Endpoint[] {
  const mid = <T>(list: readonly T[]) => list[Math.floor(list.length / 2)]!;
  const period = `criteria=${club.criteriaIds.slice(0, 10).join(',')}&from=2025-01-01&to=2025-12-31`;
  return [
    { scenario: 'leaderboard players, no filter (cache-warm)', path: '/api/leaderboard/players', leaderboard: true },
    {
      scenario: 'leaderboard players, team filter (cache-warm)',
      path: `/api/leaderboard/players?team_id=${mid(club.teamIds)}`,
      leaderboard: true,
    },
    { scenario: 'leaderboard players, criteria + period (cache-warm)', path: `/api/leaderboard/players?${period}`, leaderboard: true },
    { scenario: 'leaderboard teams, no filter (cache-warm)', path: '/api/leaderboard/teams', leaderboard: true },
    {
      scenario: 'leaderboard teams, club + criteria + period (cache-warm)',
      path: `/api/leaderboard/teams?category=${club.categoryIds[0]}&${period}`,
      leaderboard: true,
    },
    { scenario: 'GET /api/teams (cache-warm)', path: '/api/teams', leaderboard: false },
    { scenario: 'GET /api/players (cache-warm)', path: '/api/players', leaderboard: false },
    { scenario: 'GET /api/player/{id} (cache-warm)', path: `/api/player/${mid(club.playerIds)}`, leaderboard: false },
    // The admin's dashboard is measured with the other screens (screens.ts).
  ];
}

async function capture(session: Session, path: string): Promise<string> {
  const res = await request(session.base, path, { headers: session.headers });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.text;
}

const step = (text: string) => console.log(`  measuring ${text}`);

async function httpRows(app: Child, session: Session, run: Run): Promise<Row[]> {
  const list = endpoints(run.club);
  const bodies: string[] = [];
  for (const e of list) bodies.push(await capture(session, e.path)); // also fills the ranking cache
  const bare = await startChild('bare', {}, bodies);
  const headers = { cookie: session.cookie };
  const rows: Row[] = [];
  try {
    for (const [i, e] of list.entries()) {
      step(e.scenario);
      const measured = await cannon({ base: app.base, headers, path: () => e.path }, run.timing);
      const baseline = await cannon({ base: bare.base, headers, path: () => `/bare/${i}` }, run.timing);
      rows.push({
        scenario: e.scenario,
        measured,
        baselineName: '(a) bare Fastify, same JSON',
        baseline,
        ratio: baseline.rps / measured.rps,
        leaderboard: e.leaderboard,
      });
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

/**
 * Rows whose every request asks for something else (another team, page, player), as a club's many
 * users do: what it costs once the answer is not the one cached for the previous visitor. With more
 * teams or pages than a cache holds (10×), these are cache misses; at 1× many are hits.
 */
function varyingLoads(club: Club, cursors: readonly string[]): { scenario: string; path: (k: number) => string }[] {
  const teams = club.teamIds;
  const players = club.playerIds;
  const pagesAt = (size: number) => Math.max(1, Math.floor(players.length / size));
  return [
    {
      scenario: 'team board, another team each request (staff)',
      path: (k) => `/api/leaderboard/players?team_id=${teams[k % teams.length]}`,
    },
    { scenario: 'team board, another team each request (public)', path: (k) => `/api/public/leaderboard/team/${teams[k % teams.length]}` },
    {
      // Another page size as well: never the page the list cache holds from an earlier request.
      scenario: 'players list, uncached page N by number (OFFSET; deep pages, another size each request)',
      path: (k) => {
        const size = 20 + (k % 31);
        return `/api/players?pageSize=${size}&page=${1 + Math.floor(pagesAt(size) / 2) + ((k * 37) % Math.ceil(pagesAt(size) / 2))}`;
      },
    },
    {
      // The client's way: the `next` cursor of the page before, another deep one each request (ADR 0023).
      scenario: 'players list, uncached deep page by cursor (another page and size each request)',
      path: (k) => `/api/players?pageSize=${20 + (k % 31)}&after=${cursors[k % cursors.length]}`,
    },
    {
      scenario: 'teams board, first page of 50 (cache-warm board, ?limit=50)',
      path: () => '/api/leaderboard/teams?limit=50',
    },
    {
      scenario: "a player's evaluations, another player each request",
      path: (k) => `/api/player/${players[(k * 7919) % players.length]}/evaluation`,
    },
    { scenario: "a player's profile, another player each request", path: (k) => `/api/player/${players[(k * 7919) % players.length]}` },
  ];
}

async function varyingRows(app: Child, session: Session, run: Run): Promise<Row[]> {
  const loads = varyingLoads(run.club, await deepListCursors(run.database));
  const bodies: string[] = [];
  for (const l of loads) bodies.push(await capture(session, l.path(0)));
  const bare = await startChild('bare', {}, bodies);
  const headers = { cookie: session.cookie };
  const rows: Row[] = [];
  try {
    for (const [i, l] of loads.entries()) {
      step(l.scenario);
      let k = 1;
      const measured = await cannon({ base: app.base, headers, path: () => l.path(k++) }, run.timing);
      const baseline = await cannon({ base: bare.base, headers, path: () => `/bare/${i}` }, run.timing);
      rows.push({
        scenario: l.scenario,
        measured,
        baselineName: '(a) bare Fastify, one of its JSON answers',
        baseline,
        ratio: baseline.rps / measured.rps,
        leaderboard: i < 2 || l.scenario.startsWith('teams board'),
      });
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

/**
 * A period start before every evaluation, different on every request: the same rows as no filter. The
 * boards read such a period as the unfiltered board (ADR 0023). The players board's pages are cached
 * by page and size, so each request also asks for another page (1–25) and size (10–50): 1,025 pages in
 * a cycle, more than the 256 pages cached, so every request is a miss. The teams board is one entry
 * per version, so the score version moves before each request (untimed), as any score write moves it.
 */
function coldPath(view: 'players' | 'teams'): () => string {
  let n = 0;
  return () => {
    const from = new Date(Date.UTC(1971, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const page = view === 'players' ? `&pageSize=${10 + (n % 41)}&page=${1 + (Math.floor(n / 41) % 25)}` : '';
    n++;
    return `/api/leaderboard/${view}?from=${from}${page}`;
  };
}

/**
 * Closed loop, not autocannon: a cold board at 10× can take longer than autocannon's window, whose
 * requests still in flight at its end are not counted (the first 10× run had no sample at all).
 */
async function coldRows(app: Child, session: Session, run: Run): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [view, text] of [
    ['players', PLAYERS_BOARD_SQL],
    ['teams', TEAMS_BOARD_SQL],
  ] as const) {
    const scenario = `leaderboard ${view}, no filter (cache-cold)`;
    step(scenario);
    const next = coldPath(view);
    const measured = await loop(
      async () => {
        const res = await request(app.base, next(), { headers: { cookie: session.cookie } });
        if (res.status !== 200) throw new Error(`cold ${view} board answered ${res.status}`);
      },
      run.timing,
      view === 'teams' ? moveScoreVersion(run.database.db) : undefined,
    );
    const baseline = await loop(runSql(run.database.db, text), run.timing);
    rows.push({
      scenario,
      measured,
      baselineName: '(b) raw SQL aggregate',
      baseline,
      ratio: baseline.rps / measured.rps,
      leaderboard: true,
    });
  }
  return rows;
}

/**
 * Each import and its raw INSERT run RUNS times, alternating, on new rows each time; the row shows the
 * medians (a single timing of ~50 ms moved 2× from run to run with the machine's other work).
 */
const RUNS = 3;

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function oneOffRow(scenario: string, imported: number[], baselineName: string, raw: number[], rows: number): Row {
  const figures = (runs: number[]): Figures => ({ p50: median(runs), p99: Math.max(...runs), rps: NaN, count: runs.length });
  return {
    scenario,
    measured: figures(imported),
    baselineName,
    baseline: figures(raw),
    ratio: median(imported) / median(raw),
    leaderboard: false,
    oneOff: { rows },
  };
}

/** Times `raw(k)` and `imported(k)` for k = 1..RUNS, alternating. */
async function alternate(raw: (k: number) => Promise<number>, imported: (k: number) => Promise<number>): Promise<[number[], number[]]> {
  const [raws, imports]: [number[], number[]] = [[], []];
  for (let k = 1; k <= RUNS; k++) {
    raws.push(await raw(k));
    imports.push(await imported(k));
  }
  return [raws, imports];
}

/**
 * Rows of the small runs before the timed imports and raw INSERTs: the timings are of warm code
 * (compiled, caches filled), as the HTTP rows are measured after a warm-up; a first import after a
 * restart takes longer (about 60 ms more for 10,000 players on SQLite).
 */
const WARM_ROWS = 200;

async function importRow(session: Session, run: Run): Promise<Row> {
  const scenario = `players CSV import, ${run.importRows.toLocaleString('en-US')} rows`;
  step(scenario);
  await timeRawInsert(run.database.db, WARM_ROWS, 'RawWarm');
  await timeImport(session, WARM_ROWS, 'Warm');
  const [raw, imported] = await alternate(
    (k) => timeRawInsert(run.database.db, run.importRows, `Raw${k}`),
    (k) => timeImport(session, run.importRows, `Csv${k}`),
  );
  return oneOffRow(scenario, imported, '(c) raw multi-row INSERT', raw, run.importRows);
}

/** The same import beside raw INSERTs of every row it writes: players, their guardians and links. */
async function importFamilyRow(session: Session, run: Run): Promise<Row> {
  const scenario = `players CSV import, ${run.importRows.toLocaleString('en-US')} rows, against the same writes`;
  step(scenario);
  const [raw, imported] = await alternate(
    (k) => timeRawFamilyInsert(run.database.db, run.importRows, `RawFamily${k}`),
    (k) => timeImport(session, run.importRows, `CsvFamily${k}`),
  );
  return oneOffRow(scenario, imported, '(c2) raw INSERT of players, guardians, links', raw, run.importRows);
}

/** The wizard's preview must stay under this for the file size of the players import row (issue 30). */
const MAX_WIZARD_PREVIEW_MS = 2000;

/**
 * The import wizard's upload and preview of a players file beside the all-or-nothing import of the same
 * rows (which checks and writes them): what mapping, duplicate matching and the stored plan cost.
 */
async function wizardRow(session: Session, run: Run): Promise<Row> {
  const scenario = `import wizard upload + preview, ${run.importRows.toLocaleString('en-US')} rows`;
  step(scenario);
  await timeWizardPreview(session, WARM_ROWS, 'WizardWarm');
  const [bulk, wizard] = await alternate(
    (k) => timeImport(session, run.importRows, `Bulk${k}`),
    (k) => timeWizardPreview(session, run.importRows, `Wizard${k}`),
  );
  return {
    ...oneOffRow(scenario, wizard, '(f) all-or-nothing CSV import, same rows', bulk, run.importRows),
    maxMs: MAX_WIZARD_PREVIEW_MS,
    maxRatio: 3,
  };
}

/** Needs importRow first: run k's CSV names the players import k created (five criteria each). */
async function evaluationImportRow(session: Session, run: Run): Promise<Row> {
  const rows = Math.min(run.evaluationImportRows, run.importRows * 5);
  const scenario = `evaluations CSV import, ${rows.toLocaleString('en-US')} rows`;
  step(scenario);
  const criteria = await benchCriteria(run.database.db);
  const warm = WARM_ROWS * criteria.length;
  await timeRawEvaluationInsert(run.database.db, criteria, warm, 'RawWarm');
  await timeEvaluationImport(session, evaluationsCsv(criteria, warm, 'Warm'), warm);
  const [raw, imported] = await alternate(
    (k) => timeRawEvaluationInsert(run.database.db, criteria, rows, `Raw${k}`),
    (k) => timeEvaluationImport(session, evaluationsCsv(criteria, rows, `Csv${k}`), rows),
  );
  return oneOffRow(scenario, imported, '(d) raw multi-row INSERT', raw, rows);
}

/**
 * The import wizard's evaluations kind, upload + preview + commit, for players the CSV import created
 * (needs importRow and wizardRow first: run k names the players of import `Csv{k}`, and the raw INSERT
 * goes to the players of the wizard row's bulk import `Bulk{k}`, who have no evaluations yet). A second
 * row times the commit alone, the step the raw INSERT stands for (its target: at most 3×).
 */
async function wizardEvaluationRows(session: Session, run: Run): Promise<Row[]> {
  const rows = run.importRows;
  const scenario = `import wizard evaluations upload + preview + commit, ${rows.toLocaleString('en-US')} rows`;
  step(scenario);
  const criteria = await benchCriteria(run.database.db);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const commits: number[] = [];
  const [raw, imported] = await alternate(
    (k) => timeRawEvaluationInsert(run.database.db, criteria, rows, `Bulk${k}`),
    async (k) => {
      const { ms, commitMs } = await timeWizardEvaluations(session, evaluationsCsv(criteria, rows, `Csv${k}`), rows, yesterday);
      commits.push(commitMs);
      return ms;
    },
  );
  return [
    oneOffRow(scenario, imported, '(d) raw multi-row INSERT', raw, rows),
    oneOffRow(
      `import wizard evaluations commit alone, ${rows.toLocaleString('en-US')} rows`,
      commits,
      '(d) raw multi-row INSERT',
      raw,
      rows,
    ),
  ];
}

/** Target of the flood row: the staff board's p99 under the flood within 2× of its p99 without it. */
const MAX_FLOOD_P99_RATIO = 2;
/** Rounds of (without, with the flood), alternating, so that the machine's other work weighs on both alike. */
const FLOOD_ROUNDS = 3;

/** Each figure's median over the rounds. */
function medianFigures(runs: readonly Figures[]): Figures {
  const pick = (f: (x: Figures) => number) => median(runs.map(f));
  return { p50: pick((x) => x.p50), p99: pick((x) => x.p99), rps: pick((x) => x.rps), count: pick((x) => x.count) };
}

/**
 * The signed-in staff board while anonymous visitors walk every public board, beside the same board
 * without them, in alternating rounds; the ratio is of the median p99s.
 */
async function floodRow(app: Child, session: Session, run: Run): Promise<Row> {
  const scenario = 'leaderboard players, staff, under 50 public boards/s (every view, period, level, club) from 20 addresses';
  step(scenario);
  const load = { base: app.base, headers: { cookie: session.cookie }, path: () => '/api/leaderboard/players' };
  const [without, under]: [Figures[], Figures[]] = [[], []];
  for (let round = 0; round < FLOOD_ROUNDS; round++) {
    without.push(await cannon(load, run.timing));
    const flood = await startPublicFlood(app.base, run.club, run.database);
    try {
      if (round === 0) {
        // Shown apart: the first pass computes each ranking once, as the first visitors after a start would.
        const first = await cannon(load, { ...run.timing, warmupSeconds: 0 });
        const seconds = ((await flood.firstPass) / 1000).toFixed(1);
        console.log(
          `    public flood: first pass over every board in ${seconds} s; staff p50 / p99 meanwhile ${first.p50.toFixed(2)} / ${first.p99.toFixed(2)} ms`,
        );
      }
      under.push(await cannon(load, run.timing));
    } finally {
      const { sent, byStatus } = await flood.stop();
      const statuses = [...byStatus].map(([status, n]) => `${status || 'error'}×${n}`).join(' ');
      console.log(
        `    round ${round + 1}: staff p99 ${without.at(-1)!.p99.toFixed(2)} ms without, ${under.at(-1)?.p99.toFixed(2) ?? '—'} ms under the flood; ${sent} public requests, answers ${statuses}`,
      );
    }
  }
  const [baseline, measured] = [medianFigures(without), medianFigures(under)];
  return {
    scenario,
    measured,
    baselineName: '(e) same board, no public traffic',
    baseline,
    ratio: measured.p99 / baseline.p99,
    maxRatio: MAX_FLOOD_P99_RATIO,
    leaderboard: true,
  };
}

/** The groups of rows, in the order they run (the imports last: they add players and evaluations). */
export const GROUPS = ['http', 'varying', 'cold', 'flood', 'mixed', 'screens', 'drafts', 'fair', 'import'] as const;
export type Group = (typeof GROUPS)[number];

/** From spawning the server process to its first 200 on /api/health (migrations, listen, first answer). */
async function startTimed(url: string): Promise<{ app: Child; ms: number }> {
  const started = performance.now();
  const app = await startChild('app', { DATABASE_URL: url });
  for (;;) {
    const res = await request(app.base, '/api/health', {});
    if (res.status === 200) return { app, ms: performance.now() - started };
  }
}

export async function measureAll(run: Run, only: ReadonlySet<Group> = new Set(GROUPS)): Promise<Row[]> {
  const { app, ms } = await startTimed(run.url);
  try {
    // What the process weighs before any request but the health check: the floor under the RSS rows.
    const startMb = rssMb(app.pid);
    const session = await signIn(app.base, run.club.admin.email, run.club.admin.password);
    const figure = (scenario: string, value: number): Row => {
      const once: Figures = { p50: value, p99: value, rps: NaN, count: 1 };
      return { scenario, measured: once, baselineName: '—', baseline: once, ratio: 1, leaderboard: false, oneOff: { rows: 0 } };
    };
    const rows: Row[] = [figure('start to first health (server process)', ms), figure('server RSS at first health (MB)', startMb)];
    if (only.has('varying')) rows.push(...(await varyingRows(app, session, run)));
    if (only.has('http')) rows.push(...(await httpRows(app, session, run)));
    if (only.has('cold')) rows.push(...(await coldRows(app, session, run)));
    if (only.has('flood')) rows.push(await floodRow(app, session, run));
    if (only.has('mixed')) {
      step('mixed load');
      const seconds = Number(process.env.BENCH_MIXED_SECONDS || 30);
      rows.push(...(await mixedRows(app, session, run.club, await deepListCursors(run.database), { ...run.timing, seconds })));
    }
    if (only.has('screens')) rows.push(...(await screenRows(app, session, run.database.db, run.club, run.timing)));
    if (only.has('drafts')) rows.push(...(await draftRows(session, run.database.db, run.club.playerIds)));
    if (only.has('fair')) rows.push(fairRow());
    if (only.has('import')) {
      // The wizard first: its preview reads every player of the club, so it runs on the seeded club (plus its baseline's imports).
      const wizard = await wizardRow(session, run);
      rows.push(await importRow(session, run), await evaluationImportRow(session, run), await importFamilyRow(session, run), wizard);
      rows.push(...(await wizardEvaluationRows(session, run)));
    }
    return rows;
  } finally {
    await app.stop();
  }
}
