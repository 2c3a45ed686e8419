import { useMemo, type ReactNode } from 'react';
import { useOutbox } from '../features/evaluations/outbox/OutboxProvider';
import { DeviceWaitingContext, type DeviceWaiting } from '../lib/device-waiting';
import { countWaitingOnDevice, placesWaitingOnDevice } from './device-waiting';

// Loaded on use only: evaluation sessions' device store stays out of the shell.
const sessionScores = () => import('../features/eval-sessions/signOutSync');

/** What waits on this device, for the features that show it (the dashboard); inside the outbox's provider. */
export function DeviceWaitingProvider({ children }: { children: ReactNode }) {
  const { engine } = useOutbox();
  const value = useMemo<DeviceWaiting>(
    () => ({
      count: countWaitingOnDevice,
      places: placesWaitingOnDevice,
      syncAll: async (userId) => {
        await engine?.syncNow();
        await sessionScores()
          .then((m) => m.syncSessionScores(userId))
          .catch(() => undefined);
      },
    }),
    [engine],
  );
  return <DeviceWaitingContext.Provider value={value}>{children}</DeviceWaitingContext.Provider>;
}
