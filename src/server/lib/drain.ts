import type { FastifyInstance } from 'fastify';
import { MSG } from '../../shared/messages.js';

/**
 * Graceful shutdown, first half (main.ts on SIGTERM calls `app.drain()`, then `app.close()`): new
 * requests get 503 `{ message }` while the requests in flight finish, and every answer closes its
 * keep-alive connection so close() never waits for a client's idle timeout.
 */
export function installDrain(app: FastifyInstance): void {
  let draining = false;
  let closing = false;
  let inFlight = 0;
  const idle = new Set<() => void>();

  app.addHook('onRequest', async (_req, reply) => {
    if (draining) return reply.code(503).header('connection', 'close').send({ message: MSG.shuttingDown });
    inFlight++;
    // 'close' fires once per response: sent, or its connection lost.
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) for (const resolve of idle) resolve();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (draining || closing) reply.header('connection', 'close');
  });

  /** Starts refusing new requests; resolves when none is in flight, or after `timeoutMs`. */
  app.decorate('drain', (timeoutMs: number) => {
    draining = true;
    if (inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        idle.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      idle.add(done);
    });
  });
}
