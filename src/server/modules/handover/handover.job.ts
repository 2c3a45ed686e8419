import type { FastifyInstance } from 'fastify';
import { repeatWhileUp } from '../../lib/while-up.js';
import { runHandoverNotices } from './handover.service.js';
import { now as clockNow } from '../../lib/time.js';

/**
 * The hand-over notices and claim links (handover.service.ts): at start, then every
 * HANDOVER_JOB_MINUTES (0 = off). A run mails as many players as are due, so it never holds up the
 * start: it runs beside the server; a close lets it finish the player in hand.
 */
export function installHandoverJob(app: FastifyInstance): void {
  const minutes = app.config.HANDOVER_JOB_MINUTES;
  if (!minutes) return;
  repeatWhileUp(app, minutes * 60_000, (closing) =>
    runHandoverNotices(app.db, app.mailer, app.config.PUBLIC_URL, clockNow(), closing).catch((e: unknown) =>
      app.log.warn({ err: e }, 'hand-over notices failed'),
    ),
  );
}
