/**
 * `npm run bench` (README.md#performance): seeds a large club into a temporary database (a SQLite file, or a
 * PostgreSQL database created on BENCH_DATABASE_URL's server and dropped afterwards), starts the real
 * app, measures the leaderboards, /api/teams, /api/players, a player profile, a 10,000-row players CSV
 * import and a 49,999-row evaluations CSV import (the largest the import takes), each beside a baseline measured in the same run, and
 * prints one table. Exits 0 even when a target is missed: it is a measurement. See README "Benchmark" for the env vars.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db/index.js';
import { MAX_IMPORT_ROWS } from '../../src/shared/constants.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { dropConnections } from '../lib/http.js';
import { createTempDatabase } from '../lib/pg-temp.js';
import { printGrowth, printLegend, printTable, type Row } from './report.js';
import { GROUPS, measureAll, type Group } from './scenarios.js';
import { seedClub, type Sizes } from './seed.js';
import { timeOnce, type Timing } from './measure.js';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`);
  return n;
}

/**
 * BENCH_SCALE=10: ten times the club (50,000 players, 3M evaluations, 2,000 teams; the criteria stay
 * 60). A list (BENCH_SCALE=1,10) runs each scale on its own database in turn and ends with the growth
 * of every row from the first scale to the last, measured in one run.
 */
const scales = (process.env.BENCH_SCALE || '1').split(',').map((raw) => {
  const n = Number(raw.trim());
  if (!(n > 0)) throw new Error(`BENCH_SCALE must list positive numbers, not "${raw}"`);
  return n;
});
const sizesAt = (scale: number): Sizes => ({
  players: envNumber('BENCH_PLAYERS', Math.round(5000 * scale)),
  criteria: envNumber('BENCH_CRITERIA', 60),
  evaluations: envNumber('BENCH_EVALUATIONS', Math.round(300_000 * scale)),
  teams: envNumber('BENCH_TEAMS', Math.round(200 * scale)),
});
const importRows = envNumber('BENCH_IMPORT_ROWS', 10_000);
// The import's limit counts the header as a line, so the largest file an import takes holds 49,999 rows.
const evaluationImportRows = envNumber('BENCH_EVALUATION_IMPORT_ROWS', MAX_IMPORT_ROWS - 1);
const timing: Timing = {
  seconds: envNumber('BENCH_SECONDS', 5),
  warmupSeconds: envNumber('BENCH_WARMUP_SECONDS', 1),
  connections: envNumber('BENCH_CONNECTIONS', 10),
};
const pgServer = process.env.BENCH_DATABASE_URL;
/** BENCH_ONLY=flood (or http, screens, cold, import, …, comma-separated; GROUPS in scenarios.ts): only those rows, for shorter runs. */
const only = new Set((process.env.BENCH_ONLY || GROUPS.join(',')).split(',').map((g) => g.trim()) as Group[]);
for (const group of only) if (!GROUPS.includes(group)) throw new Error(`BENCH_ONLY: unknown group "${group}" (${GROUPS.join(', ')})`);

/** A temporary database for the run; removed whatever happens. */
async function withTempDatabase(run: (url: string, kind: string) => Promise<void>): Promise<void> {
  if (pgServer) {
    const temp = await createTempDatabase(pgServer, 'club_bench');
    try {
      await run(temp.url, `PostgreSQL (temporary database ${temp.name})`);
    } finally {
      await temp.drop();
    }
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'club-bench-'));
  try {
    await run(`sqlite:${join(dir, 'bench.db')}`, 'SQLite (temporary file)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function prepare(database: Database, sizes: Sizes) {
  await migrateToLatest(database);
  let club!: Awaited<ReturnType<typeof seedClub>>;
  const ms = await timeOnce(async () => {
    club = await seedClub(database, sizes);
  });
  // PostgreSQL's autovacuum would vacuum and analyse the new tables within a minute; do it now so plans
  // are steady and index-only scans (the boards' counts) find the visibility map set, as on a live server.
  if (database.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(database.db);
  const { current, history } = club.evaluations;
  console.log(
    `seeded in ${(ms / 1000).toFixed(1)} s: ${club.playerIds.length} players, ${club.teamIds.length} teams, ${club.criteriaIds.length} criteria, ` +
      `${current + history} evaluations (${current} current, ${history} superseded history)`,
  );
  return club;
}

const runs: Row[][] = [];
for (const scale of scales) {
  await withTempDatabase(async (url, kind) => {
    console.log(
      `bench at ${scale}× on ${kind}; node ${process.version}, ${cpus().length} CPUs (load generator, server and database share them)`,
    );
    const database = openDatabase(url);
    try {
      const club = await prepare(database, sizesAt(scale));
      const rows = await measureAll({ url, database, club, timing, importRows, evaluationImportRows }, only);
      runs.push(rows);
      printTable(`bench at ${scale}×: ${kind}, ${timing.connections} connections, ${timing.seconds} s per scenario`, rows);
    } finally {
      dropConnections();
      await database.close();
    }
  });
}
printLegend(timing.connections, timing.seconds);
if (runs.length > 1) printGrowth(scales, runs);
process.exit(0);
