import { vi } from 'vitest';

/** CacheStorage in memory, keyed by plain strings (the service worker plugin's keys are URLs); for unit tests. */
export function fakeCaches(stores = new Map<string, Map<string, Response>>()) {
  vi.stubGlobal('caches', {
    has: (name: string) => Promise.resolve(stores.has(name)),
    open: (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return Promise.resolve({
        match: (key: string) => Promise.resolve(store.get(key)?.clone()),
        put: (key: string, res: Response) => Promise.resolve(void store.set(key, res)),
      });
    },
    delete: (name: string) => Promise.resolve(stores.delete(name)),
  });
  return stores;
}
