/**
 * autocannon (a devDependency without bundled types), typed for what the load script uses. Loaded
 * through require so no ambient module declaration is needed.
 */
import { createRequire } from 'node:module';

export type Context = Record<string, unknown>;

export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest, context: Context) => CannonRequest;
  onResponse?: (status: number, body: string, context: Context) => void;
}

export interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
}

export interface CannonResult {
  requests: Histogram;
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests: CannonRequest[];
}

type Autocannon = (opts: CannonOptions) => PromiseLike<CannonResult>;

export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
