import type { FastifyInstance } from 'fastify';
import { repeatWhileUp } from '../lib/while-up.js';
import { clearSecrets, maskSecretsBefore, replaceText } from './mail.repository.js';
import { EXPIRED, SECRET_KEEP_MS, WITHHELD } from './mailer.js';
import { PREFIX, seal, type OutboxKey } from './outbox-seal.js';
import { nowMs } from '../lib/time.js';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Undelivered passwords and reset links leave the outbox after a day: at start, then hourly. At start,
 * any still in clear (kept before they were sealed) are sealed.
 */
export function installSecretMasking(app: FastifyInstance, key: OutboxKey): void {
  let sealed = false;
  const mask = async () => {
    try {
      await maskSecretsBefore(app.db, new Date(nowMs() - SECRET_KEEP_MS).toISOString(), EXPIRED);
      if (!sealed) {
        for (const row of await clearSecrets(app.db, [WITHHELD, EXPIRED], PREFIX))
          await replaceText(app.db, row.id, row.text, seal(key, row.to_address, row.text));
        sealed = true;
      }
    } catch (e) {
      app.log.warn({ err: e }, 'outbox secret masking failed');
    }
  };
  repeatWhileUp(app, EVERY_MS, mask);
}
