/** The one table of `npm run bench`, with each row marked against the targets of README.md#performance. */
import type { Figures } from './measure.js';

export const MAX_LEADERBOARD_P99_MS = 50;
export const MAX_RATIO = 3;

export interface Row {
  scenario: string;
  measured: Figures;
  /** e.g. '(a) bare Fastify, same JSON'. */
  baselineName: string;
  baseline: Figures;
  /** How many times the measurement costs the baseline (see the legend). */
  ratio: number;
  /** The row's own ratio target, when not MAX_RATIO. */
  maxRatio?: number;
  /** A time target of its own (ms, on the median of a timed run). */
  maxMs?: number;
  /** A p99 target of its own (ms): the screens rows (50 ms warm, 100 ms cold, 1 s for the exports). */
  maxP99Ms?: number;
  /** Leaderboard rows are also held to the p99 target. */
  leaderboard: boolean;
  /** Timed runs (the imports): p50 holds the median time, p99 the slowest run. */
  oneOff?: { rows: number };
}

const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '—');
const rate = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');

function cells(f: Figures, oneOff: Row['oneOff']): [string, string, string] {
  if (oneOff) return [`${ms(f.p50)} (median of ${f.count})`, ms(f.p99), oneOff.rows ? `${rate((oneOff.rows / f.p50) * 1000)} rows/s` : '—'];
  return [ms(f.p50), ms(f.p99), rate(f.rps)];
}

export function verdict(row: Row): string {
  const over: string[] = [];
  if (row.leaderboard && !(row.measured.p99 < MAX_LEADERBOARD_P99_MS)) over.push(`p99 ≥ ${MAX_LEADERBOARD_P99_MS} ms`);
  if (row.maxMs !== undefined && !(row.measured.p50 < row.maxMs)) over.push(`median ≥ ${row.maxMs} ms`);
  if (row.maxP99Ms !== undefined && !(row.measured.p99 < row.maxP99Ms)) over.push(`p99 ≥ ${row.maxP99Ms} ms`);
  const max = row.maxRatio ?? MAX_RATIO;
  if (!(row.ratio <= max)) over.push(`ratio > ${max}×`);
  return over.length ? `OVER (${over.join(', ')})` : 'ok';
}

export function printTable(title: string, rows: readonly Row[]): void {
  const head = ['scenario', 'p50 ms', 'p99 ms', 'req/s', 'baseline', 'base p50', 'base p99', 'base req/s', 'ratio', 'target'];
  const body = rows.map((r) => [
    r.scenario,
    ...cells(r.measured, r.oneOff),
    r.baselineName,
    ...cells(r.baseline, r.oneOff),
    `${r.ratio.toFixed(1)}×`,
    verdict(r),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const numeric = new Set([1, 2, 3, 5, 6, 7, 8]);
  const line = (cols: string[]) =>
    `| ${cols.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const b of body) console.log(line(b));
}

export function printLegend(connections: number, seconds: number): void {
  console.log(`
How to read it
- HTTP rows: autocannon, ${connections} connections, ${seconds} s after a warm-up; latencies per response in ms.
- ratio: HTTP rows = baseline req/s ÷ measured req/s (with a fixed ${connections} connections, the ratio of the
  mean latencies); the import rows = median import time ÷ median raw INSERT time over 3 alternating runs
  on new rows each (p99 column: the slowest run), after one small run of other rows (warm code, as the
  HTTP rows).
- (a) a second, minimal Fastify process answering the same JSON body (captured once from the real endpoint)
  from memory: the cost of everything the app does beyond HTTP + sending the bytes.
- (b) the board's aggregate as one raw SQL statement, run through the same driver by ${connections} concurrent
  callers (SQLite serialises them as the server does): the cost of the app around its uncached query.
- (c) one transaction of raw multi-row INSERTs of the same player rows.
- (d) one transaction of raw multi-row INSERTs of as many evaluation rows (no matching, checking or supersede).
- (f) POST /api/players/bulk with the same rows (checks and writes them in one go); the wizard row times
  its upload plus validate (every row checked and matched, the plan stored, the preview's counts), target
  under 2 s for 10,000 rows and within 3× of (f).
- (i) sessionResults (the raw means) of the same 500 × 12 × 10 scores, timed in the bench process beside the
  fair results (severity, fair scores, ICC, 200 bootstrap rounds, rank ranges); target p99 < 300 ms.
- (j) raw SQL reads of the export's player (the player, the 600 evaluations, teams, guardians, reports), one
  statement each, alternating with the export (15 downloads of each format, one at a time, after 3 untimed).
- (k) a raw UPDATE of one candidate's team and the draft's version in a transaction, alternating with the
  moves (60, one at a time: each names the board version it was made on).
- screens rows (BENCH_ONLY=screens, screens.ts): p99 < 50 ms for the warm reads and the move, < 100 ms for
  the dashboards after a new score version (cache-cold: the version moved before each request, untimed, as
  for the teams board), < 1 s for each export; the warm dashboards (cached) also within 3× of (a). The family rows are
  signed in by a one-time link, as the family tests sign in.
- (e) the same staff board without the anonymous traffic (public-flood.ts), in 3 rounds alternating with
  it (after the flood's first pass over every board); figures are medians over the rounds, and this
  row's ratio is the p99 under the flood ÷ the p99 without it, target 2×.
- cache-warm: the cache keyed by score_state.version (leaderboard, teams and players services) holds the
  answer, as for every request after the first one until something it shows changes (an evaluation, a
  membership, a player, a team, a club or season name, a coach's name or role, a player account); the
  request still checks access and takes its session and the score version from memory (kept current by the
  LISTEN change feed on PostgreSQL, ADR 0011, and the WAL-index header on SQLite, ADR 0013).
  cache-cold: every request carries a different period start (all before the first evaluation, so the same
  rows as no filter), so every request misses the cache; the players board reads such a period as the
  unfiltered board, page by page in its order (ADR 0023), so its requests also cycle through 1,025 pages
  and sizes, more than its page cache holds. The teams board is one cached entry per score version
  whatever the period spelled, so the bench moves the version before each request (untimed), as a score
  write does: each request recomputes the board from the team totals kept on write (team_scores).
Targets (README.md#performance / the issue): leaderboard p99 < ${MAX_LEADERBOARD_P99_MS} ms at ${connections} connections; every ratio within ${MAX_RATIO}×.
Rows marked OVER miss a target; the run still exits 0 (it is a measurement, not a test).`);
}

/**
 * One line per scenario measured at every scale of the run (BENCH_SCALE=1,10): its p50 and p99 at the
 * first and the last scale and their ratio, the growth of its cost with the club.
 */
export function printGrowth(scales: readonly number[], runs: readonly (readonly Row[])[]): void {
  const [first, last] = [runs[0]!, runs.at(-1)!];
  const [a, b] = [scales[0]!, scales.at(-1)!];
  const head = ['scenario', `p50 ${a}×`, `p50 ${b}×`, 'p50 growth', `p99 ${a}×`, `p99 ${b}×`, 'p99 growth', `req/s ${a}×`, `req/s ${b}×`];
  const body = first.flatMap((r) => {
    const other = last.find((o) => o.scenario === r.scenario);
    if (!other) return [];
    const x = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)}×` : '—');
    return [
      [
        r.scenario,
        ms(r.measured.p50),
        ms(other.measured.p50),
        x(other.measured.p50 / r.measured.p50),
        ms(r.measured.p99),
        ms(other.measured.p99),
        x(other.measured.p99 / r.measured.p99),
        rate(r.measured.rps),
        rate(other.measured.rps),
      ],
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cols: string[]) => `| ${cols.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(`\ngrowth from ${a}× to ${b}× (same run, same machine)\n`);
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const row of body) console.log(line(row));
}
