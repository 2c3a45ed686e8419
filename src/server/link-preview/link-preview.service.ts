import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LinkPreview } from '../../shared/schemas/resource.js';
import type { DB } from '../db/types.js';
import { nowIso, nowMs } from '../lib/time.js';
import { checkTarget, PreviewRefused } from './address-policy.js';
import { fetchPage, type FetchOptions } from './fetcher.js';
import * as cache from './link-preview.repository.js';
import { parseOg } from './og-parser.js';

/** A good preview is reused for a day; a failure is retried after an hour (the site may come back). */
export const SUCCESS_TTL_MS = 24 * 60 * 60 * 1000;
export const FAILURE_TTL_MS = 60 * 60 * 1000;

const FAILED: LinkPreview = { success: false, title: '', description: '', image: '' };

/** One fetch per URL at a time in this process, however many cards ask for it at once. */
const inFlight = new Map<string, Promise<LinkPreview>>();

export interface PreviewDeps {
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Tests pass the test-only allow-list and resolver here; production passes nothing. */
  fetch?: FetchOptions;
  now?: () => number;
}

/** The cache key: the checked, fragment-free URL; throws PreviewRefused for unusable input. */
export function cacheKey(raw: string): string {
  return checkTarget(raw).href;
}

async function fetchAndParse(url: string, deps: PreviewDeps): Promise<LinkPreview> {
  try {
    const page = await fetchPage(url, deps.fetch);
    const og = parseOg(page.html, page.url);
    return { success: og.title !== '' || og.description !== '' || og.image !== '', ...og };
  } catch (e) {
    // docs/product.md#errors: a failed preview is only logged; the card falls back to the host link.
    const reason = e instanceof PreviewRefused ? e.message : e instanceof Error ? e.message : String(e);
    deps.log.info({ url, reason }, 'link preview failed');
    return FAILED;
  }
}

export async function getPreview(db: Kysely<DB>, key: string, deps: PreviewDeps): Promise<LinkPreview> {
  const now = deps.now?.() ?? nowMs();
  const cached = await cache.findCached(db, key);
  if (cached) {
    const ttl = cached.success ? SUCCESS_TTL_MS : FAILURE_TTL_MS;
    if (now - Date.parse(cached.fetchedAt) < ttl) {
      return { success: cached.success, title: cached.title, description: cached.description, image: cached.image };
    }
  }
  const running = inFlight.get(key);
  if (running) return running;
  const work = (async () => {
    const result = await fetchAndParse(key, deps);
    await cache.saveCached(db, key, result, deps.now ? new Date(now).toISOString() : nowIso());
    return result;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}
