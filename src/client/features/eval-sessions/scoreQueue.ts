import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SessionScoreEntry, SessionSheet } from '../../../shared/schemas/eval-session';
import { SCORE_BATCH_MAX } from '../../../shared/schemas/eval-session';

/**
 * A session evaluator's scores on this device until the server has them. The server keeps one score
 * per evaluator, player and criterion, so sending one twice changes nothing: a retry is always safe.
 * The last sheet loaded is kept too, so a reload without network still shows it.
 */
export type QueuedState = 'local' | 'syncing' | 'refused';

export interface QueuedScore extends SessionScoreEntry {
  /** Which evaluator's sheet it belongs to (SheetSource.key). */
  source: string;
  key: string;
  state: QueuedState;
  reason?: string;
}

interface QueueDb extends DBSchema {
  scores: { key: string; value: QueuedScore; indexes: { by_source: string } };
  sheets: { key: string; value: { key: string; sheet: SessionSheet } };
}

let opened: Promise<IDBPDatabase<QueueDb>> | null = null;
const db = () =>
  (opened ??= openDB<QueueDb>('club-session-scores', 1, {
    upgrade(d) {
      d.createObjectStore('scores', { keyPath: 'key' }).createIndex('by_source', 'source');
      d.createObjectStore('sheets', { keyPath: 'key' });
    },
  }));

export const scoreKey = (source: string, playerId: number, criterionId: number) => `${source}|${playerId}|${criterionId}`;

export async function queued(source: string): Promise<QueuedScore[]> {
  return (await db()).getAllFromIndex('scores', 'by_source', source);
}

export async function enqueue(source: string, entry: SessionScoreEntry): Promise<QueuedScore> {
  const row: QueuedScore = { ...entry, source, key: scoreKey(source, entry.playerId, entry.criterionId), state: 'local' };
  await (await db()).put('scores', row);
  return row;
}

export async function discard(key: string): Promise<void> {
  await (await db()).delete('scores', key);
}

export async function saveSheet(source: string, sheet: SessionSheet): Promise<void> {
  await (await db()).put('sheets', { key: source, sheet });
}

export async function lastSheet(source: string): Promise<SessionSheet | undefined> {
  return (await (await db()).get('sheets', source))?.sheet;
}

type Send = (
  entries: SessionScoreEntry[],
) => Promise<{ playerId: number; criterionId: number; status: 'saved' | 'refused'; reason?: string }[]>;

// A measured test's attempts changed on the device while the batch was on the way: not yet saved.
const sameAttempts = (a: SessionScoreEntry, b: SessionScoreEntry) =>
  JSON.stringify(a.attempts ?? null) === JSON.stringify(b.attempts ?? null);

/**
 * Sends this source's waiting scores in batches. A score changed on the device while its batch was
 * on the way stays waiting for the next round. Answers the scores the server saved; throws when the
 * network or the server failed (everything not yet saved stays waiting).
 */
export async function flush(source: string, send: Send): Promise<SessionScoreEntry[]> {
  const waiting = (await queued(source)).filter((q) => q.state !== 'refused');
  const saved: SessionScoreEntry[] = [];
  for (let i = 0; i < waiting.length; i += SCORE_BATCH_MAX) {
    const batch = waiting.slice(i, i + SCORE_BATCH_MAX);
    const outcomes = await send(
      batch.map(({ playerId, criterionId, score, attempts }) => ({ playerId, criterionId, score, ...(attempts ? { attempts } : {}) })),
    );
    const d = await db();
    for (const [n, outcome] of outcomes.entries()) {
      const sent = batch[n]!;
      const now = await d.get('scores', sent.key);
      if (!now || now.score !== sent.score || !sameAttempts(now, sent)) continue;
      if (outcome.status === 'saved') {
        await d.delete('scores', sent.key);
        saved.push(sent);
      } else {
        await d.put('scores', { ...now, state: 'refused', reason: outcome.reason });
      }
    }
  }
  return saved;
}

/**
 * The session closed: what still waits here will never be saved. Marks it refused (needs attention,
 * not counted) so the sheet shows it and nothing sends it again; answers how many.
 */
export async function markNotCounted(source: string, reason: string): Promise<number> {
  const d = await db();
  const waiting = (await queued(source)).filter((q) => q.state !== 'refused');
  for (const q of waiting) await d.put('scores', { ...q, state: 'refused', reason });
  return waiting.length;
}

const staffSource = /^session-(\d+)-user-(\d+)$/;

/** A staff user's session scores still waiting on this device, per session (sign-out warns about them). */
export async function waitingOfUser(userId: number): Promise<Map<number, number>> {
  const bySession = new Map<number, number>();
  for (const row of await (await db()).getAll('scores')) {
    const m = staffSource.exec(row.source);
    if (!m || Number(m[2]) !== userId || row.state === 'refused') continue;
    bySession.set(Number(m[1]), (bySession.get(Number(m[1])) ?? 0) + 1);
  }
  return bySession;
}
