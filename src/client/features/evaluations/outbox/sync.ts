import { SYNC_BATCH_MAX, type SyncEntry, type SyncResult } from '../../../../shared/schemas/evaluation-sync';
import { ApiError } from '../../../lib/api';
import { entriesOf, patchEntries, removeEntries, type OutboxEntry } from './store';
import { nowMs } from '../../../../shared/clock.js';

/** How the last sync attempt ended: the sheet and the banner say what it means for the coach. */
export type SyncOutcome = 'idle' | 'done' | 'offline' | 'signedOut' | 'failed';

export type SendBatch = (entries: SyncEntry[]) => Promise<SyncResult[]>;

/** Synced entries stay visible on the sheet for this long, then leave the device. */
export const KEEP_SYNCED_MS = 12 * 60 * 60 * 1000;

const toWire = (e: OutboxEntry): SyncEntry => ({
  client_id: e.client_id,
  team_id: e.team_id,
  player_id: e.player_id,
  criteria_id: e.criteria_id,
  score: e.score,
  // A measured test's attempts as tapped (numbers in its unit); other criteria have none.
  ...(e.attempts?.length ? { attempts: e.attempts } : {}),
  notes: e.notes,
  date: e.date,
  recorded_at: e.recorded_at,
});

/**
 * Sends every entry of this user that is not on the server yet, in batches. Sending twice is harmless
 * (the server writes each client_id once), so an entry left 'syncing' by a closed tab is sent again.
 * An answer that never arrives leaves the batch 'local' for the next attempt; a 401 keeps everything
 * on the device until the same user signs in again.
 */
export async function syncOutbox(userId: number, send: SendBatch, now = nowMs()): Promise<SyncOutcome> {
  const all = await entriesOf(userId);
  const stale = all.filter((e) => e.state === 'synced' && now - Date.parse(e.updated_at) > KEEP_SYNCED_MS);
  if (stale.length) await removeEntries(stale.map((e) => e.client_id));
  const pending = all.filter((e) => e.state === 'local' || e.state === 'syncing');
  if (pending.length === 0) return 'idle';
  for (let i = 0; i < pending.length; i += SYNC_BATCH_MAX) {
    const batch = pending.slice(i, i + SYNC_BATCH_MAX);
    const ids = batch.map((e) => e.client_id);
    // Send what the transaction wrote, not what was read before it: a tap may have edited an entry since.
    const sending = await patchEntries(ids, (e) => (e.state === 'local' || e.state === 'syncing' ? { ...e, state: 'syncing' } : e));
    const wire = sending.filter((e) => e.state === 'syncing').map(toWire);
    if (wire.length === 0) continue;
    let results: SyncResult[];
    try {
      results = await send(wire);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        // The batch itself was refused (a damaged record): show it for the coach to fix or discard.
        await patchEntries(ids, (x) => (x.state === 'syncing' ? { ...x, state: 'refused', message: e.message } : x));
        continue;
      }
      await patchEntries(ids, (x) => (x.state === 'syncing' ? { ...x, state: 'local' } : x));
      if (e instanceof ApiError && e.status === 401) return 'signedOut';
      return e instanceof ApiError ? 'failed' : 'offline';
    }
    const byId = new Map(results.map((r) => [r.client_id, r]));
    await patchEntries(ids, (x) => {
      const r = byId.get(x.client_id);
      if (!r) return x.state === 'syncing' ? { ...x, state: 'local' } : x;
      if (r.status === 'saved') return { ...x, state: 'synced', evaluation_id: r.evaluation_id, reason: undefined, message: undefined };
      return { ...x, state: 'refused', reason: r.reason, message: r.message };
    });
  }
  return 'done';
}
