import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { OutboxEngine, OutboxSnapshot } from './engine';

const EngineContext = createContext<OutboxEngine | null>(null);

/** The signed-in staff user's outbox, running while any staff page is open (not only courtside). */
export function OutboxProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const [engine, setEngine] = useState<OutboxEngine | null>(null);
  const client = useQueryClient();
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let engine: OutboxEngine | undefined;
    let live = true;
    // Its own chunk: the first screen paints before the outbox code loads.
    void import('./engine').then(({ OutboxEngine }) => {
      if (!live) return;
      engine = new OutboxEngine(userId, () => void client.invalidateQueries());
      setEngine(engine);
    });
    return () => {
      live = false;
      engine?.stop();
      setEngine(null);
    };
  }, [userId, client]);
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}

const EMPTY: OutboxSnapshot = { entries: [], online: true, syncing: false, outcome: 'idle' };
const noop = () => () => undefined;

export function useOutbox(): { engine: OutboxEngine | null; snapshot: OutboxSnapshot } {
  const engine = useContext(EngineContext);
  const snapshot = useSyncExternalStore(engine?.subscribe ?? noop, engine?.getSnapshot ?? (() => EMPTY));
  return { engine, snapshot };
}
