/** The service worker's cache of API answers (vite.pwa.ts). */
export const API_CACHE = 'api';

/** Deletes the worker's copies of API answers: at sign-out and whenever the server answers 401. */
export const forgetCachedAnswers = (): Promise<boolean> =>
  'caches' in globalThis ? caches.delete(API_CACHE).catch(() => false) : Promise.resolve(false);
