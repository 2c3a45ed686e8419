import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { idParam, requiredId } from '../../../shared/schemas/common.js';
import { nextCursorField } from '../../../shared/schemas/cursor.js';
import { type User, userCreateSchema, userSchema, usersQuerySchema, userUpdateSchema } from '../../../shared/schemas/user.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeNewUser, authorizeUser, type UserAction } from '../../policies/users.js';
import { readCsvForm } from '../../lib/csv-form.js';
import { badRequest } from '../../lib/errors.js';
import { errors, readErrors, written } from '../../lib/reply.js';
import * as service from './users.service.js';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const params = z.object({ id: idParam });
  /** Handler of one action on one account: the policy's check for `action`, then `run`. */
  const onAccount =
    <T>(action: Exclude<UserAction, 'create' | 'update'>, run: (actor: Actor, user: User) => Promise<T>) =>
    async (req: FastifyRequest<{ Params: { id: number } }>) => {
      const actor = requireActor(req);
      const user = await authorizeUser(app.db, actor, req.params.id, action);
      return written(await run(actor, user));
    };

  r.get('/api/users', {
    config: { access: access.need('user_management', 1) },
    schema: {
      tags,
      querystring: usersQuerySchema,
      response: { 200: z.object({ data: z.array(userSchema), ...nextCursorField }), ...errors(400, 401, 403) },
    },
    handler: async (req) => service.listUsers(app.db, req.query),
  });

  r.post('/api/users', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, body: userCreateSchema, response: errors(400, 401, 403) },
    handler: async (req) => {
      const actor = requireActor(req);
      const role = await authorizeNewUser(app.db, actor, req.body.role);
      return written(await service.createUser(app, actor, role, req.body));
    },
  });

  r.post('/api/users/bulk', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, consumes: ['multipart/form-data'], response: errors(400, 401, 403, 413) },
    handler: async (req) => {
      const actor = requireActor(req);
      const { fields, file } = await readCsvForm(req);
      const roleId = requiredId.safeParse(fields.role);
      if (!roleId.success) throw badRequest(MSG.required, 'role');
      if (!file) throw badRequest(MSG.required, 'bulkFile');
      const role = await authorizeNewUser(app.db, actor, roleId.data);
      return written(await service.importUsers(app, actor, role, file));
    },
  });

  r.post('/api/user/:id', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, body: userUpdateSchema, response: readErrors },
    handler: async (req) => {
      const actor = requireActor(req);
      const user = await authorizeUser(app.db, actor, req.params.id, 'update');
      return written(await service.updateUser(app.db, actor, user, req.body));
    },
  });

  r.post('/api/user/:id/suspend', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: errors(401, 403, 404, 409) },
    handler: onAccount('suspend', (actor, user) => service.suspendUser(app.db, actor, user)),
  });

  r.post('/api/user/:id/reactivate', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: errors(401, 403, 404) },
    handler: onAccount('reactivate', (actor, user) => service.reactivateUser(app.db, actor, user)),
  });

  r.post('/api/user/:id/delete', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: errors(401, 403, 404, 409) },
    handler: onAccount('delete', (actor, user) => service.deleteUser(app.db, actor, user)),
  });

  r.post('/api/user/:id/reset-password', {
    config: { access: access.need('user_management', 2) },
    schema: { tags, params, response: readErrors },
    handler: onAccount('resetPassword', (actor, user) => service.resetPassword(app, actor, user)),
  });
}
