import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { conflict } from '../../lib/errors.js';
import * as accounts from './accounts.repository.js';

export const accountMessages = {
  emailTaken: 'This email is already used by another sign-in account.',
} as const;

export interface Welcome {
  to: string;
  firstName: string;
}

/**
 * Keeps a player's sign-in account in step with player_email (SPEC §3 has no separate account
 * screen): an e-mail creates the account, a new e-mail moves it, an empty one removes it. The
 * parent's e-mail is never a login: siblings share it. Returns whom to welcome once committed.
 */
export async function syncAccount(
  trx: Kysely<DB>,
  player: { id: number; first_name: string; last_name: string; player_email: string | null },
): Promise<Welcome | null> {
  const current = await accounts.linkedAccount(trx, player.id);
  const email = player.player_email;
  if (!email) {
    if (current) await accounts.deleteAccount(trx, current.id);
    return null;
  }
  if (await accounts.emailTaken(trx, email, current?.id)) throw conflict(accountMessages.emailTaken, 'player_email');
  if (current) {
    await accounts.updateAccount(trx, current.id, { first_name: player.first_name, last_name: player.last_name, email });
    return current.email === email ? null : { to: email, firstName: player.first_name };
  }
  const roleId = await accounts.playerRoleId(trx);
  await accounts.insertAccounts(trx, roleId, [{ first_name: player.first_name, last_name: player.last_name, email, player_id: player.id }]);
  return { to: email, firstName: player.first_name };
}

export function welcomeMail(app: FastifyInstance, w: Welcome) {
  const signIn = new URL('/login', app.config.PUBLIC_URL).toString();
  return {
    to: w.to,
    subject: 'Your player account',
    text: [
      `Hello ${w.firstName},`,
      '',
      'Your club has created a player account for you. You can follow your scores, progress, analysis and learning resources there.',
      '',
      `To set your password, open ${signIn}, choose 'Forgot password?' on the sign-in page and enter this e-mail address. You will receive a link to choose a password.`,
      '',
      'If you did not expect this e-mail, you can ignore it.',
    ].join('\n'),
  };
}

/**
 * Welcome mails of a bulk import go out after the answer: a thousand messages over SMTP must not
 * hold the upload's request open. close() waits for the ones still going out.
 */
export function welcomeQueue(app: FastifyInstance) {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  return {
    enqueue(list: readonly Welcome[]): void {
      if (!list.length) return;
      const job = sendWelcomes(app, list).finally(() => running.delete(job));
      running.add(job);
    },
  };
}

/** After the commit: a failed delivery must not undo the saved player (the mailer records failures). */
export async function sendWelcomes(app: FastifyInstance, list: readonly Welcome[]): Promise<void> {
  for (const w of list) {
    try {
      await app.mailer.send(welcomeMail(app, w));
    } catch (err) {
      app.log.error({ err, to: w.to }, 'welcome e-mail failed');
    }
  }
}
