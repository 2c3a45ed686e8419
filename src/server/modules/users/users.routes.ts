import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { errorBody, idParam, okEnvelope, requiredId } from '../../../shared/schemas/common.js';
import { USER_ACTIVE, USER_SUSPENDED, userCreateSchema, userSchema, usersQuerySchema, userUpdateSchema, type User } from '../../../shared/schemas/user.js';
import { access, requireActor } from '../../policies/access.js';
import { assertNotSelf, assertUserManageable } from '../../policies/users.js';
import { hashPassword } from '../auth/passwords.js';
import * as sessions from '../auth/sessions.repository.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import { deleteUnusedTokens } from '../auth/password-reset.repository.js';
import { findRole, type RoleRow } from '../roles/roles.repository.js';
import { parseUserCsv } from './users.csv.js';
import { readCsvForm } from '../../lib/csv-form.js';
import * as repo from './users.repository.js';
import { assignableRole, hashAll, resetMail, temporaryExpiry, temporaryPassword, welcomeMail } from './users.service.js';

interface Candidate {
  row?: number;
  first_name: string;
  last_name: string;
  email: string;
}

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;
const STATUS_NAMES: Record<number, string> = { [USER_ACTIVE]: 'active', [USER_SUSPENDED]: 'suspended' };
const statusChange = (before: number, after: number) =>
  describeChanges({ status: STATUS_NAMES[before] ?? String(before) }, { status: STATUS_NAMES[after] ?? String(after) }, ['status'], ['status']);

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const params = z.object({ id: idParam });

  /**
   * Checks new accounts against existing users, each other and (Player role) the players they belong
   * to. Returns every problem; the caller decides how to report them.
   */
  async function checkCandidates(role: RoleRow, list: Candidate[]): Promise<{ problems: { c: Candidate; message: string }[]; playerOf: Map<string, number> }> {
    const emails = list.map((c) => c.email);
    const taken = await repo.existingEmails(app.db, emails);
    const players = role.key === 'player' ? await repo.unlinkedPlayersByEmail(app.db, emails) : new Map<string, number[]>();
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
        playerOf.set(c.email, matches[0]!);
      }
    }
    return { problems, playerOf };
  }

  /** Creates the accounts in one transaction, then e-mails each their temporary password. */
  async function createAccounts(actor: Actor, role: RoleRow, list: Candidate[], playerOf: Map<string, number>, bulk: boolean): Promise<number[]> {
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
        if (!bulk) await recordAudit(trx, actor, 'create', 'user', id, `${fullName(c)} <${c.email}>, role ${role.title}`);
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

  async function target(actor: Actor, id: number): Promise<User> {
    const user = await repo.findUser(app.db, id);
    if (!user) throw notFound();
    const role = await findRole(app.db, user.role);
    if (!role) throw notFound();
    assertUserManageable(actor, role);
    return user;
  }

  async function assertNotCoaching(user: User): Promise<void> {
    if ((await repo.countTeamsCoached(app.db, user.id)) > 0) throw conflict(MSG.coachBlocked(fullName(user)), 'email');
  }

  r.get('/api/users', {
    config: { access: access.need('user_management', 1) },
    schema: { tags, querystring: usersQuerySchema, response: { 200: okEnvelope(z.array(userSchema)), 400: errorBody, 401: errorBody, 403: errorBody } },
    handler: async (req) => read(await repo.listUsers(app.db, req.query.role)),
  });

  r.post('/api/users', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, body: userCreateSchema, response: { 400: errorBody, 401: errorBody, 403: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      const role = await assignableRole(app.db, actor, req.body.role);
      const { problems, playerOf } = await checkCandidates(role, [req.body]);
      if (problems[0]) throw badRequest(problems[0].message, 'email');
      const [id] = await createAccounts(actor, role, [req.body], playerOf, false);
      return written({ id });
    },
  });

  r.post('/api/users/bulk', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, consumes: ['multipart/form-data'], response: { 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { fields, file } = await readCsvForm(req);
      const roleId = requiredId.safeParse(fields.role);
      if (!roleId.success) throw badRequest(MSG.required, 'role');
      if (!file) throw badRequest(MSG.required, 'bulkFile');
      const role = await assignableRole(app.db, actor, roleId.data);
      const { rows, errors } = parseUserCsv(file);
      const { problems, playerOf } = await checkCandidates(role, rows);
      const all = [...errors, ...problems.map((p) => `row ${p.c.row}: ${p.message}`)].sort(
        (a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]),
      );
      // All or nothing: one bad row refuses the whole file, listing every problem.
      if (all.length) throw badRequest(all.join('\n'), 'bulkFile');
      const ids = await createAccounts(actor, role, rows, playerOf, true);
      return written({ created: ids.length });
    },
  });

  r.post('/api/user/:id', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, body: userUpdateSchema, response: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      const user = await target(actor, req.params.id);
      const next = req.body;
      await app.db.transaction().execute(async (trx) => {
        await repo.updateNames(trx, user.id, next);
        await recordAudit(trx, actor, 'update', 'user', user.id, `${fullName(user)} <${user.email}>: ${describeChanges(user, next, ['first_name', 'last_name'])}`);
      });
      return written({ id: user.id });
    },
  });

  r.post('/api/user/:id/suspend', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      assertNotSelf(actor, req.params.id);
      const user = await target(actor, req.params.id);
      await assertNotCoaching(user);
      await app.db.transaction().execute(async (trx) => {
        await repo.setStatus(trx, user.id, USER_SUSPENDED);
        await sessions.deleteUserSessions(trx, user.id);
        await recordAudit(trx, actor, 'suspend', 'user', user.id, `${fullName(user)} <${user.email}>: ${statusChange(user.status, USER_SUSPENDED)}`);
      });
      return written({ id: user.id, status: USER_SUSPENDED });
    },
  });

  r.post('/api/user/:id/reactivate', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: { 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      const user = await target(actor, req.params.id);
      await app.db.transaction().execute(async (trx) => {
        await repo.setStatus(trx, user.id, USER_ACTIVE);
        await recordAudit(trx, actor, 'reactivate', 'user', user.id, `${fullName(user)} <${user.email}>: ${statusChange(user.status, USER_ACTIVE)}`);
      });
      return written({ id: user.id, status: USER_ACTIVE });
    },
  });

  r.post('/api/user/:id/delete', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      assertNotSelf(actor, req.params.id);
      const user = await target(actor, req.params.id);
      await assertNotCoaching(user);
      await app.db.transaction().execute(async (trx) => {
        // Sessions and reset links go with the user (cascade); authored notes and evaluations keep their names.
        await repo.deleteUser(trx, user.id);
        await recordAudit(trx, actor, 'delete', 'user', user.id, `${fullName(user)} <${user.email}>, role ${user.role_title}`);
      });
      return written({ id: user.id });
    },
  });

  r.post('/api/user/:id/reset-password', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      assertNotSelf(actor, req.params.id);
      const user = await target(actor, req.params.id);
      if (user.isPlayer) throw badRequest('Players reset their own password with "Forgot password?" on the sign-in page.', 'email');
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      await app.db.transaction().execute(async (trx) => {
        await repo.setTemporaryPassword(trx, user.id, passwordHash, temporaryExpiry());
        await sessions.deleteUserSessions(trx, user.id);
        await deleteUnusedTokens(trx, user.id);
        await recordAudit(trx, actor, 'password_reset', 'user', user.id, `Temporary password e-mailed to ${user.email}`);
      });
      await app.mailer.send(resetMail(app.config.PUBLIC_URL, user, password));
      return written({ id: user.id });
    },
  });
}
