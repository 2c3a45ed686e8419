import type { Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from './types.js';

/** Channels NOTIFYed by migration 0010's triggers. */
const SCORE_VERSION = 'score_version';
const SESSION_AUTH = 'session_auth';
const RETRY_FIRST_MS = 200;
const RETRY_MAX_MS = 10_000;
/** A lost connection can look alive to TCP for minutes; a cheap check on this period notices it. */
const CHECK_EVERY_MS = 30_000;
const QUERY_TIMEOUT_MS = 5_000;

/**
 * What the caches ask before answering from memory: the PostgreSQL change feed below, or on SQLite
 * the WAL-index watch (sqlite-watch.ts). Untrusted: query the database.
 */
export interface VersionFeed {
  readonly trusted: boolean;
  /** Moves whenever what a cached session shows may have changed. */
  readonly authEpoch: number;
  /** The current score version, or null: query it. */
  scoreVersion(): number | null;
  /** A version this process read from the database itself. */
  raise(version: number): void;
}

/**
 * One dedicated PostgreSQL connection per database handle that LISTENs to the channels of migration
 * 0010, so a warm request needs no round trip (ADR 0011):
 * - `scoreVersion()`: score_state.version as last notified (or read by this process), or null while
 *   not listening (starting, reconnecting, stopped) or while this process has a write in flight: then
 *   callers query it as before;
 * - `authEpoch`: moves on every auth notification and whenever listening starts or stops, so a cache
 *   of sessions filled under one epoch is never served under another.
 * Reconnects with backoff; its socket is unref'd, so it never keeps the process alive.
 */
export class ChangeFeed implements VersionFeed {
  private client: pg.Client | null = null;
  private listening = false;
  private version = 0;
  private epoch = 0;
  private stopped = true;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private warned = false;
  private writes = 0;

  constructor(private readonly url: string) {}

  get live(): boolean {
    return this.listening;
  }

  /**
   * Memory may answer: listening, and no write request of this process in flight (lib/read-your-writes.ts).
   * A write's own answer and the requests beside it read the database, as without the feed.
   */
  get trusted(): boolean {
    return this.listening && this.writes === 0;
  }

  get authEpoch(): number {
    return this.epoch;
  }

  scoreVersion(): number | null {
    return this.trusted ? this.version : null;
  }

  writeBegan(): void {
    this.writes++;
  }

  writeEnded(): void {
    this.writes--;
  }

  /** A version this process read itself (e.g. after its own write): never lowers the known one. */
  raise(version: number): void {
    if (version > this.version) this.version = version;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  /** Stops listening; waits at most a second for the connection to close (shutdown must not hang). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.drop();
    if (client) await Promise.race([client.end().catch(() => {}), new Promise((r) => setTimeout(r, 1000).unref())]);
  }

  /** Stop trusting memory until a new connection has read the version again. */
  resync(reason: string): void {
    if (this.client) this.lost(this.client, new Error(reason));
  }

  private async connect(): Promise<void> {
    this.retryTimer = null;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'club-change-feed',
      keepAlive: true,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    (client as pg.Client & { unref(): void }).unref(); // in pg's Client, missing from @types/pg
    this.client = client;
    client.on('notification', (n) => this.notified(client, n));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${SCORE_VERSION}; LISTEN ${SESSION_AUTH}`);
      // Read after LISTEN: every later bump is notified, every earlier one is in this answer.
      await this.check(client);
      if (this.client !== client) {
        void client.end().catch(() => {}); // stopped while connecting
        return;
      }
      this.listening = true;
      this.epoch++;
      this.retryMs = RETRY_FIRST_MS;
      if (this.warned) console.warn('PostgreSQL change feed: listening again');
      this.warned = false;
      this.checkTimer = setInterval(() => void this.check(client).catch((error: Error) => this.lost(client, error)), CHECK_EVERY_MS);
      this.checkTimer.unref();
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private notified(client: pg.Client, n: pg.Notification): void {
    if (this.client !== client) return;
    if (n.channel === SCORE_VERSION) this.raise(Number(n.payload));
    else if (n.channel === SESSION_AUTH) this.epoch++;
  }

  private async check(client: pg.Client): Promise<void> {
    const { rows } = await client.query<{ version: number }>('select version from score_state where id = 1');
    this.raise(Number(rows[0]?.version ?? 0));
  }

  /** Not listening from now on: callers query again until a new connection has caught up. */
  private drop(): void {
    this.client = null;
    if (this.listening) this.epoch++;
    this.listening = false;
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.checkTimer = null;
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.drop();
    void client.end().catch(() => {});
    if (this.stopped) return;
    if (!this.warned) console.warn(`PostgreSQL change feed lost (${error.message}); reading from the database until it is back`);
    this.warned = true;
    const delay = this.retryMs + Math.random() * this.retryMs * 0.2;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}

let sessionChanges = 0;

/**
 * This process changed what a cached session shows: empties every session cache at once (its own
 * notification comes later). Called by the repositories that end sessions or change users and roles,
 * and after every write request, once its transaction committed (lib/read-your-writes.ts).
 */
export function sessionsChanged(): void {
  sessionChanges++;
}

export function localSessionChanges(): number {
  return sessionChanges;
}

const feeds = new WeakMap<Kysely<DB>, VersionFeed>();

export function registerChangeFeed(db: Kysely<DB>, feed: VersionFeed): void {
  feeds.set(db, feed);
}

/** The feed of a database handle (none for an in-memory SQLite database); transactions have none and always query. */
export function changeFeedOf(db: Kysely<DB>): VersionFeed | undefined {
  return feeds.get(db);
}
