import { isCoachRole } from '../../../shared/permissions.js';
import { USER_IMPORT_FIELDS, type Decision, type ImportCounts, type PlanRow } from '../../../shared/schemas/import.js';
import { userCreateSchema } from '../../../shared/schemas/user.js';
import { ownLoginCheck } from '../../policies/players.js';
import { decide } from '../../policies/users.js';
import { nowIso } from '../../lib/time.js';
import { guardianEmails } from '../guardians/links.repository.js';
import { guardianRuleMessages } from '../guardians/links.service.js';
import { listRoles } from '../roles/roles.repository.js';
import { insertUser, unlinkedPlayersByEmail } from '../users/users.repository.js';
import { hashAll, temporaryExpiry, temporaryPassword, welcomeMail } from '../users/users.service.js';
import type { NewEffect } from './imports.repository.js';
import type { KindHandler, UndoOutcome } from './kind.js';
import { foldName } from './players.rows.js';
import { usersFingerprint } from './teams-import.repository.js';
import * as repo from './users-import.repository.js';

/**
 * The users kind of the import engine (docs/product.md#importing): name, e-mail, role. New accounts
 * get a temporary password e-mailed after the commit, as the users CSV upload does. A row whose
 * e-mail has an account is a duplicate candidate: link (its name and role become the row's) or skip.
 * Roles the caller may not hand out, and accounts they may not change, are invalid rows
 * (policies/users.ts decide); a Player sign-in is created only for a player without one, at the
 * player's own e-mail, never at a guardian's.
 */

const fold = (s: string) => foldName(s.trim());
const rowSchema = userCreateSchema.pick({ first_name: true, last_name: true, email: true });
const REFUSED: Record<string, string> = {
  adminUsers: 'only a Superadmin manages accounts of admin roles',
  escalation: 'the role has rights above yours',
  self: 'it is your own account',
};

export const usersKind: KindHandler = {
  fields: USER_IMPORT_FIELDS,
  usesTeam: false,
  entity: 'user',
  fingerprint: usersFingerprint,

  async plan(db, actor, { rows, lines, mapping, decisions }) {
    const cellOf = (cells: readonly string[]) => (key: string) => {
      const at = mapping[key];
      return at === null || at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const roles = await listRoles(db);
    const roleByName = new Map<string, (typeof roles)[number]>();
    for (const r of roles) {
      roleByName.set(fold(r.title), r);
      if (r.key) roleByName.set(fold(r.key), r);
    }
    const roleById = new Map(roles.map((r) => [r.id, r]));
    const emailAt = mapping.email;
    const emails = typeof emailAt === 'number' ? rows.map((r) => (r[emailAt] ?? '').trim().toLowerCase()).filter(Boolean) : [];
    const existing = new Map((await repo.usersByEmails(db, emails)).map((u) => [u.email.toLowerCase(), u]));
    const coached = await repo.teamsCoached(
      db,
      [...existing.values()].map((u) => u.id),
    );
    const players = await unlinkedPlayersByEmail(db, emails);
    const guardians = await guardianEmails(db, emails);
    const tooYoung = await ownLoginCheck(db);
    const inFile = new Map<string, number>();
    const plan: PlanRow[] = [];
    for (let i = 0; i < rows.length; i++) {
      const line = lines[i]!;
      const cell = cellOf(rows[i]!);
      const raw = { first_name: cell('first_name'), last_name: cell('last_name'), email: cell('email'), role: cell('role') };
      const label = `${raw.first_name} ${raw.last_name} <${raw.email}>`.trim();
      const reasons: string[] = [];
      const parsed = rowSchema.safeParse(raw);
      if (!parsed.success) {
        const names: Record<string, string> = { first_name: 'First name', last_name: 'Last name', email: 'E-mail' };
        for (const issue of parsed.error.issues) reasons.push(`${names[String(issue.path[0])] ?? 'Value'}: ${issue.message}`);
      }
      const email = raw.email.toLowerCase();
      const role = roleByName.get(fold(raw.role));
      if (!raw.role) reasons.push('Role is missing.');
      else if (!role) reasons.push(`Unknown role “${raw.role}”.`);
      const earlier = email ? inFile.get(email) : undefined;
      if (earlier !== undefined) reasons.push(`${raw.email} is already on row ${earlier} of the file.`);
      else if (email) inFile.set(email, line);
      const user = existing.get(email);
      if (role && !reasons.length) {
        const asNew = decide(actor, 'create', { self: false, role });
        if (asNew !== 'allow') reasons.push(`You cannot give the role ${role.title}: ${REFUSED[asNew] ?? 'not allowed'}.`);
        if (!user && role.key === 'player') {
          const matches = players.get(email) ?? [];
          if (guardians.has(email)) reasons.push(guardianRuleMessages.playerEmailIsGuardian);
          else if (matches.length === 0)
            reasons.push(`No player without an account has the player e-mail ${raw.email}. Add it to the player's profile first.`);
          else if (matches.length > 1)
            reasons.push(`Several players have the player e-mail ${raw.email}; give each player their own address.`);
          else {
            const young = tooYoung(matches[0]!.dob);
            if (young) reasons.push(young);
          }
        }
        if (user) {
          const current = roleById.get(user.role_id) ?? null;
          const asChange = decide(actor, 'update', { self: user.id === actor.id, role: current });
          if (user.id === actor.id) reasons.push(`You cannot change ${raw.email} here: ${REFUSED.self}.`);
          else if (asChange !== 'allow') reasons.push(`You cannot change the account ${raw.email}: ${REFUSED[asChange] ?? 'not allowed'}.`);
          else if (user.role_id !== role.id && (user.player_id !== null || role.key === 'player'))
            reasons.push(`${raw.email} is a player's sign-in or would become one: change it on the player's profile.`);
          else if (user.role_id !== role.id && (coached.get(user.id) ?? 0) > 0 && !isCoachRole(role))
            reasons.push(`${raw.email} coaches a team, so the new role must be a coach role.`);
        }
      }
      if (reasons.length || !role) {
        plan.push({ line, status: 'invalid', reasons, values: raw, candidate: null, choices: [], action: 'skip', label });
        continue;
      }
      const values = { ...raw, email, role_id: String(role.id), player_id: String(players.get(email)?.[0]?.id ?? '') };
      if (user) {
        const choices: Decision[] = ['link', 'skip'];
        const chosen = decisions[String(line)];
        const decision = chosen && choices.includes(chosen) ? chosen : 'link';
        const same = user.role_id === role.id && user.first_name === raw.first_name && user.last_name === raw.last_name;
        const currentRole = roleById.get(user.role_id)?.title ?? 'no role';
        plan.push({
          line,
          status: 'duplicate',
          reasons: [],
          values,
          candidate: {
            kind: 'record',
            id: user.id,
            name: `${user.first_name} ${user.last_name} (${currentRole})`,
            why: same ? 'the same e-mail, name and role' : 'the same e-mail; linking gives the account the row’s name and role',
          },
          choices,
          action: decision === 'skip' ? 'skip' : same ? 'link' : 'update',
          label,
        });
        continue;
      }
      plan.push({ line, status: 'valid', reasons: [], values, candidate: null, choices: [], action: 'create', label });
    }
    return plan;
  },

  async commit(trx, _actor, { plan, deps }) {
    const effects: NewEffect[] = [];
    const counts: ImportCounts = { created: 0, updated: 0, linked: 0, skipped: 0 };
    const creates = plan.filter((r) => r.action === 'create');
    const passwords = creates.map(() => temporaryPassword());
    const hashes = await hashAll(passwords);
    const expires = temporaryExpiry();
    for (const [i, r] of creates.entries()) {
      const id = await insertUser(trx, {
        first_name: r.values.first_name!,
        last_name: r.values.last_name!,
        email: r.values.email!,
        role_id: Number(r.values.role_id),
        player_id: r.values.player_id ? Number(r.values.player_id) : null,
        password_hash: hashes[i]!,
        password_expires_at: expires,
      });
      effects.push({ effect: 'user_created', target_id: id, team_id: null, before: null });
      counts.created++;
    }
    const now = nowIso();
    const updates = plan.filter((r) => r.action === 'update' && r.candidate?.kind === 'record');
    const before = new Map(
      (
        await repo.usersByIds(
          trx,
          updates.map((r) => (r.candidate?.kind === 'record' ? r.candidate.id : 0)),
        )
      ).map((u) => [u.id, u]),
    );
    for (const r of updates) {
      const id = r.candidate?.kind === 'record' ? r.candidate.id : 0;
      const old = before.get(id)!;
      await repo.setAccount(trx, id, {
        first_name: r.values.first_name!,
        last_name: r.values.last_name!,
        role_id: Number(r.values.role_id),
        updated_at: now,
      });
      const was = { first_name: old.first_name, last_name: old.last_name, role_id: old.role_id, updated_at: old.updated_at, written: now };
      effects.push({ effect: 'user_updated', target_id: id, team_id: null, before: JSON.stringify(was) });
      counts.updated++;
    }
    counts.linked = plan.filter((r) => r.action === 'link').length;
    counts.skipped = plan.filter((r) => r.action === 'skip').length;
    const after = async () => {
      if (!deps.mailer) return;
      for (const [i, r] of creates.entries())
        await deps.mailer.send(welcomeMail(deps.publicUrl, { first_name: r.values.first_name!, email: r.values.email! }, passwords[i]!));
    };
    return { counts, effects, after };
  },

  /** Removes the accounts it created that were not used since, and puts back names and roles it changed. */
  async undo(trx, { effects, committedAt }): Promise<UndoOutcome> {
    const kept: string[] = [];
    const created = await repo.usersByIds(
      trx,
      effects.filter((e) => e.effect === 'user_created').map((e) => e.target_id),
    );
    const deps = await repo.laterUserDependencies(
      trx,
      created.map((u) => u.id),
      committedAt,
    );
    for (const u of created) {
      const why = deps.get(u.id);
      if (why) kept.push(`The account of ${u.first_name} ${u.last_name} <${u.email}> was kept: since the import ${why.join(', ')}.`);
    }
    const removable = created.filter((u) => !deps.has(u.id)).map((u) => u.id);
    await repo.deleteUsers(trx, removable);
    let restored = 0;
    const updated = effects.filter((e) => e.effect === 'user_updated');
    const now = new Map(
      (
        await repo.usersByIds(
          trx,
          updated.map((e) => e.target_id),
        )
      ).map((u) => [u.id, u]),
    );
    for (const e of updated) {
      const u = now.get(e.target_id);
      if (!u) continue;
      const was = JSON.parse(e.before ?? '{}') as {
        first_name: string;
        last_name: string;
        role_id: number;
        updated_at: string;
        written: string;
      };
      const back = { first_name: was.first_name, last_name: was.last_name, role_id: was.role_id, updated_at: was.updated_at };
      if (await repo.setAccount(trx, e.target_id, back, was.written)) restored++;
      else kept.push(`The account ${u.email} keeps its newer name and role: it was edited after the import.`);
    }
    return { removed: removable.length, restored, kept };
  },
};
