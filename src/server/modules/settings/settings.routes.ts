import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  achievementSaveSchema,
  achievementSchema,
  categorySchema,
  levelSaveSchema,
  levelSchema,
  nameSaveSchema,
  seasonSchema,
  settingsSaveSchema,
  settingsSchema,
} from '../../../shared/schemas/reference.js';
import { access, requireActor } from '../../policies/access.js';
import { errors, read, writeErrors, written } from '../../lib/reply.js';
import { deleteRoute, params, tags, textListRoutes } from './lists.routes.js';
import * as service from './settings.service.js';

function levelRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // docs/product.md#api reads /api/levels/ with a trailing slash; both spellings answer.
  for (const url of ['/api/levels', '/api/levels/']) {
    r.get(url, {
      config: { access: access.signedIn },
      schema: { tags, response: { 200: okEnvelope(z.array(levelSchema)), ...errors(401) } },
      handler: async () => read(await service.listLevels(app.db)),
    });
  }

  r.post('/api/levels', {
    config: { access: access.admin },
    schema: { tags, body: levelSaveSchema, response: { 200: writeEnvelope(levelSchema), ...writeErrors } },
    handler: async (req) => written(await service.createLevel(app.db, requireActor(req), req.body)),
  });

  r.post('/api/level/:id', {
    config: { access: access.admin },
    schema: { tags, params, body: levelSaveSchema, response: { 200: writeEnvelope(levelSchema), ...writeErrors } },
    handler: async (req) => written(await service.updateLevel(app.db, requireActor(req), req.params.id, req.body)),
  });

  deleteRoute(app, '/api/level/:id/delete', 'level', service.levelRemoval);
}

function globalSettingsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/settings', {
    config: { access: access.signedIn },
    schema: { tags, response: { 200: okEnvelope(settingsSchema), ...errors(401) } },
    handler: async () => read(await service.getSettings(app.db)),
  });

  r.post('/api/settings', {
    config: { access: access.admin },
    schema: { tags, body: settingsSaveSchema, response: { 200: writeEnvelope(settingsSchema), ...writeErrors } },
    handler: async (req) => written(await service.saveSettings(app.db, requireActor(req), req.body)),
  });
}

/** Reference data of the Settings page (docs/architecture.md): reads for every signed-in user, writes for admins. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  textListRoutes(app, { list: 'categories', one: 'category', row: categorySchema, body: nameSaveSchema, store: service.clubs });
  textListRoutes(app, { list: 'seasons', one: 'season', row: seasonSchema, body: nameSaveSchema, store: service.seasons });
  levelRoutes(app);
  textListRoutes(app, {
    list: 'achievements',
    one: 'achievement',
    row: achievementSchema,
    body: achievementSaveSchema,
    store: service.achievements,
  });
  globalSettingsRoutes(app);
}
