import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSheet, putSheet, sheetKey, type SheetDraft } from './store';

/**
 * The courtside sheet's choices and typed notes, kept on the device as they change: null until read.
 * Without IndexedDB (a private window that refuses it) the sheet still works, in memory only.
 * `resumeLastScored` (read once, when the draft loads): open on the level and criterion this user last
 * scored on this team, instead of the last one chosen; the dashboard's *Score courtside* asks for it.
 */
export function useSheetDraft(userId: number | undefined, teamId: number, resumeLastScored = false) {
  const key = userId === undefined ? '' : sheetKey(userId, teamId);
  const [draft, setDraft] = useState<SheetDraft | null>(null);
  const resume = useRef(resumeLastScored);
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const fresh: SheetDraft = { key, level: '', criterion: '', date: dayjs().format('YYYY-MM-DD'), notes: {} };
    getSheet(key)
      .catch(() => undefined)
      .then((saved) => {
        if (!live) return;
        // A new day starts on today's date; scores already entered keep the date they were given.
        let next = saved ? { ...saved, date: saved.date < fresh.date ? fresh.date : saved.date } : fresh;
        const scored = resume.current ? next.scored : undefined;
        resume.current = false;
        if (scored && (scored.level !== next.level || scored.criterion !== next.criterion)) {
          next = { ...next, ...scored };
          void putSheet(next).catch(() => undefined);
        }
        setDraft(next);
      });
    return () => {
      live = false;
    };
  }, [key, userId]);
  const update = useCallback((change: (d: SheetDraft) => SheetDraft) => {
    setDraft((d) => {
      if (!d) return d;
      const next = change(d);
      if (next !== d) void putSheet(next).catch(() => undefined);
      return next;
    });
  }, []);
  return [draft, update] as const;
}
