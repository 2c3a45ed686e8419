import type { FastifyInstance } from 'fastify';
import { repeatWhileUp } from '../../lib/while-up.js';
import { runHandoverNotices } from './handover.service.js';

/**
 * The hand-over notices and claim links (handover.service.ts): at start, then every
 * HANDOVER_JOB_MINUTES (0 = off). A run mails as many players as are due, so it never holds up the
 * start: it runs beside the server, one at a time; a close lets it finish the player in hand and waits.
 */
export function installHandoverJob(app: FastifyInstance): void {
  const minutes = app.config.HANDOVER_JOB_MINUTES;
  if (!minutes) return;
  let running: Promise<void> | null = null;
  let closing = false;
  const run = async () => {
    running ??= runHandoverNotices(app.db, app.mailer, app.config.PUBLIC_URL, new Date(), () => closing)
      .then(() => undefined)
      .catch((e: unknown) => app.log.warn({ err: e }, 'hand-over notices failed'))
      .finally(() => {
        running = null;
      });
  };
  repeatWhileUp(app, minutes * 60_000, run);
  app.addHook('onClose', async () => {
    closing = true;
    await running;
  });
}
