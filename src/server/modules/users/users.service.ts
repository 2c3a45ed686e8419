import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MSG } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { TEMPORARY_PASSWORD_HOURS } from '../../../shared/schemas/password.js';
import { USER_ACTIVE, USER_SUSPENDED, type User, type UserCreate, type UserUpdate } from '../../../shared/schemas/user.js';
import { encodeCursor } from '../../../shared/schemas/cursor.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { addMinutes, nowIso } from '../../lib/time.js';
import type { Mail } from '../../mail/mailer.js';
import { recordAudit, type AuditAction } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import { deleteUnusedTokens } from '../auth/password-reset.repository.js';
import { hashPassword } from '../auth/passwords.js';
import * as sessions from '../auth/sessions.repository.js';
import type { RoleRow } from '../roles/roles.repository.js';
import { ownLoginCheck } from '../../policies/players.js';
import { parseUserCsv } from './users.csv.js';
import * as repo from './users.repository.js';

type Db = Kysely<DB>;

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

/** The one e-mail that hands over a temporary password: a new account's, or a reset's. */
function temporaryPasswordMail(
  publicUrl: string,
  user: { first_name: string; email: string },
  password: string,
  text: { subject: string; what: string; choose: string },
): Mail {
  return {
    to: user.email,
    subject: text.subject,
    sensitive: true,
    text: [
      `Hello ${user.first_name},`,
      '',
      text.what,
      `Sign in at ${signInUrl(publicUrl)} with`,
      `  E-mail: ${user.email}`,
      `  Temporary password: ${password}`,
      '',
      `The temporary password is valid for ${TEMPORARY_PASSWORD_HOURS} hours. You will be asked to choose ${text.choose} when you sign in.`,
    ].join('\n'),
  };
}

export const welcomeMail = (publicUrl: string, user: { first_name: string; email: string }, password: string): Mail =>
  temporaryPasswordMail(publicUrl, user, password, {
    subject: 'Your club account',
    what: 'An account has been created for you in the club player development app.',
    choose: 'your own password',
  });

export const resetMail = (publicUrl: string, user: { first_name: string; email: string }, password: string): Mail =>
  temporaryPasswordMail(publicUrl, user, password, {
    subject: 'Your password has been reset',
    what: 'Your club administrator has reset the password of your account.',
    choose: 'a new password',
  });

interface Candidate {
  row?: number;
  first_name: string;
  last_name: string;
  email: string;
}

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;
const who = (u: { first_name: string; last_name: string; email: string }) => `${fullName(u)} <${u.email}>`;
const STATUS_NAMES: Record<number, string> = { [USER_ACTIVE]: 'active', [USER_SUSPENDED]: 'suspended' };
const statusChange = (before: number, after: number) =>
  describeChanges(
    { status: STATUS_NAMES[before] ?? String(before) },
    { status: STATUS_NAMES[after] ?? String(after) },
    ['status'],
    ['status'],
  );

/**
 * Checks new accounts against existing users, each other and (Player role) the players they belong
 * to. Returns every problem; the caller decides how to report them.
 */
async function checkCandidates(
  db: Db,
  role: RoleRow,
  list: Candidate[],
): Promise<{ problems: { c: Candidate; message: string }[]; playerOf: Map<string, number> }> {
  const emails = list.map((c) => c.email);
  const taken = await repo.existingEmails(db, emails);
  const players =
    role.key === 'player' ? await repo.unlinkedPlayersByEmail(db, emails) : new Map<string, { id: number; dob: number | null }[]>();
  const tooYoung = await ownLoginCheck(db);
  const seen = new Map<string, number | undefined>();
  const problems: { c: Candidate; message: string }[] = [];
  const playerOf = new Map<string, number>();
  for (const c of list) {
    if (seen.has(c.email)) {
      const first = seen.get(c.email);
      problems.push({ c, message: `${c.email} appears more than once in the file${first ? ` (first on row ${first})` : ''}.` });
      continue;
    }
    seen.set(c.email, c.row);
    if (taken.has(c.email)) {
      problems.push({ c, message: `A user with the e-mail address ${c.email} already exists.` });
      continue;
    }
    if (role.key === 'player') {
      const matches = players.get(c.email) ?? [];
      if (matches.length !== 1) {
        problems.push({
          c,
          message:
            matches.length === 0
              ? `No player without an account has the player e-mail ${c.email}. Add it to the player's profile first.`
              : `Several players have the player e-mail ${c.email}; give each player their own address.`,
        });
        continue;
      }
      const young = tooYoung(matches[0]!.dob);
      if (young) {
        problems.push({ c, message: young });
        continue;
      }
      playerOf.set(c.email, matches[0]!.id);
    }
  }
  return { problems, playerOf };
}

/** Creates the accounts in one transaction, then e-mails each their temporary password. */
async function createAccounts(
  app: FastifyInstance,
  actor: Actor,
  role: RoleRow,
  list: Candidate[],
  playerOf: Map<string, number>,
  bulk: boolean,
): Promise<number[]> {
  const passwords = list.map(() => temporaryPassword());
  const hashes = await hashAll(passwords);
  const expires = temporaryExpiry();
  const ids = await app.db.transaction().execute(async (trx) => {
    const out: number[] = [];
    for (const [i, c] of list.entries()) {
      const id = await repo.insertUser(trx, {
        first_name: c.first_name,
        last_name: c.last_name,
        email: c.email,
        role_id: role.id,
        player_id: playerOf.get(c.email) ?? null,
        password_hash: hashes[i]!,
        password_expires_at: expires,
      });
      out.push(id);
      if (!bulk) await recordAudit(trx, actor, 'create', 'user', id, `${who(c)}, role ${role.title}`);
    }
    if (bulk) {
      const who = list.map((c) => c.email).join(', ');
      await recordAudit(trx, actor, 'bulk_upload', 'user', null, `${list.length} user(s) with role ${role.title}: ${who}`);
    }
    return out;
  });
  // After the commit: an e-mail cannot be taken back, so none goes out for a refused upload.
  for (const [i, c] of list.entries()) await app.mailer.send(welcomeMail(app.config.PUBLIC_URL, c, passwords[i]!));
  return ids;
}

/** Every user, or one page of `limit` after a cursor (keyset on the name, ADR 0023) with the cursor of the next. */
export async function listUsers(
  db: Db,
  q: { role?: number | undefined; limit?: number | undefined; after?: repo.UserKey | undefined },
): Promise<{ data: User[]; next: string | null }> {
  if (q.limit === undefined && q.after === undefined) return { data: await repo.listUsers(db, q.role), next: null };
  const limit = q.limit ?? USERS_PAGE;
  const found = await repo.listUsers(db, q.role, { limit: limit + 1, after: q.after });
  const data = found.slice(0, limit);
  const last = data.at(-1);
  return { data, next: found.length > limit && last ? encodeCursor([last.last_name, last.first_name, last.id]) : null };
}

const USERS_PAGE = 50;

/** One account with the role the policy allowed (policies/users.ts authorizeNewUser). */
export async function createUser(app: FastifyInstance, actor: Actor, role: RoleRow, body: UserCreate): Promise<{ id: number }> {
  const { problems, playerOf } = await checkCandidates(app.db, role, [body]);
  if (problems[0]) throw badRequest(problems[0].message, 'email');
  const [id] = await createAccounts(app, actor, role, [body], playerOf, false);
  return { id: id! };
}

/** POST /api/users/bulk: all or nothing, one bad row refuses the whole file, listing every problem. */
export async function importUsers(app: FastifyInstance, actor: Actor, role: RoleRow, file: Buffer): Promise<{ created: number }> {
  const { rows, errors } = parseUserCsv(file);
  const { problems, playerOf } = await checkCandidates(app.db, role, rows);
  const all = [...errors, ...problems.map((p) => `row ${p.c.row}: ${p.message}`)].sort(
    (a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]),
  );
  if (all.length) throw badRequest(all.join('\n'), 'bulkFile');
  const ids = await createAccounts(app, actor, role, rows, playerOf, true);
  return { created: ids.length };
}

/** One change of an account and its audit row, in one transaction. */
async function changeAccount(
  db: Db,
  actor: Actor,
  action: AuditAction,
  user: User,
  summary: string,
  write: (trx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await write(trx);
    await recordAudit(trx, actor, action, 'user', user.id, summary);
  });
}

/** A coach of a team is neither suspended nor deleted: the team would lose its coach (409). */
async function assertNotCoaching(db: Db, user: User): Promise<void> {
  if ((await repo.countTeamsCoached(db, user.id)) > 0) throw conflict(MSG.coachBlocked(fullName(user)), 'email');
}

export async function updateUser(db: Db, actor: Actor, user: User, next: UserUpdate): Promise<{ id: number }> {
  const summary = `${who(user)}: ${describeChanges(user, next, ['first_name', 'last_name'])}`;
  await changeAccount(db, actor, 'update', user, summary, (trx) => repo.updateNames(trx, user.id, next));
  return { id: user.id };
}

export async function suspendUser(db: Db, actor: Actor, user: User): Promise<{ id: number; status: number }> {
  await assertNotCoaching(db, user);
  await changeAccount(db, actor, 'suspend', user, `${who(user)}: ${statusChange(user.status, USER_SUSPENDED)}`, async (trx) => {
    await repo.setStatus(trx, user.id, USER_SUSPENDED);
    await sessions.deleteUserSessions(trx, user.id);
  });
  return { id: user.id, status: USER_SUSPENDED };
}

export async function reactivateUser(db: Db, actor: Actor, user: User): Promise<{ id: number; status: number }> {
  await changeAccount(db, actor, 'reactivate', user, `${who(user)}: ${statusChange(user.status, USER_ACTIVE)}`, (trx) =>
    repo.setStatus(trx, user.id, USER_ACTIVE),
  );
  return { id: user.id, status: USER_ACTIVE };
}

export async function deleteUser(db: Db, actor: Actor, user: User): Promise<{ id: number }> {
  await assertNotCoaching(db, user);
  // Sessions and reset links go with the user (cascade); authored notes and evaluations keep their names.
  await changeAccount(db, actor, 'delete', user, `${who(user)}, role ${user.role_title}`, (trx) => repo.deleteUser(trx, user.id));
  return { id: user.id };
}

/** A new temporary password, e-mailed after the commit; the account's sessions and unused reset links end. */
export async function resetPassword(app: FastifyInstance, actor: Actor, user: User): Promise<{ id: number }> {
  if (user.isPlayer) throw badRequest('Players reset their own password with "Forgot password?" on the sign-in page.', 'email');
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await changeAccount(app.db, actor, 'password_reset', user, `Temporary password e-mailed to ${user.email}`, async (trx) => {
    await repo.setTemporaryPassword(trx, user.id, passwordHash, temporaryExpiry());
    await sessions.deleteUserSessions(trx, user.id);
    await deleteUnusedTokens(trx, user.id);
  });
  await app.mailer.send(resetMail(app.config.PUBLIC_URL, user, password));
  return { id: user.id };
}
