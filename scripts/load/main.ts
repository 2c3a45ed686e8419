/**
 * `npm run load`: mixed signed-in and public traffic (mix.ts) with autocannon against the real server,
 * started here on a demo database: a temporary SQLite file, then a temporary PostgreSQL database on
 * LOAD_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/; unreachable = failure). A warm-up
 * first, then the measured run. Fails on any error or non-2xx answer, or when the server's RSS grows
 * by 10% or more from after the warm-up to after the run.
 *
 * Env: LOAD_SECONDS (60), LOAD_WARMUP_SECONDS (15), LOAD_CONNECTIONS (100), LOAD_DATABASES (sqlite,postgres).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from '../lib/http.js';
import { createTempDatabase } from '../lib/pg-temp.js';
import { startServer, stopServer } from '../lib/server.js';
import { autocannon } from './autocannon.js';
import { rssMb, sampler } from './memory.js';
import { buildMix, loadFixtures } from './mix.js';
import { report } from './report.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP = Number(process.env.LOAD_WARMUP_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const DATABASES = (process.env.LOAD_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const PG_SERVER = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS once the traffic has stopped and two full GCs have run (gc-on-signal.ts; the second one frees what the first left). */
async function retainedMb(pid: number): Promise<number> {
  for (let i = 0; i < 2; i++) {
    await sleep(1500);
    process.kill(pid, 'SIGUSR2');
  }
  await sleep(1500);
  return rssMb(pid);
}
async function loadOn(kind: string, url: string): Promise<boolean> {
  const server = await startServer(url, {}, ['--expose-gc', '--import', './scripts/lib/gc-on-signal.ts']);
  try {
    const session = await signIn(server.base, 'admin@demo.club', 'demo-admin');
    const fixtures = await loadFixtures(session);
    const run = async (seconds: number) => {
      const mix = buildMix(session, fixtures);
      const result = await autocannon({
        url: server.base,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        requests: [mix.request],
      });
      return { result, mix };
    };
    const warm = await run(WARMUP);
    console.log(
      `load ${kind}: warm-up ${WARMUP} s, ${warm.result.requests.total} requests, non-2xx ${warm.result.non2xx} (public boards deferred ${warm.mix.deferred}), errors ${warm.result.errors}`,
    );
    const before = await retainedMb(server.pid);
    const sampling = sampler(server.pid);
    const { result, mix } = await run(SECONDS);
    const samples = sampling();
    const after = await retainedMb(server.pid);
    const warmOk = warm.result.errors === 0 && warm.result.non2xx === warm.mix.deferred;
    if (!warmOk) for (const sample of warm.mix.samples) console.log(`  unexpected during warm-up: ${sample}`);
    return report({ kind, connections: CONNECTIONS, result, mix, before, after, samples }) && warmOk;
  } finally {
    await stopServer(server);
  }
}

async function onDatabase(kind: string): Promise<boolean> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'club-load-'));
    try {
      return await loadOn(kind, `sqlite:${join(dir, 'club.db')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (kind !== 'postgres') throw new Error(`LOAD_DATABASES: unknown database ${kind}`);
  const temp = await createTempDatabase(PG_SERVER, 'club_load');
  try {
    return await loadOn(kind, temp.url);
  } finally {
    await temp.drop();
  }
}

const outcomes: string[] = [];
let failed = false;
for (const kind of DATABASES) {
  const ok = await onDatabase(kind);
  outcomes.push(`${kind} ${ok ? 'ok' : 'FAILED'}`);
  failed ||= !ok;
}
console.log(`\nload: ${outcomes.join(', ')}`);
process.exit(failed ? 1 : 0);
