/**
 * `npm run test:crash`: proof that a crash never leaves half an import, and that SIGTERM stops the
 * server gracefully. On SQLite (a temporary file) and on PostgreSQL (a temporary database on
 * CRASH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/; unreachable = failure, never a skip).
 *
 * Env: CRASH_ATTEMPTS (20), CRASH_ROWS (10000), CRASH_DATABASES (sqlite,postgres) for shorter runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminUrl, createTempDatabase } from '../lib/pg-temp.js';
import { postgresProbe, sqliteProbe } from './probe.js';
import { calibrate, crashSeries, type SeriesResult, type Target } from './series.js';
import { sigtermCheck } from './sigterm.js';

const ATTEMPTS = Number(process.env.CRASH_ATTEMPTS ?? 20);
const ROWS = Number(process.env.CRASH_ROWS ?? 10_000);
const DATABASES = (process.env.CRASH_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const PG_SERVER = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const runTag = `r${Date.now().toString(36).slice(-5)}`;

interface DatabaseResult extends SeriesResult {
  kind: Target['kind'];
  sigterm: boolean;
}

async function withTarget(kind: Target['kind'], work: (t: Target) => Promise<DatabaseResult>): Promise<DatabaseResult> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'club-crash-'));
    const file = join(dir, 'club.db');
    try {
      return await work({ kind, url: `sqlite:${file}`, probe: sqliteProbe(file) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const temp = await createTempDatabase(PG_SERVER, 'club_crash');
  const probe = await postgresProbe(adminUrl(PG_SERVER), temp.name);
  try {
    return await work({ kind, url: temp.url, probe });
  } finally {
    await probe.close();
    await temp.drop();
  }
}

async function run(kind: Target['kind']): Promise<DatabaseResult> {
  return withTarget(kind, async (target) => {
    const cal = await calibrate(target, ROWS, `${runTag}${kind[0]}cal`);
    const series = await crashSeries(target, cal, ROWS, ATTEMPTS, runTag);
    const sigterm = await sigtermCheck(target, cal, ROWS, `${runTag}${kind[0]}term`);
    return { kind, ...series, sigterm };
  });
}

const started = Date.now();
const results: DatabaseResult[] = [];
for (const kind of DATABASES) {
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`CRASH_DATABASES: unknown database ${kind}`);
  results.push(await run(kind));
}

const part = (r: DatabaseResult, i: number) => `${r.consistent}/${r.attempts}${i === 0 ? ' consistent' : ''} (${r.kind})`;
console.log(`\ncrash: ${results.map(part).join(', ')}`);
console.log(`kills that landed mid-transaction: ${results.map((r) => `${r.midTransaction} (${r.kind})`).join(', ')}`);
console.log(`SIGTERM with an import in flight: ${results.map((r) => `${r.sigterm ? 'ok' : 'FAILED'} (${r.kind})`).join(', ')}`);
console.log(`took ${Math.round((Date.now() - started) / 1000)} s`);

const failed = results.filter((r) => r.consistent !== r.attempts || !r.sigterm || r.midTransaction === 0);
for (const r of results.filter((x) => x.midTransaction === 0))
  console.error(`no kill landed mid-transaction on ${r.kind}: the run proves nothing, run it again`);
process.exit(failed.length ? 1 : 0);
