/**
 * Graceful stop: while a 10,000-row import is in flight (its upload paced over UPLOAD_MS, so it is
 * surely still running) the server gets SIGTERM. The import must still answer 200 with every row
 * saved, a request made after the signal must get 503, and the process must exit with code 0 within 10 s.
 */
import { performance } from 'node:perf_hooks';
import { request } from '../lib/http.js';
import { expectedFor, playersCsv, postImport } from './import.js';
import { inspect, outcomeOf } from './inspect.js';
import { sleep, startSignedIn, type Calibration, type Target } from './series.js';

const UPLOAD_MS = 2000;

export async function sigtermCheck(target: Target, cal: Calibration, rows: number, tag: string): Promise<boolean> {
  const csv = playersCsv(tag, rows);
  const { server, session } = await startSignedIn(target.url);
  let settled = false;
  const answer = postImport(session, cal.teamId, csv, UPLOAD_MS).then(
    (a) => ({ status: a.status, text: a.text }),
    (e: Error) => ({ status: 0, text: e.message }),
  );
  void answer.then(() => (settled = true));
  await sleep(UPLOAD_MS / 4);
  const problems: string[] = [];
  if (settled) problems.push('the import finished before SIGTERM (nothing in flight)');
  const termAt = performance.now();
  process.kill(server.pid, 'SIGTERM');
  // Let the signal reach the server's event loop, then ask on a new connection, anonymous and signed in.
  await sleep(100);
  const late = await Promise.all([
    request(server.base, '/api/health', { fresh: true }).then(
      (a) => a.status,
      (e: Error) => e.message,
    ),
    request(server.base, '/api/teams', { headers: session.headers, fresh: true }).then(
      (a) => a.status,
      (e: Error) => e.message,
    ),
  ]);
  if (late.some((s) => s !== 503)) problems.push(`requests after SIGTERM answered ${late.join(', ')} instead of 503`);
  const answered = await answer;
  if (answered.status !== 200) problems.push(`the import in flight answered ${answered.status}: ${answered.text.slice(0, 200)}`);
  const exit = await Promise.race([server.exited, sleep(12_000).then(() => null)]);
  const exitMs = performance.now() - termAt;
  if (!exit) {
    problems.push('the process did not exit within 12 s');
    process.kill(server.pid, 'SIGKILL');
    await server.exited;
  } else if (exit.code !== 0) problems.push(`the process exited with ${exit.code ?? exit.signal}`);
  else if (exitMs >= 10_000) problems.push(`the process took ${Math.round(exitMs)} ms to exit`);
  const seen = await inspect(target.url, tag);
  if (outcomeOf(seen.counts, expectedFor(rows)) !== 'all') problems.push(`the import left ${seen.counts.players}/${rows} players`);
  const verdict = problems.length ? `FAILED: ${problems.join('; ')}` : 'ok';
  console.log(
    `${target.kind.padEnd(8)} SIGTERM during an import: in-flight import ${answered.status}, new requests ${late.join('/')}, exit ${exit?.code ?? '?'} after ${Math.round(exitMs)} ms, ${seen.counts.players}/${rows} players: ${verdict}`,
  );
  return problems.length === 0;
}
