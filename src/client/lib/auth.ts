import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/schemas/auth';
import { can, type Level, type Section } from '../../shared/permissions';
import { ApiError, apiGet, setCsrfToken, type Envelope } from './api';
import { pendingSignOut } from './signed-out';

/** Who is signed in; the service worker also learns it from this answer (lib/pwa-cache.ts). */
export const ME_URL = '/api/auth/me';

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      const { data } = await apiGet<Envelope<Me>>(ME_URL);
      setCsrfToken(data.csrfToken);
      return data;
    } catch (e) {
      // No session, or a sign-out this device could not send yet: nobody is signed in here.
      if ((e instanceof ApiError && e.status === 401) || pendingSignOut() !== null) return null;
      throw e;
    }
  },
  staleTime: 60_000,
  // Asked even offline (the default pauses it): the worker may answer, and a pending sign-out answers null.
  networkMode: 'offlineFirst',
});

export function useMe() {
  return useQuery(meQuery);
}

/** Permission check for showing controls; the server enforces the same rules on every call. */
export function useCan(): (section: Section, level: Level) => boolean {
  const { data: me } = useMe();
  return (section, level) => can(me, section, level);
}
