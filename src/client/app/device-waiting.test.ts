import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue, saveSheet } from '../features/eval-sessions/scoreQueue';
import { putEntry, type OutboxEntry } from '../features/evaluations/outbox/store';
import { countWaitingOnDevice, placesWaitingOnDevice } from './device-waiting';

const entry = (userId: number, id: string, state: OutboxEntry['state'], teamId = 1): OutboxEntry => ({
  client_id: id,
  user_id: userId,
  state,
  team_id: teamId,
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

  it("lists where each user's waiting scores can be sent from: per team sheet and per session, the user's own only", async () => {
    await putEntry(entry(7, 'c-1', 'local', 4));
    await putEntry(entry(7, 'c-2', 'local', 4));
    await putEntry(entry(7, 'c-3', 'syncing', 5));
    await putEntry(entry(7, 'c-4', 'synced', 6));
    await putEntry(entry(8, 'd-1', 'local', 4));
    await enqueue('session-9-user-7', { playerId: 1, criterionId: 1, score: 4 });
    await saveSheet('session-9-user-7', {
      session: { id: 9, name: 'Spring tryout', state: 'open', criteria: [] },
      evaluator: { id: 7, name: 'Coach', guest: false },
      players: [],
      scores: [],
    });

    expect(await placesWaitingOnDevice(7)).toEqual([
      { kind: 'courtside', teamId: 4, count: 2 },
      { kind: 'courtside', teamId: 5, count: 1 },
      { kind: 'session', sessionId: 9, name: 'Spring tryout', count: 1 },
    ]);
    expect(await placesWaitingOnDevice(8)).toEqual([{ kind: 'courtside', teamId: 4, count: 1 }]);
    expect(await placesWaitingOnDevice(9)).toEqual([]);
    expect(await countWaitingOnDevice(7)).toBe(4);
  });
});
