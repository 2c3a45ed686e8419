import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SyncEntry, SyncRefusal } from '../../../../shared/schemas/evaluation-sync';
import { nowIso } from '../../../../shared/clock.js';

/** 'saving' lives only in memory while IndexedDB writes; every stored entry is past it. */
export type EntryState = 'saving' | 'local' | 'syncing' | 'synced' | 'refused';

export interface OutboxEntry extends SyncEntry {
  /** The signed-in user who scored it: nobody else on the device sees or sends it. */
  user_id: number;
  state: EntryState;
  reason?: SyncRefusal;
  message?: string;
  evaluation_id?: number;
  updated_at: string;
}

/** What the courtside sheet had chosen and typed, so a reload or an app update loses nothing. */
export interface SheetDraft {
  /** `${userId}:${teamId}` (sheetKey): one draft per user and team, so a shared phone keeps each user's own. */
  key: string;
  level: string;
  criterion: string;
  date: string;
  notes: Record<number, string>;
  /** The level and criterion of this user's last score on this team, set by the tap: the dashboard's *Score courtside* opens there. */
  scored?: { level: string; criterion: string };
}

export const sheetKey = (userId: number, teamId: number) => `${userId}:${teamId}`;

interface OutboxDb extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { by_user: number } };
  sheets: { key: string; value: SheetDraft };
}

const DB_NAME = 'club-outbox';
let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  opened ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('entries', { keyPath: 'client_id' }).createIndex('by_user', 'user_id');
      d.createObjectStore('sheets', { keyPath: 'key' });
    },
  });
  return opened;
}

/** Tells this tab's and other tabs' views that the outbox changed. */
const local = new EventTarget();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(DB_NAME) : null;
channel?.addEventListener('message', () => local.dispatchEvent(new Event('change')));
function changed(): void {
  local.dispatchEvent(new Event('change'));
  channel?.postMessage('change');
}

export function onOutboxChange(listener: () => void): () => void {
  local.addEventListener('change', listener);
  return () => local.removeEventListener('change', listener);
}

export async function entriesOf(userId: number): Promise<OutboxEntry[]> {
  return (await db()).getAllFromIndex('entries', 'by_user', userId);
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await db()).put('entries', entry);
  changed();
}

/**
 * Applies a change to the listed entries in one transaction and returns them as written; entries no
 * longer there are skipped. One transaction, so a tap that edits an entry never interleaves with it.
 */
export async function patchEntries(ids: readonly string[], patch: (e: OutboxEntry) => OutboxEntry): Promise<OutboxEntry[]> {
  const tx = (await db()).transaction('entries', 'readwrite');
  const written: OutboxEntry[] = [];
  for (const id of ids) {
    const e = await tx.store.get(id);
    if (!e) continue;
    const next = { ...patch(e), updated_at: nowIso() };
    await tx.store.put(next);
    written.push(next);
  }
  await tx.done;
  changed();
  return written;
}

/**
 * A tap on a player: edits that player's entry while it has not left the device (local, or refused
 * and being fixed), else stores a new entry — one transaction, so the sync never sends a half-edit.
 */
export async function upsertEntry(
  previousId: string | null,
  make: (previous: OutboxEntry | undefined) => OutboxEntry | null,
): Promise<OutboxEntry | null> {
  const tx = (await db()).transaction('entries', 'readwrite');
  const previous = previousId ? await tx.store.get(previousId) : undefined;
  const editable = previous && (previous.state === 'local' || previous.state === 'refused') ? previous : undefined;
  const next = make(editable);
  if (next) await tx.store.put(next);
  else if (editable) await tx.store.delete(editable.client_id);
  await tx.done;
  changed();
  return next;
}

export async function removeEntries(ids: readonly string[]): Promise<void> {
  const tx = (await db()).transaction('entries', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  changed();
}

export async function getSheet(key: string): Promise<SheetDraft | undefined> {
  return (await db()).get('sheets', key);
}

export async function putSheet(sheet: SheetDraft): Promise<void> {
  await (await db()).put('sheets', sheet);
}

/** For tests: forget the open connection (fake-indexeddb is replaced between tests). */
export function resetOutboxConnection(): void {
  opened = null;
}
