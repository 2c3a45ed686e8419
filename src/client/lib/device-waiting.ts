import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/** Counts one user's scores still waiting on this device; app/ provides it (the queues are features' own). */
export type CountWaiting = (userId: number) => Promise<number>;

export const DeviceWaitingContext = createContext<CountWaiting>(() => Promise.resolve(0));

/**
 * The signed-in user's waiting scores, read from this device only (never the server). Keyed by the
 * user, so on a shared phone one user's count is never shown to the next one.
 */
export function useDeviceWaiting(userId: number | undefined) {
  const count = useContext(DeviceWaitingContext);
  return useQuery({
    queryKey: ['device-waiting', userId],
    queryFn: () => count(userId!),
    enabled: userId !== undefined,
    // IndexedDB answers without the network.
    networkMode: 'always',
    staleTime: 0,
  });
}
