import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { enqueue, flush, markNotCounted, queued, waitingOfUser } from './scoreQueue';

/** Issue 31 #2: once the session has closed, what still waits on the device is not counted and never sent again. */
describe('scores waiting when the session closes', () => {
  it("marks only this sheet's waiting scores not counted; a flush then sends nothing and sign-out has nothing to warn about", async () => {
    const guest = 'guest-closedtoken';
    const staff = 'session-7-user-3';
    await enqueue(guest, { playerId: 1, criterionId: 1, score: 5 });
    await enqueue(guest, { playerId: 2, criterionId: 1, score: 6 });
    await enqueue(staff, { playerId: 1, criterionId: 1, score: 8 });

    expect(await markNotCounted(guest, MSG.scoreNotCounted)).toBe(2);
    expect((await queued(guest)).map((q) => [q.state, q.reason])).toEqual([
      ['refused', MSG.scoreNotCounted],
      ['refused', MSG.scoreNotCounted],
    ]);
    expect(await markNotCounted(guest, MSG.scoreNotCounted)).toBe(0);
    const send = vi.fn();
    expect(await flush(guest, send)).toEqual([]);
    expect(send).not.toHaveBeenCalled();

    // Another sheet's scores on the same device are untouched.
    expect((await queued(staff)).map((q) => q.state)).toEqual(['local']);
    expect(await waitingOfUser(3)).toEqual(new Map([[7, 1]]));
    await markNotCounted(staff, MSG.scoreNotCounted);
    expect(await waitingOfUser(3)).toEqual(new Map());
  });
});

describe("a measured test's attempts on the device", () => {
  it('sends the attempts kept offline, and a change made while the batch was on the way stays waiting', async () => {
    const source = 'session-9-user-4';
    await enqueue(source, { playerId: 1, criterionId: 2, attempts: [11.3, 11.04] });
    const send = vi.fn(async (entries: { playerId: number; criterionId: number }[]) => {
      // The evaluator retypes an attempt while the first send is in flight.
      await enqueue(source, { playerId: 1, criterionId: 2, attempts: [11.3, 10.98] });
      return entries.map((e) => ({ ...e, status: 'saved' as const }));
    });
    expect(await flush(source, send)).toEqual([]);
    expect(send.mock.calls[0]![0]).toEqual([{ playerId: 1, criterionId: 2, attempts: [11.3, 11.04] }]);
    expect((await queued(source)).map((q) => q.attempts)).toEqual([[11.3, 10.98]]);
    const ok = vi.fn(async (entries: { playerId: number; criterionId: number }[]) =>
      entries.map((e) => ({ ...e, status: 'saved' as const })),
    );
    expect((await flush(source, ok)).map((e) => e.attempts)).toEqual([[11.3, 10.98]]);
    expect(await queued(source)).toEqual([]);
  });
});
