import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue } from '../features/eval-sessions/scoreQueue';
import { putEntry, type OutboxEntry } from '../features/evaluations/outbox/store';
import { countWaitingOnDevice } from './device-waiting';

const entry = (userId: number, id: string, state: OutboxEntry['state']): OutboxEntry => ({
  client_id: id,
  user_id: userId,
  state,
  team_id: 1,
  player_id: 1,
  criteria_id: 1,
  score: 7,
  date: '2026-11-26',
  notes: '',
  recorded_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
});

describe('scores waiting on this device, two users on one phone', () => {
  it("counts only the signed-in user's courtside taps and session scores, not what was refused", async () => {
    await putEntry(entry(1, 'a-1', 'local'));
    await putEntry(entry(1, 'a-2', 'syncing'));
    await putEntry(entry(1, 'a-3', 'refused'));
    await putEntry(entry(1, 'a-4', 'synced'));
    await enqueue('session-5-user-1', { playerId: 1, criterionId: 1, score: 4 });
    await putEntry(entry(2, 'b-1', 'local'));

    expect(await countWaitingOnDevice(1)).toBe(3);
    expect(await countWaitingOnDevice(2)).toBe(1);
    expect(await countWaitingOnDevice(3)).toBe(0);
  });
});
