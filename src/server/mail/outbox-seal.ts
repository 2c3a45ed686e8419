import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config.js';

/**
 * Secret-bearing outbox text is kept sealed (AES-256-GCM) under a key that is not in the database,
 * so a copy of the database alone yields no working password or reset link (ADR 0017). The
 * recipient is bound as associated data: a sealed text moved to another row does not open.
 */
export const PREFIX = 'sealed1:';

export type OutboxKey = Buffer;

export const isSealed = (text: string) => text.startsWith(PREFIX);

export function seal(key: OutboxKey, to: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(to.toLowerCase()));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The text a resend needs; throws under another key or for another recipient. */
export function unseal(key: OutboxKey, to: string, sealed: string): string {
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(to.toLowerCase()));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * MAIL_OUTBOX_KEY (32 bytes, base64 or hex) when set: every process of a multi-host install shares
 * it. Otherwise a key file, created with mode 0600 on first start: MAIL_OUTBOX_KEY_FILE, else
 * `outbox.key` beside the SQLite file, else `./data/outbox.key`.
 */
export function loadOutboxKey(config: Pick<Config, 'MAIL_OUTBOX_KEY' | 'MAIL_OUTBOX_KEY_FILE' | 'DATABASE_URL'>): OutboxKey {
  if (config.MAIL_OUTBOX_KEY) return parseKey(config.MAIL_OUTBOX_KEY, 'MAIL_OUTBOX_KEY');
  const file = resolve(config.MAIL_OUTBOX_KEY_FILE ?? defaultKeyFile(config.DATABASE_URL));
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8').trim(), file);
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${key.toString('base64')}\n`, { mode: 0o600 });
  try {
    // A hard link appears whole or not at all: of two processes starting at once, the loser reads the winner's key.
    linkSync(temp, file);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return parseKey(readFileSync(file, 'utf8').trim(), file);
    throw err;
  } finally {
    unlinkSync(temp);
  }
}

function defaultKeyFile(databaseUrl: string): string {
  const file = databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : ':memory:';
  return file === ':memory:' ? './data/outbox.key' : join(dirname(file), 'outbox.key');
}

function parseKey(text: string, source: string): OutboxKey {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${source}: the mail outbox key must be 32 bytes (base64 or hex)`);
  return key;
}
