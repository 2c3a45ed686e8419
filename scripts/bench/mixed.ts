/**
 * Mixed load: a fixed time of the requests a club's staff make, interleaved (boards warm and per team,
 * the public board, list pages by cursor, the teams board's first page, profiles and evaluations), as
 * requests/s; then the server's resident memory, read from /proc (issue 29: ≥ 70 % of the 1× throughput
 * at 10×, RSS < 500 MB).
 */
import { readFileSync } from 'node:fs';
import { encodeCursor } from '../../src/shared/schemas/cursor.js';
import type { Database } from '../../src/server/db/index.js';
import type { Session } from '../lib/http.js';
import { cannon, type Timing } from './measure.js';
import type { Row } from './report.js';
import type { Club } from './seed.js';
import type { Child } from './servers.js';

/** Cursors of rows spread over the players list's second half: pages deep in the list, never cached before. */
export async function deepListCursors(database: Database, count = 500): Promise<string[]> {
  const { n } = await database.db
    .selectFrom('players')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const half = Math.floor(Number(n) / 2);
  const keys = await database.db
    .selectFrom('players')
    .select(['last_name', 'first_name', 'id'])
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .limit(count)
    .offset(half)
    .execute();
  // Spread: every key of the slice, in a scrambled order so consecutive requests land far apart.
  return keys.map((_, i) => keys[(i * 7919) % keys.length]!).map((k) => encodeCursor([k.last_name, k.first_name, k.id]));
}

function mixedPath(club: Club, cursors: readonly string[]): (k: number) => string {
  const { teamIds: teams, playerIds: players } = club;
  const pick = <T>(list: readonly T[], k: number) => list[(k * 7919) % list.length]!;
  const paths: ((k: number) => string)[] = [
    () => '/api/leaderboard/players',
    (k) => `/api/leaderboard/players?team_id=${pick(teams, k)}`,
    (k) => `/api/public/leaderboard/team/${pick(teams, k)}`,
    () => '/api/public/leaderboard',
    (k) => `/api/players?pageSize=${20 + (k % 31)}&after=${pick(cursors, k)}`,
    () => '/api/players',
    () => '/api/leaderboard/teams?limit=50',
    (k) => `/api/player/${pick(players, k)}`,
    (k) => `/api/player/${pick(players, k)}/evaluation`,
    (k) => `/api/team/${pick(teams, k)}/players`,
  ];
  return (k) => paths[k % paths.length]!(Math.floor(k / paths.length));
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

export async function mixedRows(app: Child, session: Session, club: Club, cursors: readonly string[], timing: Timing): Promise<Row[]> {
  const path = mixedPath(club, cursors);
  let k = 0;
  const measured = await cannon({ base: app.base, headers: { cookie: session.cookie }, path: () => path(k++) }, timing);
  const mb = rssMb(app.pid);
  const memory = await app.memoryAfterGc();
  const none = { p50: NaN, p99: NaN, rps: NaN, count: 0 };
  // One figure, shown in the p50 and p99 columns.
  const figure = (scenario: string, mb: number): Row => ({
    scenario,
    measured: { p50: mb, p99: mb, rps: NaN, count: 1 },
    baselineName: '—',
    baseline: none,
    ratio: 1,
    leaderboard: false,
    oneOff: { rows: 0 },
  });
  return [
    {
      scenario: `mixed load, ${timing.seconds} s (10 kinds of staff and public requests, interleaved)`,
      measured,
      baselineName: '—',
      baseline: none,
      ratio: 1,
      leaderboard: false,
    },
    figure('server RSS after the mixed load (MB, in the p50 column)', mb),
    figure('server heap in use after a full GC, after the mixed load (MB, in the p50 column)', memory.heapMb),
    figure('  V8 heap committed after that GC (MB)', memory.heapTotalMb),
    figure('  memory outside the V8 heap (Buffers, strings handed to C++; MB)', memory.externalMb),
    figure('  server RSS after that GC (MB)', memory.rssMb),
  ];
}
