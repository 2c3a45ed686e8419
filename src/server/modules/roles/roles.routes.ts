import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope } from '../../../shared/schemas/common.js';
import { roleSaveSchema, roleSchema, rolesQuerySchema } from '../../../shared/schemas/role.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeNewRole, authorizeRole } from '../../policies/roles.js';
import { errors, read, readErrors, written } from '../../lib/reply.js';
import * as service from './roles.service.js';

export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];
  const params = z.object({ id: idParam });

  r.get('/api/roles', {
    config: { access: access.need('user_management', 1) },
    schema: { tags, querystring: rolesQuerySchema, response: { 200: okEnvelope(z.array(roleSchema)), ...errors(401, 403) } },
    handler: async () => read(await service.listRoles(app.db)),
  });

  r.post('/api/roles', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, body: roleSaveSchema, response: errors(400, 401, 403) },
    handler: async (req) => {
      const actor = requireActor(req);
      authorizeNewRole(actor, req.body);
      return written(await service.createRole(app.db, actor, req.body));
    },
  });

  r.post('/api/role/:id', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, body: roleSaveSchema, response: readErrors },
    handler: async (req) => {
      const actor = requireActor(req);
      const before = await authorizeRole(app.db, actor, req.params.id, 'update', req.body);
      return written(await service.updateRole(app.db, actor, before, req.body));
    },
  });

  r.post('/api/role/:id/delete', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: errors(401, 403, 404, 409) },
    handler: async (req) => {
      const actor = requireActor(req);
      const role = await authorizeRole(app.db, actor, req.params.id, 'delete');
      return written(await service.deleteRole(app.db, actor, role));
    },
  });
}
