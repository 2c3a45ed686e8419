/**
 * One database's crash series: measure an uncrashed import, then N times start the server, sign in,
 * start the import, SIGKILL the process at a random moment within the import window, and inspect the
 * database directly: the attempt's rows must be all there or not there at all.
 */
import { performance } from 'node:perf_hooks';
import { getJson, signIn, type Session } from '../lib/http.js';
import { startServer, stopServer, type Server } from '../lib/server.js';
import { expectedFor, playersCsv, postImport } from './import.js';
import { inspect, outcomeOf, type Inspection } from './inspect.js';
import type { Probe } from './probe.js';

export interface Target {
  kind: 'sqlite' | 'postgres';
  url: string;
  probe: Probe;
}

export interface Calibration {
  importMs: number;
  teamId: number;
}

export interface SeriesResult {
  attempts: number;
  consistent: number;
  midTransaction: number;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startSignedIn(url: string): Promise<{ server: Server; session: Session }> {
  const server = await startServer(url);
  return { server, session: await signIn(server.base, 'admin@demo.club', 'demo-admin') };
}

const show = (i: Inspection, rows: number) => {
  const full = expectedFor(rows);
  return `${i.counts.players}/${full.players} players, ${i.counts.memberships}/${full.memberships} memberships, ${i.counts.accounts}/${full.accounts} accounts`;
};

/** One import without a crash, on a freshly started server (as every attempt is). */
export async function calibrate(target: Target, rows: number, tag: string): Promise<Calibration> {
  const { server, session } = await startSignedIn(target.url);
  const teams = await getJson<{ id: number }[]>(session, '/api/teams');
  const teamId = teams[0]?.id;
  if (teamId === undefined) throw new Error('the demo club has no team');
  const csv = playersCsv(tag, rows);
  const started = performance.now();
  const res = await postImport(session, teamId, csv);
  const importMs = performance.now() - started;
  await stopServer(server);
  if (res.status !== 200) throw new Error(`the uncrashed import answered ${res.status}: ${res.text.slice(0, 300)}`);
  const seen = await inspect(target.url, tag);
  if (outcomeOf(seen.counts, expectedFor(rows)) !== 'all') throw new Error(`the uncrashed import left ${show(seen, rows)}`);
  console.log(`${target.kind.padEnd(8)} uncrashed import of ${rows} rows: ${Math.round(importMs)} ms (${show(seen, rows)})`);
  return { importMs, teamId };
}

/** Kill moments spread over [0, 1.5 × import time] (a crashed attempt runs a little slower, and kills after the commit prove durability): one random moment in each of N equal slices, shuffled. */
export function killMoments(count: number, importMs: number): number[] {
  const moments = Array.from({ length: count }, (_, i) => ((i + Math.random()) / count) * importMs * 1.5);
  for (let i = moments.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [moments[i], moments[j]] = [moments[j]!, moments[i]!];
  }
  return moments;
}

async function attempt(
  target: Target,
  cal: Calibration,
  rows: number,
  tag: string,
  delay: number,
): Promise<{ ok: boolean; mid: boolean; line: string }> {
  const csv = playersCsv(tag, rows);
  const { server, session } = await startSignedIn(target.url);
  const answer = postImport(session, cal.teamId, csv).then(
    (a) => ({ status: a.status, text: a.text }),
    (e: Error) => ({ status: 0, text: e.message }),
  );
  await sleep(delay);
  const writing = await target.probe.writerActive();
  process.kill(server.pid, 'SIGKILL');
  await server.exited;
  const answered = await answer;
  await target.probe.settle();
  const seen = await inspect(target.url, tag);
  const outcome = outcomeOf(seen.counts, expectedFor(rows));
  const problems: string[] = [];
  if (outcome === 'PARTIAL') problems.push('PARTIAL IMPORT');
  if (target.kind === 'sqlite' && seen.integrity !== 'ok') problems.push(`integrity_check: ${seen.integrity}`);
  if (answered.status === 200 && outcome !== 'all') problems.push('answered 200 but the rows are gone');
  if (answered.status !== 200 && answered.status !== 0) problems.push(`answered ${answered.status}: ${answered.text.slice(0, 200)}`);
  // A write in progress at the kill that was rolled back = a kill inside the import's transaction. (A
  // write in progress whose rows stayed is the commit itself or the welcome e-mails queued after it.)
  const mid = writing && outcome === 'none';
  const phase =
    answered.status === 200
      ? 'after the answer'
      : { all: 'at or after the commit', none: mid ? 'mid-transaction' : 'before the transaction', PARTIAL: 'during the writes' }[outcome];
  const pct = Math.round((delay / cal.importMs) * 100);
  const integrity = target.kind === 'sqlite' ? `, integrity ${seen.integrity}` : '';
  const verdict = problems.length ? `INCONSISTENT: ${problems.join('; ')}` : 'consistent';
  return {
    ok: problems.length === 0,
    mid,
    line: `kill at ${String(Math.round(delay)).padStart(5)} ms (${String(pct).padStart(3)}%) ${phase.padEnd(22)} → ${outcome} (${show(seen, rows)})${integrity}: ${verdict}`,
  };
}

export async function crashSeries(target: Target, cal: Calibration, rows: number, count: number, runTag: string): Promise<SeriesResult> {
  const result: SeriesResult = { attempts: 0, consistent: 0, midTransaction: 0 };
  const moments = killMoments(count, cal.importMs);
  for (const [i, delay] of moments.entries()) {
    const r = await attempt(target, cal, rows, `${runTag}${target.kind[0]}${i + 1}`, delay);
    result.attempts++;
    if (r.ok) result.consistent++;
    if (r.mid) result.midTransaction++;
    console.log(`${target.kind.padEnd(8)} #${String(i + 1).padStart(2, '0')} ${r.line}`);
  }
  return result;
}
