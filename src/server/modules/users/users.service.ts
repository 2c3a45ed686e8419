import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { TEMPORARY_PASSWORD_HOURS } from '../../../shared/schemas/password.js';
import { assertUserManageable } from '../../policies/users.js';
import { hashPassword } from '../auth/passwords.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { addMinutes, nowIso } from '../../lib/time.js';
import type { Mail } from '../../mail/mailer.js';
import * as roles from '../roles/roles.repository.js';

// No look-alike characters (0/O, 1/l/I): the password is typed from an e-mail.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const TEMP_LENGTH = 14; // ≈ 81 bits

export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < TEMP_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export const temporaryExpiry = (): string => addMinutes(nowIso(), TEMPORARY_PASSWORD_HOURS * 60);

/** Hashes many temporary passwords a few at a time (argon2 runs on the libuv pool). */
export async function hashAll(passwords: string[], concurrency = 4): Promise<string[]> {
  const out: string[] = new Array<string>(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hashPassword(passwords[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, passwords.length) }, worker));
  return out;
}

const signInUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/login`;

export function welcomeMail(publicUrl: string, user: { first_name: string; email: string }, password: string): Mail {
  return {
    to: user.email,
    subject: 'Your club account',
    sensitive: true,
    text: [
      `Hello ${user.first_name},`,
      '',
      'An account has been created for you in the club player development app.',
      `Sign in at ${signInUrl(publicUrl)} with`,
      `  E-mail: ${user.email}`,
      `  Temporary password: ${password}`,
      '',
      `The temporary password is valid for ${TEMPORARY_PASSWORD_HOURS} hours. You will be asked to choose your own password when you sign in.`,
    ].join('\n'),
  };
}

export function resetMail(publicUrl: string, user: { first_name: string; email: string }, password: string): Mail {
  return {
    to: user.email,
    subject: 'Your password has been reset',
    sensitive: true,
    text: [
      `Hello ${user.first_name},`,
      '',
      'Your club administrator has reset the password of your account.',
      `Sign in at ${signInUrl(publicUrl)} with`,
      `  E-mail: ${user.email}`,
      `  Temporary password: ${password}`,
      '',
      `The temporary password is valid for ${TEMPORARY_PASSWORD_HOURS} hours. You will be asked to choose a new password when you sign in.`,
    ].join('\n'),
  };
}

/** The role a new user gets: it must exist, and the actor must be allowed to hand it out. */
export async function assignableRole(db: Kysely<DB>, actor: Actor, roleId: number): Promise<roles.RoleRow> {
  const role = await roles.findRole(db, roleId);
  if (!role) throw badRequest('Please choose a role.', 'role');
  assertUserManageable(actor, role);
  return role;
}
