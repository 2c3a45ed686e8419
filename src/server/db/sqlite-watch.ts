import { closeSync, openSync, readSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import type { VersionFeed } from './change-feed.js';

/** The first copy of the WAL-index header (https://sqlite.org/walformat.html#the_wal_index_header). */
const HEADER_BYTES = 48;

/**
 * SQLite's counterpart of the PostgreSQL change feed (ADR 0013). In WAL mode every commit, by any
 * connection of any process, rewrites the WAL-index header at the start of the `-shm` file: its change
 * counter, last frame and checksums. One read of those 48 bytes (a system call, no lock) tells whether
 * anything was committed since the version and the sessions in memory were read; only then are they
 * read again. Under load this replaces two statements per request, each a read transaction with its
 * shared-memory locks. The header is read at most once per turn of the event loop, and again after
 * any write of this process (`wrote()`, from the statement wrapper): this process sees its own
 * commits at once, another process's from the next turn on (PostgreSQL: when notified).
 * Not trusted (callers query as before) when the header cannot be read: an in-memory database, a
 * journal mode other than WAL, or a `-shm` file that does not exist yet.
 */
export class SqliteWatch implements VersionFeed {
  private fd: number | null = null;
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private readonly current = Buffer.alloc(HEADER_BYTES);
  private epoch = 0;
  private version: number | null = null;
  private versionStatement: SQLite.Statement<[], number> | null = null;
  private readonly wal: boolean;
  private closed = false;
  private readable = false;
  /** The header was read in this turn of the event loop and this process has not written since. */
  private fresh = false;
  private readonly endTurn = () => {
    this.fresh = false;
  };

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly shmPath: string,
  ) {
    this.wal = sqlite.pragma('journal_mode', { simple: true }) === 'wal';
  }

  /** Whether the header could be read; when it differs from the last one seen, what memory holds is dropped. */
  private sync(): boolean {
    if (this.fresh) return this.readable;
    this.fresh = true;
    setImmediate(this.endTurn);
    this.readable = this.readHeader();
    return this.readable;
  }

  private syncNow(): boolean {
    this.fresh = false;
    return this.sync();
  }

  private readHeader(): boolean {
    if (this.closed || !this.wal) return false;
    try {
      this.fd ??= openSync(this.shmPath, 'r');
      if (readSync(this.fd, this.current, 0, HEADER_BYTES, 0) !== HEADER_BYTES) return false;
    } catch {
      return false; // not created yet (no connection has read), or gone: query
    }
    if (!this.current.equals(this.header)) {
      this.current.copy(this.header);
      this.epoch++;
      this.version = null;
    }
    return true;
  }

  get trusted(): boolean {
    return this.sync();
  }

  get authEpoch(): number {
    this.sync();
    return this.epoch;
  }

  scoreVersion(): number | null {
    if (!this.sync()) return null;
    // Inside a transaction this connection would see its own uncommitted rows: ask through Kysely,
    // which waits for the transaction to end.
    if (this.version !== null || this.sqlite.inTransaction) return this.version;
    // Read the header now, then the version, then the header again: equal, nothing came in between.
    if (!this.syncNow()) return null;
    const epoch = this.epoch;
    // Prepared on first use: the table exists once the migrations have run.
    this.versionStatement ??= this.sqlite.prepare<[], number>('select version from score_state where id = 1').pluck();
    const version = Number(this.versionStatement.get() ?? 0);
    // Kept only if nothing was committed meanwhile; the answer itself is current either way.
    if (this.syncNow() && this.epoch === epoch) this.version = version;
    return version;
  }

  /** This process is about to run a statement that may write: read the header again before trusting memory. */
  wrote(): void {
    this.fresh = false;
  }

  /** The version comes from the header and the database; what a caller read itself adds nothing. */
  raise(): void {}

  close(): void {
    this.closed = true;
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
