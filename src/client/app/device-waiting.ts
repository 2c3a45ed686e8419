/**
 * Scores still waiting on this device for one user (ADR 0014): courtside taps not yet sent and
 * session scores not yet sent. Each store is read by the user's own key, so another user of the same
 * phone never counts them. Refused entries are not waiting: they wait on a person, not the network.
 * The stores load on first use, so the staff shell's first chunk does not grow.
 */
export async function countWaitingOnDevice(userId: number): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0;
  const [outbox, sessions] = await Promise.all([
    import('../features/evaluations/outbox/store'),
    import('../features/eval-sessions/scoreQueue'),
  ]);
  const [entries, bySession] = await Promise.all([outbox.entriesOf(userId), sessions.waitingOfUser(userId)]);
  const courtside = entries.filter((e) => e.state === 'local' || e.state === 'syncing').length;
  return courtside + [...bySession.values()].reduce((sum, n) => sum + n, 0);
}
