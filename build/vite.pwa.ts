import type { VitePWAOptions } from 'vite-plugin-pwa';
import { API_CACHE, apiOwnerPlugin } from '../src/client/lib/pwa-cache';

/**
 * The installable app (ADR 0014): a manifest, and a Workbox service worker that precaches the built
 * staff/player app and keeps the last answers of the courtside reads, each under the user who fetched
 * it (apiOwnerPlugin). The public leaderboard entry is not part of it (its own build, its own small budget).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  injectRegister: false,
  includeAssets: ['icons/apple-touch-icon.png'],
  manifest: {
    name: 'Club Player Development',
    short_name: 'Club Dev',
    description: 'Player development and evaluation for sports clubs',
    start_url: '/app/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#1c7ed6',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png'],
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: [/^\/app(\/|$)/, /^\/player(\/|$)/, /^\/login$/, /^\/$/],
    runtimeCaching: [
      {
        // The API reads the courtside screen needs offline, and the dashboard the app opens on (these
        // functions are copied into the worker as text, so they name nothing from outside themselves).
        // A slow gym connection gets the last roster and criteria after 4 s.
        urlPattern: ({ url, request }) =>
          request.method === 'GET' &&
          url.origin === self.location.origin &&
          /^\/api\/(levels\/?|criteria\/?|teams|team\/\d+\/evaluations|dashboard)$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: API_CACHE,
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
          plugins: [apiOwnerPlugin],
        },
      },
      {
        // Who is signed in comes from the cache only when there is no network at all: a slow answer is
        // waited for, so a changed role or a just-changed password is never shown stale.
        urlPattern: ({ url, request }) =>
          request.method === 'GET' && url.origin === self.location.origin && url.pathname === '/api/auth/me',
        handler: 'NetworkFirst',
        options: {
          cacheName: API_CACHE,
          expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
          plugins: [apiOwnerPlugin],
        },
      },
      {
        // Cached nothing, but the worker learns from them who signed in and when they signed out.
        urlPattern: ({ url }) => url.origin === self.location.origin && /^\/api\/auth\/(login|logout)$/.test(url.pathname),
        method: 'POST',
        handler: 'NetworkOnly',
        options: { plugins: [apiOwnerPlugin] },
      },
    ],
  },
};
