/** The figures of one load run, and its verdict. */
import type { CannonResult } from './autocannon.js';
import type { Mix } from './mix.js';

const MAX_GROWTH = 10;
const mb = (n: number) => `${n.toFixed(1)} MB`;

export interface Measured {
  kind: string;
  connections: number;
  result: CannonResult;
  mix: Mix;
  /** RSS (MB) after the warm-up and after the run, each once idle and after full GCs. */
  before: number;
  after: number;
  /** RSS (MB) once a second during the run. */
  samples: number[];
}

/** Prints one database's figures; true when there was no error, no non-2xx and RSS grew < 10%. */
export function report({ kind, connections, result: r, mix, before, after, samples }: Measured): boolean {
  const growth = ((after - before) / before) * 100;
  console.log(`load ${kind}: ${r.duration} s, ${connections} connections, ${r.requests.total} requests`);
  console.log(
    `  req/s ${r.requests.average.toFixed(1)}, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms`,
  );
  console.log(
    `  errors ${r.errors} (timeouts ${r.timeouts}), non-2xx ${r.non2xx}, of which public boards deferred (503 + Retry-After) ${mix.deferred}`,
  );
  for (const [name, byStatus] of [...mix.counts].sort()) {
    const statuses = [...byStatus].map(([status, n]) => `${status}×${n}`).join(' ');
    console.log(`    ${name.padEnd(38)} ${statuses.padEnd(12)} slowest ${Math.round(mix.slowest.get(name) ?? 0)} ms`);
  }
  for (const sample of mix.samples) console.log(`  unexpected: ${sample}`);
  console.log(
    `  server RSS ${mb(before)} after warm-up → ${mb(after)} after the run (each after full GCs) (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%), peak ${mb(Math.max(...samples))}`,
  );
  console.log(
    `  RSS every 10 s during the run: ${samples
      .filter((_, i) => i % 10 === 0)
      .map((v) => v.toFixed(0))
      .join(' ')} MB`,
  );
  const unexpected = r.non2xx - mix.deferred;
  const ok = r.errors === 0 && unexpected === 0 && growth < MAX_GROWTH;
  console.log(
    `  ${ok ? 'ok' : `FAILED${r.errors || unexpected ? ': errors or non-2xx answers' : ''}${growth >= MAX_GROWTH ? `: memory grew ${growth.toFixed(1)}% (limit ${MAX_GROWTH}%)` : ''}`}`,
  );
  return ok;
}
