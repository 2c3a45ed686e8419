import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  resourceFacetsSchema,
  resourceQuerySchema,
  resourceRoleSchema,
  resourceSaveSchema,
  resourceSchema,
  type ResourceSave,
} from '../../../shared/schemas/resource.js';
import { access, requireActor } from '../../policies/access.js';
import { resourceViewer } from '../../policies/resources.js';
import { linkPreviewRoutes } from '../../link-preview/link-preview.routes.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import { playerAreaRoutes } from './player-area.routes.js';
import * as repo from './resources.repository.js';

const tags = ['resources'];
const params = z.object({ id: idParam });
const readErrors = { 401: errorBody, 403: errorBody };
const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Routes of the resources feature (docs/product.md#resources, #permissions, #api) plus link previews and player-area reads. */
export async function resourcesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const checkRoles = async (input: ResourceSave) => {
    const unknown = await repo.unknownRoleIds(app.db, input.access);
    if (unknown.length) throw badRequest(`Unknown role: ${unknown.join(', ')}.`, 'access');
  };
  const summary = (input: ResourceSave) => `${input.title} (${input.category})`;

  r.get('/api/resources', {
    config: { access: access.need('resources', 1) },
    schema: { tags, querystring: resourceQuerySchema, response: { 200: okEnvelope(z.array(resourceSchema)), ...readErrors } },
    handler: async (req) => {
      const viewer = resourceViewer(requireActor(req));
      return read(await repo.listResources(app.db, viewer, { category: req.query.category || undefined, tag: req.query.tag || undefined }));
    },
  });

  r.get('/api/resources/roles', {
    config: { access: access.need('resources', 1) },
    schema: { tags, response: { 200: okEnvelope(z.array(resourceRoleSchema)), ...readErrors } },
    handler: async () => read(await repo.listRoles(app.db)),
  });

  r.get('/api/resources/facets', {
    config: { access: access.need('resources', 1) },
    schema: { tags, response: { 200: okEnvelope(resourceFacetsSchema), ...readErrors } },
    handler: async (req) => read(await repo.facets(app.db, resourceViewer(requireActor(req)))),
  });

  r.get('/api/resources/:id', {
    config: { access: access.need('resources', 1) },
    schema: { tags, params, response: { 200: okEnvelope(resourceSchema), ...readErrors, 404: errorBody } },
    handler: async (req) => {
      // Hidden and missing look the same: a role outside the access list learns nothing.
      const found = await repo.findVisible(app.db, resourceViewer(requireActor(req)), req.params.id);
      if (!found) throw notFound();
      return read(found);
    },
  });

  r.post('/api/resources', {
    config: { access: access.need('resources', 2) },
    schema: { tags, body: resourceSaveSchema, response: { 200: writeEnvelope(resourceSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await checkRoles(req.body);
      const id = await app.db.transaction().execute(async (trx) => {
        const id = await repo.insertResource(trx, req.body, actor.id, nowIso());
        await recordAudit(trx, actor, 'create', 'resource', id, summary(req.body));
        return id;
      });
      const saved = await repo.findVisible(app.db, resourceViewer(actor), id);
      return written(saved!);
    },
  });

  r.post('/api/resources/:id', {
    config: { access: access.need('resources', 2) },
    schema: { tags, params, body: resourceSaveSchema, response: { 200: writeEnvelope(resourceSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      // resources write sees every resource, so this is the resource as it was.
      const before = await repo.findVisible(app.db, resourceViewer(actor), id);
      if (!before) throw notFound();
      await checkRoles(req.body);
      const roleTitles = new Map((await repo.listRoles(app.db)).map((role) => [role.id, role.title]));
      const after = { ...req.body, access: req.body.access.map((roleId) => roleTitles.get(roleId) ?? String(roleId)) };
      const changes = describeChanges({ ...before, access: before.access_names }, after, ['title', 'category', 'video_links', 'document_links', 'tags', 'access']);
      await app.db.transaction().execute(async (trx) => {
        await repo.updateResource(trx, id, req.body, nowIso());
        await recordAudit(trx, actor, 'update', 'resource', id, `${summary(req.body)}: ${changes}`);
      });
      const saved = await repo.findVisible(app.db, resourceViewer(actor), id);
      if (!saved) throw notFound();
      return written(saved);
    },
  });

  r.post('/api/resources/:id/delete', {
    config: { access: access.need('resources', 2) },
    // docs/product.md#api sends the resource as a JSON body; only the id in the address counts.
    schema: { tags, params, body: z.unknown().optional(), response: { 200: writeEnvelope(z.object({ id: z.number() })), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      const found = await repo.findVisible(app.db, resourceViewer(actor), id);
      if (!found) throw notFound();
      await app.db.transaction().execute(async (trx) => {
        await repo.deleteResource(trx, id);
        await recordAudit(trx, actor, 'delete', 'resource', id, `${found.title} (${found.category})`);
      });
      return written({ id });
    },
  });

  await linkPreviewRoutes(app);
  await playerAreaRoutes(app);
}
