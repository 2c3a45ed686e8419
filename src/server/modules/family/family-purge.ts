import type { FastifyInstance } from 'fastify';
import { repeatWhileUp } from '../../lib/while-up.js';
import { purgeEnded } from './family-auth.repository.js';

/** Guardians' ended sessions and spent sign-in links leave the database: at start, then hourly (lookups already ignore them). */
export const FAMILY_PURGE_MS = 60 * 60 * 1000;

/** One run of the purge at the clock's time; the clock is injected so tests can move it. */
export function familyPurgeJob(app: FastifyInstance, clock: () => number = Date.now) {
  return async () => {
    const now = clock();
    const idleSince = new Date(now - app.config.SESSION_IDLE_MINUTES * 60_000).toISOString();
    try {
      return await purgeEnded(app.db, new Date(now).toISOString(), idleSince);
    } catch (e) {
      app.log.warn({ err: e }, 'guardian session purge failed');
      return null;
    }
  };
}

export function installFamilyPurge(app: FastifyInstance, clock: () => number = Date.now): void {
  repeatWhileUp(app, FAMILY_PURGE_MS, familyPurgeJob(app, clock));
}
