import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import * as schemas from '../../../shared/schemas/resource.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeResource, resourceViewer } from '../../policies/resources.js';
import { linkPreviewRoutes } from '../../link-preview/link-preview.routes.js';
import { errors, read, written } from '../../lib/reply.js';
import { playerAreaRoutes } from './player-area.routes.js';
import * as service from './resources.service.js';

const tags = ['resources'];
const params = z.object({ id: idParam });
const readErrors = errors(401, 403);
const writeErrors = errors(400, 401, 403, 404);

/** Routes of the resources feature (docs/product.md#resources, #permissions, #api) plus link previews and player-area reads. */
export async function resourcesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/resources', {
    config: { access: access.need('resources', 1) },
    schema: {
      tags,
      querystring: schemas.resourceQuerySchema,
      response: { 200: okEnvelope(z.array(schemas.resourceSchema)), ...readErrors },
    },
    handler: async (req) => {
      const viewer = resourceViewer(requireActor(req));
      return read(
        await service.listResources(app.db, viewer, { category: req.query.category || undefined, tag: req.query.tag || undefined }),
      );
    },
  });

  r.get('/api/resources/roles', {
    config: { access: access.need('resources', 1) },
    schema: { tags, response: { 200: okEnvelope(z.array(schemas.resourceRoleSchema)), ...readErrors } },
    handler: async () => read(await service.listRoles(app.db)),
  });

  r.get('/api/resources/facets', {
    config: { access: access.need('resources', 1) },
    schema: { tags, response: { 200: okEnvelope(schemas.resourceFacetsSchema), ...readErrors } },
    handler: async (req) => read(await service.facets(app.db, resourceViewer(requireActor(req)))),
  });

  r.get('/api/resources/:id', {
    config: { access: access.need('resources', 1) },
    schema: { tags, params, response: { 200: okEnvelope(schemas.resourceSchema), ...readErrors, ...errors(404) } },
    handler: async (req) => read(await authorizeResource(app.db, requireActor(req), req.params.id, 'view')),
  });

  r.post('/api/resources', {
    config: { access: access.need('resources', 2) },
    schema: { tags, body: schemas.resourceSaveSchema, response: { 200: writeEnvelope(schemas.resourceSchema), ...writeErrors } },
    handler: async (req) => written(await service.createResource(app.db, requireActor(req), req.body)),
  });

  r.post('/api/resources/:id', {
    config: { access: access.need('resources', 2) },
    schema: { tags, params, body: schemas.resourceSaveSchema, response: { 200: writeEnvelope(schemas.resourceSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const before = await authorizeResource(app.db, actor, req.params.id, 'edit');
      return written(await service.updateResource(app.db, actor, before, req.body));
    },
  });

  r.post('/api/resources/:id/delete', {
    config: { access: access.need('resources', 2) },
    // docs/product.md#api sends the resource as a JSON body; only the id in the address counts.
    schema: { tags, params, body: z.unknown().optional(), response: { 200: writeEnvelope(z.object({ id: z.number() })), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const found = await authorizeResource(app.db, actor, req.params.id, 'edit');
      await service.deleteResource(app.db, actor, found);
      return written({ id: found.id });
    },
  });

  await linkPreviewRoutes(app);
  await playerAreaRoutes(app);
}
