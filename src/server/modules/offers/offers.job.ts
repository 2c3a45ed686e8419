import type { FastifyInstance } from 'fastify';
import { repeatWhileUp } from '../../lib/while-up.js';
import { expireDue } from './answers.service.js';
import { now as clockNow } from '../../lib/time.js';

/**
 * Expires pending offers past their deadline and promotes the next waitlisted players
 * (answers.service.ts): at start, then every OFFERS_JOB_MINUTES (0 = off), beside the server; a close
 * lets it finish the offer in hand. The clock is injectable for tests.
 */
export function installOffersJob(app: FastifyInstance, clock: () => Date = () => clockNow()): void {
  const minutes = app.config.OFFERS_JOB_MINUTES;
  if (!minutes) return;
  repeatWhileUp(app, minutes * 60_000, (closing) =>
    expireDue(app.db, app.mailer, app.config.PUBLIC_URL, clock(), closing).catch((e: unknown) =>
      app.log.warn({ err: e }, 'offer expiry failed'),
    ),
  );
}
