/** The service worker's cache of API answers (build/vite.pwa.ts, ADR 0014). */
export const API_CACHE = 'api';

/** Deletes the worker's copies of API answers: at sign-out and whenever the server answers 401. */
export const forgetCachedAnswers = (): Promise<boolean> =>
  'caches' in globalThis ? caches.delete(API_CACHE).catch(() => false) : Promise.resolve(false);

/** Where the worker keeps `url`'s answer for `owner` (cacheKeyWillBeUsed below; pwa-cache.test.ts holds them together). */
export function ownedKey(url: string, owner: string): string {
  const key = new URL(url, location.href);
  if (key.pathname === '/api/dashboard') key.searchParams.delete('today');
  key.searchParams.set('__owner', owner);
  return key.href;
}

/** Whether the worker holds an answer to every one of `urls` for this user (and this user is its owner). */
export async function cachedFor(userId: number, urls: string[]): Promise<boolean> {
  if (!('caches' in globalThis) || !(await caches.has(API_CACHE))) return false;
  const cache = await caches.open(API_CACHE);
  const owner = await cache.match('/__api-cache-owner');
  if (!owner || (await owner.text()) !== String(userId)) return false;
  const found = await Promise.all(urls.map((url) => cache.match(ownedKey(url, String(userId)))));
  return found.every(Boolean);
}

/**
 * The Workbox plugin on every route of the API cache: each answer belongs to the user whose session
 * fetched it and is stored under that user's key, so another user's request never finds it. The owner
 * is the user the server last named (a sign-in's or `/api/auth/me`'s answer), kept in the cache itself
 * under '/__api-cache-owner'; a different user wipes the cache, and so do a 401 and a sign-out.
 *
 * These functions are copied into the worker as text (Workbox accepts no other property on a plugin),
 * so each names nothing but its arguments and the worker's globals: 'api' is API_CACHE
 * (pwa-cache.test.ts holds them together).
 */
export const apiOwnerPlugin = {
  fetchDidSucceed: async function ({ request, response }: { request: Request; response: Response }): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (response.status === 401 || (path === '/api/auth/logout' && response.ok)) {
      await caches.delete('api');
    } else if (response.ok && (path === '/api/auth/me' || path === '/api/auth/login')) {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { data?: { id?: number } } | null;
      const id = String(body?.data?.id ?? '');
      const owner = await (await caches.open('api')).match('/__api-cache-owner');
      if (id && id !== (owner ? await owner.text() : '')) {
        await caches.delete('api');
        await (await caches.open('api')).put('/__api-cache-owner', new Response(id));
      }
    }
    return response;
  },
  cacheKeyWillBeUsed: async function ({ request }: { request: Request }): Promise<string> {
    const owner = await (await caches.open('api')).match('/__api-cache-owner');
    const url = new URL(request.url);
    // The dashboard's last answer, whatever the day it was read for: the app opens on it offline.
    if (url.pathname === '/api/dashboard') url.searchParams.delete('today');
    url.searchParams.set('__owner', owner ? await owner.text() : '');
    return url.href;
  },
  // Nobody named yet (the cache was just wiped): nothing is kept.
  cacheWillUpdate: async function ({ response }: { response: Response }): Promise<Response | null> {
    return (await (await caches.open('api')).match('/__api-cache-owner')) ? response : null;
  },
};
