/** The service worker's cache of API answers (vite.pwa.ts); cleared at sign-out. */
export const API_CACHE = 'api';
