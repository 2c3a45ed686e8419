import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { getSheet, putSheet, type SheetDraft } from './store';

/**
 * The courtside sheet's choices and typed notes, kept on the device as they change: null until read.
 * Without IndexedDB (a private window that refuses it) the sheet still works, in memory only.
 */
export function useSheetDraft(userId: number | undefined, teamId: number) {
  const key = `${userId}:${teamId}`;
  const [draft, setDraft] = useState<SheetDraft | null>(null);
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const fresh: SheetDraft = { key, level: '', criterion: '', date: dayjs().format('YYYY-MM-DD'), notes: {} };
    getSheet(key)
      .catch(() => undefined)
      // A new day starts on today's date; scores already entered keep the date they were given.
      .then((saved) => live && setDraft(saved ? { ...saved, date: saved.date < fresh.date ? fresh.date : saved.date } : fresh));
    return () => {
      live = false;
    };
  }, [key, userId]);
  const update = useCallback((change: (d: SheetDraft) => SheetDraft) => {
    setDraft((d) => {
      if (!d) return d;
      const next = change(d);
      void putSheet(next).catch(() => undefined);
      return next;
    });
  }, []);
  return [draft, update] as const;
}
