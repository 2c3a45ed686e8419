import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { SYNC_BATCH_MAX, type SyncEntry, type SyncResult } from '../../../../shared/schemas/evaluation-sync';
import { ApiError } from '../../../lib/api';
import { entriesOf, putEntry, resetOutboxConnection, upsertEntry, type OutboxEntry } from './store';
import { KEEP_SYNCED_MS, syncOutbox } from './sync';

let n = 0;
function entry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  n++;
  return {
    client_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    user_id: 1,
    team_id: 1,
    player_id: n,
    criteria_id: 1,
    score: '7',
    notes: '',
    date: '2026-11-25',
    recorded_at: new Date(Date.UTC(2026, 10, 25, 10, 0, n)).toISOString(),
    state: 'local',
    updated_at: new Date().toISOString(),
    ...over,
  };
}

/** A server that saves everything it is sent once, and records what it was sent. */
function server(answer?: (e: SyncEntry) => SyncResult) {
  const batches: SyncEntry[][] = [];
  const saved = new Map<string, number>();
  const send = async (entries: SyncEntry[]) => {
    batches.push(entries);
    return entries.map(
      (e) =>
        answer?.(e) ?? {
          client_id: e.client_id,
          status: 'saved' as const,
          evaluation_id: saved.get(e.client_id) ?? saved.set(e.client_id, saved.size + 1).get(e.client_id)!,
        },
    );
  };
  return { send, batches, saved };
}

const states = async (userId = 1) => Object.fromEntries((await entriesOf(userId)).map((e) => [e.client_id, e.state]));

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOutboxConnection();
});

describe('the courtside outbox', () => {
  it("carries a measured test's attempts as tapped, and sends no attempts for a score", async () => {
    const timed = entry({ score: '11.04; 11.5', attempts: [11.04, 11.5] });
    const scored = entry();
    for (const e of [timed, scored]) await putEntry(e);
    const s = server();
    expect(await syncOutbox(1, s.send)).toBe('done');
    const sent = new Map(s.batches.flat().map((e) => [e.client_id, e]));
    expect(sent.get(timed.client_id)).toMatchObject({ score: '11.04; 11.5', attempts: [11.04, 11.5] });
    expect(sent.get(scored.client_id)).not.toHaveProperty('attempts');
  });

  it('sends the pending entries of the signed-in user only, and marks them synced', async () => {
    const mine = [entry(), entry()];
    const theirs = entry({ user_id: 2 });
    for (const e of [...mine, theirs]) await putEntry(e);
    const s = server();
    expect(await syncOutbox(1, s.send)).toBe('done');
    expect(s.batches.flat().map((e) => e.client_id)).toEqual(mine.map((e) => e.client_id));
    expect(Object.values(await states(1))).toEqual(['synced', 'synced']);
    expect(await states(2)).toEqual({ [theirs.client_id]: 'local' });
    // The wire carries the evaluation, not the device's bookkeeping.
    expect(Object.keys(s.batches[0]![0]!).sort()).toEqual([
      'client_id',
      'criteria_id',
      'date',
      'notes',
      'player_id',
      'recorded_at',
      'score',
      'team_id',
    ]);
  });

  it('has nothing to do when nothing is pending', async () => {
    await putEntry(entry({ state: 'synced' }));
    const s = server();
    expect(await syncOutbox(1, s.send)).toBe('idle');
    expect(s.batches).toHaveLength(0);
  });

  it(`splits a long queue into batches of ${SYNC_BATCH_MAX}`, async () => {
    for (let i = 0; i < SYNC_BATCH_MAX * 2 + 5; i++) await putEntry(entry());
    const s = server();
    await syncOutbox(1, s.send);
    expect(s.batches.map((b) => b.length)).toEqual([SYNC_BATCH_MAX, SYNC_BATCH_MAX, 5]);
  });

  it('keeps a batch whose answer was lost, and sends it again: the server writes each entry once', async () => {
    const e = entry();
    await putEntry(e);
    const s = server();
    let drop = true;
    const flaky = async (entries: SyncEntry[]) => {
      const answer = await s.send(entries);
      if (drop) {
        drop = false;
        throw new TypeError('Failed to fetch');
      }
      return answer;
    };
    expect(await syncOutbox(1, flaky)).toBe('offline');
    expect(await states()).toEqual({ [e.client_id]: 'local' });
    expect(await syncOutbox(1, flaky)).toBe('done');
    expect(s.batches).toHaveLength(2);
    expect(s.saved.size).toBe(1);
    expect((await entriesOf(1))[0]).toMatchObject({ state: 'synced', evaluation_id: 1 });
  });

  it('keeps everything on the device when the sign-in has ended', async () => {
    const e = entry();
    await putEntry(e);
    expect(await syncOutbox(1, () => Promise.reject(new ApiError(401, 'Your session has expired.')))).toBe('signedOut');
    expect(await states()).toEqual({ [e.client_id]: 'local' });
  });

  it('keeps refused entries visible with the reason, and never sends them again by itself', async () => {
    const good = entry();
    const gone = entry();
    await putEntry(good);
    await putEntry(gone);
    const s = server((e) =>
      e.client_id === gone.client_id
        ? { client_id: e.client_id, status: 'refused', reason: 'not_on_team', message: 'Ana Diaz is no longer on U14 Boys.' }
        : { client_id: e.client_id, status: 'saved', evaluation_id: 9 },
    );
    await syncOutbox(1, s.send);
    const byId = Object.fromEntries((await entriesOf(1)).map((x) => [x.client_id, x]));
    expect(byId[good.client_id]).toMatchObject({ state: 'synced' });
    expect(byId[gone.client_id]).toMatchObject({ state: 'refused', reason: 'not_on_team', message: 'Ana Diaz is no longer on U14 Boys.' });
    expect(await syncOutbox(1, s.send)).toBe('idle');
  });

  it('sends an entry left "syncing" by a closed tab again', async () => {
    const e = entry({ state: 'syncing' });
    await putEntry(e);
    const s = server();
    expect(await syncOutbox(1, s.send)).toBe('done');
    expect(s.batches.flat().map((x) => x.client_id)).toEqual([e.client_id]);
  });

  it('lets synced entries leave the device after a while', async () => {
    const old = entry({ state: 'synced', updated_at: new Date(Date.now() - KEEP_SYNCED_MS - 1000).toISOString() });
    const recent = entry({ state: 'synced' });
    await putEntry(old);
    await putEntry(recent);
    await syncOutbox(1, server().send);
    expect(Object.keys(await states())).toEqual([recent.client_id]);
  });

  it('edits an entry in place until it is sent, then a new tap is a new entry', async () => {
    const first = await upsertEntry(null, () => entry({ score: '5' }));
    const edited = await upsertEntry(first!.client_id, (prev) => ({ ...prev!, score: '6' }));
    expect(edited!.client_id).toBe(first!.client_id);
    await syncOutbox(1, server().send);
    const again = await upsertEntry(first!.client_id, (prev) => (prev ? { ...prev, score: '8' } : entry({ score: '8' })));
    expect(again!.client_id).not.toBe(first!.client_id);
    expect((await entriesOf(1)).map((e) => [e.score, e.state]).sort()).toEqual([
      ['6', 'synced'],
      ['8', 'local'],
    ]);
  });

  it('withdraws an unsent tap, but never a synced one', async () => {
    const e = await upsertEntry(null, () => entry());
    await upsertEntry(e!.client_id, () => null);
    expect(await entriesOf(1)).toEqual([]);
    const kept = await upsertEntry(null, () => entry());
    await syncOutbox(1, server().send);
    await upsertEntry(kept!.client_id, () => null);
    expect(await states()).toEqual({ [kept!.client_id]: 'synced' });
  });

  it('marks a batch the server rejected as malformed for the coach to fix or discard', async () => {
    const e = entry();
    await putEntry(e);
    expect(await syncOutbox(1, () => Promise.reject(new ApiError(400, 'Invalid input', 'entries.0.score')))).toBe('done');
    expect((await entriesOf(1))[0]).toMatchObject({ state: 'refused', message: 'Invalid input' });
  });
});
