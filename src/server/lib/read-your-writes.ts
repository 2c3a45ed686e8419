import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionsChanged } from '../db/change-feed.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isWrite = (req: FastifyRequest) => !READS.has(req.method) && !!req.routeOptions.config.access;

/**
 * PostgreSQL with the change feed (ADR 0011): a write's notifications arrive a little after its commit,
 * so this process keeps up with its own writes by itself.
 * - While a write request is in flight, the version and sessions are read from the database: the
 *   write's own answer (often built from a cached view) and the requests beside it see its commit.
 * - Before its answer leaves, one query raises the in-memory version to what it committed, and the
 *   session cache is emptied (a change inside a transaction or by a foreign key could otherwise be
 *   served from it until the notification). A client reading after the answer sees the write.
 */
/** `readVersion` reads the score version from the database and raises the feed's copy. */
export function installReadYourWrites(app: FastifyInstance, readVersion: (db: FastifyInstance['db']) => Promise<number>): void {
  const feed = app.database.changes;
  if (!feed) return;
  app.addHook('onRequest', async (req, reply) => {
    if (!isWrite(req)) return;
    feed.writeBegan();
    // 'close' fires once per response: sent, or its connection lost.
    reply.raw.once('close', () => feed.writeEnded());
  });
  app.addHook('onSend', async (req) => {
    if (!isWrite(req)) return;
    sessionsChanged();
    if (!feed.live) return; // once listening again, the feed reads the version itself
    try {
      await readVersion(app.db);
    } catch (error) {
      feed.resync(`the version could not be read after a write: ${(error as Error).message}`);
    }
  });
}
