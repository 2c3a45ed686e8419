import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/** Counts one user's scores still waiting on this device; app/ provides it (the queues are features' own). */
export type CountWaiting = (userId: number) => Promise<number>;

/** Where one user's waiting scores can be sent from: a team's courtside sheet, or an evaluation session's scoring page. */
export type WaitingPlace =
  { kind: 'courtside'; teamId: number; count: number } | { kind: 'session'; sessionId: number; name: string | null; count: number };

export interface DeviceWaiting {
  count: CountWaiting;
  places: (userId: number) => Promise<WaitingPlace[]>;
  /** Sends every waiting score it can (courtside and sessions); what fails stays on the device. */
  syncAll: (userId: number) => Promise<void>;
}

export const DeviceWaitingContext = createContext<DeviceWaiting>({
  count: () => Promise.resolve(0),
  places: () => Promise.resolve([]),
  syncAll: () => Promise.resolve(),
});

export const useDeviceWaitingActions = () => useContext(DeviceWaitingContext);

/**
 * The signed-in user's waiting scores, read from this device only (never the server). Keyed by the
 * user, so on a shared phone one user's count is never shown to the next one.
 */
export function useDeviceWaiting(userId: number | undefined) {
  const { count } = useContext(DeviceWaitingContext);
  return useQuery({
    queryKey: ['device-waiting', userId],
    queryFn: () => count(userId!),
    enabled: userId !== undefined,
    // IndexedDB answers without the network.
    networkMode: 'always',
    staleTime: 0,
  });
}

/** Where the signed-in user's waiting scores are, per team sheet and session (from this device only). */
export function useWaitingPlaces(userId: number | undefined, enabled: boolean) {
  const { places } = useContext(DeviceWaitingContext);
  return useQuery({
    queryKey: ['device-waiting', userId, 'places'],
    queryFn: () => places(userId!),
    enabled: enabled && userId !== undefined,
    networkMode: 'always',
    staleTime: 0,
  });
}
