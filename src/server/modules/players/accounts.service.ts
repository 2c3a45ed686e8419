import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { assertOldEnoughForSignIn, assertSignInCreatable, assertSignInMovable, mayLearnTakenEmails } from '../../policies/players.js';
import { deleteUserSessions } from '../auth/sessions.repository.js';
import type { DB } from '../../db/types.js';
import { conflict } from '../../lib/errors.js';
import * as accounts from './accounts.repository.js';

export const accountMessages = {
  // Neutral on purpose: it must not tell whoever edits a player that this address has an account.
  emailTaken: 'This email cannot be used for a player sign-in. Please use another address.',
} as const;

export interface Welcome {
  to: string;
  firstName: string;
  /** The address already signs in: it is told that no new sign-in was made (the caller is not). */
  taken?: boolean;
}

/** The account's previous address, told that the sign-in moved (or was removed). */
export interface MovedNotice {
  to: string;
  firstName: string;
  removed: boolean;
}

/**
 * Keeps a player's sign-in account in step with player_email (docs/product.md#data has no separate account
 * screen): an e-mail creates the account, a new e-mail moves it, an empty one removes it. Creating one
 * and changing a saved one (`previousEmail`) are user management. Returns whom to mail once committed.
 */
export async function syncAccount(
  trx: Kysely<DB>,
  actor: Actor,
  player: { id: number; first_name: string; last_name: string; player_email: string | null; dob: number | null },
  on: { previousEmail: string | null },
): Promise<{ welcome: Welcome | null; moved: MovedNotice | null }> {
  const current = await accounts.linkedAccount(trx, player.id);
  const email = player.player_email;
  const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
  // Moving the sign-in is user management (policies/players.ts); the old address is told, sessions and reset links end.
  const moved = current && !same(current.email, email) ? { to: current.email, firstName: player.first_name, removed: !email } : null;
  if (moved || (on.previousEmail && !same(on.previousEmail, email))) assertSignInMovable(actor);
  if (current && moved) {
    await deleteUserSessions(trx, current.id);
    await accounts.deleteUnusedResetLinks(trx, current.id);
  }
  if (!email) {
    if (current) await accounts.deleteAccount(trx, current.id);
    return { welcome: null, moved };
  }
  // A saved address whose account was never made (it signed in elsewhere): nothing new to do.
  if (!current && same(on.previousEmail, email)) return { welcome: null, moved: null };
  if (!current) {
    assertSignInCreatable(actor);
    await assertOldEnoughForSignIn(trx, player.dob);
  }
  if (await accounts.emailTaken(trx, email, current?.id)) {
    // To a caller who may not see accounts, a taken address answers as a free one; its inbox is told.
    if (!current && !mayLearnTakenEmails(actor)) return { welcome: { to: email, firstName: player.first_name, taken: true }, moved: null };
    throw conflict(accountMessages.emailTaken, 'player_email');
  }
  if (current) {
    await accounts.updateAccount(trx, current.id, { first_name: player.first_name, last_name: player.last_name, email });
    return { welcome: moved ? { to: email, firstName: player.first_name } : null, moved };
  }
  const roleId = await accounts.playerRoleId(trx);
  await accounts.insertAccounts(trx, roleId, [{ first_name: player.first_name, last_name: player.last_name, email, player_id: player.id }]);
  return { welcome: { to: email, firstName: player.first_name }, moved: null };
}

/** After the commit: the previous address learns that the sign-in left it. */
export async function sendMovedNotice(app: FastifyInstance, notice: MovedNotice | null): Promise<void> {
  if (!notice) return;
  const text = [
    `Hello ${notice.firstName},`,
    '',
    notice.removed
      ? 'Your club has removed the sign-in of your player account from this e-mail address.'
      : 'Your club has moved the sign-in of your player account to another e-mail address. This address no longer signs in.',
    '',
    'If you did not expect this, please contact your club.',
  ].join('\n');
  try {
    await app.mailer.send({ to: notice.to, subject: 'Your player sign-in has changed', text });
  } catch (err) {
    app.log.error({ err, to: notice.to }, 'sign-in change notice failed');
  }
}

export function welcomeMail(app: FastifyInstance, w: Welcome) {
  const signIn = new URL('/login', app.config.PUBLIC_URL).toString();
  if (w.taken) return takenMail(w, signIn);
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

function takenMail(w: Welcome, signIn: string) {
  return {
    to: w.to,
    subject: 'Your player account',
    text: [
      'Hello,',
      '',
      `Your club asked for a player sign-in for ${w.firstName} at this e-mail address. This address already signs in to the club app (${signIn}), so no second sign-in was created.`,
      '',
      'If you expected one, please ask your club to use another e-mail address. If not, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * Welcome mails of a bulk import go out after the answer: a thousand messages over SMTP must not
 * hold the upload's request open. close() waits for the ones still going out.
 */
export type WelcomeQueue = ReturnType<typeof welcomeQueue>;

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
