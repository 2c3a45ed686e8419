import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCaches } from './fake-caches.test-util';
import { apiOwnerPlugin, cachedFor, ownedKey } from './pwa-cache';

const ORIGIN = 'https://club.example';
const stores = new Map<string, Map<string, Response>>();
const fetched: string[] = [];
let online = true;
// The delayed cache writes still running; each test waits for its own before the fake caches go.
const writes: Promise<void>[] = [];

/**
 * The page's reads go through a fake service worker that runs the real apiOwnerPlugin: it names the
 * owner from "who am I", and stores each answer a moment after handing it over, as Workbox does.
 */
vi.mock('./api', () => ({
  apiGet: async (url: string) => {
    if (!online) throw new TypeError('Failed to fetch');
    fetched.push(url);
    const request = new Request(`${ORIGIN}${url}`);
    const body = url === '/api/auth/me' ? { data: { id: 3, csrfToken: 't' } } : { data: [url] };
    const response = await apiOwnerPlugin.fetchDidSucceed({ request, response: new Response(JSON.stringify(body)) });
    writes.push(
      new Promise<void>((resolve) => setTimeout(resolve, 30)).then(async () => {
        const keep = await apiOwnerPlugin.cacheWillUpdate({ response: response.clone() });
        if (keep) await (await caches.open('api')).put(await apiOwnerPlugin.cacheKeyWillBeUsed({ request }), keep);
      }),
    );
    return body;
  },
}));

const { prepareOffline } = await import('./offline-ready');

const READS = ['/api/auth/me', '/api/levels/', '/api/criteria/', '/api/team/7/evaluations', '/api/team/7/evaluations?criteria_id=4'];

describe('the courtside sheet made ready offline on its first visit', () => {
  beforeEach(() => {
    stores.clear();
    fetched.length = 0;
    online = true;
    vi.stubGlobal('location', new URL(`${ORIGIN}/app/team/7/evaluate`));
    fakeCaches(stores);
  });
  afterEach(async () => {
    await Promise.all(writes.splice(0));
    vi.unstubAllGlobals();
  });

  it('keys an answer where the worker stores it', async () => {
    await apiOwnerPlugin.fetchDidSucceed({
      request: new Request(`${ORIGIN}/api/auth/me`),
      response: new Response(JSON.stringify({ data: { id: 3 } })),
    });
    for (const url of READS)
      expect(ownedKey(url, '3')).toBe(await apiOwnerPlugin.cacheKeyWillBeUsed({ request: new Request(`${ORIGIN}${url}`) }));
  });

  it('reads "who am I" first when the worker has not heard of the user, then the rest, and waits until all are stored', async () => {
    expect(await cachedFor(3, READS)).toBe(false);
    expect(await prepareOffline(3, READS)).toBe(true);
    expect(fetched[0]).toBe('/api/auth/me');
    expect(fetched.sort()).toEqual([...READS].sort());
    expect(await cachedFor(3, READS)).toBe(true);
    // Kept for user 3 only.
    expect(await cachedFor(5, READS)).toBe(false);
  });

  it('reads nothing when everything is already on the device for this user', async () => {
    await prepareOffline(3, READS);
    fetched.length = 0;
    expect(await prepareOffline(3, READS)).toBe(true);
    expect(fetched).toEqual([]);
  });

  it('is not ready when the answers belong to someone else: the worker names the user the server names', async () => {
    await prepareOffline(3, READS);
    // The server says user 3 is signed in, while this screen belongs to user 5 (another tab signed in).
    await expect(prepareOffline(5, READS)).resolves.toBe(false);
  });

  it('offline it reads nothing and says so (the hook tries again when the network returns)', async () => {
    online = false;
    await expect(prepareOffline(3, READS)).rejects.toThrow();
    expect(await cachedFor(3, READS)).toBe(false);
  });
});
