import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { SessionScoreEntry } from '../../../shared/schemas/eval-session';
import type { SheetSource } from './api';
import { discard, enqueue, flush, markNotCounted, queued, type QueuedScore } from './scoreQueue';

export const RETRY_MS = 15_000;

/**
 * The sheet's scores waiting on this device: each tap is stored first, then sent at once, on
 * reconnect and every 15 s while any wait. `onSaved` hears what the server took. Once the server
 * answers that the session has closed (`source.closed`), or `close()` is called, what still waits is
 * marked not counted and nothing is sent or recorded any more.
 */
export function useScoreQueue(source: SheetSource, onSaved: (saved: SessionScoreEntry[]) => void) {
  const [waiting, setWaiting] = useState<Map<string, QueuedScore>>(new Map());
  const [syncing, setSyncing] = useState(false);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [closed, setClosed] = useState(false);
  const closedRef = useRef(false);
  const busy = useRef(false);
  const again = useRef(false);
  const savedRef = useRef(onSaved);
  savedRef.current = onSaved;

  const reload = useCallback(async () => {
    setWaiting(new Map((await queued(source.key)).map((q) => [q.key, q])));
  }, [source.key]);

  const close = useCallback(async () => {
    closedRef.current = true;
    setClosed(true);
    await markNotCounted(source.key, MSG.scoreNotCounted);
    await reload();
  }, [source.key, reload]);

  const send = useCallback(async () => {
    if (closedRef.current) return;
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    setSyncing(true);
    try {
      do {
        again.current = false;
        const saved = await flush(source.key, source.send);
        if (saved.length) savedRef.current(saved);
        await reload();
      } while (again.current);
    } catch (e) {
      // Closed: nothing waiting can count any more. Otherwise offline or the server failed: everything
      // stays on the device for the next round.
      if (source.closed(e)) await close();
      else await reload();
    } finally {
      busy.current = false;
      setSyncing(false);
    }
  }, [source, reload, close]);

  useEffect(() => {
    void reload().then(send);
    const up = () => {
      setOnline(true);
      void send();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [reload, send]);

  const pending = [...waiting.values()].filter((q) => q.state !== 'refused').length;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void send(), RETRY_MS);
    return () => clearInterval(timer);
  }, [pending, send]);

  const record = useCallback(
    async (entry: SessionScoreEntry) => {
      if (closedRef.current) return;
      const row = await enqueue(source.key, entry);
      setWaiting((m) => new Map(m).set(row.key, row));
      void send();
    },
    [source.key, send],
  );

  const drop = useCallback(
    async (key: string) => {
      await discard(key);
      await reload();
    },
    [reload],
  );

  return { waiting, pending, syncing, online, closed, record, drop, close };
}
