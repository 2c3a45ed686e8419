import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { DB } from '../db/types.js';
import { nowIso } from '../lib/time.js';
import { recordMail } from './mail.repository.js';
import { seal, type OutboxKey } from './outbox-seal.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * The text carries a secret (temporary password, reset link). The outbox never shows it; once
   * delivered over SMTP it keeps only a placeholder; undelivered, it is kept sealed under a key outside
   * the database (outbox-seal.ts) and masked after 24 h.
   */
  sensitive?: boolean;
  /** The Message-ID to send with (see newMessageId); one is made when absent. */
  messageId?: string;
}

export const WITHHELD = '[Delivered. The text contained a password or sign-in link and is not kept.]';
export const EXPIRED = '[The text contained a password or sign-in link and was removed after 24 hours.]';
/** What the outbox screen shows for a secret-bearing message: that it exists, not what it says. */
export const NOT_SHOWN = '[Contains a password or sign-in link: not shown.]';
/** How long an undelivered secret may stay in the outbox. */
export const SECRET_KEEP_MS = 24 * 60 * 60 * 1000;

/** What became of a message: kept in the outbox (no SMTP), handed to SMTP, or refused by it. */
export type MailOutcome = ({ status: 'stored' | 'sent'; error: null } | { status: 'failed'; error: string }) & { messageId: string };

/**
 * A unique Message-ID (without the angle brackets, lower case, as stored and as the bounce webhook
 * matches it) on the sender's domain: a provider's bounce notice names it.
 */
export function newMessageId(mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'club.local';
  return `${randomUUID()}@${domain}`.toLowerCase();
}

export interface Mailer {
  /** Answers the outcome (test doubles may answer nothing: taken as delivered). */
  send(mail: Mail): Promise<MailOutcome | void>;
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise keeps the message in the database outbox so a
 * fresh install still works (Superadmin reads it in Settings). Every message is recorded either way.
 */
export function createMailer(config: Config, db: Kysely<DB>, log: FastifyBaseLogger, key: OutboxKey): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(mail) {
      const created_at = nowIso();
      const message_id = mail.messageId ?? newMessageId(config.MAIL_FROM);
      const sensitive = mail.sensitive ? 1 : 0;
      const undelivered = mail.sensitive ? seal(key, mail.to, mail.text) : mail.text;
      if (!transport) {
        await recordMail(db, {
          to_address: mail.to,
          subject: mail.subject,
          text: undelivered,
          status: 'stored',
          error: null,
          created_at,
          sent_at: null,
          sensitive,
          message_id,
        });
        return { status: 'stored', error: null, messageId: message_id };
      }
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: `<${message_id}>`,
        });
        const kept = mail.sensitive ? WITHHELD : mail.text;
        await recordMail(db, {
          to_address: mail.to,
          subject: mail.subject,
          text: kept,
          status: 'sent',
          error: null,
          created_at,
          sent_at: nowIso(),
          sensitive,
          message_id,
        });
        return { status: 'sent', error: null, messageId: message_id };
      } catch (err) {
        log.error({ err, to: mail.to }, 'mail delivery failed');
        await recordMail(db, {
          to_address: mail.to,
          subject: mail.subject,
          text: undelivered,
          status: 'failed',
          error: String(err),
          created_at,
          sent_at: null,
          sensitive,
          message_id,
        });
        return { status: 'failed', error: String(err), messageId: message_id };
      }
    },
  };
}
