import type { FastifyInstance } from 'fastify';

/**
 * Runs a housekeeping job once the server is ready, then every `everyMs` until it closes. The first
 * run goes beside the start, not before it (ADR 0023: start-up does no work that grows with the data),
 * one run at a time; a close waits for the run in hand, which may ask `closing()` to stop after the item
 * in hand. The job reports its own failures; the timer never keeps the process alive.
 */
export function repeatWhileUp(app: FastifyInstance, everyMs: number, job: (closing: () => boolean) => Promise<unknown>): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  let closed = false;
  const closing = () => closed;
  const tick = () => {
    running ??= job(closing).finally(() => {
      running = undefined;
    });
  };
  app.addHook('onReady', async () => {
    setImmediate(tick);
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await new Promise((resolve) => setImmediate(resolve));
    await running;
  });
}
