import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { DB } from '../db/types.js';
import { nowIso } from '../lib/time.js';
import { recordMail } from './mail.repository.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * The text carries a secret (temporary password, reset link). Once delivered over SMTP the outbox
   * keeps only a placeholder, so the secret does not linger in the database.
   */
  sensitive?: boolean;
}

export const WITHHELD = '[Delivered. The text contained a password or sign-in link and is not kept.]';

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise keeps the message in the database outbox so a
 * fresh install still works (Superadmin reads it in Settings). Every message is recorded either way.
 */
export function createMailer(config: Config, db: Kysely<DB>, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(mail) {
      const created_at = nowIso();
      if (!transport) {
        await recordMail(db, { to_address: mail.to, subject: mail.subject, text: mail.text, status: 'stored', error: null, created_at, sent_at: null });
        return;
      }
      try {
        await transport.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
        const kept = mail.sensitive ? WITHHELD : mail.text;
        await recordMail(db, { to_address: mail.to, subject: mail.subject, text: kept, status: 'sent', error: null, created_at, sent_at: nowIso() });
      } catch (err) {
        log.error({ err, to: mail.to }, 'mail delivery failed');
        await recordMail(db, { to_address: mail.to, subject: mail.subject, text: mail.text, status: 'failed', error: String(err), created_at, sent_at: null });
      }
    },
  };
}
