import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSheet, sheetKey } from './store';
import { useSheetDraft } from './useSheetDraft';

/** The sheet as it opens for this user and team (resume: the dashboard's *Score courtside*). */
async function open(userId: number, teamId: number, resume: boolean) {
  const hook = renderHook(() => useSheetDraft(userId, teamId, resume));
  await waitFor(() => expect(hook.result.current[0]).not.toBeNull());
  return hook;
}

describe('the last criterion scored, two users on one phone', () => {
  it("reopens each user's own last scored criterion, never the other user's", async () => {
    const coach = await open(1, 3, false);
    // Level 2, criterion 7 chosen and scored (the sheet records it on the tap), then criterion 8 chosen, not scored.
    act(() => coach.result.current[1]((d) => ({ ...d, level: '2', criterion: '7' })));
    act(() => coach.result.current[1]((d) => ({ ...d, scored: { level: d.level, criterion: d.criterion } })));
    act(() => coach.result.current[1]((d) => ({ ...d, criterion: '8' })));
    await waitFor(async () => expect((await getSheet(sheetKey(1, 3)))?.criterion).toBe('8'));
    coach.unmount();

    // The next person on the same phone: nothing of the coach's, on resume or not.
    const assistant = await open(2, 3, true);
    expect(assistant.result.current[0]).toMatchObject({ level: '', criterion: '' });
    expect(assistant.result.current[0]?.scored).toBeUndefined();
    act(() => assistant.result.current[1]((d) => ({ ...d, level: '1', criterion: '4', scored: { level: '1', criterion: '4' } })));
    await waitFor(async () => expect((await getSheet(sheetKey(2, 3)))?.scored).toEqual({ level: '1', criterion: '4' }));
    assistant.unmount();

    // The coach again: opened as before, the last choice; resumed, the last scored criterion.
    const plain = await open(1, 3, false);
    expect(plain.result.current[0]).toMatchObject({ level: '2', criterion: '8' });
    plain.unmount();
    const resumed = await open(1, 3, true);
    expect(resumed.result.current[0]).toMatchObject({ level: '2', criterion: '7', scored: { level: '2', criterion: '7' } });
    resumed.unmount();

    // Another team of the coach's has its own memory (none yet).
    const other = await open(1, 4, true);
    expect(other.result.current[0]).toMatchObject({ level: '', criterion: '' });
    // The assistant's memory is still the assistant's.
    expect((await getSheet(sheetKey(2, 3)))?.criterion).toBe('4');
  });
});
