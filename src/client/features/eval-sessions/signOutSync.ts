import { staffSheet } from './api';
import { flush, waitingOfUser } from './scoreQueue';

/** How many of this user's session scores wait on the device. */
export async function sessionScoresWaiting(userId: number): Promise<number> {
  let count = 0;
  for (const n of (await waitingOfUser(userId)).values()) count += n;
  return count;
}

/** Sends every session's waiting scores of this user; a session that fails keeps its scores. */
export async function syncSessionScores(userId: number): Promise<void> {
  for (const sessionId of (await waitingOfUser(userId)).keys()) {
    const source = staffSheet(sessionId, userId);
    await flush(source.key, source.send).catch(() => undefined);
  }
}
