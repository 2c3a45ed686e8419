import type { FastifyInstance } from 'fastify';

/**
 * Runs a housekeeping job once the server is ready, then every `everyMs` until it closes. The job
 * reports its own failures; the timer never keeps the process alive.
 */
export function repeatWhileUp(app: FastifyInstance, everyMs: number, job: () => Promise<unknown>): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    await job();
    timer = setInterval(() => void job(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
