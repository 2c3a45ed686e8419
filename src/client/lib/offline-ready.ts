import { useEffect, useState } from 'react';
import { apiGet } from './api';
import { ME_URL } from './auth';
import { cachedFor } from './pwa-cache';

/**
 * Makes a screen open offline from its first visit (ADR 0014). On a new phone the service worker takes
 * over only after the first reads went out, and a sign-in answers "who am I" itself: none of it passed
 * through the worker, so a reload without network found nothing and showed the sign-in page. Once the
 * worker controls the page, what is missing is read again through it, "who am I" first (until the
 * server has named the user the worker keeps nothing), and each answer is looked for under this user's
 * key. Offline, nothing is fetched: the hook tries again when the network returns.
 */

/** 'unavailable': no service worker here (development, an old browser). */
export type OfflineReadiness = 'unavailable' | 'preparing' | 'ready';

const LOOKS = 20;
const LOOK_EVERY_MS = 250;

/** Resolves once a service worker controls the page; never when the browser has none. */
function controlled(): Promise<void> {
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve();
  return new Promise((resolve) => sw.addEventListener('controllerchange', () => resolve(), { once: true }));
}

/** True once the worker holds `urls` for this user; false if it could not (offline, a 401, a worker that does not keep them). */
export async function prepareOffline(userId: number, urls: string[], live: () => boolean = () => true): Promise<boolean> {
  if (await cachedFor(userId, urls)) return true;
  const me = await apiGet<{ data: { id: number } }>(ME_URL);
  // Another account signed in meanwhile (another tab): its answers are not this screen's.
  if (me.data.id !== userId || !live()) return false;
  await Promise.all(urls.filter((url) => url !== ME_URL).map((url) => apiGet(url)));
  // The worker stores an answer just after handing it over.
  for (let look = 0; look < LOOKS && live(); look++) {
    if (await cachedFor(userId, urls)) return true;
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
  return false;
}

/**
 * Whether this screen's reads (`urls`, "who am I" included) are on the device for `userId`. `enabled`:
 * the screen's own reads have arrived, so none is fetched twice at the same moment.
 */
export function useOfflineReady(userId: number | undefined, urls: string[], enabled: boolean): OfflineReadiness {
  const supported = 'serviceWorker' in navigator && import.meta.env.PROD;
  const [ready, setReady] = useState<string | null>(null);
  const key = `${userId}|${urls.join('|')}`;
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!supported || !enabled || userId === undefined) return;
    let live = true;
    const list = key.split('|').slice(1);
    void controlled()
      .then(() => (live ? prepareOffline(userId, list, () => live) : false))
      .catch(() => false)
      .then((done) => live && setReady(done ? key : null));
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => {
      live = false;
      window.removeEventListener('online', retry);
    };
  }, [supported, enabled, userId, key, attempt]);

  if (!supported) return 'unavailable';
  return ready === key ? 'ready' : 'preparing';
}
