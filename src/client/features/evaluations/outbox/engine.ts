import { sendOutboxBatch } from '../api';
import { entriesOf, onOutboxChange, type OutboxEntry } from './store';
import { syncOutbox, type SyncOutcome } from './sync';

/** While anything waits to be sent, the outbox tries again this often. */
export const RETRY_MS = 15_000;
/** A tap is sent after this pause, so a quick correction edits the entry instead of adding history. */
export const SETTLE_MS = 1_500;

export interface OutboxSnapshot {
  entries: OutboxEntry[];
  online: boolean;
  syncing: boolean;
  outcome: SyncOutcome;
}

/**
 * One per signed-in user and tab: keeps the user's entries in memory for the views, and sends them
 * at once after a tap, when the network comes back and every 15 s while any are pending.
 */
export class OutboxEngine {
  private snapshot: OutboxSnapshot = { entries: [], online: navigator.onLine, syncing: false, outcome: 'idle' };
  private readonly listeners = new Set<() => void>();
  private running: Promise<SyncOutcome> | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stops: (() => void)[] = [];

  constructor(
    readonly userId: number,
    /** Called after entries reached the server: the pages' scores and boards are stale. */
    private readonly onSynced: () => void = () => undefined,
    private readonly send = sendOutboxBatch,
  ) {
    this.stops.push(onOutboxChange(() => void this.reload()));
    const online = () => {
      this.set({ online: true });
      void this.syncNow();
    };
    const offline = () => this.set({ online: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    this.stops.push(() => window.removeEventListener('online', online));
    this.stops.push(() => window.removeEventListener('offline', offline));
    const timer = setInterval(() => {
      if (this.pending().length) void this.syncNow();
    }, RETRY_MS);
    this.stops.push(() => clearInterval(timer));
    void this.reload().then(() => this.syncNow());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  pending(): OutboxEntry[] {
    return this.snapshot.entries.filter((e) => e.state === 'local' || e.state === 'syncing');
  }

  /** After a tap: send once the coach pauses. */
  soon(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => void this.syncNow(), SETTLE_MS);
  }

  /** One attempt at a time per tab; other tabs may send the same entries, which the server dedupes. */
  syncNow(): Promise<SyncOutcome> {
    clearTimeout(this.settleTimer);
    this.running ??= (async () => {
      this.set({ syncing: true });
      try {
        const outcome = await syncOutbox(this.userId, this.send);
        if (outcome === 'done') this.onSynced();
        this.set({ outcome, online: outcome === 'offline' ? false : outcome === 'idle' ? this.snapshot.online : true });
        return outcome;
      } catch {
        this.set({ outcome: 'failed' });
        return 'failed' as const;
      } finally {
        this.running = null;
        this.set({ syncing: false });
      }
    })();
    return this.running;
  }

  stop(): void {
    clearTimeout(this.settleTimer);
    this.stops.forEach((s) => s());
    this.listeners.clear();
  }

  private async reload(): Promise<void> {
    this.set({ entries: await entriesOf(this.userId) });
  }

  private set(patch: Partial<OutboxSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((l) => l());
  }
}
