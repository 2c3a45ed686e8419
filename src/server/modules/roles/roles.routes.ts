import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { SECTIONS, type Permissions } from '../../../shared/permissions.js';
import { errorBody, idParam, okEnvelope } from '../../../shared/schemas/common.js';
import { roleSaveSchema, roleSchema, rolesQuerySchema, UNDELETABLE_ROLE_KEYS, type RoleSave } from '../../../shared/schemas/role.js';
import { access, requireActor } from '../../policies/access.js';
import { assertCanGrant, assertRoleEditable } from '../../policies/roles.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import * as repo from './roles.repository.js';

const LEVEL_NAMES = ['none', 'read', 'write'] as const;

/** 'teams read, players write' — the audit summary of a permission set. */
export function describePermissions(p: Permissions, admin: boolean): string {
  const parts = SECTIONS.filter((s) => p[s] > 0).map((s) => `${s} ${LEVEL_NAMES[p[s]]}`);
  return [admin ? 'admin' : null, ...parts].filter(Boolean).join(', ');
}

function describeChange(before: repo.RoleRow, after: RoleSave): { changedAccess: boolean; summary: string } {
  const shown = (r: RoleSave): Record<string, string> => ({ title: r.title, admin: r.admin ? 'on' : 'off', ...Object.fromEntries(SECTIONS.map((s) => [s, LEVEL_NAMES[r.permissions[s]]])) });
  const changedAccess = before.admin !== after.admin || SECTIONS.some((s) => before.permissions[s] !== after.permissions[s]);
  const changes = describeChanges(shown(before), shown(after), ['title', 'admin', ...SECTIONS], ['admin', ...SECTIONS]);
  return { changedAccess, summary: `Role '${after.title}': ${changes}` };
}

export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];
  const params = z.object({ id: idParam });

  async function assertTitleFree(title: string, exceptId?: number) {
    if (await repo.titleTaken(app.db, title, exceptId)) throw badRequest('A role with this title already exists.', 'title');
  }

  r.get('/api/roles', {
    config: { access: access.need('user_management', 1) },
    schema: { tags, querystring: rolesQuerySchema, response: { 200: okEnvelope(z.array(roleSchema)), 401: errorBody, 403: errorBody } },
    handler: async () => read(await repo.listRoles(app.db)),
  });

  r.post('/api/roles', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, body: roleSaveSchema, response: { 400: errorBody, 401: errorBody, 403: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      const role = req.body;
      assertCanGrant(actor, role);
      await assertTitleFree(role.title);
      const id = await app.db.transaction().execute(async (trx) => {
        const newId = await repo.insertRole(trx, role);
        await recordAudit(trx, actor, 'create', 'role', newId, `Role '${role.title}': ${describePermissions(role.permissions, role.admin)}`);
        return newId;
      });
      return written({ id });
    },
  });

  r.post('/api/role/:id', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, body: roleSaveSchema, response: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      const before = await repo.findRole(app.db, req.params.id);
      if (!before) throw notFound();
      const next = req.body;
      assertRoleEditable(actor, before);
      assertCanGrant(actor, next);
      // The built-in roles' nature is fixed: the app relies on Admin being an admin role and Player not.
      if (before.key && before.admin !== next.admin) throw badRequest('The Admin option of a built-in role cannot be changed.', 'permissions');
      await assertTitleFree(next.title, before.id);
      const { changedAccess, summary } = describeChange(before, next);
      await app.db.transaction().execute(async (trx) => {
        await repo.updateRole(trx, before.id, next);
        // Users of the role get the new levels on their next request (the session reads the role each time).
        await recordAudit(trx, actor, changedAccess ? 'role_change' : 'update', 'role', before.id, summary);
      });
      return written({ id: before.id });
    },
  });

  r.post('/api/role/:id/delete', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody } },
    handler: async (req) => {
      const actor = requireActor(req);
      const role = await repo.findRole(app.db, req.params.id);
      if (!role) throw notFound();
      // Player and Coach are never deleted, by anyone: say so before who may change them.
      if (role.key && (UNDELETABLE_ROLE_KEYS as readonly string[]).includes(role.key)) {
        throw conflict(`The built-in role ${role.title} cannot be deleted.`, 'title');
      }
      assertRoleEditable(actor, role);
      await app.db.transaction().execute(async (trx) => {
        if ((await repo.countUsersOfRole(trx, role.id)) > 0) throw conflict(MSG.roleHasUsers, 'title');
        await repo.deleteRole(trx, role.id);
        await recordAudit(trx, actor, 'delete', 'role', role.id, `Role '${role.title}'`);
      });
      return written({ id: role.id });
    },
  });
}
