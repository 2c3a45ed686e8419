/**
 * The two ways the benchmark measures: autocannon against an HTTP server (latencies taken from its
 * per-response event in fractional ms, since its histogram keeps whole ms only), and the same loop of
 * `concurrency` callers around an async function (raw SQL). Both: a warm-up, then `seconds` measured.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

export interface Figures {
  p50: number;
  p99: number;
  rps: number;
  count: number;
}

interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: CannonRequest) => CannonRequest;
}
interface Tracker extends PromiseLike<{ duration: number; errors: number; timeouts: number; non2xx: number }> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (opts: { url: string; connections: number; duration: number; timeout: number; requests: CannonRequest[] }) => Tracker;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function figures(latencies: number[], seconds: number): Figures {
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / seconds, count: latencies.length };
}

export interface Load {
  base: string;
  headers: Record<string, string>;
  /** The path of each request (called per request, so it may vary). */
  path: () => string;
}

let sent = 0;
/**
 * Public addresses spread the requests of a row over many clients (X-Forwarded-For, trusted from
 * loopback): the public boards allow 300 requests a minute per address, and a bench row is one
 * client sending thousands, which real visitors never are.
 */
export const manyVisitors = (path: string): Record<string, string> =>
  path.startsWith('/api/public/') ? { 'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent++ & 255}` } : {};

export interface Timing {
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

async function cannonOnce(load: Load, connections: number, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  const tracker = autocannon({
    url: load.base,
    connections,
    duration: seconds,
    timeout: 120,
    requests: [
      {
        method: 'GET',
        headers: load.headers,
        setupRequest: (req) => {
          const path = load.path();
          return { ...req, path, headers: { ...load.headers, ...manyVisitors(path) } };
        },
      },
    ],
  });
  let bad = 0;
  tracker.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
    else bad++;
  });
  const result = await tracker;
  if (bad || result.errors || result.timeouts) {
    throw new Error(`${load.path()}: ${bad} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return figures(latencies, result.duration);
}

export async function cannon(load: Load, t: Timing): Promise<Figures> {
  if (t.warmupSeconds > 0) await cannonOnce(load, t.connections, t.warmupSeconds);
  return cannonOnce(load, t.connections, t.seconds);
}

async function loopOnce(
  call: () => Promise<unknown>,
  concurrency: number,
  seconds: number,
  before?: () => Promise<unknown>,
): Promise<Figures> {
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      await before?.();
      const t0 = performance.now();
      await call();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return figures(latencies, (performance.now() - start) / 1000);
}

/**
 * `concurrency` callers, each calling again as soon as its call returned (like autocannon's
 * connections). `before` runs ahead of each call, untimed.
 */
export async function loop(call: () => Promise<unknown>, t: Timing, before?: () => Promise<unknown>): Promise<Figures> {
  if (t.warmupSeconds > 0) await loopOnce(call, t.connections, t.warmupSeconds, before);
  return loopOnce(call, t.connections, t.seconds, before);
}

/** Wall time of one call in ms. */
export async function timeOnce(call: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await call();
  return performance.now() - t0;
}
