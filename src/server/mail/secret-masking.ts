import type { FastifyInstance } from 'fastify';
import { repeatWhileUp } from '../lib/while-up.js';
import { maskSecretsBefore } from './mail.repository.js';
import { EXPIRED, SECRET_KEEP_MS } from './mailer.js';

const EVERY_MS = 60 * 60 * 1000;

/** Undelivered passwords and reset links leave the outbox after a day: at start, then hourly. */
export function installSecretMasking(app: FastifyInstance): void {
  const mask = () =>
    maskSecretsBefore(app.db, new Date(Date.now() - SECRET_KEEP_MS).toISOString(), EXPIRED).catch((e: unknown) =>
      app.log.warn({ err: e }, 'outbox secret masking failed'),
    );
  repeatWhileUp(app, EVERY_MS, mask);
}
