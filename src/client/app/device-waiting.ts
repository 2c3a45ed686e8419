import type { WaitingPlace } from '../lib/device-waiting';

/**
 * Scores still waiting on this device for one user (ADR 0014): courtside taps not yet sent and
 * session scores not yet sent. Each store is read by the user's own key, so another user of the same
 * phone never counts them. Refused entries are not waiting: they wait on a person, not the network.
 * The stores load on first use, so the staff shell's first chunk does not grow.
 */
export async function countWaitingOnDevice(userId: number): Promise<number> {
  return (await placesWaitingOnDevice(userId)).reduce((sum, p) => sum + p.count, 0);
}

/** The same scores by where they can be sent from: each team's courtside sheet, each session's scoring page. */
export async function placesWaitingOnDevice(userId: number): Promise<WaitingPlace[]> {
  if (typeof indexedDB === 'undefined') return [];
  const [outbox, sessions] = await Promise.all([
    import('../features/evaluations/outbox/store'),
    import('../features/eval-sessions/scoreQueue'),
  ]);
  const [entries, bySession] = await Promise.all([outbox.entriesOf(userId), sessions.waitingOfUser(userId)]);
  const byTeam = new Map<number, number>();
  for (const e of entries) if (e.state === 'local' || e.state === 'syncing') byTeam.set(e.team_id, (byTeam.get(e.team_id) ?? 0) + 1);
  const sessionPlaces = await Promise.all(
    [...bySession].map(async ([sessionId, count]): Promise<WaitingPlace> => {
      const sheet = await sessions.lastSheet(`session-${sessionId}-user-${userId}`).catch(() => undefined);
      return { kind: 'session', sessionId, name: sheet?.session.name ?? null, count };
    }),
  );
  return [...[...byTeam].map(([teamId, count]): WaitingPlace => ({ kind: 'courtside', teamId, count })), ...sessionPlaces];
}
