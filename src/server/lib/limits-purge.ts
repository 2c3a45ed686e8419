import type { FastifyInstance } from 'fastify';
import { purgeExpired } from '../db/rate-limits.repository.js';
import { repeatWhileUp } from './while-up.js';
import { nowMs } from './time.js';

/** Counters past their window or backoff leave the table: at start, then every 10 minutes. */
export function installLimitsPurge(app: FastifyInstance): void {
  repeatWhileUp(app, 10 * 60_000, () =>
    purgeExpired(app.database.limits, nowMs()).catch((e: unknown) => app.log.warn({ err: e }, 'rate-limit purge failed')),
  );
}
