import { registerSW } from 'virtual:pwa-register';

/** Installs the service worker (ADR 0014) once the app runs; an update takes over on the next load. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  void registerSW({ immediate: true });
}
